package trailer

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseVerified(t *testing.T) {
	tests := map[string]struct {
		value string
		want  Verified
		ok    bool
	}{
		"matches":            {value: "matches openhands test_result.git_patch", want: Verified{Result: "matches", What: "openhands test_result.git_patch"}, ok: true},
		"differs":            {value: "differs aider commit 1a2b3c4", want: Verified{Result: "differs", What: "aider commit 1a2b3c4"}, ok: true},
		"unchecked":          {value: "unchecked swe-agent info.submission: the recorded patch does not apply (a: b)", want: Verified{Result: "unchecked", What: "swe-agent info.submission", Why: "the recorded patch does not apply (a: b)"}, ok: true},
		"colon without why":  {value: "unchecked x:", want: Verified{Result: "unchecked", What: "x:"}, ok: true},
		"colon then nothing": {value: "unchecked x: ", want: Verified{Result: "unchecked", What: "x: "}, ok: true},
		"error_one_word":     {value: "matches"},
		"error_no_result":    {value: " openhands"},
		"error_empty":        {value: ""},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			got, ok := ParseVerified(tt.value)
			require.Equal(t, tt.ok, ok)
			assert.Equal(t, tt.want, got)
			if ok {
				assert.Equal(t, tt.value, got.String())
			}
		})
	}
}

func TestParseSquashed(t *testing.T) {
	tests := map[string]struct {
		value string
		want  Squashed
		ok    bool
	}{
		"two":                 {value: "2 responses from aiedit/fix", want: Squashed{N: 2, Branch: "aiedit/fix"}, ok: true},
		"none":                {value: "0 responses from review", want: Squashed{Branch: "review"}, ok: true},
		"unicode branch":      {value: "1 responses from aiedit/zoë", want: Squashed{N: 1, Branch: "aiedit/zoë"}, ok: true},
		"error_no_branch":     {value: "2 responses from "},
		"error_not_a_number":  {value: "two responses from x"},
		"error_leading_zero":  {value: "02 responses from x"},
		"error_other_wording": {value: "2 commits from x"},
		"error_empty":         {value: ""},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			got, ok := ParseSquashed(tt.value)
			require.Equal(t, tt.ok, ok)
			assert.Equal(t, tt.want, got)
			if ok {
				assert.Equal(t, tt.value, got.String())
			}
		})
	}
}

func TestParseBase(t *testing.T) {
	const c, h = "2222222222222222222222222222222222222222", "4444444444444444444444444444444444444444"
	tests := map[string]struct {
		value    string
		want     Base
		snapshot bool
		ok       bool
	}{
		"snapshot": {value: c + " working tree at session start (uncommitted changes on HEAD 444444444444)",
			want: SnapshotBase(c, h), snapshot: true, ok: true},
		"clean":                    {value: h + " HEAD (clean working tree at session start)", want: CleanBase(h), ok: true},
		"unknown":                  {value: h + " HEAD (no session start was seen: the working tree the agent started from is unknown)", want: UnknownBase(h), ok: true},
		"an older snapshot's note": {value: c + " working tree at session start", want: Base{Commit: c, Note: "working tree at session start"}, snapshot: true, ok: true},
		"error_no_note":            {value: c},
		"error_no_commit":          {value: " HEAD"},
		"error_empty":              {value: ""},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			got, ok := ParseBase(tt.value)
			require.Equal(t, tt.ok, ok)
			assert.Equal(t, tt.want, got)
			assert.Equal(t, tt.snapshot, got.IsSnapshot())
			if ok {
				assert.Equal(t, tt.value, got.String())
			}
		})
	}
}

// FuzzValues: whatever a trailer's value holds, reading it as any of the
// typed values never panics, and a value read writes back byte for byte
// (a review's, with an id --accept would take and a path).
func FuzzValues(f *testing.F) {
	for _, s := range []string{
		"unchecked aider commit 1a2b3c4: commit 1a2b3c4 is not in this repository",
		"2 responses from aiedit/fix",
		"2222222222222222222222222222222222222222 working tree at session start (uncommitted changes on HEAD 444444444444)",
		"2/5 b3,4 rejected 3f2a1bc9.4 a b.py",
		"a: ", " ", "0 responses from  x", "1/1 b0 edited 00000000.1 \t",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, v string) {
		if r, ok := ParseVerified(v); ok {
			assert.Equal(t, v, r.String(), "Verified %+v", r)
		}
		if r, ok := ParseSquashed(v); ok {
			assert.Equal(t, v, r.String(), "Squashed %+v", r)
		}
		if r, ok := ParseBase(v); ok {
			assert.Equal(t, v, r.String(), "Base %+v", r)
		}
		if r, ok := ParseSession(v); ok {
			assert.Equal(t, v, r.String(), "Session %+v", r)
		}
		if r, ok := ParseReconcile(v); ok {
			assert.Equal(t, v, r.String(), "Reconcile %+v", r)
		}
		if r, ok := ParseReviewed(v); ok {
			assert.Equal(t, v, r.String(), "Reviewed %+v", r)
			assert.True(t, IsHunkID(r.HunkID), "an id --accept would take")
			assert.NotEmpty(t, r.Path)
		}
	})
}

func TestParseSession(t *testing.T) {
	tests := map[string]struct {
		value string
		want  Session
		ok    bool
	}{
		"claude code":       {value: "claude-code 5f0e-77", want: Session{Agent: "claude-code", ID: "5f0e-77"}, ok: true},
		"an id with blanks": {value: "opencode ses 1 ü", want: Session{Agent: "opencode", ID: "ses 1 ü"}, ok: true},
		"error_no_id":       {value: "codex"},
		"error_no_agent":    {value: " 0199"},
		"error_empty":       {value: ""},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			got, ok := ParseSession(tt.value)
			require.Equal(t, tt.ok, ok)
			assert.Equal(t, tt.want, got)
			if ok {
				assert.Equal(t, tt.value, got.String())
			}
		})
	}
}

func TestParseReconcile(t *testing.T) {
	tests := map[string]struct {
		value string
		want  Reconcile
		ok    bool
	}{
		"openhands":          {value: "openhands test_result.git_patch of out.jsonl", want: Reconcile{What: "openhands test_result.git_patch", Of: "out.jsonl"}, ok: true},
		"a name with of":     {value: "aider commit 1a2b3c4 of history of Zoë.md", want: Reconcile{What: "aider commit 1a2b3c4", Of: "history of Zoë.md"}, ok: true},
		"error_no_file_name": {value: "swe-agent info.submission of "},
		"error_no_of":        {value: "swe-agent info.submission"},
		"error_empty":        {value: ""},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			got, ok := ParseReconcile(tt.value)
			require.Equal(t, tt.ok, ok)
			assert.Equal(t, tt.want, got)
			if ok {
				assert.Equal(t, tt.value, got.String())
			}
		})
	}
}
