package engine

import (
	"bytes"
	"crypto/sha256"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/transcript"
)

func TestResponseDigest(t *testing.T) {
	base := &transcript.Response{Line: 12, Text: "Fix it.\n\napp.py\n```\nx\n```\n"}
	write := func(content string) *transcript.Response {
		return &transcript.Response{Line: 3, Ops: []editcore.Op{{Kind: editcore.Write, Path: "a.py", Content: []byte(content), Line: 3}}}
	}
	tests := map[string]struct {
		a, b *transcript.Response
		same bool
	}{
		"same text elsewhere in the file":  {base, &transcript.Response{Line: 40, Text: base.Text}, true},
		"trailing blanks and blank lines":  {base, &transcript.Response{Text: "\nFix it.  \n\napp.py\n```\nx\n```\n\n\n"}, true},
		"other text":                       {base, &transcript.Response{Text: "Fix it!\n"}, false},
		"same tool call at another record": {write("x\n"), &transcript.Response{Line: 9, Ops: []editcore.Op{{Kind: editcore.Write, Path: "a.py", Content: []byte("x\n"), Line: 9}}}, true},
		"other content":                    {write("x\n"), write("y\n"), false},
		"value moved between fields":       {&transcript.Response{Ops: []editcore.Op{{Kind: editcore.Substring, Path: "a", OldText: "b"}}}, &transcript.Response{Ops: []editcore.Op{{Kind: editcore.Substring, Path: "ab"}}}, false},
		"recorded failure":                 {write("x\n"), &transcript.Response{Ops: []editcore.Op{{Kind: editcore.Write, Path: "a.py", Content: []byte("x\n"), RecordedError: "denied"}}}, false},
		"patch text":                       {&transcript.Response{Patches: []transcript.Patch{{Text: "p1", Line: 2}}}, &transcript.Response{Patches: []transcript.Patch{{Text: "p1", Line: 7}}}, true},
		"patch text read in another format": {
			&transcript.Response{Patches: []transcript.Patch{{Text: "p1", Ops: []editcore.Op{{Kind: editcore.Replace, Path: "a.py"}}}}},
			&transcript.Response{Patches: []transcript.Patch{{Text: "p1", Ops: []editcore.Op{{Kind: editcore.Malformed, Problem: "not udiff"}}}}}, true},
		"prose versus tool call of the same": {&transcript.Response{Text: "a.py"}, &transcript.Response{Ops: []editcore.Op{{Kind: editcore.Write, Path: "a.py"}}}, false},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			a, b := responseDigest(tt.a), responseDigest(tt.b)
			require.Regexp(t, `^sha256:[0-9a-f]{64}$`, a)
			assert.Equal(t, tt.same, a == b)
		})
	}
}

func TestRecordedDigestsTakeOnce(t *testing.T) {
	var d recordedDigests
	// Walked newest first: c3 (digest x), c2 (y), c1 (x).
	d.note("log.md", "x", "c3", "sha256:b", 3)
	d.note("log.md", "y", "c2", "sha256:a", 2)
	d.note("log.md", "x", "c1", "sha256:a", 1)
	d.mark("c2") // recognised by its number

	c, ok := d.take("log.md", "x")
	require.True(t, ok)
	assert.Equal(t, "c1", c, "the oldest first")
	c, ok = d.take("log.md", "x")
	require.True(t, ok)
	assert.Equal(t, "c3", c)
	_, ok = d.take("log.md", "x")
	assert.False(t, ok, "each commit stands for one response")
	_, ok = d.take("log.md", "y")
	assert.False(t, ok, "taken by number already")
	_, ok = d.take("other.md", "x")
	assert.False(t, ok, "another transcript's")
	_, ok = d.take("log.md", "")
	assert.False(t, ok)
}

// normalizedText is the text field's definition, as it was computed
// before textField hashed it without a copy.
func normalizedText(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \t\r")
	}
	return strings.Trim(strings.Join(lines, "\n"), "\n")
}

// textField hashes exactly what field does of normalizedText: digests
// recorded on branches must keep matching.
func FuzzTextField(f *testing.F) {
	for _, s := range []string{"", "\n", "a", "\n\n  a \t\r\n\n b\n\n", "x\r\ny \n\n\n", " \n\t\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, b := sha256.New(), sha256.New()
		textField(a, s)
		field(b, "text", normalizedText(s))
		if !bytes.Equal(a.Sum(nil), b.Sum(nil)) {
			t.Fatalf("textField(%q) differs from field(normalizedText)", s)
		}
	})
}

// The digest of a response's text makes no copy of it: a response of a
// million blocks is 70 MB of text, and its normalized copy and slice of
// lines took three times that again (the peak of a run).
func TestTextFieldDoesNotCopy(t *testing.T) {
	text := strings.Repeat("a.txt\n```\n<<<<<<< SEARCH\nnot there  \n=======\nx\n>>>>>>> REPLACE\n```\n\n", 100000)
	h := sha256.New()
	allocs := testing.AllocsPerRun(3, func() { textField(h, text) })
	assert.LessOrEqual(t, allocs, float64(10), "textField allocates per line")
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	textField(h, text)
	runtime.ReadMemStats(&after)
	assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(len(text)/10), "textField copies the text")
}

// A long response's text in pieces (transcript.Response.Pieces, whole
// lines each) digests as the same text whole: a response recorded before
// it was read in pieces is still recognised.
func FuzzDigestPieces(f *testing.F) {
	for _, s := range []string{"a\n", "a\n\n  b \t\r\n\n c\n", "\n\nx\r\ny \n\n\n", "a.txt\n```\n<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPLACE\n```\n"} {
		f.Add(s, uint64(0))
		f.Add(s, uint64(0x5555))
	}
	f.Fuzz(func(t *testing.T, s string, cuts uint64) {
		if !strings.HasSuffix(s, "\n") {
			s += "\n"
		}
		var pieces [][]byte
		start := 0
		for i := 0; i < len(s); i++ {
			if s[i] == '\n' && (cuts>>(i%64)&1 == 1 || i == len(s)-1) {
				pieces = append(pieces, []byte(s[start:i+1]))
				start = i + 1
			}
		}
		whole := responseDigest(&transcript.Response{Text: s})
		inPieces := responseDigest(&transcript.Response{Pieces: transcript.PiecesOf(pieces...)})
		if whole != inPieces {
			t.Fatalf("%q in %d pieces digests as %s, whole as %s", s, len(pieces), inPieces, whole)
		}
	})
}
