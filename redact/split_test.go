package redact

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestJoinBreaks(t *testing.T) {
	tests := map[string]struct{ in, all, oneWord string }{
		"wrapped token":        {"k=abcdefghijklmnopqrstu\nvwxyz\n", "k=abcdefghijklmnopqrstuvwxyz\n", "k=abcdefghijklmnopqrstuvwxyz\n"},
		"indented, backslash":  {"T=abcdefghijklmnopqrstu \\\n    vwxyz end\n", "T=abcdefghijklmnopqrstuvwxyz end\n", ""},
		"continued one word":   {"T=abcdefghijklmnopqrstu \\\n    vwxyz\n", "T=abcdefghijklmnopqrstuvwxyz\n", "T=abcdefghijklmnopqrstuvwxyz\n"},
		"short run":            {"abc\ndef\n", "", ""},
		"next line is prose":   {"abcdefghijklmnopqrstu\nnext line\n", "abcdefghijklmnopqrstunext line\n", ""},
		"chain of pieces":      {"abcdefghijklmnopqrst\nabcdefghijklmnopqrst\nxyz end\n", "abcdefghijklmnopqrstabcdefghijklmnopqrstxyz end\n", "abcdefghijklmnopqrstabcdefghijklmnopqrst\nxyz end\n"},
		"quote after the last": {"\"abcdefghijklmnopqrstu\nvwxyz\"\n", "\"abcdefghijklmnopqrstuvwxyz\"\n", "\"abcdefghijklmnopqrstuvwxyz\"\n"},
		"prose":                {"a sentence that ends\nand goes on\n", "", ""},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			all, _ := joinBreaks(tc.in, false)
			assert.Equal(t, tc.all, all)
			oneWord, _ := joinBreaks(tc.in, true)
			assert.Equal(t, tc.oneWord, oneWord)
		})
	}
}

// The offsets map every byte of the joined text to the same byte of the
// original, in order; nothing but line breaks, the spaces around them and
// a continuation backslash is left out.
func FuzzJoinBreaks(f *testing.F) {
	f.Add("k=abcdefghijklmnopqrstu\nvwxyz\n", false)
	f.Add("T=abcdefghijklmnopqrstu \\\r\n    vwxyz\n", true)
	f.Add("\n\n\\\n", false)
	f.Fuzz(func(t *testing.T, s string, oneWordOnly bool) {
		joined, at := joinBreaks(s, oneWordOnly)
		if at == nil {
			return
		}
		if len(at) != len(joined) {
			t.Fatalf("%d offsets for %d bytes", len(at), len(joined))
		}
		for i := range joined {
			if joined[i] != s[at[i]] || i > 0 && at[i] <= at[i-1] {
				t.Fatalf("byte %d: offset %d", i, at[i])
			}
		}
		for i := 1; i < len(at); i++ {
			if gap := s[at[i-1]+1 : at[i]]; strings.Trim(gap, " \t\r\n\\") != "" || !strings.Contains(gap, "\n") && gap != "" {
				t.Fatalf("left out %q", gap)
			}
		}
	})
}

// Every run is a piece of the text of at least minEncoded base64
// characters and at most two '='; decoding never panics.
func FuzzEncodedRuns(f *testing.F) {
	f.Add("creds: c2stYW50LWFwaTAzLXNhakFJeE5LdThpUzJHOE5QUlZkRDUz==\n")
	f.Add("a-b_c+d/e=f")
	f.Fuzz(func(t *testing.T, s string) {
		for _, run := range encodedRuns(s) {
			if len(run) < minEncoded || !strings.Contains(s, run) || strings.Count(run, "=") > 2 {
				t.Fatalf("run %q", run)
			}
			decodeBase64(run)
		}
	})
}

// Only the text around each joined break is read again, out to white
// space on both sides; windows that overlap are one.
func TestJoinWindows(t *testing.T) {
	far := strings.Repeat("word ", 2*splitWindow/5)
	s := far + "k=abcdefghijklmnopqrstu\nvwxyz " + far + far + "T=abcdefghijklmnopqrstu\nvw more\n"
	joined, at := joinBreaks(s, false)
	w := joinWindows(joined, at)
	assert.Len(t, w, 2)
	for _, x := range w {
		part := joined[x[0]:x[1]]
		assert.Less(t, len(part), 2*splitWindow+64)
		assert.True(t, x[0] == 0 || joined[x[0]-1] == ' ', "a window starts after white space")
	}
	assert.Contains(t, joined[w[0][0]:w[0][1]], "k=abcdefghijklmnopqrstuvwxyz")
	assert.Contains(t, joined[w[1][0]:w[1][1]], "T=abcdefghijklmnopqrstuvw")
}
