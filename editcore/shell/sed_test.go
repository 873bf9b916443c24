package shell

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The subset behaves as GNU sed does: each case is checked against the
// system's sed when there is one.
func TestSedLikeSed(t *testing.T) {
	input := "foo = bar(1, 2)\nFoo foo foo\n  x+y?  (a|b) {c}\npath/to/file.txt\nend\n"
	tests := []struct {
		args []string // before the file
	}{
		{[]string{"-i", "s/foo/baz/"}},
		{[]string{"-i", "s/foo/baz/g"}},
		{[]string{"-i", "s/foo/baz/2"}},
		{[]string{"-i", "s/foo/baz/2g"}},
		{[]string{"-i", "s/FOO/q/gI"}},
		{[]string{"-i", `s/\(foo\) = \(bar\)/\2 = \1/`}},
		{[]string{"-i", `s/x+y?/plus/`}},
		{[]string{"-i", `s/(a|b)/alt/`}},
		{[]string{"-i", `s/a\|b/B/g`}},
		{[]string{"-i", `s/o\+/0/g`}},
		{[]string{"-i", `s/{c}/C/`}},
		{[]string{"-i", "-E", `s/(a|b)/<\1>/g`}},
		{[]string{"-i", "-E", `s/o+/0/g`}},
		{[]string{"-i", `s|path/to|dir|`}},
		{[]string{"-i", `s/\//:/g`}},
		{[]string{"-i", `s/.*/[&]/`}},
		{[]string{"-i", `s/[[:space:]]\+/_/g`}},
		{[]string{"-i", `s/[^a-z]//g`}},
		{[]string{"-i", `s/$/;/`}},
		{[]string{"-i", `s/^/> /`}},
		{[]string{"-i", "-e", "s/foo/1/", "-e", "s/bar/2/"}},
		{[]string{"-i", "s/foo/1/; s/end/END/"}},
		{[]string{"-i", `s/a/\$HOME/`}},
		{[]string{"-i", `s/foo/a&b/`}},
		{[]string{"-i", `s/foo/a\&b/`}},
		{[]string{"-i", `s/o*/-/g`}},
	}
	sed, lookErr := exec.LookPath("sed")
	for _, tc := range tests {
		name := strings.Join(tc.args, " ")
		t.Run(name, func(t *testing.T) {
			script, files, err := ParseSedArgs(append(tc.args, "f"))
			require.NoError(t, err)
			assert.Equal(t, []string{"f"}, files)
			var got strings.Builder
			for _, l := range strings.SplitAfter(input, "\n") {
				if l == "" {
					continue
				}
				got.WriteString(script.Apply(strings.TrimSuffix(l, "\n")) + "\n")
			}
			if lookErr != nil {
				t.Skip("no sed to compare with")
			}
			args := append([]string{}, tc.args[1:]...)
			cmd := exec.Command(sed, args...)
			cmd.Stdin = strings.NewReader(input)
			want, err := cmd.Output()
			require.NoError(t, err)
			assert.Equal(t, string(want), got.String())
		})
	}
}

func TestSedRefused(t *testing.T) {
	for _, args := range [][]string{
		{"s/a/b/", "f"},           // not in place
		{"-i.bak", "s/a/b/", "f"}, // backup file
		{"-i", "1i\\x", "f"},
		{"-i", "0,/x/s/a/b/", "f"},
		{"-i", "1~2s/a/b/", "f"},
		{"-i", "2!d", "f"},
		{"-i", "1,/x/d", "f"},
		{"-i", "$p", "f"},
		{"-i", "3dx", "f"},
		{"-i", "/x/s/a/b/", "f"},
		{"-i", "s/a/b/w out", "f"},
		{"-i", "s/a/b/e", "f"},
		{"-i", `s/\(a\)\1/b/`, "f"},
		{"-i", `s/a/\2/`, "f"},
		{"-i", "s/a/b", "f"},
		{"-i", "s/a/b/"},
	} {
		_, _, err := ParseSedArgs(args)
		assert.Error(t, err, "%q", args)
	}
}

// FuzzParseSedArgs: any script parses or is refused without a panic, and
// a parsed one applies to any line.
func FuzzParseSedArgs(f *testing.F) {
	for _, s := range []string{"2,4s/^/    /", "$d", "3,$s/a/b/g;1d", "s/a/b/g", `s/\(x\)\+/\1&/2`, "s|a|b|I; s/c/d/", "-E s/(a|b)+/x/g", "s/[[:alpha:]]*//"} {
		f.Add(s, "a b c")
	}
	f.Fuzz(func(t *testing.T, script, line string) {
		args := []string{"-i"}
		if s, ok := strings.CutPrefix(script, "-E "); ok {
			args, script = append(args, "-E"), s
		}
		sed, _, err := ParseSedArgs(append(args, script, "f"))
		if err == nil {
			_ = sed.Apply(line)
			_, _ = sed.Line(2, 3, line)
		}
	})
}

// sedFile runs a script over a whole file as shellSed does: line by line,
// each line keeping its own ending.
func sedFile(script *Sed, input string) string {
	lines := strings.SplitAfter(input, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	var b strings.Builder
	for i, l := range lines {
		body, eol := strings.CutSuffix(l, "\n")
		out, deleted := script.Line(i+1, len(lines), body)
		if !deleted {
			b.WriteString(out)
			if eol {
				b.WriteString("\n")
			}
		}
	}
	return b.String()
}

// TestSedAddressesLikeSed: line addresses (N, $, N,M, N,$, a range that
// ends before it starts) and d, over whole files with and without a
// final newline, as the system's sed -i leaves them.
func TestSedAddressesLikeSed(t *testing.T) {
	inputs := map[string]string{
		"newline at the end":    "def f():\nreturn 1\nx = 2\ny = 3\nend\n",
		"no newline at the end": "def f():\nreturn 1\nx = 2\ny = 3\nend",
		"one line":              "only",
	}
	scripts := []string{
		"2s/^/    /",
		"2,3s/^/    /",
		"3,$s/ = /=/",
		"$s/$/;/",
		"4,2s/^/#/",
		"1d",
		"$d",
		"2,4d",
		"1d;$s/end/END/",
		"2s/r/R/g; 2d",
		"5,$d",
		"9s/a/b/",
	}
	sed, lookErr := exec.LookPath("sed")
	for _, sc := range scripts {
		for name, input := range inputs {
			t.Run(sc+"/"+name, func(t *testing.T) {
				script, _, err := ParseSedArgs([]string{"-i", sc, "f"})
				require.NoError(t, err)
				got := sedFile(script, input)
				if lookErr != nil {
					t.Skip("no sed to compare with")
				}
				f := filepath.Join(t.TempDir(), "f")
				require.NoError(t, os.WriteFile(f, []byte(input), 0o644))
				require.NoError(t, exec.Command(sed, "-i", sc, f).Run())
				want, err := os.ReadFile(f)
				require.NoError(t, err)
				assert.Equal(t, string(want), got)
			})
		}
	}
}

// TestSedBSDInPlace: macOS's sed -i with an empty word after it (no
// backup) is read as BSD sed runs it: the empty word is the backup
// suffix, not the script.
func TestSedBSDInPlace(t *testing.T) {
	script, files, err := ParseSedArgs([]string{"-i", "", "2s/^/    /", "a.py", "b.py"})
	require.NoError(t, err)
	assert.Equal(t, []string{"a.py", "b.py"}, files)
	out, deleted := script.Line(2, 3, "x")
	assert.False(t, deleted)
	assert.Equal(t, "    x", out)
	_, _, err = ParseSedArgs([]string{"-i", "", "f"})
	assert.Error(t, err, "an empty script and a file")
}
