package searchreplace

import (
	"path"
	"strings"

	"github.com/git-aiedit/git-aiedit/editcore/mdfence"
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
// lines of the line that held it; without a path, the line that stopped
// the search ("" if none did).
func findPath(lines []recent) (path string, at int, ok bool, stop string) {
	for i := len(lines) - 1; i >= 0 && i >= len(lines)-lookback; i-- {
		l := lines[i].text
		if isBlank(l) {
			continue
		}
		if info, ok := fence(l); ok {
			if p, ok := fencePath(info); ok {
				return p, i, true, ""
			}
			continue
		}
		if p, ok := repopath.DetectLine(l); ok {
			return p, i, true, ""
		}
		return "", 0, false, l
	}
	return "", 0, false, ""
}

// fencePath returns the path an opening fence carries after or instead of
// its language ("python a/x.py", "python:a/x.py", "a/x.py",
// `python title="a/x.py"`; mdfence.InfoPath), in an info string of at
// most two words.
func fencePath(info string) (string, bool) {
	if f := strings.Fields(info); len(f) == 0 || len(f) > 2 {
		return "", false
	}
	p, _ := mdfence.InfoPath(info)
	return p, p != ""
}

// mentionsOther reports a file other than prev that the prose lines since
// the last block name inside a sentence, a list item or a heading.
func mentionsOther(lines []recent, prev string) (string, bool) {
	prev = repopath.Clean(prev)
	for i := len(lines) - 1; i >= 0; i-- {
		l := lines[i].text
		if classify(l) != content {
			break // the previous block
		}
		if _, ok := fence(l); ok || isBlank(l) {
			continue
		}
		for _, w := range strings.Fields(l) {
			w = strings.Trim(w, "`*_,:;.()[]{}\"'<>!?")
			if !strings.ContainsAny(w, "./") {
				continue
			}
			if p, ok := repopath.Detect(w); ok {
				if c := repopath.Clean(p); c != prev && path.Base(c) != path.Base(prev) {
					return p, true
				}
			}
		}
	}
	return "", false
}
