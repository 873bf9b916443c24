package trailer

import (
	"strings"

	"github.com/git-aiedit/git-aiedit/format/visible"
)

// Trailer is one "Key: value" line at the end of a commit message.
type Trailer struct {
	Key, Value string
}

// String is the trailer's line as FormatMessage writes it, without its
// newline.
func (t Trailer) String() string { return trailerKey(t.Key) + ": " + oneLine(t.Value) }

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
		b.WriteString(bodyText(body))
		b.WriteString("\n")
	}
	if len(trailers) > 0 {
		b.WriteString("\n")
		for _, t := range trailers {
			b.WriteString(t.String())
			b.WriteString("\n")
		}
	}
	return b.String()
}

// bodyText trims the body, escapes its control characters but newline
// and tab (visible.Text), and indents lines that git would take for the
// start of a patch ("---" then a space or the end of the line): after one,
// `git interpret-trailers` stops looking for trailers.
func bodyText(body string) string {
	body = strings.ReplaceAll(body, "\r\n", "\n")
	lines := strings.Split(strings.TrimRight(body, " \t\r\n"), "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "---") && (len(l) == 3 || strings.ContainsRune(" \t\r\v\f", rune(l[3]))) {
			lines[i] = " " + l
		}
	}
	return visible.Text(strings.Join(lines, "\n"))
}

// oneLine collapses all whitespace runs that contain a line break, and
// trims the ends, so the text fits on one line of a message; what control
// characters are left (a NUL, an ESC) are escaped visibly (visible.Text):
// a NUL makes git fsck refuse the commit (nulInCommit), an ESC sequence
// would drive the terminal of whoever reads `git log`.
func oneLine(s string) string {
	return visible.Text(joinLines(s))
}

func joinLines(s string) string {
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
	if k != "" && validKey(k) {
		return k // the usual key, without a copy
	}
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

func validKey(k string) bool {
	for i := 0; i < len(k); i++ {
		if c := k[i]; !(c == '-' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return true
}

// Parse returns the trailers of a message: its last paragraph,
// when that paragraph does not start on the first line (the subject) and
// every line in it is "Key: value" (or a continuation line starting with
// whitespace, folded into the value before it). Otherwise it returns nil.
//
// This is stricter than git, which also accepts a paragraph that is only
// partly trailers; messages written by FormatMessage parse identically.
func Parse(message string) []Trailer {
	lines := strings.Split(strings.ReplaceAll(message, "\r\n", "\n"), "\n")
	end := len(lines)
	for end > 0 && strings.TrimSpace(lines[end-1]) == "" {
		end--
	}
	start := end
	for start > 0 && strings.TrimSpace(lines[start-1]) != "" {
		start--
	}
	if start == 0 || start == end {
		return nil
	}
	var out []Trailer
	for _, line := range lines[start:end] {
		line = strings.TrimRight(line, " \t")
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
