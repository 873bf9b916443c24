package searchreplace_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/editcore/parse"
	"github.com/git-aiedit/git-aiedit/editcore/searchreplace"
)

// Malformed blocks are reported with their line, never dropped, and the
// parser goes on with the next block.
func TestParseMalformed(t *testing.T) {
	good := "c.py\n" + body + "\n"
	goodAt := func(line int) editcore.Op { return xOp("c.py", line, "c.py\n") }
	tests := map[string]struct {
		text string
		want []editcore.Op
	}{
		"no path and no previous block": {
			"Here is the change:\n```\n" + body + "\n```\n" + good,
			[]editcore.Op{malformed("", 3, body, noPathProblem), goodAt(10)},
		},
		"no path at start of response": {
			body + "\n",
			[]editcore.Op{malformed("", 1, body, noPathProblem)},
		},
		"unclosed at end": {
			"a.py\n<<<<<<< SEARCH\nx\n=======\ny\n",
			[]editcore.Op{malformed("a.py", 2, "a.py\n<<<<<<< SEARCH\nx\n=======\ny", "block never closed: expected >>>>>>> REPLACE")},
		},
		"unclosed before divider": {
			"a.py\n<<<<<<< SEARCH\nx",
			[]editcore.Op{malformed("a.py", 2, "a.py\n<<<<<<< SEARCH\nx", "block never closed: expected ======= and >>>>>>> REPLACE")},
		},
		"no path and unclosed": {
			"<<<<<<< SEARCH\nx\n",
			[]editcore.Op{malformed("", 1, "<<<<<<< SEARCH\nx", noPathProblem+"; block never closed: expected ======= and >>>>>>> REPLACE")},
		},
		"unclosed block ended by the next start keeps the next block": {
			"a.py\n<<<<<<< SEARCH\nx\n=======\ny\n\n" + good,
			[]editcore.Op{
				malformed("a.py", 2, "a.py\n<<<<<<< SEARCH\nx\n=======\ny\n\nc.py",
					"block never closed: expected >>>>>>> REPLACE before the <<<<<<< SEARCH at line 8"),
				goodAt(8),
			},
		},
		"start inside SEARCH": {
			"a.py\n<<<<<<< SEARCH\nx\n" + good,
			[]editcore.Op{
				malformed("a.py", 2, "a.py\n<<<<<<< SEARCH\nx\nc.py", "block never closed: expected ======= and >>>>>>> REPLACE before the <<<<<<< SEARCH at line 5"),
				goodAt(5),
			},
		},
		"end before divider": {
			"a.py\n<<<<<<< SEARCH\nx\n>>>>>>> REPLACE\n" + good,
			[]editcore.Op{malformed("a.py", 2, "a.py\n<<<<<<< SEARCH\nx\n>>>>>>> REPLACE", "missing =======: >>>>>>> REPLACE at line 4 came first"), goodAt(6)},
		},
		"second divider": {
			"a.rst\n<<<<<<< SEARCH\nTitle\n=======\nNew title\n=========\n>>>>>>> REPLACE\n" + good,
			[]editcore.Op{
				malformed("a.rst", 2, "a.rst\n<<<<<<< SEARCH\nTitle\n=======\nNew title\n=========\n>>>>>>> REPLACE",
					"1 more ======= line after the first (line 6): a block has one divider, and a line of only = signs cannot be told from one; split the edit so that no such line is in SEARCH or REPLACE"),
				goodAt(9),
			},
		},
		"two more dividers": {
			"a.rst\n<<<<<<< SEARCH\nTitle\n=======\nNew title\n=========\nSub\n=======\n>>>>>>> REPLACE\n" + good,
			[]editcore.Op{
				malformed("a.rst", 2, "a.rst\n<<<<<<< SEARCH\nTitle\n=======\nNew title\n=========\nSub\n=======\n>>>>>>> REPLACE",
					"2 more ======= lines after the first (line 6): a block has one divider, and a line of only = signs cannot be told from one; split the edit so that no such line is in SEARCH or REPLACE"),
				goodAt(11),
			},
		},
		"stray end marker": {
			"text\n>>>>>>> REPLACE\n" + good,
			[]editcore.Op{malformed("", 2, ">>>>>>> REPLACE", ">>>>>>> REPLACE without a <<<<<<< SEARCH before it"), goodAt(4)},
		},
		"stray Cline end marker": {
			"+++++++ REPLACE\n",
			[]editcore.Op{malformed("", 1, "+++++++ REPLACE", "+++++++ REPLACE without a <<<<<<< SEARCH before it")},
		},
		"stray divider is prose": {"Heading\n=======\n" + good, []editcore.Op{goodAt(4)}},
		"malformed block does not set the path for the next": {
			"a.py\n<<<<<<< SEARCH\nx\n>>>>>>> REPLACE\n" + body + "\n",
			[]editcore.Op{
				malformed("a.py", 2, "a.py\n<<<<<<< SEARCH\nx\n>>>>>>> REPLACE", "missing =======: >>>>>>> REPLACE at line 4 came first"),
				malformed("", 5, body, noPathProblem),
			},
		},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			assert.Equal(t, tt.want, edits(run(tt.text)))
		})
	}
}

// The previous block's path is reused within a response only: the next
// response, and a block after another format's block, must name theirs.
func TestPathPerResponse(t *testing.T) {
	p := parse.New(parse.WithFormats(searchreplace.New()))
	first := append(p.Feed([]byte("a.py\n"+body+"\n")), p.Finish()...)
	assert.Equal(t, []editcore.Op{xOp("a.py", 2, "a.py\n")}, edits(first))
	second := append(p.Feed([]byte(body+"\n")), p.Finish()...)
	assert.Equal(t, []editcore.Op{malformed("", 1, body, noPathProblem)}, edits(second))

	// With auto-detection, an edit block's path line is not taken for a
	// SEARCH block that follows it.
	mixed := "a.py\n««« EDIT\nx\n═══════ REPL\ny\n»»» EDIT END\n" + body + "\n"
	ops := edits(parse.Bytes([]byte(mixed)))
	if assert.Len(t, ops, 2) {
		assert.Equal(t, malformed("", 7, body, noPathProblem), ops[1])
	}
}
