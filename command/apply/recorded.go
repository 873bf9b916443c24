package apply

import (
	"context"
	"strconv"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/git-aiedit/git-aiedit/command/exitcode"
	"github.com/git-aiedit/git-aiedit/gitops"
)

// maxRecordedWalk bounds the history read for already-recorded responses.
const maxRecordedWalk = 100000

// recorded finds the responses already on the branch: the first-parent
// commits from tip that carry Aiedit trailers, keyed by transcript hash
// ("sha256:<hex>") and response number. The walk stops at the first commit
// that is not ours: everything below it is the base.
func (a *applier) recorded(ctx context.Context, tip plumbing.Hash) (map[string]map[int]string, error) {
	out := map[string]map[int]string{}
	n := 0
	err := a.repo.FirstParents(ctx, tip, plumbing.ZeroHash, func(c *object.Commit) error {
		n++
		sum, idx, ok := responseOf(c.Message)
		if !ok || n > maxRecordedWalk {
			return gitops.ErrStopWalk
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

// responseOf reads the transcript hash and response number of an aiedit
// commit message.
func responseOf(msg string) (sum string, idx int, ok bool) {
	var transcript, response string
	for _, t := range gitops.ParseTrailers(msg) {
		switch t.Key {
		case "Aiedit-Transcript":
			transcript = t.Value
		case "Aiedit-Response":
			response = t.Value
		}
	}
	i := strings.LastIndex(transcript, " sha256:")
	if i < 0 || response == "" {
		return "", 0, false
	}
	n, _, _ := strings.Cut(response, "/")
	idx, err := strconv.Atoi(n)
	if err != nil {
		return "", 0, false
	}
	return transcript[i+1:], idx, true
}
