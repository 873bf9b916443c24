package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/internal/extdata"
	"github.com/git-aiedit/git-aiedit/transcript"
)

// aiderLogsEnv names a folder of real .aider.chat.history.md files (one
// log per *.md file, whole, as aider wrote it). They are public but not
// ours: they stay outside the repository, and this measurement runs only
// when the folder is given.
const aiderLogsEnv = "AIEDIT_AIDER_LOGS"

// TestAiderWholeLogs applies each real aider log whole, the way a user
// would (`git aiedit apply --json` on the log, its source detected), to a
// repository in which every file the log reports `> Applied edit to FILE`
// exists. It counts two things:
//
//   - applied: blocks of a reply for a file aider reports applying right
//     after that reply. Aider can only apply an edit to a file in its
//     chat, so none of these may be not_in_context.
//   - elsewhere: blocks for a file aider applied somewhere in the log,
//     not necessarily after this reply. Some of these rightly are
//     not_in_context: a reply that edited a file before the user added it
//     (aider asked "Add file to the chat?" and applied nothing).
//
// Whether a block applies is another matter: the repository holds
// placeholders, not the files aider edited.
func TestAiderWholeLogs(t *testing.T) {
	t.Parallel()
	dir := os.Getenv(aiderLogsEnv)
	how := "set " + aiderLogsEnv + " to a folder of real .aider.chat.history.md files (one *.md per log) to measure whole-log context; see docs/transcripts.md"
	if dir == "" {
		// As extdata.Require says a data set is missing: on standard
		// error too, so that the skip shows without -v.
		msg := t.Name() + ": SKIPPED: " + aiderLogsEnv + " is not set; " + how
		fmt.Fprintln(os.Stderr, "\n*** "+msg)
		t.Skip(msg)
	}
	extdata.Require(t, dir, "a folder of real aider logs", how)
	logs, err := filepath.Glob(filepath.Join(dir, "*.md"))
	require.NoError(t, err)
	if len(logs) == 0 {
		t.Skipf("no *.md aider logs in %s=%s", aiderLogsEnv, dir)
	}
	slices.Sort(logs)
	bin := builtBinary(t)

	var total aiderLogCount
	t.Run("logs", func(t *testing.T) {
		for _, log := range logs {
			t.Run(strings.TrimSuffix(filepath.Base(log), ".md"), func(t *testing.T) {
				t.Parallel()
				total.add(applyAiderLog(t, bin, log))
			})
		}
	})
	t.Logf("%d whole aider logs: %d blocks; %d for a file aider applied right after the reply, %d of them not_in_context; %d for a file aider applied somewhere in the log, %d of them not_in_context",
		len(logs), total.blocks.Load(), total.applied.Load(), total.appliedLost.Load(), total.elsewhere.Load(), total.elsewhereLost.Load())
	assert.Zero(t, total.appliedLost.Load(), "blocks aider applied, refused as not_in_context")
}

type aiderLogCount struct {
	blocks, applied, appliedLost, elsewhere, elsewhereLost atomic.Int32
}

func (c *aiderLogCount) add(o *aiderLogCount) {
	for _, p := range [][2]*atomic.Int32{{&c.blocks, &o.blocks}, {&c.applied, &o.applied}, {&c.appliedLost, &o.appliedLost},
		{&c.elsewhere, &o.elsewhere}, {&c.elsewhereLost, &o.elsewhereLost}} {
		p[0].Add(p[1].Load())
	}
}

// applyAiderLog applies one log and counts its blocks.
func applyAiderLog(t *testing.T, bin, log string) *aiderLogCount {
	text, err := os.ReadFile(log)
	require.NoError(t, err)
	after := aiderAppliedAfter(t, text)
	files := map[string]bool{}
	for _, fs := range after {
		for p := range fs {
			files[p] = true
		}
	}
	placeholders := map[string]string{"README": "scratch repository\n"}
	for p := range files {
		placeholders[p] = "placeholder for " + p + "\n"
	}
	r := newProcRepo(t, placeholders)
	r.env = append(r.env, "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	// Where aider leaves it: untracked at the top of the work tree.
	hist := filepath.Join(r.dir, ".aider.chat.history.md")
	require.NoError(t, os.WriteFile(hist, text, 0o644))

	out, err := r.cmd("aiedit", "apply", "--json", "-q", "--checks=off", "--no-verify", "-b", "aiedit/log", hist).Output()
	var stderr string
	if ee, ok := err.(*exec.ExitError); ok {
		stderr = string(ee.Stderr)
	}
	require.Contains(t, []int{0, 1}, r.exitCode(err), "stderr: %s", stderr)
	var report struct {
		Responses []struct {
			Index  int `json:"index"`
			Blocks []struct {
				File   string `json:"file"`
				Status string `json:"status"`
			} `json:"blocks"`
		} `json:"responses"`
	}
	require.NoError(t, json.Unmarshal(out, &report), "stdout: %.2000s", out)
	c := &aiderLogCount{}
	for _, resp := range report.Responses {
		for _, b := range resp.Blocks {
			c.blocks.Add(1)
			f := filepath.ToSlash(b.File)
			lost := b.Status == "not_in_context"
			switch {
			case after[resp.Index][f]:
				c.applied.Add(1)
				if lost {
					c.appliedLost.Add(1)
					t.Errorf("response %d: %s not_in_context, yet aider applied it right after", resp.Index, f)
				}
			case files[f]:
				c.elsewhere.Add(1)
				if lost {
					c.elsewhereLost.Add(1)
					t.Logf("response %d: %s not_in_context (aider applied it after another reply)", resp.Index, f)
				}
			}
		}
	}
	t.Logf("%s: %d responses, %d blocks; %d applied right after (%d not_in_context); %d applied elsewhere (%d not_in_context)",
		filepath.Base(log), len(report.Responses), c.blocks.Load(), c.applied.Load(), c.appliedLost.Load(), c.elsewhere.Load(), c.elsewhereLost.Load())
	return c
}

// aiderAppliedAfter maps each response (by index) to the files the log
// reports `> Applied edit to FILE` for between the response and the next
// one, as repository paths (Windows separators as slashes; absolute and
// escaping paths left out: no placeholder can stand for them).
func aiderAppliedAfter(t *testing.T, text []byte) map[int]map[string]bool {
	var starts []int // the first line of each response
	require.NoError(t, transcript.Read(bytes.NewReader(text), transcript.Aider, transcript.Options{}, func(r *transcript.Response) error {
		starts = append(starts, r.Line)
		return nil
	}))
	after := map[int]map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(text))
	sc.Buffer(nil, 16<<20)
	for n := 1; sc.Scan(); n++ {
		p, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "> Applied edit to ")
		if !ok {
			continue
		}
		p = path.Clean(strings.ReplaceAll(strings.TrimSpace(p), `\`, "/"))
		if p == "." || p == ".." || path.IsAbs(p) || strings.HasPrefix(p, "../") || (len(p) > 1 && p[1] == ':') || strings.HasPrefix(p, ".git/") {
			continue
		}
		i, _ := slices.BinarySearch(starts, n) // responses before line n
		if after[i] == nil {
			after[i] = map[string]bool{}
		}
		after[i][p] = true // i is 0 (before any response) or the index of the last response before n
	}
	return after
}
