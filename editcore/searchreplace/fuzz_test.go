package searchreplace_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/editcore/parse"
	"github.com/git-aiedit/git-aiedit/editcore/parse/parsetest"
	"github.com/git-aiedit/git-aiedit/editcore/searchreplace"
)

// samples are responses covering every rule of the format, for the fuzz
// seeds and the chunking property.
var samples = []string{
	"a/b.py\n```python\n" + body + "\n```\n",
	"```python a/b.py\n" + body + "\n```\n\nThen:\n\n```\n" + body + "\n```\n",
	"**x.go**\n<source>go\n<<<<<< SEARCH>\na\n...\nb\n=====\nc\n...\nd\n>>>>>> REPLACE\n</source>\n",
	"<path>src/app.ts</path>\n<diff>\n------- SEARCH\na\n=======\nb\n+++++++ REPLACE\n</diff>\r\n",
	"new.txt\n<<<<<<< SEARCH\n=======\nhello\n>>>>>>> REPLACE\n",
	"a.py\n<<<<<<< SEARCH\nx\n=======\ny\n=======\nz\n>>>>>>> REPLACE\n>>>>>>> REPLACE\n",
	"a.py\n<<<<<<< SEARCH\nx\n<<<<<<< SEARCH\ny\n=======\n",
	"é.py\n<<<<<<< SEARCH\n😀\n=======\n€\n>>>>>>> REPLACE",
}

// parseChunks feeds text to a parser forced to SEARCH/REPLACE (see
// parsetest.Chunked).
func parseChunks(text, cuts []byte) []editcore.Op {
	return parsetest.Chunked(parse.New(parse.WithFormats(searchreplace.New())), text, cuts)
}

func TestChunkedEqualsWhole(t *testing.T) {
	for i, s := range samples {
		whole := parseChunks([]byte(s), nil)
		require.NotEmpty(t, whole, "sample %d", i)
		for size := range byte(16) {
			assert.Equal(t, whole, parseChunks([]byte(s), []byte{size}), "sample %d, chunks of %d", i, size+1)
		}
	}
}

// FuzzSearchReplace: no panic; any chunking parses as the whole does; every
// operation is one of this format's kinds, with a line, and a Malformed one
// says why.
func FuzzSearchReplace(f *testing.F) {
	for i, s := range samples {
		f.Add([]byte(s), []byte{byte(i), 3, 250})
	}
	f.Fuzz(func(t *testing.T, text, cuts []byte) {
		whole := parseChunks(text, nil)
		assert.Equal(t, whole, parseChunks(text, cuts))
		for _, op := range whole {
			if op.Kind == editcore.Shell {
				continue
			}
			assert.Equal(t, searchreplace.Name, op.Format)
			assert.Positive(t, op.Line)
			switch op.Kind {
			case editcore.Malformed:
				assert.NotEmpty(t, op.Problem)
			case editcore.Replace:
				assert.NotEmpty(t, op.Lines())
				assert.NotEmpty(t, strings.TrimSpace(op.Path))
			case editcore.Append:
				assert.NotEmpty(t, strings.TrimSpace(op.Path))
			default:
				t.Fatalf("unexpected kind %s", op.Kind)
			}
		}
	})
}
