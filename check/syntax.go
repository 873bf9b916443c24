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

// maxListed is how many syntax errors an outcome's detail lists; past
// it, their number.
const maxListed = 1000

// Syntax runs the built-in syntax checks on the files a response changed
// and reports only the errors it introduced (syntax.Introduced). ok is
// false when no file had a checker: then there is nothing to record.
// The files are read one at a time, as each yields them: a response of
// 200,000 files is checked without holding them all.
func Syntax(each func(yield func(File) bool)) (o Outcome, ok bool) {
	o = Outcome{Name: SyntaxName, Status: Passed}
	var found []string
	more := 0
	each(func(f File) bool {
		if f.After == nil {
			return true // removed
		}
		errs, known := syntax.Introduced(f.Path, f.Before, f.After)
		if !known {
			return true
		}
		ok = true
		for _, e := range errs {
			if len(found) == maxListed {
				more++
				continue
			}
			found = append(found, fmt.Sprintf("%s:%d: %s", f.Path, e.Line, e.Msg))
		}
		return true
	})
	if len(found) > 0 {
		o.Status = Failed
		o.Message = found[0]
		if n := len(found) - 1 + more; n > 0 {
			o.Message += fmt.Sprintf(" (and %d more)", n)
		}
		if more > 0 {
			found = append(found, fmt.Sprintf("(and %d more)", more))
		}
		o.Detail = strings.Join(found, "\n")
	}
	return o, ok
}

// Checkable reports whether the syntax check knows a path; callers read
// only those files.
func Checkable(path string) bool { return syntax.Language(path) != "" }
