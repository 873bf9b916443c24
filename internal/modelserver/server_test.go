package modelserver

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var script = Turn{
	Prompt: "make hello.txt",
	Steps: []Step{
		{Text: "Writing it.", Calls: []Call{{Name: "Write", Args: map[string]any{"file_path": "hello.txt", "content": "hi\n"}}}},
		{Calls: []Call{{Name: "apply_patch", Custom: true, Input: "*** Begin Patch\n*** End Patch\n"}}},
	},
	Final: "All done.",
}

func post(t *testing.T, url string, body any) string {
	t.Helper()
	b, err := json.Marshal(body)
	require.NoError(t, err)
	resp, err := http.Post(url, "application/json", bytes.NewReader(b))
	require.NoError(t, err)
	defer resp.Body.Close()
	out, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, resp.StatusCode, string(out))
	return string(out)
}

// events returns the data lines of a server-sent event stream, decoded.
func events(t *testing.T, stream string) []map[string]any {
	t.Helper()
	var out []map[string]any
	sc := bufio.NewScanner(strings.NewReader(stream))
	for sc.Scan() {
		line, ok := strings.CutPrefix(sc.Text(), "data: ")
		if !ok || line == "[DONE]" {
			continue
		}
		var m map[string]any
		require.NoError(t, json.Unmarshal([]byte(line), &m), line)
		out = append(out, m)
	}
	return out
}

func TestAPIs(t *testing.T) {
	s, err := Start(time.Minute, script)
	require.NoError(t, err)
	defer s.Close()
	require.True(t, strings.HasPrefix(s.URL, "http://127.0.0.1:"), s.URL)

	tests := map[string]struct {
		path string
		body any
		want []string // substrings of the answer (JSON keys come in any order)
	}{
		"anthropic first step": {
			path: "/v1/messages",
			body: map[string]any{"model": "m", "tools": []any{map[string]any{"name": "Write"}},
				"messages": []any{map[string]any{"role": "user", "content": []any{map[string]any{"type": "text", "text": "<reminder/>"}, map[string]any{"type": "text", "text": "please make hello.txt"}}}}},
			want: []string{`"stop_reason":"tool_use"`, `"name":"Write"`, `"file_path":"hello.txt"`},
		},
		"anthropic streamed second step": {
			path: "/v1/messages",
			body: map[string]any{"model": "m", "stream": true, "tools": []any{map[string]any{"name": "Write"}},
				"messages": []any{
					map[string]any{"role": "user", "content": "make hello.txt"},
					map[string]any{"role": "assistant", "content": []any{map[string]any{"type": "tool_use", "id": "a", "name": "Write", "input": map[string]any{}}}},
					map[string]any{"role": "user", "content": []any{map[string]any{"type": "tool_result", "tool_use_id": "a", "content": "ok"}}},
				}},
			want: []string{"event: message_start", `"name":"apply_patch"`, "event: message_stop"},
		},
		"anthropic after the steps": {
			path: "/v1/messages",
			body: map[string]any{"tools": []any{map[string]any{"name": "Write"}}, "messages": []any{
				map[string]any{"role": "user", "content": "make hello.txt"},
				map[string]any{"role": "assistant", "content": "x"}, map[string]any{"role": "user", "content": []any{map[string]any{"type": "tool_result"}}},
				map[string]any{"role": "assistant", "content": "y"}, map[string]any{"role": "user", "content": []any{map[string]any{"type": "tool_result"}}},
			}},
			want: []string{`"text":"All done."`, `"stop_reason":"end_turn"`},
		},
		"anthropic side request without tools": {
			path: "/v1/messages",
			body: map[string]any{"messages": []any{map[string]any{"role": "user", "content": "make hello.txt"}}},
			want: []string{`"text":"ok"`},
		},
		"count tokens": {
			path: "/v1/messages/count_tokens",
			body: map[string]any{"messages": []any{}},
			want: []string{`"input_tokens"`},
		},
		"responses streamed": {
			path: "/v1/responses",
			body: map[string]any{"model": "gpt", "stream": true, "tools": []any{map[string]any{"type": "custom", "name": "apply_patch"}},
				"input": []any{
					map[string]any{"type": "message", "role": "developer", "content": []any{map[string]any{"type": "input_text", "text": "make hello.txt"}}},
					map[string]any{"type": "message", "role": "user", "content": []any{map[string]any{"type": "input_text", "text": "make hello.txt"}}},
					map[string]any{"type": "function_call", "name": "Write", "arguments": "{}", "call_id": "1"},
					map[string]any{"type": "function_call_output", "call_id": "1", "output": "ok"},
				}},
			want: []string{"event: response.created", `"type":"custom_tool_call"`, `*** Begin Patch`, "event: response.completed"},
		},
		"chat streamed": {
			path: "/v1/chat/completions",
			body: map[string]any{"model": "gpt", "stream": true, "tools": []any{map[string]any{"type": "function", "function": map[string]any{"name": "Write"}}},
				"messages": []any{map[string]any{"role": "system", "content": "x"}, map[string]any{"role": "user", "content": "make hello.txt"}}},
			want: []string{`"tool_calls"`, `"name":"Write"`, `"finish_reason":"tool_calls"`, "data: [DONE]"},
		},
		"gemini": {
			path: "/v1beta/models/gemini-2.5-pro:generateContent",
			body: map[string]any{"tools": []any{map[string]any{"functionDeclarations": []any{map[string]any{"name": "write_file"}}}},
				"contents": []any{map[string]any{"role": "user", "parts": []any{map[string]any{"text": "make hello.txt"}}}}},
			want: []string{`"functionCall"`, `"name":"Write"`},
		},
		"gemini streamed, a tool result is no prompt": {
			path: "/v1beta/models/gemini-2.5-pro:streamGenerateContent?alt=sse",
			body: map[string]any{"tools": []any{map[string]any{"functionDeclarations": []any{map[string]any{"name": "write_file"}}}},
				"contents": []any{
					map[string]any{"role": "user", "parts": []any{map[string]any{"text": "make hello.txt"}}},
					map[string]any{"role": "model", "parts": []any{map[string]any{"functionCall": map[string]any{"name": "Write"}}}},
					map[string]any{"role": "user", "parts": []any{map[string]any{"functionResponse": map[string]any{"name": "Write"}}}},
				}},
			want: []string{"data: ", `"name":"apply_patch"`},
		},
		"gemini JSON side request fits its schema": {
			path: "/v1beta/models/flash:generateContent",
			body: map[string]any{"contents": []any{map[string]any{"role": "user", "parts": []any{map[string]any{"text": "who speaks next"}}}},
				"generationConfig": map[string]any{"responseMimeType": "application/json", "responseJsonSchema": map[string]any{
					"type": "object", "required": []any{"reasoning", "next_speaker"},
					"properties": map[string]any{"reasoning": map[string]any{"type": "string"}, "next_speaker": map[string]any{"type": "string", "enum": []any{"user", "model"}}}}}},
			want: []string{`\"next_speaker\":\"user\"`},
		},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			got := post(t, s.URL+tt.path, tt.body)
			for _, w := range tt.want {
				assert.Contains(t, got, w)
			}
		})
	}
}

func TestStreamsDecode(t *testing.T) {
	s, err := Start(time.Minute, script)
	require.NoError(t, err)
	defer s.Close()
	out := post(t, s.URL+"/v1/messages", map[string]any{"stream": true, "tools": []any{map[string]any{"name": "Write"}},
		"messages": []any{map[string]any{"role": "user", "content": "make hello.txt"}}})
	evs := events(t, out)
	var types []string
	for _, e := range evs {
		types = append(types, e["type"].(string))
	}
	assert.Equal(t, []string{"message_start",
		"content_block_start", "content_block_delta", "content_block_stop",
		"content_block_start", "content_block_delta", "content_block_stop",
		"message_delta", "message_stop"}, types)
	// The tool's input arrives whole in one input_json_delta.
	delta := evs[5]["delta"].(map[string]any)
	var in map[string]any
	require.NoError(t, json.Unmarshal([]byte(delta["partial_json"].(string)), &in))
	assert.Equal(t, "hello.txt", in["file_path"])

	reqs := s.Requests()
	require.Len(t, reqs, 1)
	assert.Equal(t, Request{API: "anthropic", Path: "/v1/messages", Prompt: "make hello.txt", Step: 0, Tools: []string{"Write"}, Stream: true}, reqs[0])
}

func TestStopsByItself(t *testing.T) {
	s, err := Start(100*time.Millisecond, script)
	require.NoError(t, err)
	// Asked until it no longer answers, not once after a guess at when
	// its deadline has passed; a minute is a hang guard.
	c := http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{DisableKeepAlives: true}}
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(20 * time.Millisecond) {
		resp, err := c.Get(s.URL + "/v1/models")
		if err != nil {
			break
		}
		resp.Body.Close()
		require.True(t, time.Now().Before(deadline), "the server still answers a minute after its deadline of 100ms")
	}
	require.NoError(t, s.Close())
}

func TestFill(t *testing.T) {
	tests := map[string]struct {
		schema string
		want   string
	}{
		"enum":          {`{"type":"string","enum":["flash","pro"]}`, `"flash"`},
		"gemini object": {`{"type":"OBJECT","properties":{"a":{"type":"BOOLEAN"},"b":{"type":"STRING"}},"required":["a"]}`, `{"a":false}`},
		"nested":        {`{"type":"object","properties":{"o":{"type":"object","properties":{"n":{"type":"integer"}},"required":["n"]}},"required":["o"]}`, `{"o":{"n":0}}`},
		"a minimum":     {`{"type":"object","properties":{"complexity_score":{"type":"integer","minimum":1}},"required":["complexity_score"]}`, `{"complexity_score":1}`},
		"not a schema":  {`[1]`, `{}`},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			got, err := json.Marshal(fill(json.RawMessage(tt.schema)))
			require.NoError(t, err)
			assert.JSONEq(t, tt.want, string(got))
		})
	}
}
