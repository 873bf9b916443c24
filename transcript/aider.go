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
	aiderAddRe   = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^Added (.+?) to (?:the chat|read-only files)\.?$`) })
	aiderDropRe  = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^Removed (?:read-only file )?(.+?) from the chat\.?$`)
	})
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
	last  string // previous tool-output line: the subject of a confirm prompt
	// commit is the last commit aider reported making: the log's result.
	commit string

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
		return nil
	}
	boundary := a.prev != aiderText
	switch {
	case t == "":
		a.prev = aiderBlank
		return a.text.add(n, nil)
	case boundary && isAiderStart(t):
		if err := a.flush(); err != nil {
			return err
		}
		a.ctx = fileSet{known: true} // a new session starts with no files
		a.start = time.Time{}
		if ts, err := time.Parse("2006-01-02 15:04:05", aiderStartRe().FindStringSubmatch(t)[1]); err == nil {
			a.start = ts
		}
		a.prev = aiderUser // the session header is not assistant text
		return nil
	case boundary && (strings.HasPrefix(t, "#### ") || t == "####"):
		if a.prev != aiderUser && looksLikePath(strings.TrimSpace(strings.TrimPrefix(t, "####"))) {
			a.pend, a.pendN, a.havePend = s, n, true
			return nil
		}
		return a.userLine(t)
	case boundary && (strings.HasPrefix(t, "> ") || t == ">"):
		if err := a.flush(); err != nil {
			return err
		}
		tool := strings.TrimSpace(strings.TrimPrefix(t, ">"))
		if aiderFailedRe().MatchString(tool) {
			a.echo = echoBlock
		}
		a.toolLine(tool)
		a.prev = aiderTool
		return nil
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
	commandContext(&a.ctx, strings.TrimSpace(said))
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

// startsEdit reports a line that opens an edit block: a code fence or a
// SEARCH marker.
func startsEdit(t string) bool {
	var f fence
	if ok, _ := f.step(t); ok {
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

// toolLine reads context and the model name from aider's tool output.
func (a *aiderReader) toolLine(t string) {
	if m := aiderModelRe().FindStringSubmatch(t); m != nil {
		a.model = m[1]
	}
	if c, ok := aiderCommit(t); ok {
		a.commit = c
	}
	switch {
	case aiderAddRe().MatchString(t):
		a.ctx.add(slashPath(aiderAddRe().FindStringSubmatch(t)[1]))
	case aiderDropRe().MatchString(t):
		a.ctx.remove(slashPath(aiderDropRe().FindStringSubmatch(t)[1]))
	case strings.HasPrefix(t, "Dropping all files from the chat session"):
		a.ctx.clear()
	case strings.HasPrefix(t, "Add file to the chat?") && strings.HasSuffix(t, " y"),
		strings.HasPrefix(t, "Add file to the chat?") && strings.HasSuffix(t, " a"):
		if looksLikePath(a.last) {
			a.ctx.add(slashPath(a.last))
		}
	}
	a.last = t
}

func (a *aiderReader) flush() error {
	if a.text.empty() {
		a.text = textBuf{}
		return nil
	}
	text, first := a.text.take()
	return a.e.emit(&Response{
		Line:    first,
		Text:    text,
		Model:   a.model,
		Time:    a.start,
		Context: a.ctx.snapshot(a.ro.rel),
		resolve: a.ro.rel,
	})
}
