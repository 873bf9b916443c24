package engine

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/editcore/match"
	"github.com/git-aiedit/git-aiedit/transcript"
)

// blockAt is a result unlike its neighbours: every field a report, a
// trailer or a subject reads varies with i.
func blockAt(i int) editcore.Result {
	statuses := []editcore.Status{editcore.Applied, editcore.Failed, editcore.AlreadyApplied, editcore.Skipped,
		editcore.NotInContext, editcore.Edited, editcore.Rejected, editcore.Outside}
	res := editcore.Result{
		Path:   fmt.Sprintf("dir %d/ü%d.go", i%7, i),
		Status: statuses[i%len(statuses)],
		Line:   i % 13,
		Op:     &editcore.Op{Kind: editcore.Kind(1 + i%5), Format: []string{"editblock", "udiff", "applypatch"}[i%3], Path: fmt.Sprintf("dir %d/ü%d.go", i%7, i)},
	}
	switch res.Status {
	case editcore.Failed, editcore.Skipped:
		res.Error = []editcore.ErrorType{editcore.AnchorNotFound, editcore.AmbiguousAnchor, editcore.PreviousEditFailed}[i%3]
		res.Message = fmt.Sprintf("no match near line %d:\n\t\"quoted\" <html> \\ %d", i, i)
	case editcore.Applied:
		res.Match = []match.Step{"exact", "whitespace", ""}[i%3]
	}
	if i%11 == 0 {
		res.Op.From = fmt.Sprintf("old/%d.go", i)
	}
	return res
}

func fill(t *testing.T, l *blockLog, n int) {
	t.Helper()
	for i := range n {
		l.add(blockAt(i))
	}
	t.Cleanup(l.close)
}

// TestBlockLogSpills: past the blocks kept whole, results go to disk and
// come back with every field reports, trailers and subjects read.
func TestBlockLogSpills(t *testing.T) {
	n := keptBlocks + 700
	var l blockLog
	fill(t, &l, n)
	require.NotNil(t, l.spill, "the blocks past the kept ones are on disk")
	assert.Len(t, l.head, keptBlocks)
	assert.Equal(t, n, l.Len())
	if runtime.GOOS != "windows" {
		_, err := os.Stat(l.spill.Name())
		assert.True(t, os.IsNotExist(err), "the spill file leaves no name behind: a killed run leaves nothing")
	}
	var want editcore.Summary
	seen := 0
	for i, got := range l.All() {
		w := blockAt(i)
		want.Count(w.Status)
		assert.Equal(t, []any{w.Path, w.Status, w.Error, w.Match, w.Line, w.Message}, []any{got.Path, got.Status, got.Error, got.Match, got.Line, got.Message}, "block %d", i+1)
		assert.Equal(t, []any{w.Op.Kind, w.Op.Format, w.Op.From}, []any{got.Op.Kind, got.Op.Format, got.Op.From}, "block %d", i+1)
		assert.Equal(t, w.Status, l.Status(i))
		seen++
	}
	require.NoError(t, l.err)
	assert.Equal(t, n, seen)
	assert.Equal(t, want, l.summary())
	assert.Len(t, l.listed(), maxListed)
}

// TestBlockLogRollBack: a rolled-back response's spilled blocks that
// applied read back as failed, with the reason, as its kept ones are.
func TestBlockLogRollBack(t *testing.T) {
	var l blockLog
	fill(t, &l, keptBlocks+100)
	before := l.summary()
	l.rollBack("the check failed")
	for i, got := range l.All() {
		w := blockAt(i)
		if wasApplied(w.Status) {
			assert.Equal(t, []any{editcore.Failed, editcore.CheckFailed, "the check failed", match.Step("")},
				[]any{got.Status, got.Error, got.Message, got.Match}, "block %d", i+1)
		} else {
			assert.Equal(t, w.Status, got.Status, "block %d", i+1)
			assert.Equal(t, w.Message, got.Message, "block %d", i+1)
		}
	}
	after := l.summary()
	assert.Zero(t, after.Applied+after.AlreadyApplied+after.Edited)
	assert.Equal(t, before.Failed+before.Applied+before.AlreadyApplied+before.Edited, after.Failed)
}

// TestReportStreamsSpilledBlocks: the report of responses (and a retry
// round) whose blocks are partly on disk is, byte for byte, the one
// encoding every block in memory would write.
func TestReportStreamsSpilledBlocks(t *testing.T) {
	in := &input{label: "big.md", source: transcript.Markdown}
	small := &responseState{index: 1, total: 2, in: in}
	fill(t, &small.blocks, 3)
	big := &responseState{index: 2, total: 2, in: in}
	fill(t, &big.blocks, keptBlocks+250)
	round := &responseState{index: 2, total: 2, in: in, round: 1}
	fill(t, &round.blocks, keptBlocks+5)
	big.rounds = []*responseState{round}
	st := &runState{responses: []*responseState{small, big}}

	rep := st.report()
	var streamed bytes.Buffer
	require.NoError(t, rep.writeJSON(&streamed))

	whole := st.report()
	for _, rr := range whole.Responses {
		rr.spilled = nil
		for _, x := range rr.Retries {
			x.spilled = nil
		}
	}
	whole.Responses[1].Blocks = allReports(&big.blocks)
	whole.Responses[1].Retries[0].Blocks = allReports(&round.blocks)
	var want bytes.Buffer
	require.NoError(t, whole.writeJSON(&want))
	require.Equal(t, want.String(), streamed.String())

	var back Report
	require.NoError(t, json.Unmarshal(streamed.Bytes(), &back))
	assert.Len(t, back.Responses[1].Blocks, keptBlocks+250)
	assert.Len(t, rep.Responses[1].Blocks, keptBlocks, "the report in memory keeps its placeholder-free head")
}

func allReports(l *blockLog) []*BlockReport {
	var out []*BlockReport
	for i, b := range l.All() {
		out = append(out, blockReport(i+1, b))
	}
	return out
}

// TestReportAfterTheRun: the Report Run returns, written after the run
// has let its spill files go, is a valid report of the kept blocks.
func TestReportAfterTheRun(t *testing.T) {
	big := &responseState{index: 1, total: 1, in: &input{label: "big.md", source: transcript.Markdown}}
	fill(t, &big.blocks, keptBlocks+10)
	rep := (&runState{responses: []*responseState{big}}).report()
	big.blocks.close()
	var out bytes.Buffer
	require.NoError(t, rep.writeJSON(&out))
	var back Report
	require.NoError(t, json.Unmarshal(out.Bytes(), &back))
	assert.Len(t, back.Responses[0].Blocks, keptBlocks)
	assert.Equal(t, big.blocks.summary(), back.Summary, "the summary counts them all")
}

// TestBlockLogNoRoom: a temporary folder that cannot take the spill file
// is said, with where to look, and the response is not recorded.
func TestBlockLogNoRoom(t *testing.T) {
	t.Setenv("TMPDIR", filepath.Join(t.TempDir(), "missing"))
	var l blockLog
	fill(t, &l, keptBlocks+1)
	require.Error(t, l.err)
	assert.Contains(t, l.err.Error(), "cannot keep the results of a response of more than 4096 blocks")
	assert.Contains(t, l.err.Error(), "TMPDIR")
	assert.Equal(t, keptBlocks+1, l.Len(), "its status is still counted")
}
