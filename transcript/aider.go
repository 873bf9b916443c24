package transcript

import (
	"errors"
	"io"
	"regexp"
	"strings"
	"sync"
	"time"
)

// aiderStartPrefix begins the line that starts an aider session.
const aiderStartPrefix = "# aider chat started at "

// isAiderStart reports the line that starts an aider session; a line
// without its prefix needs no regexp (compiling one is start-up cost).
func isAiderStart(t string) bool {
	return strings.HasPrefix(t, aiderStartPrefix) && aiderStartRe().MatchString(t)
}

var (
	// Regexps are compiled on first use: package init is on every command's start-up path.
	aiderStartRe = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^` + aiderStartPrefix + `(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)`)
	})
	aiderModelRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(?:Main model|Model):\s+(\S+)`) })
	// aiderFailedRe starts aider's report of SEARCH/REPLACE blocks that did
	// not match, which quotes the failed blocks.
	aiderFailedRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^# \d+ SEARCH/REPLACE blocks? failed to match!`) })
)

// readAider splits an .aider.chat.history.md log into assistant replies.
//
// Invariants (aider's io.py writes the log): "# aider chat started at"
// starts a session; "#### " lines are the user's input and "> " lines tool
// output, each only at the start of a line that follows a blank line, the
// start of the log, or a line of its own kind; everything else is the
// assistant's. A reply ends at the next user line or tool-output block, so
// a reflection (the model's retry after an error report) is its own
// response, and a failed block quoted in the report is never an edit.
//
// Two structures override the line prefixes. A "#### " line that names a
// path and is directly followed by a fence or a SEARCH marker is the
// model's heading for its edit block (aider writes a user line, however
// long, as "#### " lines followed by a blank one). And aider's report of
// failed blocks ("# 1 SEARCH/REPLACE block failed to match!", then
// "## SearchReplaceNoExactMatch: ..." and the quoted block) is tool output
// to its end ("The SEARCH section must exactly match ...", and the "# The
// other N ... were applied successfully" paragraph), whether each of its
// lines is quoted with "> " (recent aider) or only the first (older aider).
// A line right after a tool-output line, with no blank line between, is
// the rest of that tool message: aider writes a blank line before every
// reply.
//
// A reply is emitted only when the tool output after it ends (at the next
// user line, reply or session), so that the edits aider reports applying
// there count as in context for it (aider_chat.go reads the chat's files).
func readAider(r io.Reader, e *emitter) error {
	a := &aiderReader{e: e, ro: newRooter(e.opt)}
	lr := newLineReader(r, MaxLine, e.warn)
	for {
		b, err := lr.next()
		if errors.Is(err, io.EOF) {
			if a.havePend {
				if err := a.userLine(a.pend); err != nil {
					return err
				}
			}
			if a.commit != "" {
				e.outcome(Outcome{What: "aider commit " + a.commit, Commit: a.commit})
			}
			return a.flush()
		}
		if err != nil {
			return &Error{Line: lr.line + 1, Err: err}
		}
		if err := a.line(lr.line, string(b)); err != nil {
			return err
		}
	}
}

type aiderKind uint8

const (
	aiderBlank aiderKind = iota
	aiderUser
	aiderTool
	aiderText
)

type aiderReader struct {
	e     *emitter
	ro    *rooter
	prev  aiderKind
	text  textBuf
	model string
	start time.Time
	ctx   fileSet
	keep  []string // read-only files given at start-up: dropping all keeps them
	words []string // what the user last typed to /add or /read-only
	// subjects are the tool-output lines just before, that name the
	// file(s) of a confirm prompt.
	subjects []string
	// commit is the last commit aider reported making: the log's result.
	commit string

	// held is the last reply, kept until the tool output after it ends:
	// the edits aider reports applying there were to files in its chat.
	held *Response

	// pend is a "#### " line naming a path, until the next line says
	// whether it is the user's or the model's heading.
	pend     string
	pendN    int
	havePend bool
	echo     echoState
}

// echoState follows aider's report of failed SEARCH/REPLACE blocks.
type echoState uint8

const (
	echoNone  echoState = iota
	echoBlock           // the failed blocks, up to "The SEARCH section must…"
	echoTail            // after it: blank lines, or "# The other N…"
	echoOther           // "# The other N…" up to "Just reply with fixed versions…"
)

func (a *aiderReader) line(n int, s string) error {
	t := strings.TrimRight(s, " \t")
	if a.havePend {
		a.havePend = false
		if startsEdit(t) {
			if err := a.release(); err != nil {
				return err
			}
			a.prev = aiderText
			if err := a.text.add(a.pendN, []byte(a.pend)); err != nil {
				return err
			}
		} else if err := a.userLine(strings.TrimRight(a.pend, " \t")); err != nil {
			return err
		}
	}
	if a.echo != echoNone && a.echoLine(t) {
		a.prev = aiderTool
		if t == "" {
			a.prev = aiderBlank
		}
		return nil
	}
	boundary := a.prev != aiderText
	switch {
	case t == "":
		a.prev = aiderBlank
		return a.text.add(n, []byte(s)) // its white space is the reply's
	case boundary && isAiderStart(t):
		if err := a.flush(); err != nil {
			return err
		}
		a.startSession(t)
		a.prev = aiderUser // the session header is not assistant text
		return nil
	case boundary && (strings.HasPrefix(t, "#### ") || t == "####"):
		if a.prev != aiderUser && looksLikePath(strings.TrimSpace(strings.TrimPrefix(t, "####"))) {
			a.pend, a.pendN, a.havePend = s, n, true
			return nil
		}
		return a.userLine(t)
	case boundary && (strings.HasPrefix(t, "> ") || t == ">"):
		if err := a.hold(); err != nil {
			return err
		}
		tool := strings.TrimSpace(strings.TrimPrefix(t, ">"))
		if aiderFailedRe().MatchString(tool) {
			a.echo = echoBlock
		}
		a.toolLine(tool)
		a.prev = aiderTool
		return nil
	case a.prev == aiderTool:
		// Aider quotes only the first line of a multi-line tool message
		// (a command line with a long --message, a commit message) and
		// writes a blank line before every reply: a line right after tool
		// output is the rest of that message.
		return nil
	}
	if err := a.release(); err != nil {
		return err
	}
	a.prev = aiderText
	return a.text.add(n, []byte(s))
}

func (a *aiderReader) userLine(t string) error {
	if err := a.flush(); err != nil {
		return err
	}
	a.echo = echoNone
	said := strings.TrimPrefix(strings.TrimPrefix(t, "####"), " ")
	if a.prev != aiderUser { // a command starts the user's message
		a.command(strings.TrimSpace(said))
	}
	if said, ok := aiderRequest(said); ok {
		a.e.askLine(said)
	}
	a.prev = aiderUser
	return nil
}

// aiderRequest is the request in a user line: the line itself, or what
// follows a chat-mode command (/ask, /code, /architect); a line with any
// other command (/add, /run, /undo) asks the model nothing.
func aiderRequest(said string) (string, bool) {
	t := strings.TrimSpace(said)
	if !strings.HasPrefix(t, "/") {
		return said, true
	}
	cmd, rest, _ := strings.Cut(t, " ")
	switch cmd {
	case "/ask", "/code", "/architect", "/context", "/chat-mode":
		return strings.TrimSpace(rest), strings.TrimSpace(rest) != ""
	}
	return "", false
}

// startsEdit reports a line that opens an edit block: a code fence (one
// of aider's wrapping fences too) or a SEARCH marker.
func startsEdit(t string) bool {
	var f fence
	if ok, _ := f.step(t); ok {
		return true
	}
	if _, _, ok := aiderWrapOpen(t); ok {
		return true
	}
	return strings.HasPrefix(strings.TrimSpace(t), "<<<<<<< SEARCH")
}

// echoLine reports whether a line belongs to aider's report of failed
// blocks, following the report to its end.
func (a *aiderReader) echoLine(t string) bool {
	if strings.HasPrefix(t, "#### ") || isAiderStart(t) {
		a.echo = echoNone
		return false
	}
	u := strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(t, ">"), " "))
	switch a.echo {
	case echoBlock:
		if strings.HasPrefix(u, "The SEARCH section must exactly match") {
			a.echo = echoTail
		}
		return true
	case echoTail:
		switch {
		case u == "":
			return true
		case strings.HasPrefix(u, "# The other "):
			a.echo = echoOther
			return true
		}
		a.echo = echoNone
		return false
	case echoOther:
		if strings.HasPrefix(u, "Just reply with fixed versions") {
			a.echo = echoNone
		}
		return true
	}
	return false
}

// hold ends the reply being read and keeps it until the tool output
// after it ends; the reply held before is emitted.
func (a *aiderReader) hold() error {
	if a.text.empty() {
		a.text = textBuf{}
		return nil
	}
	if err := a.release(); err != nil {
		return err
	}
	a.held = &Response{
		Model:   a.model,
		Time:    a.start,
		Context: a.ctx.snapshot(a.ro.rel),
		resolve: a.ro.rel,
	}
	if !a.text.closer {
		// No fence wrapped in a tag to rewrite: a long reply goes on in
		// pieces, as markdown's does, past 8 MiB from a temporary file.
		a.held.Pieces, a.held.Text, a.held.Line = a.text.takePieces()
		return nil
	}
	text, first, err := a.text.take()
	if err != nil {
		return &Error{Line: first, Err: err}
	}
	a.held.Text, a.held.Line = aiderFences(text), first
	return nil
}

// release emits the held reply.
func (a *aiderReader) release() error {
	r := a.held
	if r == nil {
		return nil
	}
	a.held = nil
	return a.e.emit(r)
}

// flush ends the reply being read and emits it.
func (a *aiderReader) flush() error {
	if err := a.hold(); err != nil {
		return err
	}
	return a.release()
}
