package modelserver

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

// FuzzRequest: whatever an agent sends, to any of the APIs, the server
// answers without a panic, with a status and a body.
func FuzzRequest(f *testing.F) {
	f.Add("/v1/messages", []byte(`{"stream":true,"tools":[{"name":"Write"}],"messages":[{"role":"user","content":"make hello.txt"}]}`))
	f.Add("/v1/messages", []byte(`{"messages":[{"role":"user","content":[{"type":"tool_result"}]},{"role":"assistant","content":null}]}`))
	f.Add("/v1/responses", []byte(`{"stream":true,"tools":[{"type":"custom","name":"apply_patch"}],"input":[{"type":"message","role":"user","content":[{"type":"input_text","text":"make hello.txt"}]},{"type":"function_call"}]}`))
	f.Add("/v1/chat/completions", []byte(`{"stream":true,"tools":[{"function":{"name":"w"}}],"messages":[{"role":"user","content":[{"type":"text","text":"make hello.txt"}]}]}`))
	f.Add("/v1beta/models/m:streamGenerateContent", []byte(`{"contents":[{"role":"user","parts":[{"functionResponse":{}}]}],"generationConfig":{"responseMimeType":"application/json","responseSchema":{"type":"OBJECT","required":["a"],"properties":{"a":{"enum":[1]}}}}}`))
	f.Add("/v1beta/models/m:generateContent", []byte(`{"generationConfig":{"responseMimeType":"application/json","responseJsonSchema":{"required":["x"],"properties":{"x":{"type":"object","required":["x"]}}}}}`))
	s := &Server{turns: []Turn{script}, SideText: "ok", timer: time.NewTimer(time.Hour)}
	f.Fuzz(func(t *testing.T, path string, body []byte) {
		if len(path) == 0 || path[0] != '/' {
			path = "/" + path
		}
		req, err := http.NewRequest(http.MethodPost, "http://127.0.0.1"+path, bytes.NewReader(body))
		if err != nil {
			return
		}
		w := httptest.NewRecorder()
		s.route(w, req)
		if w.Code == 0 {
			t.Fatal("no status")
		}
	})
}
