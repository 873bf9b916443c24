package editblock

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/git-aiedit/git-aiedit/editcore"
)

// Malformed blocks are reported with their line and the parser resumes on
// the line after the marker that made them malformed.
func TestParseMalformed(t *testing.T) {
	const good = "b.py\n««« EDIT\nc\n═══════ REPL\nd\n»»» EDIT END\n"
	goodAt := func(line int) editcore.Op {
		return replace("b.py", line, "b.py\n««« EDIT\nc\n═══════ REPL\nd\n»»» EDIT END", nil, lines("c"), lines("d"))
	}
	tests := map[string]struct {
		text string
		want []editcore.Op
	}{
		"no path at start of response": {
			"««« EDIT\na\n═══════ REPL\nb\n»»» EDIT END\n" + good,
			[]editcore.Op{
				malformed("", 1, "««« EDIT\na\n═══════ REPL\nb\n»»» EDIT END", "no file path on the line before ««« EDIT"),
				goodAt(7),
			},
		},
		"whitespace-only path": {
			"   \n««« EDIT\na\n═══════ REPL\nb\n»»» EDIT END\n",
			[]editcore.Op{malformed("", 2, "««« EDIT\na\n═══════ REPL\nb\n»»» EDIT END", "no file path on the line before ««« EDIT")},
		},
		"prose before marker": {
			"Here is the change I made.\n««« EDIT\na\n═══════ REPL\nb\n»»» EDIT END\n",
			[]editcore.Op{malformed("", 2, "««« EDIT\na\n═══════ REPL\nb\n»»» EDIT END",
				`no file path on the line before ««« EDIT: "Here is the change I made." does not look like a path`)},
		},
		"comment-prefixed line is not a path": {
			"# src/a.py\n««« EDIT\na\n═══════ REPL\nb\n»»» EDIT END\n",
			[]editcore.Op{malformed("", 2, "««« EDIT\na\n═══════ REPL\nb\n»»» EDIT END",
				`no file path on the line before ««« EDIT: "# src/a.py" does not look like a path`)},
		},
		"a name with spaces and no directory": {
			"Meeting Notes.md\n««« EDIT\na\n═══════ REPL\nb\n»»» EDIT END\n",
			[]editcore.Op{malformed("", 2, "««« EDIT\na\n═══════ REPL\nb\n»»» EDIT END",
				`no file path on the line before ««« EDIT: "Meeting Notes.md" is not taken for a path: it has spaces and no directory (a file name with spaces needs its directory, as in ./My Notes.md)`)},
		},
		"path then prose then marker resets the path": {
			"src/a.py\nThe change:\n««« EDIT\na\n═══════ REPL\nb\n»»» EDIT END\n",
			[]editcore.Op{malformed("", 3, "««« EDIT\na\n═══════ REPL\nb\n»»» EDIT END",
				`no file path on the line before ««« EDIT: "The change:" does not look like a path`)},
		},
		"block does not borrow the previous block's path": {
			good + "««« EDIT\na\n═══════ REPL\nb\n»»» EDIT END\n",
			[]editcore.Op{goodAt(2), malformed("", 7, "««« EDIT\na\n═══════ REPL\nb\n»»» EDIT END", "no file path on the line before ««« EDIT")},
		},
		"unclosed at end of response": {
			"a.py\n««« EDIT\nx\n═══════ REPL\ny\n",
			[]editcore.Op{malformed("a.py", 2, "a.py\n««« EDIT\nx\n═══════ REPL\ny", "block never closed: expected »»» EDIT END")},
		},
		"unclosed before separator": {
			"a.py\n««« EDIT\nx",
			[]editcore.Op{malformed("a.py", 2, "a.py\n««« EDIT\nx", "block never closed: expected »»» EDIT END")},
		},
		"unclosed emoji": {
			"a.py\n🟧🟧🟧 EDIT\nx\n",
			[]editcore.Op{malformed("a.py", 2, "a.py\n🟧🟧🟧 EDIT\nx", "block never closed: expected 🟩🟩🟩 END")},
		},
		"unclosed v2": {
			"a.py\n««« EDIT\n───────\nx\n",
			[]editcore.Op{malformed("a.py", 2, "a.py\n««« EDIT\n───────\nx", "block never closed: expected »»»")},
		},
		"unclosed swallowing a later block names it": {
			"a.py\n««« EDIT\nx\n" + good,
			[]editcore.Op{malformed("a.py", 2, "a.py\n««« EDIT\nx\nb.py\n««« EDIT\nc\n═══════ REPL\nd\n»»» EDIT END",
				"block never closed: expected »»» EDIT END (the ««« EDIT at line 5 was read as content of this block; is an end marker missing before it?)")},
		},
		"missing separator then next block parsed": {
			"a.py\n««« EDIT\nx\n»»» EDIT END\n" + good,
			[]editcore.Op{
				malformed("a.py", 2, "a.py\n««« EDIT\nx\n»»» EDIT END", "missing ═══════ REPL: »»» EDIT END at line 4 came first"),
				goodAt(6),
			},
		},
		"missing emoji separator": {
			"a.py\n🟧🟧🟧 EDIT\nx\n🟩🟩🟩 END\n",
			[]editcore.Op{malformed("a.py", 2, "a.py\n🟧🟧🟧 EDIT\nx\n🟩🟩🟩 END", "missing 🟨🟨🟨 REPL: 🟩🟩🟩 END at line 4 came first")},
		},
		"v2 missing old separator": {
			"a.py\n««« EDIT\n───────\nx\n»»»\n" + good,
			[]editcore.Op{
				malformed("a.py", 2, "a.py\n««« EDIT\n───────\nx\n»»»", "missing ═══════ (end of the old lines): »»» at line 5 came first"),
				goodAt(7),
			},
		},
		"v2 missing second anchor separator": {
			"a.py\n««« EDIT\n───────\nx\n═══════\ny\n»»»\n",
			[]editcore.Op{malformed("a.py", 2, "a.py\n««« EDIT\n───────\nx\n═══════\ny\n»»»",
				"missing the second ─────── (end of the new lines): »»» at line 7 came first")},
		},
		"no path and unclosed": {
			"««« EDIT\nx\n",
			[]editcore.Op{malformed("", 1, "««« EDIT\nx", "no file path on the line before ««« EDIT; block never closed: expected »»» EDIT END")},
		},
		"stray end marker": {
			"text\n»»» EDIT END\n" + good,
			[]editcore.Op{malformed("", 2, "»»» EDIT END", "»»» EDIT END without a ««« EDIT before it"), goodAt(4)},
		},
		"stray separator collects up to its end": {
			"a.py\nx\n═══════ REPL\ny\n»»» EDIT END\n" + good,
			[]editcore.Op{malformed("", 3, "═══════ REPL\ny\n»»» EDIT END", "═══════ REPL without a ««« EDIT before it"), goodAt(7)},
		},
		"stray separator ended by a new block": {
			"═══════ REPL\ny\n" + good,
			[]editcore.Op{malformed("", 1, "═══════ REPL\ny", "═══════ REPL without a ««« EDIT before it"), goodAt(4)},
		},
		"stray separator at end": {
			"🟨🟨🟨 REPL\ny\n",
			[]editcore.Op{malformed("", 1, "🟨🟨🟨 REPL\ny", "🟨🟨🟨 REPL without a 🟧🟧🟧 EDIT before it")},
		},
		"bare box lines outside blocks are prose": {
			"═══════\n───────\n»»»\n" + good,
			[]editcore.Op{goodAt(5)},
		},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			assert.Equal(t, tt.want, run(tt.text))
		})
	}
}
