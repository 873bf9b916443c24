package editcore

import (
	"fmt"

	"github.com/go-git/go-billy/v5/util"
)

// ApplyGroup applies operations that must succeed together (one MultiEdit
// tool call): if one fails, the file is restored and the operations before
// it are reported as failed too, with the same error type.
func (s *Session) ApplyGroup(ops []*Op) []Result {
	if len(ops) == 0 {
		return nil
	}
	p, _, ok := s.target(ops[0], ops[0].Path)
	var before []byte
	existed := false
	if ok {
		if data, err := util.ReadFile(s.fs, p); err == nil {
			before, existed = data, true
		}
	}
	results := make([]Result, 0, len(ops))
	failedAt := -1
	for i, op := range ops {
		r := s.Apply(op)
		results = append(results, r)
		if failedAt < 0 && (r.Status == Failed || r.Status == Skipped) {
			failedAt = i
		}
	}
	if failedAt < 0 || !ok {
		return results
	}
	// Undo what the group's earlier edits did to the file.
	if existed {
		_ = util.WriteFile(s.fs, p, before, 0o644)
	} else {
		_ = s.fs.Remove(p)
	}
	for i := 0; i < failedAt; i++ {
		r := &results[i]
		if r.OK() {
			r.Status, r.Error, r.Match = Failed, results[failedAt].Error, ""
			r.Message = fmt.Sprintf("not applied: edit %d of the same multi-edit failed, and its edits apply all or nothing", failedAt+1)
		}
	}
	s.failed[p] = true
	return results
}
