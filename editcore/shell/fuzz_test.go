package shell

import (
	"strings"
	"testing"
)

var fuzzSeeds = []string{
	"git rm -rf old/ && git mv \"a b.py\" c.py; rm ~/x || echo fail",
	"cat <<'EOF' > f\nbody\nEOF\ngit rm a",
	"echo 'unterminated",
	`echo "a\"b\\c\$d` + "`e`" + `"`,
	"X=1 cmd $(sub (nested)) `tick` ${var} $'ansi' $\"loc\" {a,b} (sub) & bg",
	"git rm a \\\n  b &&\n  rm c |\n cat",
	"```bash\ngit rm a\n```\n$ rm b\nUse `git mv c d` and ``rm e``.",
	"```console\n$ rm a \\\n> b\noutput\n```",
	"~~~~\n$ mkdir -p x\n~~~~",
	"```bash\ncat <<-A <<B\n\tA\nB\nrm z",
	";;&&||",
	"<<",
	"$",
	"\\",
	"'",
	"\x00\xff`$((",
}

// checkCommand holds for every Command either entry point returns.
func checkCommand(t *testing.T, c Command) {
	t.Helper()
	if strings.TrimSpace(c.Text) == "" || strings.ContainsAny(c.Text, "\n\r") {
		t.Fatalf("bad Text %q", c.Text)
	}
	if (c.Op == "") == (c.Reason == "") {
		t.Fatalf("%q: Op %q with Reason %q", c.Text, c.Op, c.Reason)
	}
	switch c.Op {
	case Remove, Mkdir:
		if len(c.Paths) == 0 {
			t.Fatalf("%q: %s without paths", c.Text, c.Op)
		}
	case Move:
		if len(c.Paths) < 2 {
			t.Fatalf("%q: move with %d paths", c.Text, len(c.Paths))
		}
	case "":
		if c.Paths != nil || c.Flags != nil || c.Recursive {
			t.Fatalf("%q: not run but has operands", c.Text)
		}
	default:
		t.Fatalf("%q: unknown op %q", c.Text, c.Op)
	}
	for _, p := range c.Paths {
		if p == "" || strings.HasPrefix(p, "~") || strings.HasPrefix(p, "$") {
			t.Fatalf("%q: path %q accepted", c.Text, p)
		}
	}
	if c.Op != "" && (c.Program != "git" && c.Program != "rm" && c.Program != "mv" && c.Program != "mkdir") {
		t.Fatalf("%q: %s from program %q", c.Text, c.Op, c.Program)
	}
}

func FuzzParseLine(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s, 1)
	}
	f.Fuzz(func(t *testing.T, text string, line int) {
		if line < 1 || line > 1<<20 {
			line = 1
		}
		last := line + strings.Count(text, "\n")
		prev := line
		for _, c := range ParseLine(text, line) {
			checkCommand(t, c)
			if c.Line < prev || c.Line > last {
				t.Fatalf("%q: Line %d outside [%d, %d] or out of order", c.Text, c.Line, prev, last)
			}
			prev = c.Line
		}
	})
}

// FuzzScanner feeds the input line by line; skip leaves out every line whose
// index has that bit set in the mask, as the response parser leaves out
// edit blocks.
func FuzzScanner(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s, uint16(0))
		f.Add(s, uint16(0b100))
	}
	f.Fuzz(func(t *testing.T, text string, skip uint16) {
		s := NewScanner()
		lines := strings.Split(text, "\n")
		var cmds []Command
		for i, l := range lines {
			if i < 16 && skip&(1<<i) != 0 {
				continue
			}
			for _, c := range s.Line(i+1, l) {
				if c.Line < 1 || c.Line > i+1 {
					t.Fatalf("%q: Line %d returned at line %d", c.Text, c.Line, i+1)
				}
				cmds = append(cmds, c)
			}
		}
		cmds = append(cmds, s.End()...)
		prev := 1
		for _, c := range cmds {
			checkCommand(t, c)
			if c.Line < prev || c.Line > len(lines) {
				t.Fatalf("%q: Line %d outside [%d, %d] or out of order", c.Text, c.Line, prev, len(lines))
			}
			if i := c.Line - 1; i < 16 && skip&(1<<i) != 0 {
				t.Fatalf("%q: Line %d was left out", c.Text, c.Line)
			}
			prev = c.Line
		}
	})
}
