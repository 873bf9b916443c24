package transcript

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestLooksBinary(t *testing.T) {
	tests := map[string]struct {
		head string
		want bool
	}{
		"prose":                          {"Make the greeting friendlier.\n\nhello.py\n", false},
		"a stray NUL in a reply":         {"Use casefold \x00 for slugs.\n\nlib/text.py\n««« EDIT\n", false},
		"cut inside a character":         {"héllo wörld " + string([]byte("é")[:1]), false},
		"Latin-1 in a block":             {"lib/latin1.txt\n««« EDIT\n═══════ REPL\ncaf\xe9 cr\xe8me\n»»» EDIT END\n", false},
		"random bytes":                   {"abc\xff\xfe\x00\x01def\x80\x81", true},
		"mostly control bytes":           {strings.Repeat("\x00\x01\x02a", 50), true},
		"an ANSI-coloured terminal copy": {"\x1b[32mapplied\x1b[0m hello.py\n", false},
		"empty":                          {"", false},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			assert.Equal(t, tc.want, LooksBinary([]byte(tc.head)))
		})
	}
}

func TestLooksJSON(t *testing.T) {
	tests := map[string]struct {
		head string
		want bool
	}{
		"an object":                     {`{"a":1}`, true},
		"nested arrays cut off":         {"\xef\xbb\xbf  \n[[[[", true},
		"JSONL":                         {"{\"type\":\"x\"}\n{\"type\":\"y\"}\n", true},
		"cut inside a string":           {`[{"message": "a long instruc`, true},
		"cut inside a literal":          {`{"ok": tru`, true},
		"prose":                         {"Here is the change:\n{", false},
		"a pasted Python repr":          {"[{'dirname': '2024-05-01', 'pass_rate_1': 44.4}]\n\nPlease plot these.\n", false},
		"a Markdown link":               {"[the docs](https://example.com) say to use\n", false},
		"a value and then prose":        {"{\"a\": 1}\nHere is why.\n", false},
		"an object missing its colon":   {`{"a" 1}`, false},
		"a trailing comma":              {`["a",]`, false},
		"a Go block that starts with {": {"{\n\treturn nil\n}\n", false},
		"empty":                         {"", false},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			assert.Equal(t, tc.want, LooksJSON([]byte(tc.head)))
		})
	}
}

// FuzzLooksJSON: a valid JSON object or array is JSON, and so is every
// prefix of it (the head of a longer input is cut anywhere).
func FuzzLooksJSON(f *testing.F) {
	for _, s := range []string{`{"a":[1,2,{"b":null}]}`, "[{'dirname': 1}]", `[1, 2`, "{\n}", `["x"]` + "\n" + `{"y":true}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		got := LooksJSON(b)
		t0 := strings.TrimLeft(string(b), " \t\r\n")
		if json.Valid(b) && t0 != "" && (t0[0] == '{' || t0[0] == '[') {
			if !got {
				t.Fatalf("valid JSON %q not taken for JSON", b)
			}
			for i := 1; i < len(b); i++ {
				if strings.TrimSpace(string(b[:i])) != "" && !LooksJSON(b[:i]) {
					t.Fatalf("prefix %q of valid JSON %q not taken for JSON", b[:i], b)
				}
			}
		}
	})
}
