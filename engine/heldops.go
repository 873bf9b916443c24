package engine

import (
	"crypto/sha256"
	"encoding/hex"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/git-aiedit/git-aiedit/editcore"
)

// heldOpDigest names one operation by what it changes (opDigest), so
// that the same tool call read from two copies of a session digests
// alike.
func heldOpDigest(op *editcore.Op) string {
	h := sha256.New()
	opDigest(h, op)
	return hex.EncodeToString(h.Sum(nil))
}

// skipHeld reports the leading operations of ops that the commit of a
// turn cut short already holds (response.heldOps) as already applied,
// and returns the rest. A turn the agent committed in the middle of is
// held in part by that commit's checkpoint and whole by the next one;
// applying it whole again would make its first edits twice (an Edit of
// "a" into "a\nb" on a file that has b already writes b twice). The
// first operation that differs ends the skipping: from there on the
// turn is new. A group (a multi-edit) is skipped only whole.
func (r *response) skipHeld(ops []editcore.Op) []editcore.Op {
	for len(r.heldOps) > 0 && len(ops) > 0 {
		n := 1
		if g := ops[0].Group; g != 0 {
			for n < len(ops) && ops[n].Group == g {
				n++
			}
		}
		if n > len(r.heldOps) {
			r.heldOps = nil
			break
		}
		for i := range n {
			if heldOpDigest(&ops[i]) != r.heldOps[i] {
				r.heldOps = nil
				return ops
			}
		}
		for i := range n {
			r.record(&ops[i], editcore.Result{
				Path:    ops[i].Path,
				Status:  editcore.AlreadyApplied,
				Message: "already in commit " + short(plumbing.NewHash(r.b.heldCommit)) + ": the agent committed in the middle of this turn, and that commit holds this edit",
			})
		}
		r.heldOps = r.heldOps[n:]
		ops = ops[n:]
	}
	return ops
}
