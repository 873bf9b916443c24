package match

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDiagnosis(t *testing.T) {
	tests := map[string]struct {
		file, pattern string
		opt           Options
		cause         Cause
		start, end    int // closest window; equal when none
		matched       int
		diff          Difference
		line          int // first differing pattern line, -1 for none
		expected      string
		actual        string
		// the message contains each of these
		says []string
	}{
		"a later line differs": {
			file: goFile, pattern: "func alpha() {\n\tx := 1\n\treturn y\n}",
			cause: Mismatch, start: 2, end: 6, matched: 2, diff: DiffContent,
			line: 2, expected: "\treturn y", actual: "\treturn x",
			says: []string{
				"no match for the 4-line block: its first 2 lines match lines 3-4 of the file, but line 3 of the block differs from line 5:",
				`expected: "\treturn y"`, `actual:   "\treturn x"`,
				"lines 3-6 of the file:", " 3| func alpha() {", " 5| \treturn x", " 6| }",
			},
		},
		"the first line differs": {
			file: goFile, pattern: "func gamma() {\n\ty := 2\n\treturn y\n}",
			cause: AnchorMissing, start: 7, end: 11, matched: 0, diff: DiffContent,
			line: 0, expected: "func gamma() {", actual: "func beta() {",
			says: []string{
				"the closest part of the file is lines 8-11, where line 1 of the block differs from line 8:",
				`expected: "func gamma() {"`,
				"  8| func beta() {", " 11| }",
			},
		},
		"nothing shared, a similar first line": {
			file: goFile, pattern: "func betta() {\n\tz := 9",
			cause: AnchorMissing, start: 7, end: 9, matched: 0, diff: DiffContent,
			line: 0, expected: "func betta() {", actual: "func beta() {",
			says: []string{"lines 8-9 of the file:"},
		},
		"nothing resembles it": {
			file: goFile, pattern: "SELECT * FROM users;",
			cause: AnchorMissing, line: -1,
			says: []string{"no match for the 1-line block, and nothing in the file resembles it"},
		},
		"indentation off in more than one way": {
			file: goFile, pattern: "func alpha() {\n\t\tx := 1\n\treturn x\n}",
			cause: Mismatch, start: 2, end: 6, matched: 4, diff: DiffWhitespace,
			line: 1, expected: "\t\tx := 1", actual: "\tx := 1",
			says: []string{
				"no exact match for the 4-line block; lines 3-6 of the file differ from it only in indentation, and not by one consistent amount:",
				`expected: "\t\tx := 1"`, `actual:   "\tx := 1"`,
			},
		},
		"whitespace and punctuation, inconsistent indentation": {
			file: "\tsay(“hi”)\n    done()", pattern: "say(\"hi\")\ndone()",
			cause: Mismatch, start: 0, end: 2, matched: 2, diff: DiffPunctuation,
			line: 0, expected: `say("hi")`, actual: "\tsay(“hi”)",
			says: []string{"differ from it only in whitespace and typographic punctuation"},
		},
		"block past the end of the file": {
			file: "a\nb", pattern: "a\nb\nc",
			cause: Mismatch, start: 0, end: 2, matched: 2, diff: DiffContent,
			line: 2, expected: "c", actual: "",
			says: []string{`actual:   "" (past the end of the file)`},
		},
		"found but not at the end of the file": {
			file: goFile, pattern: "func alpha() {", opt: Options{AtEOF: true},
			cause: Mismatch, start: 2, end: 3, matched: 1, diff: DiffNone, line: -1,
			says: []string{"it matches line 3 of the file, but it must end at the last line of the file (line 11)"},
		},
		"found before From": {
			file: goFile, pattern: "func alpha() {\n\tx := 1", opt: Options{From: 5},
			cause: Mismatch, start: 2, end: 4, matched: 2, diff: DiffNone, line: -1,
			says: []string{"it matches lines 3-4 of the file, but the search starts at line 6"},
		},
		"whitespace-only difference is quoted": {
			file: "a\n  b\n\tc", pattern: "a\n b\n  c",
			cause: Mismatch, start: 0, end: 3, matched: 3, diff: DiffWhitespace,
			line: 1, expected: " b", actual: "  b",
		},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			_, err := Find(lines(tt.file), lines(tt.pattern), tt.opt)
			var nf *NotFound
			require.ErrorAs(t, err, &nf)
			d := nf.Diagnosis
			assert.Equal(t, tt.cause, d.Cause, "cause")
			assert.Equal(t, [2]int{tt.start, tt.end}, [2]int{d.Start, d.End}, "window")
			assert.Equal(t, tt.matched, d.Matched, "matched")
			assert.Equal(t, tt.diff, d.Diff, "diff")
			assert.Equal(t, tt.line, d.Line, "line")
			assert.Equal(t, tt.expected, d.Expected, "expected")
			assert.Equal(t, tt.actual, d.Actual, "actual")
			for _, s := range tt.says {
				assert.Contains(t, err.Error(), s)
			}
		})
	}
}

func TestDiagnosisExcerpt(t *testing.T) {
	var file []string
	for i := range 40 {
		file = append(file, fmt.Sprintf("line %d", i))
	}
	pattern := append([]string(nil), file[10:30]...)
	pattern[15] = "changed"
	// The window is file lines 10-29, the difference at 25.
	_, err := Find(file, pattern, Options{})
	var nf *NotFound
	require.ErrorAs(t, err, &nf)
	d := nf.Diagnosis
	assert.Equal(t, 15, d.Line)
	assert.Len(t, d.Excerpt, MaxExcerpt)
	assert.Equal(t, 22, d.ExcerptStart, "two lines before the difference, but within the window")
	assert.Equal(t, file[22:30], d.Excerpt)
	assert.Contains(t, err.Error(), "lines 23-30 of the file:\n  23| line 22\n")
	assert.Equal(t, 1+2+1+8, strings.Count(err.Error(), "\n")+1, "header, expected/actual, excerpt header, excerpt")
}

func TestDiagnosisLongLines(t *testing.T) {
	long := strings.Repeat("é", 200)
	_, err := Find([]string{long + "a"}, []string{long + "b"}, Options{})
	var nf *NotFound
	require.ErrorAs(t, err, &nf)
	assert.Contains(t, err.Error(), " [...]")
	assert.Less(t, len(err.Error()), 3*maxLineShown+400)
}
