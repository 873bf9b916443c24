package searchreplace

import (
	"strings"

	"github.com/git-aiedit/git-aiedit/editcore/repopath"
)

// lookback is how many lines before a start marker may hold its path. aider
// looks at three; one more allows a blank line between the path and a
// Deepseek-style double fence.
const lookback = 4

// recent is a line kept for path lookback.
type recent struct {
	n    int
	text string
}

// findPath looks for the block's path on the lines before its start
// marker, nearest last in lines. It returns the path and the index in
// lines of the line that held it.
func findPath(lines []recent) (string, int, bool) {
	for i := len(lines) - 1; i >= 0 && i >= len(lines)-lookback; i-- {
		l := lines[i].text
		if isBlank(l) {
			continue
		}
		if info, ok := fence(l); ok {
			if p, ok := fencePath(info); ok {
				return p, i, true
			}
			continue
		}
		if p, ok := pathLine(l); ok {
			return p, i, true
		}
		return "", 0, false
	}
	return "", 0, false
}

// fencePath returns the path an opening fence carries after or instead of
// its language ("python a/x.py", "a/x.py"). The word must have a dot or a
// slash, so that a language name is never taken for a file.
func fencePath(info string) (string, bool) {
	f := strings.Fields(info)
	if len(f) == 0 || len(f) > 2 {
		return "", false
	}
	w := f[len(f)-1]
	if !strings.ContainsAny(w, "./") {
		return "", false
	}
	return repopath.Detect(w)
}

// labels are words some models put before a path on its line.
var labels = []string{"file:", "filename:", "path:"}

// pathLine returns the path a line names alone, with the decoration models
// put around it removed: markdown headings ("# p"), Cline's <path>p</path>,
// a label ("File: p"), escaped underscores, and what repopath.Detect strips
// (**p**, `p`, p:, "p (new file)").
func pathLine(line string) (string, bool) {
	s := strings.TrimSpace(line)
	if strings.HasPrefix(s, "#") {
		t := strings.TrimLeft(s, "#")
		if t == "" || (t[0] != ' ' && t[0] != '\t') {
			return "", false
		}
		s = strings.TrimSpace(t)
	}
	if t, ok := strings.CutPrefix(s, "<path>"); ok {
		if t, ok = strings.CutSuffix(t, "</path>"); ok {
			s = strings.TrimSpace(t)
		}
	}
	s = strings.TrimSpace(strings.Trim(s, "*"))
	for _, l := range labels {
		if len(s) > len(l) && strings.EqualFold(s[:len(l)], l) {
			s = strings.TrimSpace(s[len(l):])
			break
		}
	}
	s = strings.ReplaceAll(s, `\_`, "_")
	return repopath.Detect(s)
}
