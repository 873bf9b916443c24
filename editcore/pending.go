package editcore

import (
	"path"
	"strings"

	"github.com/git-aiedit/git-aiedit/fsckrule"
)

// A response of thousands of blocks often edits one long file again and
// again. Read, split into lines, joined and written (compressed and
// hashed) for each block, the file cost every block its whole size: 4,000
// blocks on a 160,000-line file took 219 s. With Options.Defer, the lines
// of the file the session edited last are kept between consecutive line
// edits (Replace, Append, Insert, ReplaceRange) and written once, when
// another operation comes, or Flush. The matching rules are the same: the
// lines are the file's as the last edit left them.

// pending is the file the session edited last and has not written yet.
type pending struct {
	path string
	t    *text
}

// lineEdit reports the kinds that change a file's lines in place.
func lineEdit(k Kind) bool {
	return k == Replace || k == Append || k == Insert || k == ReplaceRange
}

// deferrable reports whether op's result may be kept unwritten: a line
// edit that sets no mode, to a file git does not read as configuration
// (Check judges those whole), whose new text holds no NUL byte (write
// refuses it with its own message).
func deferrable(op *Op, p string) bool {
	if !lineEdit(op.Kind) || op.Mode != 0 || fsckrule.Special(path.Base(p)) != "" {
		return false
	}
	if strings.IndexByte(string(op.Content), 0) >= 0 {
		return false
	}
	for _, lines := range [][]string{op.Anchor, op.New, op.Trailing} {
		for _, l := range lines {
			if strings.IndexByte(l, 0) >= 0 {
				return false
			}
		}
	}
	return true
}

// defers reports whether op's result may be kept unwritten in this
// session: deferring is on, op is deferrable, and the agent's policy
// leaves an edit's bytes as they are (its final-newline rules look at the
// file before each edit, which a kept run of edits no longer has).
func (s *Session) defers(op *Op, p string) bool {
	return s.opt.Defer && deferrable(op, p) && s.opt.Policy.plain(op)
}

// Flush writes the file the session keeps unwritten, if any. Callers
// that read the filesystem after Apply (a commit, a check, a diff shown)
// flush first; Apply flushes before any operation that is not a line
// edit of that same file.
func (s *Session) Flush() error {
	p := s.pend
	if p == nil {
		return nil
	}
	s.pend = nil
	r := Result{Path: p.path}
	s.write(&r, p.t.encode())
	if r.Status != Applied {
		return &writeError{path: p.path, msg: r.Message}
	}
	return nil
}

// Pending returns the bytes of p when the session keeps them unwritten
// (the filesystem still has the file as it was before): readers that
// follow every edit (attribution) read them here.
func (s *Session) Pending(p string) ([]byte, bool) {
	if s.pend == nil || s.pend.path != p {
		return nil, false
	}
	return s.pend.t.encode(), true
}

// Defers reports Options.Defer: the session's own operations are then
// the only changes to its files while it runs (apply -p, whose person may
// put a file back between operations, does not defer).
func (s *Session) Defers() bool { return s.opt.Defer }

// discard forgets the unwritten file: what the filesystem holds is
// restored (a group that failed).
func (s *Session) discard() { s.pend = nil }

type writeError struct{ path, msg string }

func (e *writeError) Error() string { return "cannot write " + e.path + ": " + e.msg }

// Splice is what one line edit did to a file's lines: lines [Start, End)
// of the Lines it had, Old (ended by OldEOL), became New. After and
// AfterEOL are the file's lines and their endings once it was made (""
// for a last line without one, which is written with EOL), valid until
// the file's next edit: they are the session's own, not to be changed.
type Splice struct {
	Path             string
	Start, End       int
	Old, OldEOL, New []string
	Lines            int
	After, AfterEOL  []string
	EOL              string
}

// LastSplice returns the splice of the operation Apply applied last, when
// it was a line edit (Replace, Append, Insert, ReplaceRange) that
// changed the file: a reader that follows every edit (attribution) can
// follow it without reading the whole file.
func (s *Session) LastSplice() (Splice, bool) {
	if s.lastSplice == nil {
		return Splice{}, false
	}
	return *s.lastSplice, true
}
