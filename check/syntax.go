package check

import (
	"fmt"
	"strings"

	"github.com/git-aiedit/git-aiedit/check/syntax"
)

// SyntaxName is the name the built-in syntax check is recorded under.
const SyntaxName = "syntax"

// File is one file a response changed, before and after it; nil content
// means the file did not exist.
type File struct {
	Path          string
	Before, After []byte
}

// Syntax runs the built-in syntax checks on the files a response changed
// and reports only the errors it introduced (syntax.Introduced). ok is
// false when no file had a checker: then there is nothing to record.
func Syntax(files []File) (o Outcome, ok bool) {
	o = Outcome{Name: SyntaxName, Status: Passed}
	var found []string
	for _, f := range files {
		if f.After == nil {
			continue // removed
		}
		errs, known := syntax.Introduced(f.Path, f.Before, f.After)
		if !known {
			continue
		}
		ok = true
		for _, e := range errs {
			found = append(found, fmt.Sprintf("%s:%d: %s", f.Path, e.Line, e.Msg))
		}
	}
	if len(found) > 0 {
		o.Status = Failed
		o.Message = found[0]
		if len(found) > 1 {
			o.Message += fmt.Sprintf(" (and %d more)", len(found)-1)
		}
		o.Detail = strings.Join(found, "\n")
	}
	return o, ok
}

// Checkable reports whether the syntax check knows a path; callers read
// only those files.
func Checkable(path string) bool { return syntax.Language(path) != "" }
