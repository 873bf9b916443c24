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
// a break as written; nil when there is no break to join. Only the text
// around each joined break is read again (splitWindow on each side, out
// to white space): a secret across a break lies there, and reading a
// large text whole twice more would triple its cost.
func (r *Redactor) joinedSecrets(s string, oneWordOnly bool) []secret {
	joined, at := joinBreaks(s, oneWordOnly)
	if at == nil {
		return nil
	}
	out := []secret{}
	for _, w := range joinWindows(joined, at) {
		part := joined[w[0]:w[1]]
		for _, f := range r.plainSecrets(part) {
			for from := 0; f.text != ""; {
				k := strings.Index(part[from:], f.text)
				if k < 0 {
					break
				}
				start, end := w[0]+from+k, w[0]+from+k+len(f.text)
				written := s[at[start] : at[end-1]+1]
				if strings.Contains(written, "\n") {
					out = append(out, secret{text: written, rule: f.rule})
				}
				from += k + len(f.text)
			}
		}
	}
	return out
}

// splitWindow is how much of the joined text around a break is read
// again on each side: more than any token gitleaks' rules take on one
// line.
const splitWindow = 1024

// joinWindows are the stretches [from, to) of joined around its joins
// (where at skips bytes of the original), widened out to white space and
// merged where they overlap.
func joinWindows(joined string, at []int) [][2]int {
	var out [][2]int
	for j := 1; j < len(at); j++ {
		if at[j]-at[j-1] == 1 {
			continue
		}
		lo, hi := max(0, j-splitWindow), min(len(joined), j+splitWindow)
		for lo > 0 && !isSpace(joined[lo-1]) {
			lo--
		}
		for hi < len(joined) && !isSpace(joined[hi]) {
			hi++
		}
		if n := len(out); n > 0 && lo <= out[n-1][1] {
			out[n-1][1] = max(out[n-1][1], hi)
			continue
		}
		out = append(out, [2]int{lo, hi})
	}
	return out
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// oneWord reports whether the line s starts has no space or tab but at
// its end.
func oneWord(s string) bool {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return !strings.ContainsAny(strings.TrimRight(s, " \t\r"), " \t")
}
