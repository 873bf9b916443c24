package engine

import (
	"context"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/git-aiedit/git-aiedit/format/trailer"
	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
)

// maxRecordedWalk bounds the history read for already-recorded responses.
const maxRecordedWalk = 100000

// recorded finds the responses already on the branch: the first-parent
// commits from tip that carry Aiedit trailers, keyed by transcript hash
// ("sha256:<hex>") and response number.
//
// On a new branch (tip is the base) the walk stops at the first commit
// that is not ours. On an existing branch it goes on through the user's
// own commits (fix-ups on top of a response are the point of a review
// branch) down to where the branch left HEAD's history; when that is
// unknown (HEAD is on the branch, or has it all after a fast-forward
// merge) it reads the whole first-parent history, up to maxRecordedWalk.
func (a *applier) recorded(ctx context.Context, tip plumbing.Hash, exists bool) (map[string]map[int]string, error) {
	stop := plumbing.ZeroHash
	if exists {
		if head, err := a.repo.ResolveCommit(ctx, "HEAD"); err == nil && head != tip {
			if mb, ok, err := a.repo.MergeBase(ctx, tip, head); err == nil && ok && mb != tip {
				stop = mb
			}
		}
	}
	out := map[string]map[int]string{}
	a.recRounds, a.liveSeries, a.digests = nil, nil, recordedDigests{}
	a.replayBase = map[string]plumbing.Hash{}
	n := 0
	err := a.repo.FirstParents(ctx, tip, stop, func(c *gitops.Commit) error {
		n++
		if n > maxRecordedWalk {
			return gitops.ErrStopWalk
		}
		rec, label, sum, ok := responseOf(c.Message)
		if !ok {
			if exists {
				return nil
			}
			return gitops.ErrStopWalk
		}
		idx, round := rec.N, rec.Round
		if rec.Session.Agent != "" {
			a.noteSeries(label, rec.Session)
		}
		if round > 0 {
			// A retry round: kept apart, so that it never stands for its
			// response (retryloop.go reports it with the response).
			a.noteRound(sum, idx, round, c.Hash)
			return nil
		}
		if len(c.ParentHashes) > 0 {
			a.replayBase[label] = c.ParentHashes[0] // walked newest first: the oldest's stays
		}
		if rec.Digest != "" {
			a.digests.note(label, rec.Digest, c.Hash.String(), sum, idx)
		}
		if out[sum] == nil {
			out[sum] = map[int]string{}
		}
		if _, dup := out[sum][idx]; !dup {
			out[sum][idx] = c.Hash.String()
		}
		return nil
	})
	if err != nil {
		return nil, exitcode.WithCode(exitcode.Repo, err)
	}
	return out, nil
}

// responseOf reads an aiedit commit message: the response it records,
// and its transcript's file name and hash ("sha256:<hex>": the
// transcript's, or a live turn's); ok is false for any other commit.
func responseOf(msg string) (rec trailer.Record, label, sum string, ok bool) {
	rec = trailer.Decode(msg)
	label, sum, ok = trailer.SplitTranscript(rec.Transcript)
	if !ok || !rec.IsResponse() {
		return trailer.Record{}, "", "", false
	}
	return rec, label, sum, true
}
