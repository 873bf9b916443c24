package check

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/check/syntax"
	"github.com/git-aiedit/git-aiedit/format/trailer"
)

func TestParseConfig(t *testing.T) {
	entry := func(k, v string) string { return k + "\n" + v + "\x00" }
	tests := map[string]struct {
		out     string
		want    Config
		wantErr string // "" no error
	}{
		"nothing": {want: Config{Syntax: true}},
		"policy and two checks in order": {
			out: entry("aiedit.checks", "Require") +
				entry("aiedit.check.vet.command", "go vet ./...") +
				entry("aiedit.check.vet.paths", "*.go go.mod") +
				entry("aiedit.check.py-tests.command", "pytest -q") +
				entry("aiedit.check.vet.paths", "tools/**") +
				entry("aiedit.check.py-tests.timeout", "90"),
			want: Config{Policy: Require, Syntax: true, Commands: []Command{
				{Name: "vet", Command: "go vet ./...", Paths: []string{"*.go", "go.mod", "tools/**"}, Timeout: DefaultTimeout},
				{Name: "py-tests", Command: "pytest -q", Timeout: 90 * time.Second},
			}},
		},
		"duration timeout and dotted name": {
			out:  entry("aiedit.check.lint.js.command", "eslint .") + entry("aiedit.check.lint.js.timeout", "2m"),
			want: Config{Syntax: true, Commands: []Command{{Name: "lint.js", Command: "eslint .", Timeout: 2 * time.Minute}}},
		},
		"syntax turned off": {
			out:  entry("aiedit.check.syntax.enabled", "false"),
			want: Config{Syntax: false},
		},
		"other aiedit settings ignored": {
			out:  entry("aiedit.something", "x") + entry("aiedit.checkout.x", "y"),
			want: Config{Syntax: true},
		},
		"config_error_policy":     {out: entry("aiedit.checks", "strict"), wantErr: `aiedit.checks="strict": use off, report or require`},
		"config_error_no_command": {out: entry("aiedit.check.vet.paths", "*.go"), wantErr: "check vet has settings but no command"},
		"config_error_timeout":    {out: entry("aiedit.check.vet.command", "x") + entry("aiedit.check.vet.timeout", "soon"), wantErr: "want a duration"},
		"config_error_name":       {out: entry("aiedit.check.my check.command", "x"), wantErr: "a check name has"},
		"config_error_syntax_cmd": {out: entry("aiedit.check.syntax.command", "x"), wantErr: "built-in check"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			got, err := parseConfig([]byte(tc.out))
			if tc.wantErr != "" {
				var ce *ConfigError
				require.ErrorAs(t, err, &ce)
				assert.ErrorContains(t, err, tc.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
}

func TestMatch(t *testing.T) {
	tests := map[string]struct {
		pattern, name string
		want          bool
	}{
		"base name at any depth":   {"*.go", "cmd/x/main.go", true},
		"base name mismatch":       {"*.go", "main.py", false},
		"exact base name":          {"go.mod", "sub/go.mod", true},
		"anchored path":            {"cmd/*/main.go", "cmd/x/main.go", true},
		"anchored path too deep":   {"cmd/*/main.go", "cmd/x/y/main.go", false},
		"leading slash":            {"/src/*.ts", "src/a.ts", true},
		"double star":              {"src/**/*.ts", "src/a/b/c.ts", true},
		"double star zero dirs":    {"src/**/*.ts", "src/c.ts", true},
		"directory":                {"docs/", "docs/a/b.md", true},
		"directory other":          {"docs/", "src/docs.md", false},
		"star does not cross dirs": {"src/*", "src/a/b", false},
		"empty pattern":            {"", "a", false},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			assert.Equal(t, tc.want, Match(tc.pattern, tc.name))
		})
	}
	assert.True(t, Command{}.WantsOf(slices.Values([]string{"a"})), "no pattern: any change")
	assert.False(t, Command{}.WantsOf(slices.Values([]string(nil))), "no change: nothing to check")
	assert.True(t, Command{Paths: []string{"*.md", "*.go"}}.WantsOf(slices.Values([]string{"a.txt", "b/c.go"})))
}

func TestParsePolicy(t *testing.T) {
	for in, want := range map[string]Policy{"off": Off, " REPORT ": Report, "require": Require} {
		got, err := ParsePolicy(in)
		require.NoError(t, err)
		assert.Equal(t, want, got)
	}
	_, err := ParsePolicy("sometimes")
	assert.ErrorContains(t, err, "use off, report or require")
}

func TestOutcomeTrailer(t *testing.T) {
	tests := map[string]struct {
		o    Outcome
		want string
	}{
		"passed": {Outcome{Name: "syntax", Status: Passed}, "syntax passed"},
		"failed with reason": {Outcome{Name: "vet", Status: Failed, Message: "a.go:3:2: undefined: x\nmore"},
			"vet failed a.go:3:2: undefined: x ; more"},
		"long reason cut": {Outcome{Name: "t", Status: Broken, Message: "x" + strings.Repeat("y", 200)},
			"t error x" + strings.Repeat("y", 98) + "…"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			rec := trailer.Record{Checks: []trailer.Check{tc.o.Trailer()}}
			assert.Equal(t, []trailer.Trailer{{Key: trailer.KeyCheck, Value: tc.want}}, rec.Encode())
		})
	}
}

func TestSyntax(t *testing.T) {
	tests := map[string]struct {
		files  []File
		ok     bool
		status Status
		msg    string
	}{
		"nothing checkable": {files: []File{{Path: "README.md", After: []byte("(")}}},
		"removed file":      {files: []File{{Path: "a.go", Before: []byte("package a\n")}}},
		"clean":             {files: []File{{Path: "a.go", After: []byte("package a\n")}}, ok: true, status: Passed},
		"new error": {
			files:  []File{{Path: "src/a.py", Before: []byte("x = 1\n"), After: []byte("x = (1\n")}, {Path: "b.go", After: []byte("package b\nfunc (\n")}},
			ok:     true,
			status: Failed,
			msg:    pyMsg(`src/a.py:1: unexpected "x" (and 1 more)`, `src/a.py:1: '(' was never closed (and 1 more)`),
		},
		"old error only": {
			files: []File{{Path: "a.json", Before: []byte("{,}"), After: []byte("{,}\n")}},
			ok:    true, status: Passed,
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			o, ok := Syntax(slices.Values(tc.files))
			assert.Equal(t, tc.ok, ok)
			if ok {
				assert.Equal(t, SyntaxName, o.Name)
				assert.Equal(t, tc.status, o.Status)
				assert.Equal(t, tc.msg, o.Message)
			}
		})
	}
	assert.True(t, Checkable("x/y.py"))
	assert.Equal(t, syntax.TreeSitter, Checkable("x/y.rs"), "Rust needs tree-sitter (cgo)")
	assert.False(t, Checkable("x/y.txt"))
}

// pyMsg is the Python message a build gives: the grammar's with cgo, the
// indentation lexer's without.
func pyMsg(grammar, lexer string) string {
	if syntax.TreeSitter {
		return grammar
	}
	return lexer
}

func TestVersionAtLeast(t *testing.T) {
	assert.True(t, versionAtLeast("git version 2.39.5", 2, 36))
	assert.True(t, versionAtLeast("git version 3.0.0", 2, 36))
	assert.False(t, versionAtLeast("git version 2.35.1.windows.2", 2, 36))
	assert.False(t, versionAtLeast("nonsense", 2, 36))
}
