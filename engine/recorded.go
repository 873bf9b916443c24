package engine

import (
	"context"
	"strconv"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/object"

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
	err := a.repo.FirstParents(ctx, tip, stop, func(c *object.Commit) error {
		n++
		if n > maxRecordedWalk {
			return gitops.ErrStopWalk
		}
		rec, ok := responseOf(c.Message)
		if !ok {
			if exists {
				return nil
			}
			return gitops.ErrStopWalk
		}
		sum, idx, round := rec.sum, rec.index, rec.round
		if rec.session != "" {
			a.noteSeries(rec.label, rec.session)
		}
		if round > 0 {
			// A retry round: kept apart, so that it never stands for its
			// response (retryloop.go reports it with the response).
			a.noteRound(sum, idx, round, c.Hash)
			return nil
		}
		if len(c.ParentHashes) > 0 {
			a.replayBase[rec.label] = c.ParentHashes[0] // walked newest first: the oldest's stays
		}
		if rec.digest != "" {
			a.digests.note(rec.label, rec.digest, c.Hash.String(), sum, idx)
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

// recordedResponse is what an aiedit commit's trailers say of the
// response it records.
type recordedResponse struct {
	label   string // the transcript's file name
	sum     string // "sha256:<hex>": the transcript's, or a live turn's
	index   int
	round   int    // > 0 for a retry round
	session string // Aiedit-Session: recorded by the live hook
	digest  string // Aiedit-Response-Digest (digest.go); "" on older commits
}

// responseOf reads the transcript hash and response number of an aiedit
// commit message.
func responseOf(msg string) (rec recordedResponse, ok bool) {
	var transcript, response, retryOf string
	for _, t := range gitops.ParseTrailers(msg) {
		switch t.Key {
		case "Aiedit-Transcript":
			transcript = t.Value
		case "Aiedit-Response":
			response = t.Value
		case "Aiedit-Retry-Of":
			retryOf = t.Value
		case "Aiedit-Session":
			rec.session = t.Value
		case digestKey:
			rec.digest = t.Value
		}
	}
	i := strings.LastIndex(transcript, " sha256:")
	if i < 0 || response == "" {
		return recordedResponse{}, false
	}
	n, _, _ := strings.Cut(response, "/")
	idx, err := strconv.Atoi(n)
	if err != nil {
		return recordedResponse{}, false
	}
	if retryOf != "" {
		if _, k, found := strings.Cut(retryOf, " round "); found {
			rec.round, _ = strconv.Atoi(strings.TrimSpace(k))
		}
		rec.round = max(rec.round, 1)
	}
	rec.label, rec.sum, rec.index = transcript[:i], transcript[i+1:], idx
	return rec, true
}
