package modelserver

import (
	"encoding/json"
	"net/http"
	"time"
)

// The OpenAI Responses API (POST /v1/responses), as Codex calls it: input
// items, function_call and custom_tool_call outputs.
type responsesRequest struct {
	Model  string            `json:"model"`
	Stream bool              `json:"stream"`
	Input  []json.RawMessage `json:"input"`
	Tools  []struct {
		Type string `json:"type"`
		Name string `json:"name"`
	} `json:"tools"`
}

func (s *Server) responses(w http.ResponseWriter, body []byte) {
	var req responsesRequest
	if err := json.Unmarshal(body, &req); err != nil {
		http.Error(w, `{"error":{"message":"bad JSON"}}`, http.StatusBadRequest)
		return
	}
	var conv []entry
	for _, raw := range req.Input {
		var it struct {
			Type    string          `json:"type"`
			Role    string          `json:"role"`
			Content json.RawMessage `json:"content"`
		}
		if json.Unmarshal(raw, &it) != nil {
			continue
		}
		switch it.Type {
		case "message", "":
			role := it.Role
			if role == "developer" || role == "system" {
				continue
			}
			conv = append(conv, entry{role: role, text: textOf(it.Content)})
		case "function_call_output", "custom_tool_call_output", "local_shell_call_output":
			conv = append(conv, entry{role: "tool"})
		case "function_call", "custom_tool_call", "local_shell_call":
			conv = append(conv, entry{role: "assistant"})
		}
	}
	var tools []string
	for _, t := range req.Tools {
		name := t.Name
		if name == "" {
			name = t.Type
		}
		tools = append(tools, name)
	}
	step := s.answer("responses", "/v1/responses", conv, tools, req.Stream)
	var output []map[string]any
	if step.Text != "" {
		output = append(output, map[string]any{"type": "message", "id": newID("msg_"), "role": "assistant", "status": "completed",
			"content": []any{map[string]any{"type": "output_text", "text": step.Text, "annotations": []any{}}}})
	}
	for _, c := range step.Calls {
		if c.Custom {
			output = append(output, map[string]any{"type": "custom_tool_call", "id": newID("ctc_"), "call_id": newID("call_"),
				"name": c.Name, "input": c.Input, "status": "completed"})
			continue
		}
		output = append(output, map[string]any{"type": "function_call", "id": newID("fc_"), "call_id": newID("call_"),
			"name": c.Name, "arguments": argsJSON(c), "status": "completed"})
	}
	resp := map[string]any{"id": newID("resp_"), "object": "response", "created_at": time.Now().Unix(), "status": "completed",
		"model": req.Model, "output": output, "usage": map[string]any{
			"input_tokens": 10, "output_tokens": 10, "total_tokens": 20,
			"input_tokens_details": map[string]any{"cached_tokens": 0}, "output_tokens_details": map[string]any{"reasoning_tokens": 0}}}
	if !req.Stream {
		writeJSON(w, resp)
		return
	}
	e := newSSE(w)
	created := map[string]any{"id": resp["id"], "object": "response", "status": "in_progress", "model": req.Model, "output": []any{}}
	e.event("response.created", map[string]any{"type": "response.created", "response": created})
	for i, it := range output {
		e.event("response.output_item.added", map[string]any{"type": "response.output_item.added", "output_index": i, "item": it})
		if it["type"] == "message" {
			e.event("response.output_text.delta", map[string]any{"type": "response.output_text.delta", "output_index": i,
				"content_index": 0, "item_id": it["id"], "delta": step.Text})
		}
		e.event("response.output_item.done", map[string]any{"type": "response.output_item.done", "output_index": i, "item": it})
	}
	e.event("response.completed", map[string]any{"type": "response.completed", "response": resp})
}

// The OpenAI Chat Completions API (POST /v1/chat/completions), as
// OpenAI-compatible providers are called (OpenCode, Qwen Code): tool
// calls in choices[0].message, results as role "tool".
type chatRequest struct {
	Model    string `json:"model"`
	Stream   bool   `json:"stream"`
	Messages []struct {
		Role    string          `json:"role"`
		Content json.RawMessage `json:"content"`
	} `json:"messages"`
	Tools []struct {
		Function struct {
			Name string `json:"name"`
		} `json:"function"`
	} `json:"tools"`
}

func (s *Server) chat(w http.ResponseWriter, body []byte) {
	var req chatRequest
	if err := json.Unmarshal(body, &req); err != nil {
		http.Error(w, `{"error":{"message":"bad JSON"}}`, http.StatusBadRequest)
		return
	}
	var conv []entry
	for _, m := range req.Messages {
		if m.Role == "system" || m.Role == "developer" {
			continue
		}
		conv = append(conv, entry{role: m.Role, text: textOf(m.Content)})
	}
	var tools []string
	for _, t := range req.Tools {
		tools = append(tools, t.Function.Name)
	}
	step := s.answer("chat", "/v1/chat/completions", conv, tools, req.Stream)
	var calls []map[string]any
	for i, c := range step.Calls {
		calls = append(calls, map[string]any{"index": i, "id": newID("call_"), "type": "function",
			"function": map[string]any{"name": c.Name, "arguments": argsJSON(c)}})
	}
	finish := "stop"
	if len(calls) > 0 {
		finish = "tool_calls"
	}
	id, now := newID("chatcmpl-"), time.Now().Unix()
	usage := map[string]any{"prompt_tokens": 10, "completion_tokens": 10, "total_tokens": 20}
	if !req.Stream {
		msg := map[string]any{"role": "assistant", "content": step.Text}
		if len(calls) > 0 {
			msg["tool_calls"] = calls
		}
		writeJSON(w, map[string]any{"id": id, "object": "chat.completion", "created": now, "model": req.Model,
			"choices": []any{map[string]any{"index": 0, "message": msg, "finish_reason": finish}}, "usage": usage})
		return
	}
	e := newSSE(w)
	chunk := func(delta map[string]any, finish any, usage any) {
		c := map[string]any{"id": id, "object": "chat.completion.chunk", "created": now, "model": req.Model,
			"choices": []any{map[string]any{"index": 0, "delta": delta, "finish_reason": finish}}}
		if usage != nil {
			c["usage"] = usage
		}
		e.event("", c)
	}
	chunk(map[string]any{"role": "assistant", "content": ""}, nil, nil)
	if step.Text != "" {
		chunk(map[string]any{"content": step.Text}, nil, nil)
	}
	if len(calls) > 0 {
		chunk(map[string]any{"tool_calls": calls}, nil, nil)
	}
	chunk(map[string]any{}, finish, usage)
	e.raw("[DONE]")
}
