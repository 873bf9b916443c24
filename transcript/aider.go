package transcript

import (
	"errors"
	"io"
	"regexp"
	"strings"
	"time"
)

var (
	aiderStartRe = regexp.MustCompile(`^# aider chat started at (\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)`)
	aiderModelRe = regexp.MustCompile(`^(?:Main model|Model):\s+(\S+)`)
	aiderAddRe   = regexp.MustCompile(`^Added (.+?) to (?:the chat|read-only files)\.?$`)
	aiderDropRe  = regexp.MustCompile(`^Removed (?:read-only file )?(.+?) from the chat\.?$`)
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
func readAider(r io.Reader, e *emitter) error {
	a := &aiderReader{e: e, ro: newRooter(e.opt)}
	lr := newLineReader(r, MaxLine, e.warn)
	for {
		b, err := lr.next()
		if errors.Is(err, io.EOF) {
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
}

func (a *aiderReader) line(n int, s string) error {
	t := strings.TrimRight(s, " \t")
	boundary := a.prev != aiderText
	switch {
	case t == "":
		a.prev = aiderBlank
		return a.text.add(n, nil)
	case boundary && aiderStartRe.MatchString(t):
		if err := a.flush(); err != nil {
			return err
		}
		a.ctx = fileSet{known: true} // a new session starts with no files
		a.start = time.Time{}
		if ts, err := time.Parse("2006-01-02 15:04:05", aiderStartRe.FindStringSubmatch(t)[1]); err == nil {
			a.start = ts
		}
		a.prev = aiderUser // the session header is not assistant text
		return nil
	case boundary && (strings.HasPrefix(t, "#### ") || t == "####"):
		if err := a.flush(); err != nil {
			return err
		}
		commandContext(&a.ctx, strings.TrimSpace(strings.TrimPrefix(t, "####")))
		a.prev = aiderUser
		return nil
	case boundary && (strings.HasPrefix(t, "> ") || t == ">"):
		if err := a.flush(); err != nil {
			return err
		}
		a.toolLine(strings.TrimSpace(strings.TrimPrefix(t, ">")))
		a.prev = aiderTool
		return nil
	}
	a.prev = aiderText
	return a.text.add(n, []byte(s))
}

// toolLine reads context and the model name from aider's tool output.
func (a *aiderReader) toolLine(t string) {
	if m := aiderModelRe.FindStringSubmatch(t); m != nil {
		a.model = m[1]
	}
	switch {
	case aiderAddRe.MatchString(t):
		a.ctx.add(slashPath(aiderAddRe.FindStringSubmatch(t)[1]))
	case aiderDropRe.MatchString(t):
		a.ctx.remove(slashPath(aiderDropRe.FindStringSubmatch(t)[1]))
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
