package relink

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/internal/english"
)

// match is where a commit came from: one review commit it is a rebased
// copy of, or a run of commits (oldest first) it squashes.
type match struct {
	copyOf *source
	run    []plumbing.Hash
	from   string // what the run is, for the report
}

// matcher finds, for commits without a note of their own, the review
// commits they came from.
type matcher struct {
	repo    *gitops.Repo
	srcs    map[plumbing.Hash]*source
	byPatch map[string][]*source
	byTree  map[plumbing.Hash][]*gitops.Commit // review commits and branch tips by tree
	tips    map[plumbing.Hash]string
	ids     map[plumbing.Hash]string // patch-ids of sources and targets
	ranges  map[[2]plumbing.Hash]string
}

// find returns the match of target, or why there is none ("" when
// nothing matches at all; a reason when several origins do, or the one
// that does is younger than target).
func (m *matcher) find(ctx context.Context, target *gitops.Commit) (*match, string, error) {
	found, why, err := m.origin(ctx, target)
	if found == nil || err != nil {
		return found, why, err
	}
	if why, err := m.younger(target, found); why != "" || err != nil {
		return nil, why, err
	}
	return found, "", nil
}

// younger says why target cannot have come from the commits of found: one
// of them was made after target was committed (a person's commit made
// before the response, with the same change). A note must never name a
// commit older than its response.
func (m *matcher) younger(target *gitops.Commit, found *match) (string, error) {
	run := found.run
	if found.copyOf != nil {
		run = []plumbing.Hash{found.copyOf.commit.Hash}
	}
	for _, h := range run {
		c, err := m.repo.Commit(h)
		if err != nil {
			return "", err
		}
		if target.Committer.When.Before(c.Author.When) {
			return fmt.Sprintf("its change is that of %.8s, made %s after it was committed, so it cannot have come from there",
				h, c.Author.When.Sub(target.Committer.When).Round(time.Second)), nil
		}
	}
	return "", nil
}

// origin finds where target came from, as find says.
func (m *matcher) origin(ctx context.Context, target *gitops.Commit) (*match, string, error) {
	if len(target.ParentHashes) != 1 {
		return nil, "", nil // a root or merge commit is never a hosted squash or rebase
	}
	id := m.ids[target.Hash]
	if id == "" {
		return nil, "", nil // changes nothing
	}
	parent, err := m.repo.Commit(target.ParentHashes[0])
	if err != nil {
		return nil, "", err
	}
	if found, why, done := m.sameTrees(target, parent); done {
		return found, why, nil
	}
	if found, why, done := m.samePatch(target, id); done {
		return found, why, nil
	}
	return m.squashedOnMovedTarget(ctx, target, parent, id)
}

// sameTrees finds a squash (or a copy) on an unchanged base: it has the
// trees of the two ends of a run of review commits. done is false when
// no run has them.
func (m *matcher) sameTrees(target, parent *gitops.Commit) (found *match, why string, done bool) {
	runs := map[[2]plumbing.Hash][]plumbing.Hash{}
	for _, end := range m.byTree[target.TreeHash] {
		if end.Hash == target.Hash {
			continue // a review branch whose tip is the squash itself (git rebase -i on it)
		}
		if run := m.runTo(end, parent.TreeHash); run != nil && !slices.Contains(run, target.Hash) {
			runs[[2]plumbing.Hash{run[0], run[len(run)-1]}] = run
		}
	}
	if len(runs) > 1 {
		return nil, fmt.Sprintf("its change is that of %d different runs of review commits", len(runs)), true
	}
	for _, run := range runs {
		return &match{run: run, from: m.describe(run)}, "", true
	}
	return nil, "", false
}

// samePatch finds a rebased commit: the same patch as review commits
// recording the same responses. done is false when no other commit has
// the patch.
func (m *matcher) samePatch(target *gitops.Commit, id string) (found *match, why string, done bool) {
	cands := m.byPatch[id]
	var pick *source
	keys := map[string]bool{}
	for _, c := range cands {
		if c.commit.Hash == target.Hash {
			continue
		}
		keys[responsesKey(c.note)] = true
		if pick == nil || isOriginal(c) && !isOriginal(pick) {
			pick = c
		}
	}
	switch {
	case len(keys) == 1:
		return &match{copyOf: pick}, "", true
	case len(keys) > 1:
		return nil, fmt.Sprintf("its change is that of %d review commits recording different responses", len(cands)), true
	}
	return nil, "", false
}

// squashedOnMovedTarget finds a squash onto a target that moved: the
// patch of a review branch's whole change since its merge base.
func (m *matcher) squashedOnMovedTarget(ctx context.Context, target, parent *gitops.Commit, id string) (*match, string, error) {
	var found []*match
	for tip, name := range m.tips {
		if tip == target.Hash {
			continue
		}
		base, ok, err := m.repo.MergeBase(ctx, tip, parent.Hash)
		if err != nil || !ok || base == tip {
			continue
		}
		key := [2]plumbing.Hash{base, tip}
		rid, seen := m.ranges[key]
		if !seen {
			if rid, err = m.repo.RangePatchID(ctx, base, tip); err != nil {
				return nil, "", err
			}
			m.ranges[key] = rid
		}
		if rid != id {
			continue
		}
		run := m.firstParents(tip, base)
		if run == nil {
			continue
		}
		found = append(found, &match{run: run, from: fmt.Sprintf("%s (%s)", name, english.Count(len(run), "commit"))})
	}
	distinct := map[[2]plumbing.Hash]*match{}
	for _, f := range found {
		distinct[[2]plumbing.Hash{f.run[0], f.run[len(f.run)-1]}] = f
	}
	if len(distinct) > 1 {
		return nil, fmt.Sprintf("its change is that of %d different review branches", len(distinct)), nil
	}
	for _, f := range distinct {
		return f, "", nil
	}
	return nil, "", nil
}

// isOriginal: the note is on the response's own commit (no response of
// it names another commit), not on a land --rebase copy.
func isOriginal(s *source) bool {
	for _, r := range s.note.Responses {
		if r.Commit != "" {
			return false
		}
	}
	return true
}

// runTo walks first parents back from end to the commit whose parent has
// the tree base: the run (oldest first) whose change is end's tree from
// base. nil when there is none within reach, or a merge is in the way.
func (m *matcher) runTo(end *gitops.Commit, base plumbing.Hash) []plumbing.Hash {
	var run []plumbing.Hash
	c := end
	for range maxChain {
		if len(c.ParentHashes) != 1 {
			return nil
		}
		run = append(run, c.Hash)
		p, err := m.repo.Commit(c.ParentHashes[0])
		if err != nil {
			return nil
		}
		if p.TreeHash == base {
			return reverse(run)
		}
		c = p
	}
	return nil
}

// firstParents is the run from base (excluded) to tip, oldest first;
// nil when base is not on tip's first-parent line or a merge is.
func (m *matcher) firstParents(tip, base plumbing.Hash) []plumbing.Hash {
	var run []plumbing.Hash
	h := tip
	for range maxChain {
		if h == base {
			return reverse(run)
		}
		c, err := m.repo.Commit(h)
		if err != nil || len(c.ParentHashes) != 1 {
			return nil
		}
		run = append(run, h)
		h = c.ParentHashes[0]
	}
	return nil
}

// describe names a run for the report: the review branch whose tip it
// ends at, if one does.
func (m *matcher) describe(run []plumbing.Hash) string {
	last := run[len(run)-1]
	s := fmt.Sprintf("%.8s..%.8s (%s)", run[0], last, english.Count(len(run), "commit"))
	if name, ok := m.tips[last]; ok {
		s = fmt.Sprintf("%s (%s)", name, english.Count(len(run), "commit"))
	}
	return s
}

func reverse(hs []plumbing.Hash) []plumbing.Hash {
	for i, j := 0, len(hs)-1; i < j; i, j = i+1, j-1 {
		hs[i], hs[j] = hs[j], hs[i]
	}
	return hs
}

func itoa(n int) string { return strconv.Itoa(n) }
