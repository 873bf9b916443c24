package editcore

import (
	"errors"
	"path"
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
	if op.RecordedError != "" {
		r.Status, r.Error = Failed, ToolFailed
		r.Message = "the command failed when it was run, so it is not replayed: " + op.RecordedError
		return r
	}
	if c.Op == "" {
		r.Status, r.Message = NotRun, c.Reason
		if op.Executed {
			r.Status = NotReplayed
		}
		if r.Message == "" {
			r.Message = "not a file operation; run it yourself if you want it"
		}
		return r
	}
	paths := make([]string, len(c.Paths))
	for i, raw := range c.Paths {
		p, err := s.resolve(raw, op.Exact)
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
		// rm -f ignores a file that is not there, as git rm --ignore-unmatch
		// does (git rm -f does not).
		ignore := slices.Contains(c.Flags, "--ignore-unmatch") || c.Program == "rm" && slices.Contains(c.Flags, "-f")
		s.shellRemove(&r, paths, c.Recursive, ignore)
	case shell.Move:
		// An existing destination is replaced only with -f (git mv -f, mv -f).
		s.shellMove(&r, paths, slices.Contains(c.Flags, "-f"))
	case shell.Copy:
		s.shellCopy(&r, paths, c.Recursive)
	case shell.Edit:
		s.shellSed(&r, paths, c.Sed)
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

func (s *Session) shellMove(r *Result, paths []string, overwrite bool) {
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
		s.move(r, src, dst, overwrite)
		if r.Status == Failed {
			return
		}
	}
	r.Message = "moved " + strings.Join(srcs, ", ") + " to " + dst
}

// shellCopy copies files (or, recursively, directories) as cp does: into
// DST when it is a directory.
func (s *Session) shellCopy(r *Result, paths []string, recursive bool) {
	if len(paths) < 2 {
		r.fail(FileNotFound, "a copy needs a source and a destination")
		return
	}
	srcs, dst := paths[:len(paths)-1], paths[len(paths)-1]
	dstInfo, dstErr := s.fs.Lstat(dst)
	intoDir := dstErr == nil && dstInfo.IsDir()
	if len(srcs) > 1 && !intoDir {
		r.fail(FileNotFound, "copying several files needs an existing directory as destination: "+dst)
		return
	}
	for _, src := range srcs {
		info, err := s.fs.Lstat(src)
		if err != nil {
			r.fail(FileNotFound, "cannot copy "+src+": no such file in the tree")
			return
		}
		if info.IsDir() && !recursive {
			r.fail(FileNotFound, "not copying directory "+src+" without -r")
			return
		}
		to := dst
		if intoDir {
			to = path.Join(dst, path.Base(src))
		}
		if err := s.copyTree(r, src, to, info.IsDir()); err != nil {
			r.fail(ioErrorType(err), err.Error())
			return
		}
	}
	r.Status, r.Path = Applied, dst
	r.Message = "copied " + strings.Join(srcs, ", ") + " to " + dst
}

func (s *Session) copyTree(r *Result, src, dst string, dir bool) error {
	if !dir {
		data, info, err := s.read(src)
		if err != nil {
			return err
		}
		w := Result{Op: r.Op, Path: dst}
		s.write(&w, data)
		if w.Status == Failed {
			return errors.New(w.Message)
		}
		if info.Mode()&0o111 != 0 {
			s.chmod(&w, dst, 0o755)
		}
		return nil
	}
	entries, err := s.fs.ReadDir(src)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if err := s.copyTree(r, path.Join(src, e.Name()), path.Join(dst, e.Name()), e.IsDir()); err != nil {
			return err
		}
	}
	return nil
}

// shellSed runs a sed -i script's substitutions over each file, line by
// line, keeping each line's own terminator.
func (s *Session) shellSed(r *Result, paths []string, script *shell.Sed) {
	if script == nil || len(paths) == 0 {
		r.fail(MalformedBlock, "no sed script or file")
		return
	}
	changed := 0
	for _, p := range paths {
		data, info, err := s.read(p)
		switch {
		case err != nil:
			r.fail(FileNotFound, "sed: cannot read "+p+": no such file in the tree")
			return
		case info.IsDir():
			r.fail(FileNotFound, "sed: "+p+" is a directory")
			return
		case isBinary(data):
			r.Status, r.Error, r.Message = Skipped, BinaryFile, p+" is a binary file"
			return
		}
		t := decodeText(data)
		lines, eols := t.lines[:0:0], t.eols[:0:0]
		for i, l := range t.lines {
			if l, deleted := script.Line(i+1, len(t.lines), l); !deleted {
				lines, eols = append(lines, l), append(eols, t.eols[i])
			}
		}
		t.lines, t.eols = lines, eols
		out := t.encode()
		if string(out) == string(data) {
			continue
		}
		w := Result{Op: r.Op, Path: p}
		s.write(&w, out)
		if w.Status == Failed {
			*r = w
			return
		}
		changed++
	}
	r.Status = Applied
	if changed == 0 {
		r.Status = AlreadyApplied
		r.Message = "the substitutions change nothing"
		return
	}
	r.Message = "edited " + strings.Join(paths, ", ")
}
