package transcript

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/editcore"
)

type warning struct {
	line int
	msg  string
}

// readAll collects every response and warning of a transcript.
func readAll(t testing.TB, data []byte, src Source, opt Options) ([]*Response, []warning, error) {
	t.Helper()
	var ws []warning
	opt.Warn = func(line int, msg string) { ws = append(ws, warning{line, msg}) }
	var rs []*Response
	err := Read(bytes.NewReader(data), src, opt, func(r *Response) error {
		rs = append(rs, r)
		return readBody(r)
	})
	return rs, ws, err
}

// readBody reads a streamed response's Body into its Text.
func readBody(r *Response) error {
	if r.Body == nil {
		return nil
	}
	b, err := io.ReadAll(r.Body)
	r.Text, r.Body = string(b), nil
	return err
}

func fixture(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	require.NoError(t, err)
	return b
}

// opSummary is what the tests assert about an operation.
type opSummary struct {
	Kind  editcore.Kind
	Path  string
	Group int
	Err   string // prefix of RecordedError or Problem
}

func summarize(ops []editcore.Op) []opSummary {
	out := make([]opSummary, len(ops))
	for i, o := range ops {
		msg := o.RecordedError
		if o.Kind == editcore.Malformed {
			msg = o.Problem
		}
		if len(msg) > 20 {
			msg = msg[:20]
		}
		out[i] = opSummary{o.Kind, o.Path, o.Group, msg}
	}
	return out
}

func TestDetect(t *testing.T) {
	tests := map[string]struct {
		file string
		data string
		want Source
	}{
		"raw reply":            {file: "raw.md", want: Raw},
		"markdown headings":    {file: "chat.md", want: Markdown},
		"chatgpt bold labels":  {file: "chatgpt-export.md", want: Markdown},
		"chatgpt page copied":  {file: "chatgpt-copy.txt", want: Markdown},
		"chatgpt page as md":   {file: "chatgpt-page.md", want: Markdown},
		"he said is prose":     {data: "He said:\nhi\n\nShe said:\nho\n", want: Raw},
		"llm logs":             {file: "llm-logs.md", want: Markdown},
		"specstory":            {file: "specstory.md", want: SpecStory},
		"aider":                {file: ".aider.chat.history.md", want: Aider},
		"claude code":          {file: "claude-code.jsonl", want: ClaudeCode},
		"messages api":         {file: "messages.json", want: ClaudeCode},
		"codex rollout":        {file: "rollout-2025-09-10T08-00-00-0199abc.jsonl", want: Codex},
		"openhands trajectory": {file: "openhands-trajectory.json", want: OpenHands},
		"openhands events":     {file: "openhands-events.jsonl", want: OpenHands},
		"swe-agent trajectory": {file: "swe-agent.traj", want: SWEAgent},
		"cline task":           {file: "cline-task.json", want: Cline},
		"empty":                {data: "", want: Raw},
		"binary junk":          {data: "\x00\xff\xfe{[", want: Raw},
		"aider by name only":   {data: "#### hi\n\nhello\n", want: Aider},
		"bom and crlf chat":    {data: "\ufeff## User\r\nhi\r\n\r\n## Assistant\r\nhello\r\n", want: Markdown},
		"heading in code only": {data: "text\n\n```\n## User\n## Assistant\n```\n", want: Raw},
		"truncated json list":  {data: `[{"id": 1, "source": "agent", "action": "edit", "args": {"pa`, want: OpenHands},
		"old codex rollout":    {data: `{"id":"x","timestamp":"2025-01-01","instructions":null}` + "\n" + `{"record_type":"state"}` + "\n", want: Codex},
		"codex exec --json":    {data: `{"type":"thread.started","thread_id":"t1"}` + "\n" + `{"type":"turn.started"}` + "\n", want: Codex},
		"openhands sdk, a first event cut after its kind": {data: `{"kind":"SystemPromptEvent","id":"e1","system_prompt":{"text":"` + strings.Repeat("x", 70<<10) + `"}}` + "\n", want: OpenHands},
		"codex exec --json cut":                           {data: `{"type":"turn.started"}` + "\n" + `{"type":"item.completed","item":{"id":"item_0","type":"reasoning","text":"x"}}` + "\n", want: Codex},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			data := []byte(tc.data)
			fileName := "transcript.txt"
			if tc.file != "" {
				data, fileName = fixture(t, tc.file), tc.file
			}
			if name == "aider by name only" {
				fileName = "/home/u/.aider.chat.history.md"
			}
			assert.Equal(t, tc.want, Detect(data, fileName))
		})
	}
}

func TestParseSource(t *testing.T) {
	for _, s := range Sources {
		got, err := ParseSource(" " + strings.ToUpper(string(s)) + " ")
		require.NoError(t, err)
		assert.Equal(t, s, got)
	}
	_, err := ParseSource("windsurf")
	require.Error(t, err)
	assert.Contains(t, err.Error(), `unknown transcript source "windsurf"`)
	assert.Contains(t, err.Error(), "raw, markdown, specstory, aider, claude-code, codex, openhands")

	err = Read(strings.NewReader("x"), Source("bogus"), Options{}, func(*Response) error { return nil })
	assert.ErrorContains(t, err, "unknown transcript source")
}

func TestReadText(t *testing.T) {
	type resp struct {
		Line    int
		Text    string // prefix
		Model   string
		Context []string
	}
	tests := map[string]struct {
		file string
		src  Source
		want []resp
	}{
		"raw": {file: "raw.md", src: Raw, want: []resp{{Line: 1, Text: "Here is the fix.\n\nsrc/math.py\n««« EDIT"}}},
		"markdown": {file: "chat.md", src: Markdown, want: []resp{
			{Line: 17, Text: "The bug is in `multiply`.\n", Context: []string{"src/math.py"}},
			{Line: 39, Text: "src/util.py\n««« EDIT\ndef helper():", Context: []string{"src/math.py", "src/util.py"}},
		}},
		"chatgpt export": {file: "chatgpt-export.md", src: Markdown, want: []resp{
			{Line: 7, Text: "Sure:\n\napp/main.go\n"},
			{Line: 18, Text: "Here they are.\n"},
		}},
		// "You said:" and "ChatGPT said:", as a copy of the page keeps
		// them: the block the user pasted is not a response.
		"chatgpt page copied": {file: "chatgpt-copy.txt", src: Markdown, want: []resp{
			{Line: 12, Text: "The SEARCH part does not match. Use this:\n\napp/main.go\n<<<<<<< SEARCH\n\ttmp := load()"},
			{Line: 25, Text: "Here they are.\n"},
		}},
		// The same page converted to markdown: the user's heading is an
		// h5, ChatGPT's an h6.
		"chatgpt page as md": {file: "chatgpt-page.md", src: Markdown, want: []resp{
			{Line: 7, Text: "Sure:\n\napp/main.go\n"},
			{Line: 22, Text: "You're welcome.\n"},
		}},
		"llm logs": {file: "llm-logs.md", src: Markdown, want: []resp{{Line: 11, Text: "hello.py\n", Model: "gpt-4o"}}},
		"specstory": {file: "specstory.md", src: Markdown, want: []resp{
			{Line: 13, Text: "cli.py\n««« EDIT\nparser = make_parser()", Model: "claude-4-sonnet"},
		}},
		"specstory chat reply": {file: "specstory.md", src: SpecStory, want: []resp{
			{Line: 11, Text: "cli.py\n««« EDIT\nparser = make_parser()", Model: "claude-4-sonnet"},
		}},
		"aider": {file: ".aider.chat.history.md", src: Aider, want: []resp{
			{Line: 14, Text: "The bug is that `multiply` adds. As the docs say:\n> multiply returns the product\n\nsrc/math.py\n", Model: "gpt-4o", Context: []string{"src/math.py"}},
			{Line: 37, Text: "src/util.py\n```python\n<<<<<<< SEARCH\ndef helper():\n    pass\n", Model: "gpt-4o", Context: []string{"src/util.py"}},
			{Line: 65, Text: "I see, the function body is different.", Model: "gpt-4o", Context: []string{"src/util.py"}},
			{Line: 89, Text: "It returns `None`.\n", Model: "claude-3-5-sonnet-20241022", Context: []string{}},
		}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			rs, ws, err := readAll(t, fixture(t, tc.file), tc.src, Options{})
			require.NoError(t, err)
			assert.Empty(t, ws)
			require.Len(t, rs, len(tc.want))
			for i, w := range tc.want {
				r := rs[i]
				assert.Equal(t, i+1, r.Index)
				assert.Equal(t, w.Line, r.Line, "response %d line", i+1)
				assert.True(t, strings.HasPrefix(r.Text, w.Text), "response %d text %q", i+1, r.Text)
				assert.Equal(t, w.Model, r.Model, "response %d model", i+1)
				assert.Equal(t, w.Context, r.Context, "response %d context", i+1)
				assert.NotContains(t, r.Text, "SearchReplaceNoExactMatch", "tool output is not a response")
			}
		})
	}
}

// Aider logs written on Windows: CRLF and backslashed paths.
func TestReadAiderCRLF(t *testing.T) {
	lf := fixture(t, ".aider.chat.history.md")
	crlf := bytes.ReplaceAll(lf, []byte("\n"), []byte("\r\n"))
	crlf = bytes.ReplaceAll(crlf, []byte("Added src/math.py"), []byte(`Added src\math.py`))
	want, _, err := readAll(t, lf, Aider, Options{})
	require.NoError(t, err)
	got, _, err := readAll(t, crlf, Aider, Options{})
	require.NoError(t, err)
	require.Len(t, got, len(want))
	for i := range want {
		assert.Equal(t, want[i].Text, got[i].Text)
		assert.Equal(t, want[i].Context, got[i].Context)
	}
	assert.Equal(t, []string{"src/math.py"}, got[0].Context)
}

type toolResp struct {
	Line    int
	Text    string
	Model   string
	Ops     []opSummary
	Context []string
}

func TestReadToolCalls(t *testing.T) {
	type resp = toolResp
	exists := func(p string) bool { return p == "django/utils/text.py" }
	openhands := []resp{
		{Text: "Let me look at slugify.\n\nLower-case it.\n\nRun the test.\n\nFixed slugify.", Model: "claude-3-7-sonnet-20250219",
			Ops: []opSummary{
				{Kind: editcore.Substring, Path: "django/utils/text.py"},
				{Kind: editcore.Substring, Path: "django/utils/text.py", Err: "No replacement was p"},
				{Kind: editcore.Write, Path: "tests/test_slug.py"},
				{Kind: editcore.Insert, Path: "django/utils/text.py"},
				{Kind: editcore.Malformed, Path: "django/utils/text.py", Err: "range of 400 lines e"},
			},
			Context: []string{"django/utils/text.py", "tests/test_slug.py"}},
		{Text: "Strip dashes too.", Model: "claude-3-7-sonnet-20250219",
			Ops: []opSummary{
				{Kind: editcore.ReplaceRange, Path: "django/utils/text.py"},
				{Kind: editcore.Write, Path: "/tmp/scratch.py"},
			},
			Context: []string{"django/utils/text.py", "tests/test_slug.py"}},
	}
	tests := map[string]struct {
		file  string
		src   Source
		opt   Options
		warns []int
		want  []resp
	}{
		"claude code": {file: "claude-code.jsonl", src: ClaudeCode, warns: []int{12}, want: []resp{
			{Line: 3, Text: "I'll read the file.\n\nDone.", Model: "claude-sonnet-4-20250514",
				Ops: []opSummary{
					{Kind: editcore.Substring, Path: "src/app.py"},
					{Kind: editcore.Substring, Path: "src/app.py", Group: 1, Err: "String to replace no"},
					{Kind: editcore.Substring, Path: "src/app.py", Group: 1, Err: "String to replace no"},
					{Kind: editcore.Write, Path: "docs/notes.md"},
				},
				Context: []string{"src/app.py", "docs/notes.md"}},
			{Line: 15, Model: "claude-sonnet-4-20250514",
				Ops: []opSummary{
					{Kind: editcore.Write, Path: "/etc/passwd"},
					{Kind: editcore.Malformed, Path: "nb.ipynb", Err: "notebook edits are n"},
					{Kind: editcore.Insert, Path: "src/app.py"},
				},
				Context: []string{"src/app.py", "docs/notes.md"}},
		}},
		"messages api": {file: "messages.json", src: ClaudeCode, opt: Options{Root: "/repo"}, want: []resp{
			{Line: 2, Text: "Creating it.", Model: "claude-3-7-sonnet-20250219",
				Ops: []opSummary{
					{Kind: editcore.Write, Path: "greet.py"},
					{Kind: editcore.Substring, Path: "greet.py", Err: "Error: no match"},
					{Kind: editcore.Malformed, Path: "greet.py", Err: "undo_edit is not sup"},
				},
				Context: []string{"greet.py", "README.md"}},
		}},
		"openhands trajectory":           {file: "openhands-trajectory.json", src: OpenHands, want: withLines(openhands, 3, 18)},
		"openhands events inferred root": {file: "openhands-events.jsonl", src: OpenHands, opt: Options{Exists: exists}, want: withLines(openhands, 2, 17)},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			rs, ws, err := readAll(t, fixture(t, tc.file), tc.src, tc.opt)
			require.NoError(t, err)
			var wl []int
			for _, w := range ws {
				wl = append(wl, w.line)
			}
			assert.Equal(t, tc.warns, wl)
			require.Len(t, rs, len(tc.want))
			for i, w := range tc.want {
				r := rs[i]
				assert.Equal(t, w.Line, r.Line, "response %d line", i+1)
				assert.Equal(t, w.Text, r.Text, "response %d text", i+1)
				assert.Equal(t, w.Model, r.Model, "response %d model", i+1)
				assert.Equal(t, w.Ops, summarize(r.Ops), "response %d ops", i+1)
				assert.Equal(t, w.Context, r.Context, "response %d context", i+1)
				for _, o := range r.Ops {
					assert.Equal(t, "toolcall", o.Format)
					assert.NotEmpty(t, o.Raw)
				}
			}
		})
	}
}

func withLines(rs []toolResp, lines ...int) []toolResp {
	out := append([]toolResp(nil), rs...)
	for i := range out {
		out[i].Line = lines[i]
	}
	return out
}

func TestReadToolCallDetails(t *testing.T) {
	rs, _, err := readAll(t, fixture(t, "claude-code.jsonl"), ClaudeCode, Options{})
	require.NoError(t, err)
	edit := rs[0].Ops[0]
	assert.Equal(t, "range(1, n)", edit.OldText)
	assert.Equal(t, "range(n)", edit.NewText)
	assert.True(t, rs[0].Ops[2].ReplaceAll)
	assert.Equal(t, []byte("# Notes\n"), rs[0].Ops[3].Content)
	ins := rs[1].Ops[2]
	assert.Equal(t, 0, ins.Start)
	assert.Equal(t, []string{"# header"}, ins.New)
	assert.Equal(t, "2025-07-01T10:02:00Z", rs[0].Time.Format("2006-01-02T15:04:05Z07:00"))
	assert.Equal(t, "src/app.py", rs[0].Resolve("/home/dev/proj/src/app.py"))
	assert.Equal(t, "/elsewhere/x.py", rs[0].Resolve("/elsewhere/x.py"))

	oh, _, err := readAll(t, fixture(t, "openhands-trajectory.json"), OpenHands, Options{})
	require.NoError(t, err)
	rr := oh[1].Ops[0]
	assert.Equal(t, []int{2, 2}, []int{rr.Start, rr.End})
	assert.Equal(t, []string{"    return value.lower().strip('-')"}, rr.New)
}

func TestReadCodex(t *testing.T) {
	rs, ws, err := readAll(t, fixture(t, "rollout-2025-09-10T08-00-00-0199abc.jsonl"), Codex, Options{})
	require.NoError(t, err)
	require.Len(t, ws, 1)
	assert.Equal(t, 16, ws[0].line)
	require.Len(t, rs, 2)

	type patch struct {
		Line int
		Dir  string
		File string // first path line of the patch
		Err  string
	}
	got := func(r *Response) []patch {
		var out []patch
		for _, p := range r.Patches {
			first := strings.SplitN(p.Text, "\n", 3)[1]
			e := p.RecordedError
			if len(e) > 25 {
				e = e[:25]
			}
			out = append(out, patch{p.Line, p.Dir, first, e})
		}
		return out
	}
	assert.Equal(t, "Renamed Foo to Bar.", rs[0].Text)
	assert.Equal(t, "gpt-5-codex", rs[0].Model)
	assert.Nil(t, rs[0].Context)
	assert.Equal(t, []patch{
		{9, "", "*** Update File: src/foo.py", ""},
		{11, "", "*** Update File: src/missing.py", "apply_patch verification "},
	}, got(rs[0]))
	assert.Equal(t, "Added a test.", rs[1].Text)
	assert.Equal(t, []patch{
		{19, "tests", "*** Add File: test_bar.py", ""},
		{21, "docs", "*** Update File: README.md", "Failed to find expected l"},
	}, got(rs[1]))
	assert.True(t, strings.HasSuffix(rs[1].Patches[0].Text, "*** End Patch\n"))
	assert.Equal(t, "tests/test_bar.py", rs[1].Patches[0].Resolve("test_bar.py"))
	assert.Equal(t, "src/x.py", rs[1].Patches[0].Resolve("/home/dev/svc/src/x.py"))
}

func TestShellPatch(t *testing.T) {
	p := "*** Begin Patch\n*** Add File: a\n+x\n*** End Patch\n"
	tests := map[string]struct {
		cmd       string
		want, dir string
	}{
		"argv":               {cmd: `["apply_patch", ` + quote(p) + `]`, want: p},
		"heredoc":            {cmd: `["bash","-lc",` + quote("apply_patch <<'EOF'\n"+p+"EOF\n") + `]`, want: p},
		"heredoc with cd":    {cmd: `["bash","-lc",` + quote("cd sub && apply_patch <<\"PATCH\"\n"+p+"PATCH") + `]`, want: p, dir: "sub"},
		"string command":     {cmd: quote("apply_patch <<EOF\n" + p + "EOF"), want: p},
		"unterminated":       {cmd: quote("apply_patch <<EOF\n" + p), want: p},
		"quoted argument":    {cmd: `["bash","-lc",` + quote("apply_patch '"+p+"'") + `]`, want: p},
		"not a patch":        {cmd: `["bash","-lc","cat a.py"]`},
		"echo of the marker": {cmd: `["bash","-lc","echo '*** Begin Patch'"]`},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			got, dir := shellPatch([]byte(tc.cmd))
			assert.Equal(t, tc.want, got)
			assert.Equal(t, tc.dir, dir)
		})
	}
}

func quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"', '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case '\n':
			b.WriteString(`\n`)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

func TestReadStopsOnCallbackError(t *testing.T) {
	stop := errors.New("stop")
	n := 0
	err := Read(bytes.NewReader(fixture(t, ".aider.chat.history.md")), Aider, Options{}, func(*Response) error {
		n++
		return stop
	})
	assert.ErrorIs(t, err, stop)
	assert.Equal(t, 1, n)
}

// Reading byte by byte gives what reading at once gives.
func TestReadChunked(t *testing.T) {
	for _, f := range []struct {
		file string
		src  Source
	}{
		{"chat.md", Markdown}, {".aider.chat.history.md", Aider}, {"claude-code.jsonl", ClaudeCode},
		{"messages.json", ClaudeCode}, {"rollout-2025-09-10T08-00-00-0199abc.jsonl", Codex},
		{"openhands-trajectory.json", OpenHands},
	} {
		t.Run(f.file, func(t *testing.T) {
			data := fixture(t, f.file)
			whole, _, err := readAll(t, data, f.src, Options{})
			require.NoError(t, err)
			var chunked []*Response
			err = Read(iotest.OneByteReader(bytes.NewReader(data)), f.src, Options{}, func(r *Response) error {
				chunked = append(chunked, r)
				return nil
			})
			require.NoError(t, err)
			assert.Equal(t, strip(whole), strip(chunked))
		})
	}
}

// strip drops the unexported resolvers, which testify cannot compare.
func strip(rs []*Response) []Response {
	out := make([]Response, len(rs))
	for i, r := range rs {
		out[i] = *r
		out[i].resolve = nil
		out[i].Patches = append([]Patch(nil), r.Patches...)
		for j := range out[i].Patches {
			out[i].Patches[j].resolve = nil
		}
	}
	return out
}

// Claude Code writes its own records in the model's place when the API
// fails or nothing was asked: they are no prose of the model's.
func TestClaudeCodeSyntheticRecordsAreNotProse(t *testing.T) {
	jsonl := `{"type":"user","message":{"role":"user","content":"Fix it."},"cwd":"/p"}
{"type":"assistant","message":{"role":"assistant","model":"claude-sonnet-4","content":[{"type":"text","text":"Done, multiply now multiplies."},{"type":"tool_use","id":"t1","name":"Write","input":{"file_path":"/p/a.py","content":"x = 1\n"}}]},"cwd":"/p"}
{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":"ok"}]},"cwd":"/p"}
{"type":"assistant","isApiErrorMessage":true,"message":{"role":"assistant","model":"<synthetic>","content":[{"type":"text","text":"API Error: 529 {\"type\":\"error\"}"}]},"cwd":"/p"}
{"type":"assistant","message":{"role":"assistant","model":"<synthetic>","content":[{"type":"text","text":"No response requested."}]},"cwd":"/p"}
`
	rs, _, err := readAll(t, []byte(jsonl), ClaudeCode, Options{})
	require.NoError(t, err)
	require.Len(t, rs, 1)
	assert.Equal(t, "Done, multiply now multiplies.", strings.TrimSpace(rs[0].Text))
	assert.Equal(t, "claude-sonnet-4", rs[0].Model)
}
