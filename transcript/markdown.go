package transcript

import (
	"errors"
	"io"
	"regexp"
	"strings"
	"sync"
	"unsafe"
)

// Regexps are compiled on first use: package init is on every command's start-up path.
// modelLineRe reads "Model: **gpt-4o**" (llm logs) and "Model: gpt-4o".
var modelLineRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^Model:\s*\**` + "`?" + `([^*` + "`" + `\s]+)`) })

// readMarkdown splits a conversation saved as markdown into its assistant
// sections.
//
// Invariants: the first role heading fixes the document's heading style
// (level or bold) and only headings of that style start sections; headings
// inside code fences are content; text before the first heading is
// preamble; context comes only from user sections (a fenced block whose
// path is named just above it or in its info string, and /add, /drop).
func readMarkdown(r io.Reader, e *emitter) error {
	m := &mdReader{e: e, ro: newRooter(e.opt)}
	lr := newLineReader(r, MaxLine, e.warn)
	for {
		b, err := lr.next()
		if errors.Is(err, io.EOF) {
			return m.flush()
		}
		if err != nil {
			return &Error{Line: lr.line + 1, Err: err}
		}
		if err := m.line(lr.line, string(b)); err != nil {
			return err
		}
	}
}

type mdReader struct {
	e     *emitter
	ro    *rooter
	style string
	cur   role
	f     fence
	text  textBuf
	model string // from the heading or a Model: line
	ctx   fileSet
	web   webChrome // in a copied web page ("said" headings)

	prev       string // last non-blank line of a user section
	blankSince int    // blank lines since prev
}

func (m *mdReader) line(n int, s string) error {
	if !m.f.open() {
		if h, ok := parseHeading(s); ok && (m.style == "" || h.style == m.style) {
			if err := m.flush(); err != nil {
				return err
			}
			m.style, m.cur = h.style, h.role
			m.prev, m.blankSince = "", 0
			if h.model != "" {
				m.model = h.model
			}
			if h.rest == "" {
				return nil
			}
			s = h.rest
		}
	}
	isFence, info := m.f.step(s)
	switch m.cur {
	case assistantRole:
		if m.style == "said" && !m.f.open() && !isFence {
			return m.web.line(n, s, m.addText)
		}
		// A fence the copy kept: no chrome in or at it.
		if err := m.web.flush(m.addText); err != nil {
			return err
		}
		return m.addText(n, s)
	case userRole:
		m.userLine(s, isFence, info)
	default:
		if t := strings.TrimSpace(s); strings.HasPrefix(t, "Model:") {
			if mm := modelLineRe().FindStringSubmatch(t); mm != nil && !m.f.open() {
				m.model = mm[1]
			}
		}
	}
	return nil
}

// userLine gathers context from a user section.
func (m *mdReader) userLine(s string, isFence bool, info string) {
	if said, ok := aiderRequest(s); m.f.open() || isFence {
		m.e.askLine(s) // code the user pasted, whole
	} else if ok {
		m.e.askLine(said)
	}
	t := strings.TrimSpace(s)
	if t == "" {
		m.blankSince++
		return
	}
	if isFence && m.f.open() { // an opening fence
		p := pathInInfo(info)
		if p == "" && m.prev != "" && m.blankSince <= 1 {
			p = pathNear(m.prev)
		}
		if p != "" {
			m.ctx.add(slashPath(p))
		}
	}
	if !m.f.open() && !isFence {
		commandContext(&m.ctx, t)
	}
	m.prev, m.blankSince = t, 0
}

// commandContext applies aider-style /add, /read-only and /drop commands.
func commandContext(ctx *fileSet, t string) {
	f := strings.Fields(t)
	if len(f) == 0 {
		return
	}
	switch f[0] {
	case "/add", "/read-only", "/read":
		for _, p := range f[1:] {
			ctx.add(slashPath(p))
		}
	case "/drop":
		if len(f) == 1 {
			ctx.clear()
		}
		for _, p := range f[1:] {
			ctx.remove(slashPath(p))
		}
	case "/reset":
		ctx.clear()
	}
}

// addText adds a line to the assistant section's text.
func (m *mdReader) addText(n int, s string) error { return m.text.add(n, []byte(s)) }

func (m *mdReader) flush() error {
	if err := m.web.end(m.addText); err != nil {
		return err
	}
	if m.cur != assistantRole || m.text.empty() {
		m.text = textBuf{}
		return nil
	}
	pieces, text, first := m.text.takePieces()
	if pieces != nil {
		pieces = trimRulesPieces(pieces)
	} else {
		text = trimRules(text)
	}
	return m.e.emit(&Response{
		Line:    first,
		Text:    text,
		Pieces:  pieces,
		Model:   m.model,
		Context: m.ctx.snapshot(m.ro.rel),
		resolve: m.ro.rel,
	})
}

// trimRulesPieces is trimRules on a text in pieces of whole lines: the
// last piece trimmed, and the one before it once that is left empty.
func trimRulesPieces(pieces *Pieces) *Pieces {
	for {
		last := pieces.last()
		if last == nil {
			if pieces.err != nil {
				return pieces // its error is Each's
			}
			pieces.Close()
			return nil
		}
		k := len(pieces.mem) - 1
		switch t := trimRules(unsafe.String(unsafe.SliceData(last), len(last))); {
		case t == "":
			pieces.mem = pieces.mem[:k]
			continue
		case len(t) <= len(last) && t == string(last[:len(t)]):
			pieces.mem[k] = last[:len(t)]
		default:
			pieces.mem[k] = []byte(t)
		}
		return pieces
	}
}

// trimRules drops the "---" separators some exports put between messages.
func trimRules(text string) string {
	t := strings.TrimRight(text, " \t\n")
	for {
		i := strings.LastIndexByte(t, '\n')
		last := strings.TrimSpace(t[i+1:])
		if last != "---" && last != "***" && last != "___" {
			if t == "" {
				return ""
			}
			if text[len(t)] == '\n' {
				return text[:len(t)+1] // no copy of a long response
			}
			return t + "\n"
		}
		t = strings.TrimRight(t[:i+1], " \t\n")
	}
}
