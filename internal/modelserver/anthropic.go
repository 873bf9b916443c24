package modelserver

import (
	"encoding/json"
	"net/http"
)

// The Anthropic Messages API (POST /v1/messages), as Claude Code calls it:
// a user message whose blocks are tool_result answers tool calls.
type anthropicRequest struct {
	Model    string `json:"model"`
	Stream   bool   `json:"stream"`
	Messages []struct {
		Role    string          `json:"role"`
		Content json.RawMessage `json:"content"`
	} `json:"messages"`
	Tools []struct {
		Name string `json:"name"`
	} `json:"tools"`
}

func (s *Server) anthropic(w http.ResponseWriter, body []byte) {
	var req anthropicRequest
	if err := json.Unmarshal(body, &req); err != nil {
		http.Error(w, `{"type":"error","error":{"type":"invalid_request_error","message":"bad JSON"}}`, http.StatusBadRequest)
		return
	}
	var conv []entry
	for _, m := range req.Messages {
		role := m.Role
		var blocks []struct {
			Type string `json:"type"`
		}
		if json.Unmarshal(m.Content, &blocks) == nil {
			for _, b := range blocks {
				if b.Type == "tool_result" {
					role = "tool"
				}
			}
		}
		conv = append(conv, entry{role: role, text: textOf(m.Content)})
	}
	var tools []string
	for _, t := range req.Tools {
		tools = append(tools, t.Name)
	}
	step := s.answer("anthropic", "/v1/messages", conv, tools, req.Stream)
	model := req.Model
	if model == "" {
		model = "scripted"
	}
	id := newID("msg_")
	stop := "end_turn"
	if len(step.Calls) > 0 {
		stop = "tool_use"
	}
	var content []map[string]any
	if step.Text != "" {
		content = append(content, map[string]any{"type": "text", "text": step.Text})
	}
	for _, c := range step.Calls {
		var input any = c.Args
		if c.Args == nil {
			input = map[string]any{}
		}
		content = append(content, map[string]any{"type": "tool_use", "id": newID("toolu_"), "name": c.Name, "input": input})
	}
	usage := map[string]any{"input_tokens": 10, "output_tokens": 10, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0}
	if !req.Stream {
		writeJSON(w, map[string]any{"id": id, "type": "message", "role": "assistant", "model": model,
			"content": content, "stop_reason": stop, "stop_sequence": nil, "usage": usage})
		return
	}
	e := newSSE(w)
	e.event("message_start", map[string]any{"type": "message_start", "message": map[string]any{
		"id": id, "type": "message", "role": "assistant", "model": model, "content": []any{},
		"stop_reason": nil, "stop_sequence": nil, "usage": usage}})
	for i, b := range content {
		start := map[string]any{}
		for k, v := range b {
			start[k] = v
		}
		var delta map[string]any
		if b["type"] == "text" {
			start["text"] = ""
			delta = map[string]any{"type": "text_delta", "text": b["text"]}
		} else {
			start["input"] = map[string]any{}
			in, _ := json.Marshal(b["input"])
			delta = map[string]any{"type": "input_json_delta", "partial_json": string(in)}
		}
		e.event("content_block_start", map[string]any{"type": "content_block_start", "index": i, "content_block": start})
		e.event("content_block_delta", map[string]any{"type": "content_block_delta", "index": i, "delta": delta})
		e.event("content_block_stop", map[string]any{"type": "content_block_stop", "index": i})
	}
	e.event("message_delta", map[string]any{"type": "message_delta",
		"delta": map[string]any{"stop_reason": stop, "stop_sequence": nil}, "usage": map[string]any{"output_tokens": 10}})
	e.event("message_stop", map[string]any{"type": "message_stop"})
}
