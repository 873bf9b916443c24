package match

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestReindent(t *testing.T) {
	tests := map[string]struct {
		file, pattern string
		// in are pattern-side lines, want the same lines in the file's
		// indentation.
		in, want string
		noMatch  bool // the indentation differs in more than one way
	}{
		"identical indentation needs no mapping": {
			file: "\tx := “1”", pattern: "\tx := \"1\"",
			in: "\ty()", want: "\ty()",
		},
		"tabs in the pattern, spaces in the file": {
			file: "func f() {\n    if x {\n        y()\n    }\n}", pattern: "func f() {\n\tif x {\n\t\ty()\n\t}\n}|",
			in: "\tz()\n\t\t\tdeep()\nflush()", want: "    z()\n            deep()\nflush()",
		},
		"spaces in the pattern, tabs in the file": {
			file: "func f() {\n\tif x {\n\t\ty()\n\t}\n}", pattern: "func f() {\n    if x {\n        y()\n    }\n}|",
			in: "    z()\n            deep()\n  half()", want: "\tz()\n\t\t\tdeep()\n  half()",
		},
		"two-space pattern, tab file": {
			file: "a {\n\tb {\n\t\tc\n\t}\n}", pattern: "a {\n  b {\n    c\n  }\n}|",
			in: "  d\n      e", want: "\td\n\t\t\te",
		},
		"pattern misses a level": {
			file: "\tif x {\n\t\ty()\n\t}", pattern: "if x {\n\ty()\n}|",
			in: "\tz()\nw()", want: "\t\tz()\n\tw()",
		},
		"pattern has an extra level": {
			file: "if x {\n    y()\n}", pattern: "    if x {\n        y()\n    }",
			in: "        z()\n    w()\n  odd()\nflush()", want: "    z()\nw()\nodd()\nflush()",
		},
		"constant prefix of a different kind": {
			file: "\t  a\n\t    b", pattern: "a\n  b",
			in: "  c\nd", want: "\t    c\n\t  d",
		},
		"tabs converted and a level missing": {
			file: "\t\tif x {\n\t\t\ty()\n\t\t}", pattern: "    if x {\n        y()\n    }",
			in: "        z()", want: "\t\t\tz()",
		},
		"blank new lines are left alone": {
			file: "\tx()\n\ty()", pattern: "x()\ny()",
			in: "\n   ", want: "\n   ",
		},
		"mixed: tabs on one pattern line, spaces on the next": {
			file: "\tif x {\n\t\ty()\n\t}", pattern: "\tif x {\n        y()\n\t}|", noMatch: true,
		},
		"mixed: one line shifted, the others not": {
			file: "    if x {\n        y()\n    }", pattern: "  if x {\n        y()\n  }|", noMatch: true,
		},
		"mixed: spaces and tabs both in the file": {
			file: "\tif x {\n        y()\n\t}", pattern: "if x {\n\ty()\n}|", noMatch: true,
		},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			m, err := Find(lines(tt.file), lines(tt.pattern), Options{})
			if tt.noMatch {
				var nf *NotFound
				require.ErrorAs(t, err, &nf)
				assert.Equal(t, DiffWhitespace, nf.Diagnosis.Diff, "diagnosis: %v", err)
				return
			}
			require.NoError(t, err)
			re := m.Reindent
			if re == nil {
				re = identity
			}
			assert.Equal(t, lines(tt.want), mapLines(lines(tt.in), re))
		})
	}
}

func TestColumns(t *testing.T) {
	tests := map[string]struct {
		ind  string
		w    int
		want int
	}{
		"empty":             {"", 4, 0},
		"spaces":            {"   ", 4, 3},
		"tabs":              {"\t\t", 4, 8},
		"tab after spaces":  {"  \t", 4, 4},
		"spaces after tab":  {"\t  ", 8, 10},
		"tab stop of width": {" \t \t", 2, 4},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			assert.Equal(t, tt.want, columns(tt.ind, tt.w))
		})
	}
}
