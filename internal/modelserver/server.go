// Package modelserver is a scripted model server for tests: it speaks the
// wire APIs coding agents call (Anthropic Messages, OpenAI Responses and
// Chat Completions, Gemini generateContent) and answers each request with
// the next step of a script, so that an agent's real program can be driven
// headless to make known edits.
//
// Invariants: it listens only on 127.0.0.1 (port 0) and closes itself at
// its deadline; a request is answered from the script by the turn its
// conversation is in (the last user message holding a script's prompt)
// and the number of assistant answers already given in that turn, so the
// answer depends only on the request, never on the order requests come
// in (agents retry, and make side requests for titles and checks); a
// request with no tools, or in no scripted turn, gets plain text.
package modelserver

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"
)

// Call is one tool call the model makes: the tool's name as the agent
// declares it, and its arguments. Custom marks a freeform tool (OpenAI's
// custom tools, as Codex's apply_patch): Input is then sent as is.
type Call struct {
	Name   string
	Args   map[string]any
	Custom bool
	Input  string
}

// Step is one answer of the model: its text, and the tool calls it makes.
// A step without calls ends the turn.
type Step struct {
	Text  string
	Calls []Call
}

// Turn is what the model does for one prompt: the steps, one per request
// in the turn, then Final (a text that ends the turn).
type Turn struct {
	Prompt string // a user message holding this text starts the turn
	Steps  []Step
	Final  string
}

// Request is what the server saw of one request, for a test's messages.
type Request struct {
	API    string // anthropic, responses, chat, gemini
	Path   string
	Prompt string // the scripted prompt it answered, or ""
	Step   int
	Tools  []string
	Stream bool
}

// Server is a running scripted model server.
type Server struct {
	URL string // http://127.0.0.1:PORT

	mu       sync.Mutex
	turns    []Turn
	requests []Request
	srv      *http.Server
	ln       net.Listener
	timer    *time.Timer
	// SideText answers a request outside any scripted turn (titles,
	// summaries, checks); JSON-constrained requests get JSON instead.
	SideText string
}

// Start starts a server that plays the turns and closes itself after
// deadline.
func Start(deadline time.Duration, turns ...Turn) (*Server, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("modelserver: %w", err)
	}
	s := &Server{URL: "http://" + ln.Addr().String(), turns: turns, ln: ln, SideText: "ok"}
	mux := http.NewServeMux()
	mux.HandleFunc("/", s.route)
	s.srv = &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	srv := s.srv
	s.timer = time.AfterFunc(deadline, func() { _ = srv.Close() })
	go func() { _ = s.srv.Serve(ln) }()
	return s, nil
}

// Close stops the server; it may be called more than once.
func (s *Server) Close() error {
	s.timer.Stop()
	err := s.srv.Close()
	if errors.Is(err, http.ErrServerClosed) {
		return nil
	}
	return err
}

// AddTurns adds turns to the script (a test's later prompts).
func (s *Server) AddTurns(turns ...Turn) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.turns = append(s.turns, turns...)
}

// Requests returns what the server has answered so far.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// route sends a request to the API its path names.
func (s *Server) route(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 64<<20))
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	p := r.URL.Path
	switch {
	case r.Method == http.MethodGet && strings.HasSuffix(p, "/models"):
		writeJSON(w, map[string]any{"object": "list", "data": []any{}, "models": []any{}})
	case strings.HasSuffix(p, "/messages/count_tokens"):
		writeJSON(w, map[string]any{"input_tokens": 1 + len(body)/4})
	case strings.HasSuffix(p, "/messages"):
		s.anthropic(w, body)
	case strings.HasSuffix(p, "/responses"):
		s.responses(w, body)
	case strings.HasSuffix(p, "/chat/completions"):
		s.chat(w, body)
	case strings.Contains(p, ":streamGenerateContent"):
		s.gemini(w, body, true)
	case strings.Contains(p, ":generateContent"):
		s.gemini(w, body, false)
	case strings.Contains(p, ":countTokens"):
		writeJSON(w, map[string]any{"totalTokens": 1 + len(body)/4})
	default:
		// Telemetry or update checks that slipped through: answered, not
		// forwarded, so that nothing leaves the machine.
		writeJSON(w, map[string]any{})
	}
}

// entry is one message of a conversation, whatever the API: who said it
// (user, assistant, tool) and its text.
type entry struct {
	role string
	text string
}

// answer picks the step for a conversation: the turn whose prompt the
// last user message holding one names, and the number of assistant
// answers since that message.
func (s *Server) answer(api, path string, conv []entry, tools []string, stream bool) Step {
	s.mu.Lock()
	defer s.mu.Unlock()
	req := Request{API: api, Path: path, Tools: tools, Stream: stream}
	defer func() { s.requests = append(s.requests, req) }()
	if len(tools) == 0 {
		return Step{Text: s.SideText}
	}
	at, turn := -1, -1
	for i := len(conv) - 1; i >= 0 && at < 0; i-- {
		if conv[i].role != "user" {
			continue
		}
		for j, t := range s.turns {
			if strings.Contains(conv[i].text, t.Prompt) {
				at, turn = i, j
				break
			}
		}
	}
	if at < 0 {
		return Step{Text: s.SideText}
	}
	step, inAssistant := 0, false
	for _, e := range conv[at+1:] {
		if e.role == "assistant" && !inAssistant {
			step++
		}
		inAssistant = e.role == "assistant"
	}
	t := s.turns[turn]
	req.Prompt, req.Step = t.Prompt, step
	if step < len(t.Steps) {
		return t.Steps[step]
	}
	final := t.Final
	if final == "" {
		final = "Done."
	}
	return Step{Text: final}
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}

// sse writes server-sent events, flushing each.
type sse struct {
	w http.ResponseWriter
	f http.Flusher
}

func newSSE(w http.ResponseWriter) *sse {
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	f, _ := w.(http.Flusher)
	return &sse{w: w, f: f}
}

// event writes one event; an empty name writes a data-only event.
func (e *sse) event(name string, v any) {
	data, _ := json.Marshal(v)
	if name != "" {
		fmt.Fprintf(e.w, "event: %s\n", name)
	}
	fmt.Fprintf(e.w, "data: %s\n\n", data)
	if e.f != nil {
		e.f.Flush()
	}
}

func (e *sse) raw(line string) {
	fmt.Fprintf(e.w, "data: %s\n\n", line)
	if e.f != nil {
		e.f.Flush()
	}
}

// argsJSON is a call's arguments as JSON text.
func argsJSON(c Call) string {
	if c.Args == nil {
		return "{}"
	}
	b, _ := json.Marshal(c.Args)
	return string(b)
}

// textOf flattens a JSON content value (a string, or a list of parts with
// text) to its text.
func textOf(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var parts []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	if json.Unmarshal(raw, &parts) != nil {
		return ""
	}
	var b strings.Builder
	for _, p := range parts {
		if p.Text != "" {
			b.WriteString(p.Text)
			b.WriteByte('\n')
		}
	}
	return b.String()
}

var idSeq struct {
	sync.Mutex
	n int
}

// newID is a fresh id with a prefix, unique within the process.
func newID(prefix string) string {
	idSeq.Lock()
	defer idSeq.Unlock()
	idSeq.n++
	return fmt.Sprintf("%s%06d", prefix, idSeq.n)
}
