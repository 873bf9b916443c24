package editcore

import (
	"fmt"
	"regexp"
	"sync"

	"github.com/go-git/go-billy/v5/util"
)

// holds reports whether r.Path has exactly the content want (line endings
// aside); otherwise it records why not in r.
func (s *Session) holds(r *Result, want []byte) bool {
	data, err := util.ReadFile(s.fs, r.Path)
	if err != nil {
		r.fail(FileNotFound, "cannot delete "+r.Path+": no such file in the tree")
		return false
	}
	if !sameText(data, want) {
		r.fail(OldTextMismatch, "not deleting "+r.Path+": its content is not what the deletion expects (the file has changed, or the diff removes only part of it)")
		return false
	}
	return true
}

// Regexps are compiled on first use: package init is on every command's start-up path.
// elision matches the comments models write instead of code they left out
// of a "whole" file: "// ... rest of code", "# ... existing code ...".
var elision = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?im)^\s*(//|#|--|/\*|<!--|;)\s*(\.\.\.|…)\s*(rest|existing|remaining|other|previous|unchanged|same)\b.*$|^\s*(//|#|--|/\*|<!--|;)\s*(rest of|existing|remaining|unchanged)\b.*(code|content|file|methods|functions|lines|implementation)`)
})

// truncated says why new looks like a truncated copy of old, or "" when it
// does not (docs/formats.md).
func truncated(old, new []byte) string {
	if loc := elision().FindIndex(new); loc != nil {
		return fmt.Sprintf("it contains the elision comment %q, so it is not the whole file", string(new[loc[0]:loc[1]]))
	}
	if len(old) > 0 && len(new)*2 < len(old) {
		return fmt.Sprintf("it is %d bytes where the file has %d (less than half)", len(new), len(old))
	}
	return ""
}
