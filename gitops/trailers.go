package gitops

import (
	"strings"
)

// Trailer is one "Key: value" line at the end of a commit message.
type Trailer struct {
	Key, Value string
}

// FormatMessage builds "subject\n\nbody\n\nKey: value\n…". The subject and
// every trailer value are kept on one line (newlines become spaces) so that
// `git interpret-trailers --parse` and `git log --format=%(trailers)` read
// back exactly these trailers; keys are reduced to the characters git
// accepts in a trailer key. An empty body leaves out its paragraph.
func FormatMessage(subject, body string, trailers []Trailer) string {
	var b strings.Builder
	b.WriteString(oneLine(subject))
	b.WriteString("\n")
	if body = strings.Trim(body, "\n"); strings.TrimSpace(body) != "" {
		b.WriteString("\n")
		b.WriteString(strings.TrimRight(body, " \t\n"))
		b.WriteString("\n")
	}
	if len(trailers) > 0 {
		b.WriteString("\n")
		for _, t := range trailers {
			b.WriteString(trailerKey(t.Key))
			b.WriteString(": ")
			b.WriteString(oneLine(t.Value))
			b.WriteString("\n")
		}
	}
	return b.String()
}

// oneLine collapses all whitespace runs that contain a line break, and
// trims the ends, so the text fits on one line of a message.
func oneLine(s string) string {
	s = strings.TrimSpace(s)
	if !strings.ContainsAny(s, "\r\n") {
		return s
	}
	lines := strings.FieldsFunc(s, func(r rune) bool { return r == '\n' || r == '\r' })
	for i := range lines {
		lines[i] = strings.TrimSpace(lines[i])
	}
	out := lines[:0]
	for _, l := range lines {
		if l != "" {
			out = append(out, l)
		}
	}
	return strings.Join(out, " ")
}

// trailerKey keeps letters, digits and '-', the characters git accepts.
func trailerKey(k string) string {
	var b strings.Builder
	for _, r := range k {
		if r < 0x80 && (r == '-' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			b.WriteRune(r)
		} else {
			b.WriteByte('-')
		}
	}
	if b.Len() == 0 {
		return "Trailer"
	}
	return b.String()
}

// ParseTrailers returns the trailers of a message: its last paragraph, when
// that paragraph is not the subject and every line in it is "Key: value"
// (or a continuation line starting with whitespace, folded into the value
// before it). Otherwise it returns nil.
//
// This is stricter than git, which also accepts a paragraph that is only
// partly trailers; messages written by FormatMessage parse identically.
func ParseTrailers(message string) []Trailer {
	message = strings.ReplaceAll(message, "\r\n", "\n")
	paras := paragraphs(message)
	if len(paras) < 2 {
		return nil
	}
	var out []Trailer
	for _, line := range strings.Split(paras[len(paras)-1], "\n") {
		if line[0] == ' ' || line[0] == '\t' {
			if len(out) == 0 {
				return nil
			}
			out[len(out)-1].Value += " " + strings.TrimSpace(line)
			continue
		}
		key, value, ok := strings.Cut(line, ":")
		if !ok || key == "" || trailerKey(key) != key {
			return nil
		}
		out = append(out, Trailer{Key: key, Value: strings.TrimSpace(value)})
	}
	return out
}

// paragraphs splits a message on blank lines, dropping empty ones.
func paragraphs(message string) []string {
	var out []string
	var cur []string
	for _, line := range strings.Split(message, "\n") {
		if strings.TrimSpace(line) == "" {
			if len(cur) > 0 {
				out = append(out, strings.Join(cur, "\n"))
				cur = nil
			}
			continue
		}
		cur = append(cur, strings.TrimRight(line, " \t"))
	}
	if len(cur) > 0 {
		out = append(out, strings.Join(cur, "\n"))
	}
	return out
}
