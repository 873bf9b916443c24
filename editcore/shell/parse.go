package shell

import "strings"

// ParseLine splits one command line (or several, joined by newlines) into
// its commands and classifies each. line is the 1-based response line of
// text's first line; a command on a later line of text gets a later Line.
//
// Chains are split at &&, ||, ; and & and each command is judged alone,
// with two exceptions that keep a command's meaning from changing under it:
// the command right after || runs only when the one before failed, and
// commands after a cd (or pushd, popd) run in another directory. Both keep
// their parse but are not run. A pipeline is one command (not run). A line
// with a syntax error runs nothing. Empty and comment-only lines yield no
// commands; every returned Command has a non-empty, one-line Text.
func ParseLine(text string, line int) []Command {
	return commands(text, line, lex(text))
}

// commands builds the Commands of a lexed text.
func commands(text string, line int, res lexResult) []Command {
	var out []Command
	afterCd := false
	pos, lineAt := 0, line
	for _, seg := range compound(res.segs) {
		lineAt += strings.Count(text[pos:seg.start], "\n")
		pos = seg.start
		t := display(text[seg.start:seg.end])
		if t == "" {
			continue
		}
		c := Command{Text: t, Line: lineAt}
		if len(seg.words) > 0 {
			c.Program = seg.words[0].text
			c.Args = make([]string, 0, len(seg.words)-1)
			for _, w := range seg.words[1:] {
				c.Args = append(c.Args, w.text)
			}
		}
		switch {
		case seg.reason != "":
			c.Reason = seg.reason
		case res.syntax:
			c.Reason = reasonSyntax
		default:
			classify(&c, seg.words)
		}
		switch {
		case c.Op == "":
		case seg.after == "||":
			c.notRun(reasonAfterOr)
		case afterCd:
			c.notRun(reasonAfterCd)
		}
		afterCd = afterCd || changesDir(c.Program)
		out = append(out, c)
	}
	return out
}

// changesDir reports whether a program changes the shell's directory, so
// that relative paths in the commands after it mean something else.
func changesDir(program string) bool {
	switch program {
	case "cd", "pushd", "popd":
		return true
	}
	return false
}

// notRun turns c into a command that is not performed.
func (c *Command) notRun(reason string) {
	c.Op, c.Flags, c.Paths, c.Recursive = "", nil, nil, false
	c.Reason = reason
}

// display is a command's text as shown in reports and commit trailers: one
// line, trimmed. A command that spans lines (a "\" continuation, a quoted
// newline, a chain continued after &&) has each line break shown as a
// single space, with the continuation backslash removed.
func display(raw string) string {
	raw = strings.TrimSpace(raw)
	if !strings.ContainsAny(raw, "\n\r") {
		return raw
	}
	lines := strings.FieldsFunc(raw, func(r rune) bool { return r == '\n' || r == '\r' })
	var b strings.Builder
	for _, l := range lines {
		l = strings.TrimSpace(l)
		l = strings.TrimSpace(strings.TrimSuffix(l, `\`))
		if l == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(l)
	}
	return b.String()
}
