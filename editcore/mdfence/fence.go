// Package mdfence recognises the code fences models wrap edits in:
// Markdown's ``` and ~~~ runs, and the HTML-like tags aider accepts as
// fences (<source>…</source>).
package mdfence

import "strings"

// Tags are the HTML-like tags used as fences: aider's <source>, <code>,
// <pre>, <codeblock> and <sourcecode>, and Cline's <diff> wrapper.
var Tags = []string{"source", "code", "pre", "codeblock", "sourcecode", "diff"}

// Fence is an opening fence.
type Fence struct {
	Char   byte   // '`' or '~'; 0 for a tag
	N      int    // length of the run
	Tag    string // the tag of a tag fence
	Indent int    // leading white space before the fence
	Info   string // what follows the opening: a language, a path, or both
}

// Open recognises a line that opens a code block: a run of three or more
// backticks or tildes (a backtick fence's info holds no backtick: that is
// inline code), or <tag> with optional info after it.
func Open(line string) (Fence, bool) {
	indent := 0
	for indent < len(line) && (line[indent] == ' ' || line[indent] == '\t') {
		indent++
	}
	// Nearly every line is no fence: reject it before any other work.
	if indent == len(line) || line[indent] != '`' && line[indent] != '~' && line[indent] != '<' {
		return Fence{}, false
	}
	t := strings.TrimRight(line[indent:], " \t")
	if c := t[0]; c == '`' || c == '~' {
		n := run(t)
		info := strings.TrimSpace(t[n:])
		if n < 3 || c == '`' && strings.IndexByte(info, '`') >= 0 {
			return Fence{}, false
		}
		return Fence{Char: c, N: n, Indent: indent, Info: info}, true
	}
	for _, tag := range Tags {
		if rest, ok := strings.CutPrefix(t[1:], tag+">"); ok {
			return Fence{Tag: tag, Indent: indent, Info: strings.TrimSpace(rest)}, true
		}
	}
	return Fence{}, false
}

// Closes reports whether line closes f: a run of f's character at least as
// long and nothing else, or </tag>; spaces and tabs around it aside (as
// Open: a line is one whole line, its "\r" already gone).
func (f Fence) Closes(line string) bool {
	t := trimBlanks(line)
	if f.Tag != "" {
		return len(t) == len(f.Tag)+3 && t[:2] == "</" && t[2:len(t)-1] == f.Tag && t[len(t)-1] == '>'
	}
	return t != "" && t[0] == f.Char && len(t) >= f.N && run(t) == len(t)
}

// trimBlanks is strings.Trim(s, " \t") without the set that builds per
// call: Closes sees every line of every code block.
func trimBlanks(s string) string {
	i, j := 0, len(s)
	for i < j && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	for j > i && (s[j-1] == ' ' || s[j-1] == '\t') {
		j--
	}
	return s[i:j]
}

// CloseTag reports whether line is a closing fence tag (</source>).
func CloseTag(line string) bool {
	t := strings.Trim(line, " \t")
	if len(t) < 4 || !strings.HasPrefix(t, "</") {
		return false
	}
	for _, tag := range Tags {
		if t[2:] == tag+">" {
			return true
		}
	}
	return false
}

// run is the length of the run of s's first byte at its start.
func run(s string) int {
	i := 0
	for i < len(s) && s[i] == s[0] {
		i++
	}
	return i
}
