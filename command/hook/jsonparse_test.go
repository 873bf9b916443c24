package hook

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// dumpJSON writes a parsed tree as kind[start,end) with keys and
// strings, so a test pins every offset the editor relies on.
func dumpJSON(n *jnode) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%c[%d,%d)", n.kind, n.start, n.end)
	switch n.kind {
	case '{':
		b.WriteString("{")
		for _, m := range n.members {
			fmt.Fprintf(&b, "%q@%d:%s ", m.key, m.keyStart, dumpJSON(m.val))
		}
		b.WriteString("}")
	case '[':
		b.WriteString("[")
		for _, e := range n.elems {
			b.WriteString(dumpJSON(e) + " ")
		}
		b.WriteString("]")
	case '"':
		fmt.Fprintf(&b, "%q", n.str)
	}
	return b.String()
}

// The parser (hujson's, read into jnodes) keeps every value's offsets,
// and says where (the line) and what is wrong, in hujson's words; the
// strict parser refuses comments and trailing commas at the comma.
func TestParseJSONOffsetsAndErrors(t *testing.T) {
	for name, tc := range map[string]struct {
		text   string
		strict bool
		want   string // the dump, or the error
	}{
		"object":             {text: `{"a": 1, "b": [true, "x\"y"]}`, want: `{[0,29){"a"@1:v[6,7) "b"@9:[[14,28)[v[15,19) "[21,27)"x\"y" ] }`},
		"empty containers":   {text: " { \"o\": {}, \"l\": [ ] } ", want: `{[1,22){"o"@3:{[8,10){} "l"@12:[[17,20)[] }`},
		"comments":           {text: "{\n // c\n \"a\": /* x */ 1,\n}", want: `{[0,26){"a"@9:v[22,23) }`},
		"trailing in list":   {text: "[1, 2, ]", want: `[[0,8)[v[1,2) v[4,5) ]`},
		"string":             {text: `"\u00e9"`, want: `"[0,8)"é"`},
		"strict comment":     {text: "{\n// c\n}", strict: true, want: "line 2: a // comment"},
		"strict trailing":    {text: "{\"a\": 1,\n}", strict: true, want: "line 1: a trailing comma"},
		"strict trailing []": {text: "[1,\n\n]", strict: true, want: "line 1: a trailing comma"},
		"missing comma":      {text: `{"a": 1 "b": 2}`, want: `line 1: invalid character '"' after object value (expecting ',' or '}')`},
		"missing comma []":   {text: "[1\n 2]", want: "line 2: invalid character '2' after array value (expecting ',' or ']')"},
		"list as key":        {text: `{[]: 2}`, want: "line 1: invalid character '[' at start of object name"},
		"number key":         {text: `{1: 2}`, want: "line 1: invalid character '1' at start of object name"},
		"no colon":           {text: `{"a" 2}`, want: "line 1: invalid character '2' after object name"},
		"unclosed object":    {text: `{"a": 1`, want: "line 1: parsing object after value: unexpected EOF"},
		"unclosed array":     {text: `[`, want: "line 1: parsing value: unexpected EOF"},
		"unclosed string":    {text: `{"a`, want: "line 1: parsing string: unexpected EOF"},
		"bad string":         {text: "\"a\tb\"", want: "line 1: invalid literal: \"a\tb\""},
		"bad literal":        {text: `[tru]`, want: "line 1: invalid literal: tru"},
		"empty":              {text: ``, want: "line 1: parsing value: unexpected EOF"},
		"after":              {text: `{} x`, want: "line 1: invalid character 'x' after top-level value"},
		"unclosed comment":   {text: `{} /* x`, want: "line 1: parsing comment: unexpected EOF"},
	} {
		t.Run(name, func(t *testing.T) {
			n, err := parseJSON(tc.text, tc.strict)
			if err != nil {
				assert.Equal(t, tc.want, err.Error())
				return
			}
			require.NotNil(t, n)
			assert.Equal(t, tc.want, dumpJSON(n))
		})
	}
}
