package repopath

import (
	"strings"
	"unicode"
)

// Clean normalises a model-written path to a repository-relative slash path:
// it trims surrounding whitespace and byte order marks (a BOM begins the
// line of a file joined onto another, and never a name), turns backslashes into slashes, collapses
// repeated slashes, drops "." components (so "./src/a.go" is "src/a.go") and
// a trailing slash. It keeps a leading slash and ".." components: resolving
// them could turn an escaping path into a harmless-looking one, so Verify
// judges them instead.
func Clean(p string) string {
	if clean(p) {
		// The usual case: one copy, no splitting. A copy still, since
		// callers keep paths (maps of files, results) and a path cut from
		// a reply's text would keep the whole text alive.
		return strings.Clone(p)
	}
	// Trimming can expose a slash ("a/ " -> "a/") and dropping a slash can
	// expose a space ("a /" -> "a "): repeat until nothing changes.
	for {
		c := cleanOnce(p)
		if c == p {
			return c
		}
		p = c
	}
}

// clean reports a path Clean leaves as it is: no space or non-ASCII byte
// at either end, no backslash, no empty or "." component but a leading
// slash's.
func clean(p string) bool {
	if p == "" {
		return true
	}
	for _, c := range [2]byte{p[0], p[len(p)-1]} {
		if c >= 0x80 || c == ' ' || c >= '\t' && c <= '\r' {
			return false
		}
	}
	start := 0
	if p[0] == '/' {
		start = 1
	}
	for i := start; i <= len(p); i++ {
		if i < len(p) && p[i] != '/' {
			if p[i] == '\\' {
				return false
			}
			continue
		}
		if c := p[start:i]; c == "" || c == "." {
			return false
		}
		start = i + 1
	}
	return true
}

func cleanOnce(p string) string {
	p = strings.ReplaceAll(strings.TrimFunc(p, spaceOrBOM), `\`, "/")
	abs := strings.HasPrefix(p, "/")
	parts := strings.Split(p, "/")
	kept := parts[:0]
	for _, c := range parts {
		if c != "" && c != "." {
			kept = append(kept, c)
		}
	}
	out := strings.Join(kept, "/")
	if abs {
		out = "/" + out
	}
	return out
}

// StripDiffPrefix removes the "a/" or "b/" that diff headers put before a
// path. Only callers that know the path came from a diff should use it: a
// repository may well have a top-level directory named "a".
func StripDiffPrefix(p string) string {
	if len(p) > 2 && (p[0] == 'a' || p[0] == 'b') && p[1] == '/' {
		return p[2:]
	}
	return p
}

func spaceOrBOM(r rune) bool { return unicode.IsSpace(r) || r == '\ufeff' }
