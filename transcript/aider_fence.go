package transcript

import (
	"strings"
)

// aiderWrapFences are the fences aider asks the model for instead of
// triple backticks when a file in the chat holds a line that starts with
// them (aider's all_fences, after ``` and ````): "<source>python", the
// code, then "</source>".
var aiderWrapFences = []string{"source", "code", "pre", "codeblock", "sourcecode"}

// aiderFences rewrites the blocks a reply wrote in aider's wrapping fences
// as backtick fences, which the edit formats read: a whole file after its
// path, or a SEARCH/REPLACE block. A wrapping fence is one only where
// aider puts it: outside backtick fences, closed by its own closing line,
// and next to an edit (after a path line, or before a path or a SEARCH
// marker); anywhere else "<pre>" is the reply's text and stays. The
// backtick fence is longer than any backtick run that starts a line of
// the block, so that the block's own fences stay inside it.
func aiderFences(text string) string {
	if !strings.Contains(text, "</") {
		return text // no closing line, nothing to rewrite
	}
	lines := strings.SplitAfter(text, "\n")
	changed := false
	var f fence
	prev := "" // the last non-blank line before i, outside fences
	for i := 0; i < len(lines); i++ {
		t := strings.TrimRight(lines[i], " \t\r\n")
		if f.open() {
			f.step(t)
			continue
		}
		if is, _ := f.step(t); is {
			prev = ""
			continue
		}
		name, info, ok := aiderWrapOpen(t)
		if ok && (looksLikePath(strings.TrimSpace(prev)) || i+1 < len(lines) && startsAiderEdit(lines[i+1])) {
			if j := aiderWrapClose(lines, i+1, name); j > 0 {
				ticks := strings.Repeat("`", backtickRun(lines[i+1:j])+1)
				lines[i] = ticks + info + lineEnd(lines[i])
				lines[j] = ticks + lineEnd(lines[j])
				changed = true
				i, prev = j, ""
				continue
			}
		}
		if t != "" {
			prev = t
		}
	}
	if !changed {
		return text
	}
	return strings.Join(lines, "")
}

// aiderWrapOpen reads an opening wrapping fence ("<source>python").
func aiderWrapOpen(t string) (name, info string, ok bool) {
	if !strings.HasPrefix(t, "<") {
		return "", "", false
	}
	for _, n := range aiderWrapFences {
		if rest, ok := strings.CutPrefix(t, "<"+n+">"); ok && !strings.ContainsAny(rest, " \t<>`") {
			return n, rest, true
		}
	}
	return "", "", false
}

// aiderWrapClose finds the line that closes a wrapping fence named name,
// from line i on; 0 when none does.
func aiderWrapClose(lines []string, i int, name string) int {
	for ; i < len(lines); i++ {
		if strings.TrimRight(lines[i], " \t\r\n") == "</"+name+">" {
			return i
		}
	}
	return 0
}

// startsAiderEdit reports a line that starts what a fence wraps in an
// edit: a SEARCH marker, or the path of a fenced SEARCH/REPLACE block.
func startsAiderEdit(l string) bool {
	t := strings.TrimSpace(l)
	return strings.HasPrefix(t, "<<<<<<< SEARCH") || looksLikePath(t)
}

// backtickRun is the longest run of backticks (at least 2) that starts a
// line of block, after its indentation.
func backtickRun(block []string) int {
	longest := 2
	for _, l := range block {
		t := strings.TrimLeft(l, " \t")
		n := 0
		for n < len(t) && t[n] == '`' {
			n++
		}
		longest = max(longest, n)
	}
	return longest
}

// lineEnd is the line's own ending ("\r\n", "\n" or none).
func lineEnd(l string) string {
	switch {
	case strings.HasSuffix(l, "\r\n"):
		return "\r\n"
	case strings.HasSuffix(l, "\n"):
		return "\n"
	}
	return ""
}
