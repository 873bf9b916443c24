package transcript

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestReadHostile(t *testing.T) {
	good := `{"type":"assistant","message":{"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"Write","input":{"file_path":"a.txt","content":"x"}}]}}`
	tests := map[string]struct {
		src       Source
		data      string
		responses int
		warnLines []int
	}{
		"invalid utf-8 markdown":   {src: Markdown, data: "## User\n\xff\xfe\n## Assistant\nok \xc3\x28\n", responses: 1},
		"nul bytes aider":          {src: Aider, data: "#### hi\x00\n\nreply\x00 text\n", responses: 1},
		"no final newline raw":     {src: Raw, data: "one\ntwo", responses: 1},
		"bom raw":                  {src: Raw, data: "\ufeffhello\n", responses: 1},
		"truncated jsonl":          {src: ClaudeCode, data: good + "\n" + good[:40], responses: 1, warnLines: []int{2}},
		"bad first record":         {src: ClaudeCode, data: good[:30] + "\n" + good + "\n", responses: 1, warnLines: []int{1}},
		"bad record among good":    {src: Codex, data: `{"type":"session_meta","payload":{"cwd":"/r"}}` + "\n{nope\n" + `{"type":"response_item","payload":{"type":"custom_tool_call","name":"apply_patch","input":"*** Begin Patch\n*** End Patch\n","call_id":"c"}}` + "\n", responses: 1, warnLines: []int{2}},
		"wrong field types":        {src: OpenHands, data: `{"id":"x","action":5}` + "\n" + `{"id":1,"source":"agent","action":"edit","args":{"path":"/w/a","command":"create","file_text":"x"}}` + "\n", responses: 1, warnLines: []int{1}},
		"tool input of wrong type": {src: ClaudeCode, data: `{"type":"assistant","message":{"role":"assistant","content":[{"type":"tool_use","id":"t","name":"Edit","input":{"file_path":3}}]}}`, responses: 1},
		"truncated json list":      {src: OpenHands, data: `[{"id":1,"source":"agent","action":"edit","args":{"path":"/w/a","command":"create","file_text":"x"}},{"id":2,"sou`, responses: 1, warnLines: []int{2}},
		"json scalar":              {src: OpenHands, data: `"hello"`, responses: 0, warnLines: []int{1}},
		"empty":                    {src: ClaudeCode, data: "", responses: 0},
		"text fed to json reader":  {src: Codex, data: "## User\nhi\n", responses: 0, warnLines: []int{1, 1}}, // skipped, then "1 more … for the same reason"
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			rs, ws, err := readAll(t, []byte(tc.data), tc.src, Options{})
			require.NoError(t, err)
			assert.Len(t, rs, tc.responses)
			var lines []int
			for _, w := range ws {
				lines = append(lines, w.line)
			}
			assert.Equal(t, tc.warnLines, lines)
		})
	}
}

// A line longer than the cap ends a text transcript with ErrLineTooLong
// naming it (a block must never apply without one of its lines); reading
// JSONL records, the record is skipped with a warning naming it, and the
// lines around it survive.
func TestLineReaderCap(t *testing.T) {
	in := "short\n" + strings.Repeat("x", 100) + "\nafter\r\nlast"
	read := func(skip bool) (got []string, warned []int, err error) {
		lr := newLineReader(strings.NewReader(in), 10, func(line int, _ string, _ ...any) { warned = append(warned, line) })
		lr.skipLong = skip
		for {
			b, err := lr.next()
			if err == io.EOF {
				return got, warned, nil
			}
			if err != nil {
				return got, warned, &Error{Line: lr.line + 1, Err: err}
			}
			got = append(got, string(b))
		}
	}
	got, warned, err := read(false)
	require.ErrorIs(t, err, ErrLineTooLong)
	assert.Contains(t, err.Error(), "line 2: ")
	assert.Equal(t, []string{"short"}, got)
	assert.Empty(t, warned)

	got, warned, err = read(true)
	require.NoError(t, err)
	assert.Equal(t, []string{"short", "after", "last"}, got)
	assert.Equal(t, []int{2}, warned)
}

// endless yields n bytes of 'a' without holding them.
type endless struct{ n int64 }

func (e *endless) Read(p []byte) (int, error) {
	if e.n <= 0 {
		return 0, io.EOF
	}
	if int64(len(p)) > e.n {
		p = p[:e.n]
	}
	for i := range p {
		p[i] = 'a'
	}
	e.n -= int64(len(p))
	return len(p), nil
}

// A line over MaxLine in a JSONL transcript is skipped, not fatal.
func TestReadHugeLine(t *testing.T) {
	if testing.Short() {
		t.Skip("streams 70 MB")
	}
	good := `{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"hi"}]}}` + "\n"
	r := io.MultiReader(strings.NewReader(good), strings.NewReader(`{"type":"user","x":"`), &endless{n: int64(MaxLine + 1<<20)}, strings.NewReader("\"}\n"+good))
	var ws []int
	n := 0
	err := Read(r, ClaudeCode, Options{Warn: func(l int, _ string) { ws = append(ws, l) }}, func(*Response) error { n++; return nil })
	require.NoError(t, err)
	assert.Equal(t, []int{2}, ws)
	assert.Equal(t, 1, n, "the skipped user record does not split the turn")

	// A JSON list element over the cap refuses the transcript: everything
	// after it would be lost.
	r = io.MultiReader(strings.NewReader(`[{"action":"message","source":"agent","args":{"content":"`), &endless{n: int64(MaxLine + 1<<20)}, strings.NewReader(`"}}]`))
	err = Read(r, OpenHands, Options{}, func(*Response) error { return nil })
	require.ErrorIs(t, err, ErrLineTooLong)
	assert.Contains(t, err.Error(), "line 1: ")
}

// A line over MaxLine inside a block of a text transcript refuses the
// transcript, on the SEARCH side and on the REPLACE side alike: the block
// would otherwise apply without that line (a file committed short).
func TestReadHugeLineInBlock(t *testing.T) {
	if testing.Short() {
		t.Skip("streams 65 MB per case")
	}
	const head = "## User\n\nFix it.\n\n## Assistant\n\nHere.\n\na.py\n```python\n<<<<<<< SEARCH\n"
	sides := map[string][2]string{
		"search":  {head, "\n=======\nnew\n>>>>>>> REPLACE\n```\n"},
		"replace": {head + "old\n=======\n", "\n>>>>>>> REPLACE\n```\n"},
	}
	for _, src := range []Source{Markdown, Aider} {
		for side, parts := range sides {
			t.Run(string(src)+"/"+side, func(t *testing.T) {
				text := parts[0]
				if src == Aider {
					text = strings.NewReplacer("## User\n\n", "#### ", "## Assistant\n\n", "").Replace(text)
				}
				r := io.MultiReader(strings.NewReader(text), &endless{n: int64(MaxLine + 16)}, strings.NewReader(parts[1]))
				n := 0
				err := Read(r, src, Options{}, func(*Response) error { n++; return nil })
				require.ErrorIs(t, err, ErrLineTooLong)
				assert.Zero(t, n, "no response of a refused transcript is applied")
			})
		}
	}
}

func TestRawTooLarge(t *testing.T) {
	// The cap is 1 GiB; a lower one shows the same stop without
	// streaming a GiB.
	defer func(was int) { MaxResponse = was }(MaxResponse)
	MaxResponse = 64 << 20
	// Many short lines: only the response cap can stop them.
	line := bytes.Repeat([]byte("y"), 1<<20-1)
	line = append(line, '\n')
	r := io.MultiReader(repeatReader(line, MaxResponse>>20+1)...)
	err := Read(r, Raw, Options{}, func(*Response) error { return nil })
	require.Error(t, err)
	assert.ErrorIs(t, err, ErrTooLarge)
	assert.Contains(t, err.Error(), "line 65: response too large (limit 64 MiB)")
}

func repeatReader(b []byte, n int) []io.Reader {
	rs := make([]io.Reader, n)
	for i := range rs {
		rs[i] = bytes.NewReader(b)
	}
	return rs
}

// A text file read as a log of JSON records warns once, in the user's
// terms, however long it is: not once a line with Go's decoding text.
func TestSkippedRecordsWarnOnce(t *testing.T) {
	data := []byte(strings.Repeat("## Assistant\n- 1 item, `x`\nHello there.\n", 20))
	for _, src := range []Source{ClaudeCode, Codex, Gemini, Cline, SWEAgent} {
		t.Run(string(src), func(t *testing.T) {
			_, ws, err := readAll(t, data, src, Options{})
			if err != nil {
				return // a reader may refuse the input whole, which is one message too
			}
			var msgs []string
			for _, w := range ws {
				msgs = append(msgs, w.msg)
			}
			assert.LessOrEqual(t, len(msgs), 4, "%q", msgs)
			for _, m := range msgs {
				assert.NotContains(t, m, "invalid character", "Go's decoding text")
				assert.NotContains(t, m, "Go struct", "Go's decoding text")
			}
		})
	}
}
