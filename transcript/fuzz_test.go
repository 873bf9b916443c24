package transcript

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/require"
)

// fuzzSeeds adds every fixture of the given extensions.
func fuzzSeeds(f *testing.F, exts ...string) {
	for _, ext := range exts {
		names, _ := filepath.Glob(filepath.Join("testdata", "*"+ext))
		dot, _ := filepath.Glob(filepath.Join("testdata", ".*"+ext))
		for _, n := range append(names, dot...) {
			b, err := os.ReadFile(n)
			if err == nil {
				f.Add(b)
			}
		}
	}
}

// readBoth reads data at once and byte by byte; the results must agree.
func readBoth(t *testing.T, data []byte, src Source) {
	opt := Options{Root: "/r", Exists: func(p string) bool { return len(p)%3 == 0 }}
	whole, _, err1 := readAll(t, data, src, opt)
	var chunked []*Response
	err2 := Read(iotest.OneByteReader(bytes.NewReader(data)), src, opt, func(r *Response) error {
		chunked = append(chunked, r)
		return readBody(r)
	})
	require.Equal(t, err1 == nil, err2 == nil)
	require.Equal(t, strip(whole), strip(chunked))
	for i, r := range whole {
		require.Equal(t, i+1, r.Index)
	}
}

// FuzzReadText: the line-based sources never panic and do not depend on
// how the input is chunked.
func FuzzReadText(f *testing.F) {
	fuzzSeeds(f, ".md")
	f.Add([]byte("## User\n```\n## Assistant\n"))
	f.Add([]byte("#### a\n> b\n\nc\r\n> d\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, src := range []Source{Raw, Markdown, Aider} {
			readBoth(t, data, src)
		}
		_ = Detect(data, "x.md")
	})
}

// FuzzReadJSON: the JSON sources never panic and do not depend on chunking.
func FuzzReadJSON(f *testing.F) {
	fuzzSeeds(f, ".jsonl", ".json", ".traj")
	f.Add([]byte(`[{"action":"edit","args":{"path":"/workspace/a/b","command":"insert","insert_line":"x"}}]`))
	f.Add([]byte(`{"messages":[{"role":"assistant","content":"hi"}]}`))
	f.Add([]byte("{\"messages\":[{\"role\":\"assistant\",\"content\":\"a\"}]}\n\n{\"messages\":[]}\n"))
	f.Add([]byte(`{"type":"response_item","payload":{"type":"function_call","name":"exec_command","arguments":"{\"cmd\":\"rm a\"}","call_id":"c"}}
{"type":"response_item","payload":{"type":"function_call_output","call_id":"c","output":"Chunk ID: x\nWall time: 1 seconds\nProcess running with session ID 4\nOutput:\n"}}
{"type":"response_item","payload":{"type":"function_call","name":"write_stdin","arguments":"{\"session_id\":4}","call_id":"w"}}
{"type":"response_item","payload":{"type":"function_call_output","call_id":"w","output":"Wall time: 1 seconds\nProcess exited with code 1\nOutput:\nno"}}
`))
	f.Add([]byte(`[{"type":"system","subtype":"init","cwd":"/p"},{"type":"user","message":{"role":"user","content":"x"},"parent_tool_use_id":"t"},{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"y"}]},"parent_tool_use_id":null}]`))
	f.Add([]byte(`{"type":"assistant","sessionId":"s","message":{"role":"assistant","content":[{"type":"tool_use","id":"t","name":"Task","input":{}}]}}` + "\n" + `{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t","content":"ok"}]},"toolUseResult":{"agentId":"a1"}}` + "\n"))
	f.Add([]byte(`{"type":"thread.started","thread_id":"t"}` + "\n" + `{"type":"item.completed","item":{"id":"i","type":"file_change","changes":[]}}` + "\n"))
	f.Add([]byte(`{"sessionId":"s","projectHash":"h",""messages":[{"type":"user","content":"x"},{"type":"gemini","content":[{"text":"t"}],"toolCalls":[{"name":"replace","args":{"file_path":"/a/b","old_string":"x","new_string":"y","expected_replacements":"2"},"status":"error"}]}]}`))
	f.Add([]byte(`{"type":"init","session_id":"s","model":"m"}` + "\n" + `{"type":"tool_use","tool_name":"replace","tool_id":"r","parameters":{"file_path":"/a/b","old_string":"x","new_string":"y"}}` + "\n" + `{"type":"tool_result","tool_id":"r","status":"error","error":{"message":"no"}}` + "\n"))
	f.Add([]byte(`{"type":"session.start","data":{"context":{"cwd":"/p"}}}` + "\n" + `{"type":"tool.execution_start","data":{"toolCallId":"a","toolName":"edit","arguments":{"path":"/p/x","old_str":"a","new_str":"b"}}}` + "\n" + `{"type":"tool.execution_complete","data":{"toolCallId":"a","success":true}}` + "\n"))
	f.Add([]byte(`{"info":{"directory":"/p"},"messages":[{"info":{"role":"assistant"},"parts":[{"type":"tool","tool":"edit","state":{"status":"completed","input":{"filePath":"/p/a","oldString":"x","newString":"y"}}}]}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, src := range Sources {
			if src.Records() {
				readBoth(t, data, src)
			}
		}
		_ = Detect(data, "x.jsonl")
	})
}
