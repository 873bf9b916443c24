package editcore

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/git-aiedit/git-aiedit/editcore/match"
)

// replace applies a Replace operation to t.
func (s *Session) replace(op *Op, r *Result, t *text) {
	old, repl := dropBOM(op.Lines()), dropBOM(op.Replacement())
	if len(old) == 0 {
		r.fail(AnchorNotFound, "the block has no lines to locate in "+r.Path+"; include the lines to replace (or leave the old section empty only to create a new file)")
		return
	}
	opt, ok := s.matchOptions(op, t, r)
	if !ok {
		return
	}
	m, err := s.find(op, t.lines, old, opt)
	var amb *match.Ambiguous
	ambiguous := errors.As(err, &amb)
	// A pure insertion's new text contains its old text: look for the
	// result first, or a re-run would insert the lines twice. Unless the
	// anchor stands at several places: the model may mean another of them.
	if len(op.Old) == 0 && len(op.New) > 0 && !ambiguous && s.alreadyThere(op, t, repl, opt, r) {
		return
	}
	if err == nil {
		if op.Group != 0 && op.InOrder {
			s.groupEnd[op.Group] = m.Start + len(repl)
		}
		// Splice reads only the matched lines: given those alone, it
		// returns their replacement without copying the rest of the file.
		win := t.lines[m.Start:m.End]
		wm := m
		wm.Start, wm.End = 0, len(win)
		t.splice(m.Start, m.End, match.Splice(win, wm, old, repl))
		r.Status, r.Match, r.Line = Applied, m.Step, m.Start+1
		return
	}
	if ambiguous {
		r.fail(AmbiguousAnchor, ambiguousMessage(r.Path, amb))
		if len(amb.Lines) > 0 {
			r.Line = amb.Lines[0]
		}
		return
	}
	if s.alreadyThere(op, t, repl, opt, r) {
		return
	}
	var nf *match.NotFound
	if errors.As(err, &nf) {
		r.fail(notFoundType(nf), "in "+r.Path+": "+nf.Error())
		r.Line = notFoundLine(nf)
		return
	}
	r.fail(AnchorNotFound, fmt.Sprintf("in %s: %v", r.Path, err))
}

// dropBOM removes a byte order mark the model copied from the start of a
// file (a git diff of line 1 carries it): the file's own BOM is kept
// apart from its lines, and a second one would be written inside them.
func dropBOM(lines []string) []string {
	if len(lines) == 0 || !strings.HasPrefix(lines[0], "\ufeff") {
		return lines
	}
	out := slices.Clone(lines)
	out[0] = strings.TrimPrefix(out[0], "\ufeff")
	return out
}

// alreadyThere reports (and records in r) whether the replacement is
// already in the file. Only replacements that say more than their context
// count: a deletion's anchor alone is no evidence the deletion happened.
func (s *Session) alreadyThere(op *Op, t *text, repl []string, opt match.Options, r *Result) bool {
	if len(op.New) == 0 && (len(op.Anchor) == 0 || len(op.Trailing) == 0) {
		return false
	}
	m, err := match.Find(t.lines, repl, opt)
	if err != nil {
		return false
	}
	r.Status, r.Line = AlreadyApplied, m.Start+1
	r.Message = fmt.Sprintf("the new lines are already in %s at line %d", r.Path, m.Start+1)
	return true
}

// matchOptions narrows the search by the operation's scope lines.
func (s *Session) matchOptions(op *Op, t *text, r *Result) (match.Options, bool) {
	opt := match.Options{Fuzzy: s.opt.Fuzzy, AtEOF: op.AtEOF}
	if op.Group != 0 && op.InOrder {
		opt.From = min(s.groupEnd[op.Group], len(t.lines))
	}
	for _, line := range op.Scope {
		m, err := match.Find(t.lines, []string{line}, match.Options{From: opt.From})
		if err != nil {
			var amb *match.Ambiguous
			if errors.As(err, &amb) {
				// Several places fit the scope line: take the first, as
				// apply_patch does; the lines after it must still be unique.
				opt.From = amb.Lines[0]
				continue
			}
			r.fail(AnchorNotFound, fmt.Sprintf("in %s: the context line %q was not found", r.Path, line))
			return opt, false
		}
		opt.From = m.End
	}
	// The scope line says where the lines are: the first place after it,
	// as apply_patch's grammar has it, even when they recur further down.
	opt.First = len(op.Scope) > 0 || s.opt.Policy.first(op)
	return opt, true
}

func ambiguousMessage(path string, amb *match.Ambiguous) string {
	nums := make([]string, len(amb.Lines))
	for i, n := range amb.Lines {
		nums[i] = fmt.Sprint(n)
	}
	how := ""
	if amb.Step != match.Exact {
		how = " (ignoring " + stepIgnores(amb.Step) + ")"
	}
	return fmt.Sprintf("ambiguous anchor: the lines match %d places in %s%s, at lines %s; include a distinctive preceding line (a function name, class definition or unique comment) so that exactly one place matches",
		len(amb.Lines), path, how, strings.Join(nums, ", "))
}

func stepIgnores(s match.Step) string {
	switch s {
	case match.TrailingWS:
		return "trailing whitespace"
	case match.Indent:
		return "indentation"
	case match.Unicode:
		return "typographic quotes, dashes and spaces"
	case match.BlankLines:
		return "blank lines"
	case match.Fuzzy:
		return "small differences"
	}
	return string(s)
}

// find locates old, preferring an exact match at the line the format
// named (a diff's @@ header), as git apply does.
func (s *Session) find(op *Op, file, old []string, opt match.Options) (match.Match, error) {
	if at := op.Hint - 1; at >= opt.From && at >= 0 && at <= len(file)-len(old) {
		if equalLines(file[at:at+len(old)], old) && (!opt.AtEOF || at+len(old) == len(file)) {
			return match.Match{Start: at, End: at + len(old), Step: match.Exact}, nil
		}
	}
	return match.Find(file, old, opt)
}

func equalLines(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
