package editcore

import (
	"fmt"
	"os"

	"github.com/go-git/go-billy/v5"
	"github.com/go-git/go-billy/v5/util"
)

// ApplyGroup applies operations that must succeed together (a MultiEdit
// tool call, the hunks and rename of one file in a diff or patch). Once one
// fails, the rest are not attempted, every path the group touched is
// restored, and the operations before the failure are reported as failed
// too, with its error type.
func (s *Session) ApplyGroup(ops []*Op) []Result {
	if len(ops) == 0 {
		return nil
	}
	delete(s.groupEnd, ops[0].Group) // in-order positions start afresh
	if err := s.Flush(); err != nil {
		results := make([]Result, len(ops))
		for i, op := range ops {
			results[i] = Result{Op: op, Path: op.Path, Status: Failed, Error: ioErrorType(err), Message: err.Error()}
		}
		return results
	}
	saved := map[string]*savedFile{}
	for _, op := range ops {
		for _, raw := range []string{op.Path, op.From} {
			if p, err := s.resolve(raw, op.Exact); raw != "" && err == nil && saved[p] == nil {
				saved[p] = s.save(p)
			}
		}
	}
	results := make([]Result, 0, len(ops))
	failedAt := -1
	for i, op := range ops {
		if failedAt >= 0 {
			r := Result{Op: op, Path: results[failedAt].Path, Status: Skipped, Error: PreviousEditFailed,
				Message: fmt.Sprintf("not attempted: edit %d of the same group failed, and the group applies all or nothing", failedAt+1)}
			if p, err := s.resolve(op.Path, op.Exact); err == nil {
				r.Path = p
			}
			results = append(results, r)
			continue
		}
		r := s.Apply(op)
		results = append(results, r)
		if r.Status == Failed || r.Status == Skipped {
			failedAt = i
		}
	}
	if failedAt < 0 {
		return results
	}
	s.discard()
	for p, f := range saved {
		f.restore(s.fs, p)
		s.failed[p] = true
	}
	for i := 0; i < failedAt; i++ {
		if r := &results[i]; r.OK() {
			r.Status, r.Error, r.Match = Failed, results[failedAt].Error, ""
			r.Message = fmt.Sprintf("not applied: edit %d of the same group failed, and the group applies all or nothing", failedAt+1)
		}
	}
	return results
}

// savedFile is a file's state before a group ran.
type savedFile struct {
	exists bool
	data   []byte
	mode   os.FileMode
}

func (s *Session) save(p string) *savedFile {
	info, err := s.fs.Lstat(p)
	if err != nil || info.IsDir() {
		return &savedFile{}
	}
	data, err := util.ReadFile(s.fs, p)
	if err != nil {
		return &savedFile{}
	}
	return &savedFile{exists: true, data: data, mode: info.Mode().Perm()}
}

func (f *savedFile) restore(fsys billy.Filesystem, p string) {
	if !f.exists {
		_ = removeAll(fsys, p)
		return
	}
	_ = util.WriteFile(fsys, p, f.data, f.mode)
	if ch, ok := fsys.(billy.Change); ok {
		_ = ch.Chmod(p, f.mode)
	}
}
