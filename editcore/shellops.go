package editcore

import (
	"slices"
	"strings"

	"github.com/git-aiedit/git-aiedit/editcore/shell"
)

// shell performs a suggested command as tree operations, or reports why
// not. Nothing is ever executed.
func (s *Session) shell(op *Op) Result {
	r := Result{Op: op}
	c := op.Command
	if c == nil {
		r.Status, r.Message = NotRun, "no command"
		return r
	}
	if c.Op == "" {
		r.Status, r.Message = NotRun, c.Reason
		if r.Message == "" {
			r.Message = "not a file operation; run it yourself if you want it"
		}
		return r
	}
	paths := make([]string, len(c.Paths))
	for i, raw := range c.Paths {
		p, err := s.resolve(raw)
		if err != nil {
			r.Status, r.Message = NotRun, err.Error()
			return r
		}
		paths[i] = p
	}
	if len(paths) > 0 {
		r.Path = paths[0]
	}
	switch c.Op {
	case shell.Mkdir:
		r.Status, r.Message = Applied, "git records no empty directories; nothing to do"
	case shell.Remove:
		s.shellRemove(&r, paths, c.Recursive, slices.Contains(c.Flags, "--ignore-unmatch"))
	case shell.Move:
		s.shellMove(&r, paths)
	default:
		r.Status, r.Message = NotRun, "unknown file operation "+string(c.Op)
	}
	if r.Status == Applied && s.opt.DryRun {
		r.Status = Validated
	}
	return r
}

func (s *Session) shellRemove(r *Result, paths []string, recursive, ignoreUnmatch bool) {
	if len(paths) == 0 {
		r.fail(FileNotFound, "no path to remove")
		return
	}
	// All or nothing, as git rm: check every path before removing any.
	var present []string
	for _, p := range paths {
		info, err := s.fs.Lstat(p)
		if err != nil && ignoreUnmatch {
			continue
		}
		if err != nil {
			r.fail(FileNotFound, "cannot remove "+p+": no such file in the tree")
			return
		}
		present = append(present, p)
		if info.IsDir() && !recursive {
			r.fail(FileNotFound, "not removing directory "+p+" recursively without -r")
			return
		}
	}
	for _, p := range present {
		s.remove(r, p, true)
		if r.Status == Failed {
			return
		}
	}
	if len(present) == 0 {
		r.Status, r.Message = AlreadyApplied, "nothing to remove"
		return
	}
	r.Message = "removed " + strings.Join(present, ", ")
}

func (s *Session) shellMove(r *Result, paths []string) {
	if len(paths) < 2 {
		r.fail(FileNotFound, "a move needs a source and a destination")
		return
	}
	srcs, dst := paths[:len(paths)-1], paths[len(paths)-1]
	if len(srcs) > 1 {
		if info, err := s.fs.Lstat(dst); err != nil || !info.IsDir() {
			r.fail(FileNotFound, "moving several files needs an existing directory as destination: "+dst)
			return
		}
	}
	for _, src := range srcs {
		s.move(r, src, dst, false)
		if r.Status == Failed {
			return
		}
	}
	r.Message = "moved " + strings.Join(srcs, ", ") + " to " + dst
}
