package shell

import (
	"os/exec"
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
		{"-i", "1d", "f"},
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
	for _, s := range []string{"s/a/b/g", `s/\(x\)\+/\1&/2`, "s|a|b|I; s/c/d/", "-E s/(a|b)+/x/g", "s/[[:alpha:]]*//"} {
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
		}
	})
}
