package modelserver

import (
	"encoding/json"
	"net/http"
)

// Gemini's generateContent and streamGenerateContent (POST
// /v1beta/models/<model>:…), as Gemini CLI calls them: functionCall parts
// from the model, functionResponse parts in a user message. Gemini CLI's
// side requests (the next speaker, the model router) ask for JSON with a
// schema, and get JSON that fits it.
type geminiRequest struct {
	Contents []struct {
		Role  string `json:"role"`
		Parts []struct {
			Text             string          `json:"text"`
			FunctionCall     json.RawMessage `json:"functionCall"`
			FunctionResponse json.RawMessage `json:"functionResponse"`
		} `json:"parts"`
	} `json:"contents"`
	Tools []struct {
		FunctionDeclarations []struct {
			Name string `json:"name"`
		} `json:"functionDeclarations"`
	} `json:"tools"`
	GenerationConfig struct {
		ResponseMimeType   string          `json:"responseMimeType"`
		ResponseSchema     json.RawMessage `json:"responseSchema"`
		ResponseJSONSchema json.RawMessage `json:"responseJsonSchema"`
	} `json:"generationConfig"`
}

func (s *Server) gemini(w http.ResponseWriter, body []byte, stream bool) {
	var req geminiRequest
	if err := json.Unmarshal(body, &req); err != nil {
		http.Error(w, `{"error":{"code":400,"message":"bad JSON","status":"INVALID_ARGUMENT"}}`, http.StatusBadRequest)
		return
	}
	var conv []entry
	for _, c := range req.Contents {
		e := entry{role: "user"}
		if c.Role == "model" {
			e.role = "assistant"
		}
		for _, p := range c.Parts {
			if len(p.FunctionResponse) > 0 {
				e.role = "tool"
			}
			e.text += p.Text
		}
		conv = append(conv, e)
	}
	var tools []string
	for _, t := range req.Tools {
		for _, d := range t.FunctionDeclarations {
			tools = append(tools, d.Name)
		}
	}
	step := s.answer("gemini", "generateContent", conv, tools, stream)
	var parts []map[string]any
	if gc := req.GenerationConfig; gc.ResponseMimeType == "application/json" && len(tools) == 0 {
		schema := gc.ResponseJSONSchema
		if len(schema) == 0 {
			schema = gc.ResponseSchema
		}
		out, _ := json.Marshal(fill(schema))
		step = Step{Text: string(out)}
	}
	if step.Text != "" {
		parts = append(parts, map[string]any{"text": step.Text})
	}
	for _, c := range step.Calls {
		var args any = c.Args
		if c.Args == nil {
			args = map[string]any{}
		}
		parts = append(parts, map[string]any{"functionCall": map[string]any{"name": c.Name, "args": args}})
	}
	resp := map[string]any{
		"candidates": []any{map[string]any{"index": 0, "finishReason": "STOP",
			"content": map[string]any{"role": "model", "parts": parts}}},
		"usageMetadata": map[string]any{"promptTokenCount": 10, "candidatesTokenCount": 10, "totalTokenCount": 20},
		"modelVersion":  "scripted",
	}
	if !stream {
		writeJSON(w, resp)
		return
	}
	newSSE(w).event("", resp)
}

// fill makes a minimal value that fits a JSON schema (either Gemini's
// OpenAPI subset or JSON Schema): every required property, the first of
// an enum.
func fill(raw json.RawMessage) any {
	var sc struct {
		Type       any                        `json:"type"`
		Enum       []any                      `json:"enum"`
		Properties map[string]json.RawMessage `json:"properties"`
		Required   []string                   `json:"required"`
		Items      json.RawMessage            `json:"items"`
		Minimum    *float64                   `json:"minimum"`
	}
	if json.Unmarshal(raw, &sc) != nil {
		return map[string]any{}
	}
	if len(sc.Enum) > 0 {
		return sc.Enum[0]
	}
	typ, _ := sc.Type.(string)
	switch typ {
	case "string", "STRING":
		return "scripted"
	case "boolean", "BOOLEAN":
		return false
	case "number", "integer", "NUMBER", "INTEGER":
		if sc.Minimum != nil {
			return *sc.Minimum
		}
		return 0
	case "array", "ARRAY":
		return []any{}
	}
	obj := map[string]any{}
	for _, k := range sc.Required {
		obj[k] = fill(sc.Properties[k])
	}
	return obj
}
