package editcore_test

import (
	"testing"

	"github.com/go-git/go-billy/v5/memfs"
	"github.com/go-git/go-billy/v5/util"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	. "github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/editcore/shell"
)

// TestPolicy: each agent's rules, given as a Policy, decide which place an
// edit takes and how its file ends; the zero Policy keeps generic text's.
func TestPolicy(t *testing.T) {
	three := "a {\n  x: 1;\n}\nb {\n  x: 1;\n}\nc {\n  x: 1;\n}\n"
	hunk := func(old, new string) *Op {
		return &Op{Kind: Replace, Format: "applypatch", Path: "f", Old: []string{old}, New: []string{new}, InOrder: true, Group: -1}
	}
	tests := map[string]struct {
		policy Policy
		file   string
		ops    []*Op
		want   string
		status []Status
	}{
		"generic text refuses an edit that fits several places": {
			file: three, ops: []*Op{rep("f", "", "  x: 1;", "  x: 2;")},
			want: three, status: []Status{Failed},
		},
		"aider takes the first": {
			policy: Policy{Choice: First}, file: three, ops: []*Op{rep("f", "", "  x: 1;", "  x: 2;")},
			want: "a {\n  x: 2;\n}\nb {\n  x: 1;\n}\nc {\n  x: 1;\n}\n", status: []Status{Applied},
		},
		"apply_patch hunks: the first place after the previous hunk": {
			policy: Policy{Choice: AfterPrevious}, file: three,
			ops:  []*Op{hunk("b {", "B {"), hunk("  x: 1;", "  x: 3;")},
			want: "a {\n  x: 1;\n}\nB {\n  x: 3;\n}\nc {\n  x: 1;\n}\n", status: []Status{Applied, Applied},
		},
		"after the previous hunk is no licence for other edits": {
			policy: Policy{Choice: AfterPrevious}, file: three, ops: []*Op{rep("f", "", "  x: 1;", "  x: 2;")},
			want: three, status: []Status{Failed},
		},
		"aider drops a trailing blank line of SEARCH and of REPLACE": {
			policy: Policy{Choice: First, BlockEnds: true}, file: "a\n\nT\nb\n",
			ops:  []*Op{srep([]string{"a", "", "T"}, []string{"A", ""}), srep([]string{"b", ""}, []string{"B"})},
			want: "A\nB\n", status: []Status{Applied, Applied},
		},
		"its append loses the blank line too": {
			policy: Policy{BlockEnds: true}, file: "a\n",
			ops:  []*Op{{Kind: Append, Format: "searchreplace", Path: "f", Content: []byte("b\n\n")}},
			want: "a\nb\n", status: []Status{Applied},
		},
		"generic text keeps a block's blank line": {
			file: "a\n\nT\nb\n", ops: []*Op{srep([]string{"a", "", "T"}, []string{"A", ""})},
			want: "A\n\nb\n", status: []Status{Applied},
		},
		"generic text ends an edited file with a newline": {
			file: "a\nb", ops: []*Op{rep("f", "", "a", "A")}, want: "A\nb\n", status: []Status{Applied},
		},
		"an agent that adds none leaves a file's missing final newline": {
			policy: Policy{NoAddedNewline: true}, file: "a\nb", ops: []*Op{rep("f", "", "a", "A")},
			want: "A\nb", status: []Status{Applied},
		},
		"its edit of the last line gives the file one, as the lines are written": {
			policy: Policy{NoAddedNewline: true}, file: "a\nb", ops: []*Op{rep("f", "", "b", "B")},
			want: "a\nB\n", status: []Status{Applied},
		},
		"its string replacement adds none": {
			policy: Policy{NoAddedNewline: true}, file: "a\nb",
			ops:  []*Op{{Kind: Substring, Path: "f", OldText: "b", NewText: "B"}},
			want: "a\nB", status: []Status{Applied},
		},
		"its write is the content as given": {
			policy: Policy{NoAddedNewline: true}, file: "{}\n",
			ops:  []*Op{{Kind: Write, Path: "f", Content: []byte(`{"a": 1}`)}},
			want: `{"a": 1}`, status: []Status{Applied},
		},
		"generic text's write ends with a newline": {
			file: "{}\n", ops: []*Op{{Kind: Write, Path: "f", Content: []byte(`{"a": 1}`)}},
			want: "{\"a\": 1}\n", status: []Status{Applied},
		},
		"Codex's update turns a trailing blank line into the final newline": {
			policy: Policy{Choice: AfterPrevious, PatchEOF: true}, file: "a\nb\n\n",
			ops: []*Op{hunk("a", "A")}, want: "A\nb\n", status: []Status{Applied},
		},
		"and gives a file without one a newline": {
			policy: Policy{Choice: AfterPrevious, PatchEOF: true}, file: "a\nb",
			ops: []*Op{hunk("a", "A")}, want: "A\nb\n", status: []Status{Applied},
		},
		"generic text keeps the blank line": {
			file: "a\nb\n\n", ops: []*Op{hunk("a", "A")}, want: "A\nb\n\n", status: []Status{Applied},
		},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			fs := memfs.New()
			require.NoError(t, util.WriteFile(fs, "f", []byte(tt.file), 0o644))
			s := NewSession(fs, Options{Policy: tt.policy})
			var got []Status
			for _, op := range tt.ops {
				got = append(got, s.Apply(op).Status)
			}
			assert.Equal(t, tt.status, got)
			b, err := util.ReadFile(fs, "f")
			require.NoError(t, err)
			assert.Equal(t, tt.want, string(b))
		})
	}
}

// rm -f of a file that is not there does nothing, and is no failure.
func TestShellRemoveForced(t *testing.T) {
	fs := memfs.New()
	cmd := func(text string) *Op {
		c := shell.ParseLine(text, 1)[0]
		return &Op{Kind: Shell, Command: &c, Executed: true}
	}
	assert.Equal(t, AlreadyApplied, NewSession(fs, Options{}).Apply(cmd("rm -f missing.txt")).Status)
	assert.Equal(t, Failed, NewSession(fs, Options{}).Apply(cmd("rm missing.txt")).Status)
	assert.Equal(t, Failed, NewSession(fs, Options{}).Apply(cmd("git rm -f missing.txt")).Status)
}

// Gemini CLI's write_file over an existing file trims its content; over
// a file with none to trim, or a new file, it writes it as given.
func TestPolicyTrimRewrite(t *testing.T) {
	p := Policy{NoAddedNewline: true, TrimRewrite: true}
	for _, tt := range []struct{ file, content, want string }{
		{"a\n", "\n# A\n\n", "# A"},
		{"a", "\n# A\n\n", "\n# A\n\n"},
	} {
		fs := memfs.New()
		require.NoError(t, util.WriteFile(fs, "f", []byte(tt.file), 0o644))
		assert.Equal(t, Applied, NewSession(fs, Options{Policy: p}).Apply(&Op{Kind: Write, Path: "f", Content: []byte(tt.content)}).Status)
		b, _ := util.ReadFile(fs, "f")
		assert.Equal(t, tt.want, string(b))
	}
	fs := memfs.New()
	NewSession(fs, Options{Policy: p}).Apply(&Op{Kind: Write, Path: "new", Content: []byte("\nx\n\n")})
	b, _ := util.ReadFile(fs, "new")
	assert.Equal(t, "\nx\n\n", string(b))
}

// Cline writes a file as its tool made it and adds a final newline only
// where the original content had one (DiffViewProvider.update): an edit
// of a file without one leaves it without (a real committed session's
// file did), a write over one that had one gets one, a new file none.
func TestPolicyKeepEnding(t *testing.T) {
	p := Policy{NoAddedNewline: true, KeepEnding: true}
	for _, tt := range []struct {
		file, want string
		op         *Op
	}{
		{"a\nb\n);", "A\nb\n);", &Op{Kind: Substring, Path: "f", OldText: "a", NewText: "A"}},
		{"a\nb\n);", "A\nb\n);", rep("f", "", "a", "A")},
		{"a\n", "x\n", &Op{Kind: Write, Path: "f", Content: []byte("x")}},
		{"a", "x", &Op{Kind: Write, Path: "f", Content: []byte("x")}},
		{"a\n", "x\n\n", &Op{Kind: Write, Path: "f", Content: []byte("x\n\n")}},
	} {
		fs := memfs.New()
		require.NoError(t, util.WriteFile(fs, "f", []byte(tt.file), 0o644))
		assert.Equal(t, Applied, NewSession(fs, Options{Policy: p}).Apply(tt.op).Status)
		b, _ := util.ReadFile(fs, "f")
		assert.Equal(t, tt.want, string(b), "%q", tt.file)
	}
	fs := memfs.New()
	NewSession(fs, Options{Policy: p}).Apply(&Op{Kind: Write, Path: "new", Content: []byte("x")})
	b, _ := util.ReadFile(fs, "new")
	assert.Equal(t, "x", string(b))
}

// srep is a SEARCH/REPLACE block's Replace of search by repl.
func srep(search, repl []string) *Op {
	op := &Op{Format: "searchreplace", Path: "f"}
	op.SetReplace(search, repl)
	return op
}
