package trailer

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

// full is a response commit's record with every field a response commit
// carries, as engine writes it.
func full() Record {
	return Record{
		Transcript: "chat log.md sha256:0a1b",
		N:          2, Total: 3,
		Session:  Session{Agent: "claude-code", ID: "5f0e-77"},
		Base:     SnapshotBase("3f2a1bc9aa00000000000000000000000000beef", "77aa00000000000000000000000000000000cafe"),
		Digest:   "sha256:cd",
		Workdirs: []Workdir{{Path: "/home/me/my proj", From: "recorded"}, {Path: "/tmp/x", From: "option"}},
		Verified: Verified{Result: "differs", What: "openhands test_result.git_patch"},
		Differs: []Differ{
			{Path: "a.py", Change: "content", Why: "the shell command sed -i (not replayed)"},
			{Path: "dir/b c.txt", Change: "missing"},
			{Path: `q"uote`, Change: "mode"},
		},
		Model: "claude-sonnet-4",
		Blocks: []Block{
			{Index: 1, Status: editcore.Applied, Path: "src/app.py"},
			{Index: 2, Status: editcore.Applied, Detail: "indent", Path: "src/a b.py"},
			{Index: 3, Status: editcore.Failed, Detail: "ambiguous_anchor", Path: "src/app.py", Reason: "ambiguous anchor: the lines match 2 places", Line: 12},
			{Index: 4, Status: editcore.Skipped, Detail: "previous_edit_failed", Path: "src/app.py"},
			{Index: 5, Status: editcore.Failed, Detail: "malformed_block", Path: "-", Reason: "no closing fence"},
			{Index: 6, Status: editcore.Validated, Path: "Zoë/文件.py"},
		},
		Shell: []Shell{
			{Status: editcore.NotRun, Command: "npm install && npm test"},
			{Status: editcore.NotReplayed, Command: "python gen.py"},
			{Status: editcore.Applied, Command: "git mv a.py b.py"},
			{Status: editcore.NotReplayed, Command: "make"},
		},
		Unexplained: []string{"partial.txt", "src/a b.txt"},
		Checks: []Check{
			{Name: "syntax", Status: "passed"},
			{Name: "vet", Status: "failed", Reason: "a.go:3:2: undefined: x"},
		},
		Summary:    editcore.Summary{Applied: 2, Validated: 1, Failed: 2, Skipped: 1, Rejected: 1},
		AssistedBy: []string{"claude-code:claude-sonnet-4"},
	}
}

// fullLines are the trailer lines full() encodes to, in order.
var fullLines = []string{
	"Aiedit-Transcript: chat log.md sha256:0a1b",
	"Aiedit-Response: 2/3",
	"Aiedit-Session: claude-code 5f0e-77",
	"Aiedit-Base: 3f2a1bc9aa00000000000000000000000000beef working tree at session start (uncommitted changes on HEAD 77aa00000000)",
	"Aiedit-Response-Digest: sha256:cd",
	"Aiedit-Workdir: /home/me/my proj recorded",
	"Aiedit-Workdir: /tmp/x option",
	"Aiedit-Verified: differs openhands test_result.git_patch",
	"Aiedit-Differs: a.py content (the shell command sed -i (not replayed))",
	`Aiedit-Differs: "dir/b c.txt" missing`,
	`Aiedit-Differs: "q\"uote" mode`,
	"Aiedit-Model: claude-sonnet-4",
	"Aiedit-Block: 1 applied src/app.py",
	"Aiedit-Block: 2 applied:indent src/a b.py",
	"Aiedit-Block: 3 failed:ambiguous_anchor src/app.py",
	"Aiedit-Block: 4 skipped:previous_edit_failed src/app.py",
	"Aiedit-Block: 5 failed:malformed_block -",
	"Aiedit-Block: 6 validated Zoë/文件.py",
	"Aiedit-Reason: 3 line 12: ambiguous anchor: the lines match 2 places",
	"Aiedit-Reason: 5 no closing fence",
	"Aiedit-Shell: not_run npm install && npm test",
	"Aiedit-Unreplayed: 1 python gen.py",
	"Aiedit-Shell: applied git mv a.py b.py",
	"Aiedit-Unreplayed: 2 make",
	"Aiedit-Unexplained: partial.txt",
	"Aiedit-Unexplained: src/a b.txt",
	"Aiedit-Check: syntax passed",
	"Aiedit-Check: vet failed a.go:3:2: undefined: x",
	"Aiedit-Summary: applied=3 already_applied=0 failed=2 skipped=1 not_in_context=0 rejected=1 edited=0",
	"Assisted-by: claude-code:claude-sonnet-4",
}

// trailerLines is the trailer paragraph of a message, one line each.
func trailerLines(t Record) []string {
	var out []string
	for _, tr := range t.Encode() {
		out = append(out, tr.String())
	}
	return out
}

func TestRecordRoundTrip(t *testing.T) {
	decodedFull := full()
	decodedFull.Blocks[2].Error = editcore.AmbiguousAnchor
	decodedFull.Blocks[3].Error = editcore.PreviousEditFailed
	decodedFull.Blocks[4].Error = editcore.MalformedBlock
	decodedFull.Summary = editcore.Summary{Applied: 3, Failed: 2, Skipped: 1, Rejected: 1} // validated counts as applied

	tests := map[string]struct {
		rec   Record
		lines []string
		want  *Record // what Decode reads; nil: rec
	}{
		"response with every field": {rec: full(), lines: fullLines, want: &decodedFull},
		"plain response": {
			rec: Record{Transcript: "stdin sha256:00", N: 1, Total: 1,
				Blocks:  []Block{{Index: 1, Status: editcore.Applied, Path: "a.py"}},
				Summary: editcore.Summary{Applied: 1}},
			lines: []string{"Aiedit-Transcript: stdin sha256:00", "Aiedit-Response: 1/1", "Aiedit-Block: 1 applied a.py",
				"Aiedit-Summary: applied=1 already_applied=0 failed=0 skipped=0 not_in_context=0"},
		},
		"retry round": {
			rec: Record{Transcript: "t.md sha256:ab", N: 4, Total: 5, RetryOf: 4, Round: 2,
				Shell: []Shell{{Status: editcore.NotRun, Command: ""}}},
			lines: []string{"Aiedit-Transcript: t.md sha256:ab", "Aiedit-Response: 4/5", "Aiedit-Retry-Of: 4 round 2",
				"Aiedit-Shell: not_run", "Aiedit-Summary: applied=0 already_applied=0 failed=0 skipped=0 not_in_context=0"},
		},
		"a live turn's key stands for the hash": {
			rec: Record{Transcript: "s.jsonl sha256:ee", N: 7, Total: 7, Session: Session{Agent: "codex", ID: "0199"}},
			lines: []string{"Aiedit-Transcript: s.jsonl sha256:ee", "Aiedit-Response: 7/7", "Aiedit-Session: codex 0199",
				"Aiedit-Summary: applied=0 already_applied=0 failed=0 skipped=0 not_in_context=0"},
		},
		"reconcile": {
			rec:   Record{Reconcile: Reconcile{What: "openhands test_result.git_patch", Of: "out of time.jsonl"}, Differs: []Differ{{Path: "x", Change: "extra"}}},
			lines: []string{"Aiedit-Reconcile: openhands test_result.git_patch of out of time.jsonl", "Aiedit-Differs: x extra"},
		},
		"live session on a clean tree": {
			rec: Record{Transcript: "s.jsonl sha256:ee", N: 1, Total: 1, Session: Session{Agent: "claude-code", ID: "s1"}, Base: CleanBase("6666666666666666666666666666666666666666")},
			lines: []string{"Aiedit-Transcript: s.jsonl sha256:ee", "Aiedit-Response: 1/1", "Aiedit-Session: claude-code s1",
				"Aiedit-Base: 6666666666666666666666666666666666666666 HEAD (clean working tree at session start)",
				"Aiedit-Summary: applied=0 already_applied=0 failed=0 skipped=0 not_in_context=0"},
		},
		"live session whose start was not seen": {
			rec: Record{Transcript: "s.jsonl sha256:ee", N: 1, Total: 1, Session: Session{Agent: "codex", ID: "0199"}, Base: UnknownBase("6666666666666666666666666666666666666666")},
			lines: []string{"Aiedit-Transcript: s.jsonl sha256:ee", "Aiedit-Response: 1/1", "Aiedit-Session: codex 0199",
				"Aiedit-Base: 6666666666666666666666666666666666666666 HEAD (no session start was seen: the working tree the agent started from is unknown)",
				"Aiedit-Summary: applied=0 already_applied=0 failed=0 skipped=0 not_in_context=0"},
		},
		"unchecked verification": {
			rec: Record{Transcript: "h.log sha256:aa", N: 3, Total: 3,
				Verified: Verified{Result: "unchecked", What: "aider commit 1a2b3c4", Why: "commit 1a2b3c4 is not in this repository: see Zoë's notes"}},
			lines: []string{"Aiedit-Transcript: h.log sha256:aa", "Aiedit-Response: 3/3",
				"Aiedit-Verified: unchecked aider commit 1a2b3c4: commit 1a2b3c4 is not in this repository: see Zoë's notes",
				"Aiedit-Summary: applied=0 already_applied=0 failed=0 skipped=0 not_in_context=0"},
		},
		"snapshot": {
			rec:   Record{Session: Session{Agent: "claude-code", ID: "s1"}, Snapshot: SessionStart},
			lines: []string{"Aiedit-Session: claude-code s1", "Aiedit-Snapshot: session-start"},
		},
		"squash": {
			rec:   Record{Squashed: Squashed{N: 2, Branch: "aiedit/fix"}, AssistedBy: []string{"aider:gpt-4o", "aider:o3"}},
			lines: []string{"Aiedit-Squashed: 2 responses from aiedit/fix", "Assisted-by: aider:gpt-4o", "Assisted-by: aider:o3"},
		},
		"review": {
			rec: Record{Reviewed: []Reviewed{
				{N: 2, Total: 5, Blocks: []int{3}, Verdict: Rejected, HunkID: "3f2a1bc9.4", Path: "app.py"},
				{N: 2, Total: 5, Verdict: Accepted, HunkID: "3f2a1bc9.5", Path: "a b.py"},
			}},
			lines: []string{"Aiedit-Reviewed: 2/5 b3 rejected 3f2a1bc9.4 app.py", "Aiedit-Reviewed: 2/5 b0 accepted 3f2a1bc9.5 a b.py"},
		},
		"odd values": {
			rec: Record{Transcript: "we: ird.md sha256:ff", N: 1, Total: 1, Model: "  two\nlines  ",
				Blocks: []Block{{Index: 1, Status: editcore.NotInContext, Path: ""}, {Index: 2, Status: editcore.Outside, Path: "/etc/x: y"}},
				Shell:  []Shell{{Status: editcore.NotRun, Command: "echo 'a\nb'"}}},
			lines: []string{"Aiedit-Transcript: we: ird.md sha256:ff", "Aiedit-Response: 1/1", "Aiedit-Model: two lines",
				"Aiedit-Block: 1 not_in_context -", "Aiedit-Block: 2 outside /etc/x: y", "Aiedit-Shell: not_run echo 'a b'",
				"Aiedit-Summary: applied=0 already_applied=0 failed=0 skipped=0 not_in_context=0"},
			want: &Record{Transcript: "we: ird.md sha256:ff", N: 1, Total: 1, Model: "two lines",
				Blocks: []Block{{Index: 1, Status: editcore.NotInContext, Path: "-"}, {Index: 2, Status: editcore.Outside, Path: "/etc/x: y"}},
				Shell:  []Shell{{Status: editcore.NotRun, Command: "echo 'a b'"}}},
		},
		"empty": {rec: Record{}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			assert.Equal(t, tc.lines, trailerLines(tc.rec))
			msg := FormatMessage("Subject", "Body.", tc.rec.Encode())
			got := Decode(msg)
			want := tc.rec
			if tc.want != nil {
				want = *tc.want
			}
			assert.Equal(t, want, got)
			assert.Equal(t, msg, FormatMessage("Subject", "Body.", got.Encode()), "encoding what was decoded writes the same message")
		})
	}
}

// TestRecordBounded: past MaxListed lines of a per-block key one
// Aiedit-Omitted line stands for the rest, after the last one kept;
// decoding keeps the count, and encoding that writes the same lines.
func TestRecordBounded(t *testing.T) {
	rec := Record{Transcript: "big.md sha256:00", N: 1, Total: 1}
	for i := range MaxListed + 3 {
		rec.Blocks = append(rec.Blocks, Block{Index: i + 1, Status: editcore.Failed, Detail: "anchor_not_found", Path: fmt.Sprintf("f%d", i), Reason: "no match"})
		rec.Summary.Failed++
	}
	for i := range MaxListed + 1 {
		rec.Shell = append(rec.Shell, Shell{Status: editcore.NotRun, Command: fmt.Sprint("cmd ", i)})
		if i%500 == 0 {
			rec.Shell = append(rec.Shell, Shell{Status: editcore.NotReplayed, Command: fmt.Sprint("ran ", i)})
		}
	}
	for i := range MaxDiffers + 4 {
		rec.Differs = append(rec.Differs, Differ{Path: fmt.Sprint("d", i), Change: "content"})
	}

	lines := trailerLines(rec)
	count := map[string]int{}
	for _, l := range lines {
		k, _, _ := strings.Cut(l, ": ")
		count[k]++
	}
	assert.Equal(t, map[string]int{KeyTranscript: 1, KeyResponse: 1, KeyDiffers: MaxDiffers + 1, KeyBlock: MaxListed, KeyReason: MaxListed,
		KeyShell: MaxListed, KeyUnreplayed: 3, KeyOmitted: 3, KeySummary: 1}, count)
	at := func(line string) int {
		for i, l := range lines {
			if l == line {
				return i
			}
		}
		t.Fatalf("no line %q", line)
		return -1
	}
	omitted := func(n int, key string) string {
		return fmt.Sprintf("Aiedit-Omitted: %d %s lines (past the first %d); apply --json lists them all", n, key, MaxListed)
	}
	assert.Equal(t, at(fmt.Sprintf("Aiedit-Block: %d failed:anchor_not_found f%d", MaxListed, MaxListed-1))+1, at(omitted(3, KeyBlock)))
	assert.Equal(t, at(fmt.Sprintf("Aiedit-Reason: %d no match", MaxListed))+1, at(omitted(3, KeyReason)))
	assert.Equal(t, at(fmt.Sprintf("Aiedit-Shell: not_run cmd %d", MaxListed-1))+1, at(omitted(1, KeyShell)))
	assert.Equal(t, at(omitted(1, KeyShell))+1, at("Aiedit-Unreplayed: 3 ran 1000"), "a command of another key after the cut stays")
	assert.Contains(t, lines, "Aiedit-Differs: … 4 more (the JSON report lists them)")

	msg := FormatMessage("Many", "", rec.Encode())
	got := Decode(msg)
	assert.Len(t, got.Blocks, MaxListed)
	assert.Equal(t, "no match", got.Blocks[MaxListed-1].Reason)
	assert.Len(t, got.Shell, MaxListed+3)
	assert.Equal(t, []Omission{{KeyBlock, 3, MaxListed}, {KeyReason, 3, MaxListed}, {KeyShell, 1, MaxListed}}, got.Omitted)
	assert.Len(t, got.Differs, MaxDiffers)
	assert.Equal(t, 4, got.DiffersMore)
	assert.Equal(t, MaxListed+3, got.Summary.Failed, "the summary counts every block")
	assert.Equal(t, msg, FormatMessage("Many", "", got.Encode()), "encoding what was decoded writes the same message")
}

// TestRecordReadByGit: git reads exactly the trailers Decode reads, for
// the full record, a bounded one, and a squash that carries a review's
// decisions on paths with blanks, colons and letters outside ASCII.
func TestRecordReadByGit(t *testing.T) {
	gr := gittest.New(t, map[string]string{"f": "f\n"})
	big := full()
	for i := range MaxListed + 2 {
		big.Blocks = append(big.Blocks, Block{Index: 7 + i, Status: editcore.Applied, Path: fmt.Sprint("g/", i)})
	}
	squash := Record{Squashed: Squashed{N: 2, Branch: "aiedit/zoë"}, Reviewed: []Reviewed{
		{N: 1, Total: 2, Blocks: []int{1, 2}, Verdict: Edited, HunkID: "3f2a1bc9.1.2", Path: "docs/read me: first.md"},
		{N: 2, Total: 2, Verdict: Rejected, HunkID: "0123abcd.4", Path: "Zoë/文件 x.py"},
	}}
	for name, rec := range map[string]Record{"full": full(), "bounded": big, "squash with review": squash} {
		t.Run(name, func(t *testing.T) {
			msg := FormatMessage("Subject: with colon", "Prose\n---\nKey: looks like a trailer", rec.Encode())
			parsed := gittest.RunInput(t, gr.Dir, nil, msg, "interpret-trailers", "--parse")
			var want []string
			for _, tr := range Parse(msg) {
				want = append(want, tr.String())
			}
			assert.Equal(t, want, strings.Split(strings.TrimRight(parsed, "\n"), "\n"))

			c := gittest.RunInput(t, gr.Dir, nil, msg, "commit-tree", "HEAD^{tree}")
			values := func(key string) string {
				return strings.TrimRight(gr.Git(t, "log", "-1", "--format=%(trailers:key="+key+",valueonly)", c), "\n")
			}
			got := Decode(msg)
			var wantBlocks, wantReviewed []string
			for _, b := range got.Blocks {
				wantBlocks = append(wantBlocks, b.value())
			}
			for _, r := range got.Reviewed {
				wantReviewed = append(wantReviewed, r.String())
			}
			require.NotEmpty(t, append(wantBlocks, wantReviewed...))
			assert.Equal(t, strings.Join(wantBlocks, "\n"), values(KeyBlock))
			assert.Equal(t, strings.Join(wantReviewed, "\n"), values(KeyReviewed))
			assert.Equal(t, rec.Reviewed, got.Reviewed)
			if rec.Verified.Result != "" {
				assert.Equal(t, rec.Verified.String(), values(KeyVerified))
			}
			if rec.Base.Commit != "" {
				assert.Equal(t, rec.Base.String(), values(KeyBase))
			}
			if rec.Squashed.Branch != "" {
				assert.Equal(t, rec.Squashed.String(), values(KeySquashed))
			}
		})
	}
}

func TestSplitTranscript(t *testing.T) {
	tests := map[string]struct {
		value, name, sum string
		ok               bool
	}{
		"file":              {"chat.md sha256:ab", "chat.md", "sha256:ab", true},
		"spaces in name":    {"my chat sha256:x.md sha256:cd", "my chat sha256:x.md", "sha256:cd", true},
		"stdin":             {"stdin sha256:00", "stdin", "sha256:00", true},
		"error_no_hash":     {"chat.md", "chat.md", "", false},
		"error_hash_joined": {"chat.mdsha256:ab", "chat.mdsha256:ab", "", false},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			n, s, ok := SplitTranscript(tc.value)
			assert.Equal(t, tc.ok, ok)
			assert.Equal(t, tc.name, n)
			assert.Equal(t, tc.sum, s)
			if ok {
				assert.Equal(t, tc.value, JoinTranscript(n, s))
			}
			r := Record{Transcript: tc.value}
			assert.Equal(t, tc.name, r.TranscriptName())
		})
	}
}
