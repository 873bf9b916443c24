package trailer

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/editcore"
)

// FuzzRecordRoundTrip: whatever the free text of a record holds (paths,
// commands, the model, reasons), the message Encode writes parses as
// exactly its trailers, decodes to the same values (on one line), and
// encoding what was decoded writes the same message again. Values that
// are blank once on one line are left out: a record never carries them.
func FuzzRecordRoundTrip(f *testing.F) {
	f.Add("Fix it", "prose", "chat.md sha256:ab", "gpt-4o", "src/a b.py", "npm test", "no match", "why", 2, 3, 7, uint8(0))
	f.Add("", "---\nA: b", "t\n.md", " m\r\nx ", "\"q\\\"", "rm -rf x\n&& y", "line 3: anchor", "a) (b", 1, 0, 0, uint8(5))
	f.Add("s", "", "x", "", "…", "", "", "", -1, -1, -1, uint8(255))
	f.Fuzz(func(t *testing.T, subject, body, transcript, model, path, command, reason, why string, n, total, line int, pick uint8) {
		blank := func(s string) bool { return oneLine(s) == "" }
		statuses := []editcore.Status{editcore.Applied, editcore.Failed, editcore.Skipped, editcore.NotInContext, editcore.Outside, editcore.Validated}
		shells := []editcore.Status{editcore.NotRun, editcore.NotReplayed, editcore.Applied, editcore.Failed}
		rec := Record{Transcript: transcript, N: n, Total: total, Model: model, Digest: transcript,
			RetryOf: n, Round: line, AssistedBy: []string{model}}
		if !blank(why) && !blank(reason) {
			rec.Verified = Verified{Result: "unchecked", What: "swe-agent info.submission", Why: oneLine(why)}
			if pick%2 == 0 {
				rec.Verified = Verified{Result: "differs", What: oneLine(reason)}
			}
		}
		if !blank(command) {
			rec.Squashed = Squashed{N: int(pick), Branch: oneLine(command)}
		}
		if !blank(path) {
			rec.Reconcile = Reconcile{What: "aider commit 1a2b3c4", Of: oneLine(path)}
		}
		if !blank(reason) {
			rec.Base = Base{Commit: "3f2a1bc9aa00000000000000000000000000beef", Note: oneLine(reason)}
		}
		reviewed := Reviewed{N: max(n, 0), Total: max(total, 0), Blocks: []int{int(pick) + 1}, Verdict: Edited, HunkID: "3f2a1bc9.2.1", Path: path}
		if pick%3 == 0 {
			reviewed.Blocks, reviewed.Verdict = nil, Rejected
		}
		b := Block{Index: int(pick), Status: statuses[int(pick)%len(statuses)], Path: path, Reason: reason, Line: line}
		if pick%2 == 1 {
			b.Detail = "anchor_not_found"
		}
		if blank(path) {
			b.Path = "-"
		}
		if blank(reason) {
			b.Reason, b.Line = "", 0
		}
		rec.Blocks = []Block{b}
		rec.Shell = []Shell{{Status: shells[int(pick)%len(shells)], Command: command}, {Status: editcore.NotReplayed, Command: path}}
		rec.Checks = []Check{{Name: "syntax", Status: "failed", Reason: reason}}
		if !blank(path) {
			rec.Workdirs = []Workdir{{Path: path, From: "inferred"}}
			rec.Differs = []Differ{{Path: path, Change: "content", Why: why}}
		}
		if !blank(model) {
			rec.Session = Session{Agent: "codex", ID: oneLine(model)}
		}
		for _, s := range []*string{&rec.Transcript, &rec.Model, &rec.Digest} {
			if blank(*s) {
				*s = ""
			}
		}
		if !blank(path) {
			rec.Reviewed = []Reviewed{reviewed}
		}
		if blank(model) {
			rec.AssistedBy = nil
		}
		if rec.Round <= 0 || rec.RetryOf <= 0 {
			rec.RetryOf, rec.Round = 0, 0
		}

		trailers := rec.Encode()
		msg := FormatMessage(subject, body, trailers)
		require.Len(t, Parse(msg), len(trailers), "every trailer written is read back")
		got := Decode(msg)
		assert.Equal(t, msg, FormatMessage(subject, body, got.Encode()), "encoding what was decoded writes the same message")
		assert.Equal(t, oneLine(rec.Model), got.Model)
		if rec.Verified.Result != "" {
			assert.Equal(t, rec.Verified.String(), got.Verified.String(), "%+v", got.Verified)
			if !strings.Contains(rec.Verified.What, ": ") {
				assert.Equal(t, rec.Verified, got.Verified)
			}
		}
		if rec.Squashed.Branch != "" {
			assert.Equal(t, rec.Squashed, got.Squashed)
		}
		if rec.Base.Commit != "" {
			assert.Equal(t, rec.Base, got.Base)
		}
		assert.Equal(t, rec.Session, got.Session)
		assert.Equal(t, rec.Reconcile, got.Reconcile)
		if rec.IsResponse() {
			assert.Equal(t, rec.N, got.N)
			assert.Equal(t, rec.Total, got.Total)
			assert.Equal(t, oneLine(rec.Transcript), got.Transcript)
		}
		require.Len(t, got.Blocks, 1)
		assert.Equal(t, b.Status, got.Blocks[0].Status)
		assert.Equal(t, b.Index, got.Blocks[0].Index)
		require.Len(t, got.Shell, 2)
		assert.Equal(t, strings.TrimSpace(oneLine(command)), strings.TrimSpace(got.Shell[0].Command))
		if len(rec.Reviewed) == 1 {
			require.Len(t, got.Reviewed, 1)
			want := reviewed
			want.Path = got.Reviewed[0].Path
			assert.Equal(t, want, got.Reviewed[0])
			if oneLine(path) == path {
				assert.Equal(t, path, got.Reviewed[0].Path, "a path on one line comes back whole")
			}
		}
		if len(rec.Differs) == 1 {
			require.Len(t, got.Differs, 1)
			assert.Equal(t, path, got.Differs[0].Path, "a path is quoted when it must be, so it comes back whole")
		}
	})
}
