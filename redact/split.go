package redact

import "strings"

// A token may be split over lines: wrapped at a terminal's width, cut
// to a line length by an editor, continued with a backslash in a shell.
// The text is read again with such breaks joined, and a secret found
// across a break is redacted as written, its line break included.
//
// A break is joined when the line before it ends in a run of at least
// minSplitRun token characters (after trailing spaces and a backslash)
// and the next line, after its indentation, starts with one: prose
// rarely ends a line inside a 16-character word, keys always do when
// they are wrapped. The text is read joined twice: once at every such
// break, once only where the next line is one word (a middle piece of a
// key), because a key's last piece may be followed by prose on its own
// line ("…AA done") or by a line of its own that must not be glued to it
// (a fixed-length key followed by "next line").
const minSplitRun = 16

func isTokenChar(c byte) bool { return isBase64Char(c) || c == '=' || c == '.' }

// joinBreaks is s with its joinable breaks taken out, and for each byte
// of the result its offset in s; nil when s has none.
func joinBreaks(s string, oneWordOnly bool) (string, []int) {
	var b strings.Builder
	var at []int
	copied := 0
	for i := strings.IndexByte(s, '\n'); i >= 0; {
		end := i // the line before the break, without its trailing spaces and backslash
		for end > 0 && (s[end-1] == ' ' || s[end-1] == '\t' || s[end-1] == '\r') {
			end--
		}
		if end > 0 && s[end-1] == '\\' {
			end--
			for end > 0 && (s[end-1] == ' ' || s[end-1] == '\t') {
				end--
			}
		}
		run := end
		for run > 0 && isTokenChar(s[run-1]) {
			run--
		}
		next := i + 1
		for next < len(s) && (s[next] == ' ' || s[next] == '\t') {
			next++
		}
		if end-run >= minSplitRun && next < len(s) && isTokenChar(s[next]) && (!oneWordOnly || oneWord(s[next:])) {
			if at == nil {
				at = make([]int, 0, len(s))
			}
			for k := copied; k < end; k++ {
				at = append(at, k)
			}
			b.WriteString(s[copied:end])
			copied = next
		}
		j := strings.IndexByte(s[i+1:], '\n')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	if at == nil {
		return "", nil
	}
	for k := copied; k < len(s); k++ {
		at = append(at, k)
	}
	b.WriteString(s[copied:])
	return b.String(), at
}

// splitSecrets are the secrets of s written across a line break.
func (r *Redactor) splitSecrets(s string) []secret {
	out := r.joinedSecrets(s, false)
	if out == nil {
		return nil // no break to join at all
	}
	return append(out, r.joinedSecrets(s, true)...)
}

// joinedSecrets are the secrets of s read joined (joinBreaks) that span
// a break as written; nil when there is no break to join.
func (r *Redactor) joinedSecrets(s string, oneWordOnly bool) []secret {
	joined, at := joinBreaks(s, oneWordOnly)
	if at == nil {
		return nil
	}
	out := []secret{}
	for _, f := range r.plainSecrets(joined) {
		for from := 0; ; {
			k := strings.Index(joined[from:], f.text)
			if k < 0 || f.text == "" {
				break
			}
			start, end := from+k, from+k+len(f.text)
			written := s[at[start] : at[end-1]+1]
			if strings.Contains(written, "\n") {
				out = append(out, secret{text: written, rule: f.rule})
			}
			from = end
		}
	}
	return out
}

// oneWord reports whether the line s starts has no space or tab but at
// its end.
func oneWord(s string) bool {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return !strings.ContainsAny(strings.TrimRight(s, " \t\r"), " \t")
}
