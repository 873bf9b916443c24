package editcore

import (
	"errors"
	"fmt"
	"strings"

	"github.com/git-aiedit/git-aiedit/editcore/match"
)

// substring applies a tool-call edit: exact text replacement that must be
// unique unless ReplaceAll, as the Edit and str_replace tools define it.
func (s *Session) substring(op *Op, r *Result, data []byte) {
	content := string(data)
	old, repl := op.OldText, op.NewText
	if old == "" {
		r.fail(AnchorNotFound, "the edit has an empty old text, which only creates a new file, but "+r.Path+" exists")
		return
	}
	n := strings.Count(content, old)
	if n == 0 && strings.Contains(content, "\r\n") && !strings.Contains(old, "\r") {
		// The tool saw a CRLF file as LF text: match it the same way.
		old = strings.ReplaceAll(old, "\n", "\r\n")
		repl = strings.ReplaceAll(repl, "\n", "\r\n")
		n = strings.Count(content, old)
	}
	switch {
	case n == 0:
		if repl != "" && strings.Contains(content, repl) {
			r.Status = AlreadyApplied
			r.Line = lineOf(content, strings.Index(content, repl))
			r.Message = fmt.Sprintf("the new text is already in %s at line %d", r.Path, r.Line)
			return
		}
		s.substringNotFound(op, r, content)
		return
	case n > 1 && !op.ReplaceAll:
		var lines []int
		for i, off := 0, 0; i < n; i++ {
			j := strings.Index(content[off:], old)
			lines = append(lines, lineOf(content, off+j))
			off += j + len(old)
		}
		r.fail(AmbiguousAnchor, ambiguousMessage(r.Path, &match.Ambiguous{Step: match.Exact, Lines: lines}))
		r.Line = lines[0]
		return
	}
	r.Line = lineOf(content, strings.Index(content, old))
	if op.ReplaceAll {
		content = strings.ReplaceAll(content, old, repl)
	} else {
		content = strings.Replace(content, old, repl, 1)
	}
	s.write(r, s.opt.Policy.ending([]byte(content)))
	if r.Status == Applied {
		r.Match = match.Exact
	}
}

// substringNotFound explains a failed exact replacement using the line
// matcher's diagnosis of the old text's lines.
func (s *Session) substringNotFound(op *Op, r *Result, content string) {
	msg := fmt.Sprintf("the old text was not found in %s", r.Path)
	_, err := match.Find(decodeText([]byte(content)).lines, splitLines(op.OldText), match.Options{})
	var nf *match.NotFound
	switch {
	case errors.As(err, &nf):
		r.fail(notFoundType(nf), msg+": "+nf.Error())
		r.Line = notFoundLine(nf)
	case err == nil:
		r.fail(OldTextMismatch, msg+" exactly; the same lines exist with different whitespace or punctuation, so copy the text from the file exactly")
	default:
		r.fail(AnchorNotFound, msg)
	}
}

// lineOf returns the 1-based line of byte offset off in s.
func lineOf(s string, off int) int {
	return strings.Count(s[:off], "\n") + 1
}
