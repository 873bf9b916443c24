package relink

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/git-aiedit/git-aiedit/format/trailer"
	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
	"github.com/git-aiedit/git-aiedit/internal/provenance"
	"github.com/git-aiedit/git-aiedit/internal/sharehint"
)

// Run finds the commits of opts.Range that have no note of their own,
// matches each to the review commits it came from, and writes their
// notes in one notes commit. It reports what it linked and, by name,
// every commit that carries git-aiedit trailers but matched nothing.
func Run(ctx context.Context, opts *Options) error {
	repo, err := gitops.Discover(ctx, opts.Dir)
	if err != nil {
		return exitcode.WithCode(exitcode.Repo, err)
	}
	defer repo.Close()
	res, err := provenance.NewResolver(ctx, repo)
	if err != nil {
		return exitcode.WithCode(exitcode.Repo, err)
	}
	srcs, err := sources(repo, res.Notes())
	if err != nil {
		return exitcode.WithCode(exitcode.Repo, err)
	}
	if len(srcs) == 0 {
		fetch := ""
		if pull := sharehint.Notes(ctx, repo, "pull"); pull != "" {
			fetch = ": fetch the notes (" + pull + ") and the review branches first"
		}
		fmt.Fprintf(opts.IO.ErrOut, "relink: no review commit with an attribution note here, so nothing to relink from%s\n", fetch)
		return nil
	}
	todo, err := unnoted(ctx, repo, opts.Range, srcs)
	if err != nil {
		return err
	}
	if len(todo) == 0 {
		fmt.Fprintf(opts.IO.ErrOut, "relink: every commit of %s has its note; nothing to do\n", rangeName(opts.Range))
		return nil
	}
	m, err := newMatcher(ctx, repo, srcs, todo)
	if err != nil {
		return exitcode.WithCode(exitcode.Repo, err)
	}
	rep := &report{notes: map[plumbing.Hash][]byte{}}
	for _, t := range todo {
		if err := rep.link(ctx, repo, res, m, t); err != nil {
			return err
		}
	}
	return rep.finish(ctx, repo, opts)
}

// unnoted lists the commits of rng (see targetsOf) that are not review
// commits themselves: those that may need a note written.
func unnoted(ctx context.Context, repo *gitops.Repo, rng string, srcs map[plumbing.Hash]*source) ([]*gitops.Commit, error) {
	targets, err := targetsOf(ctx, repo, rng, srcs)
	if err != nil {
		return nil, err
	}
	var todo []*gitops.Commit
	for _, h := range targets {
		if _, own := srcs[h]; own {
			continue
		}
		c, err := repo.Commit(h)
		if err != nil {
			return nil, exitcode.WithCode(exitcode.Repo, err)
		}
		todo = append(todo, c)
	}
	return todo, nil
}

// newMatcher indexes the review commits and the review branches' tips
// by tree, and the review commits by patch-id, for matching todo's
// commits against them.
func newMatcher(ctx context.Context, repo *gitops.Repo, srcs map[plumbing.Hash]*source, todo []*gitops.Commit) (*matcher, error) {
	m := &matcher{repo: repo, srcs: srcs, byPatch: map[string][]*source{}, byTree: map[plumbing.Hash][]*gitops.Commit{}, ranges: map[[2]plumbing.Hash]string{}}
	// One patch-id run for sources and targets alike.
	all := make([]plumbing.Hash, 0, len(srcs)+len(todo))
	for h, s := range srcs {
		all = append(all, h)
		m.byTree[s.commit.TreeHash] = append(m.byTree[s.commit.TreeHash], s.commit)
	}
	for _, c := range todo {
		all = append(all, c.Hash)
	}
	var err error
	if m.ids, err = repo.PatchIDs(ctx, all); err != nil {
		return nil, err
	}
	for h, s := range srcs {
		if id := m.ids[h]; id != "" {
			m.byPatch[id] = append(m.byPatch[id], s)
		}
	}
	if m.tips, err = branchTips(ctx, repo, srcs); err != nil {
		return nil, err
	}
	for h := range m.tips {
		if _, ok := srcs[h]; ok {
			continue // already listed
		}
		if c, err := repo.Commit(h); err == nil {
			m.byTree[c.TreeHash] = append(m.byTree[c.TreeHash], c)
		}
	}
	return m, nil
}

// targetsOf lists the commits to relink, newest last: RANGE's, or by
// default HEAD's back to a day before the oldest review commit (a hosted
// merge is made after the commits it merges).
func targetsOf(ctx context.Context, repo *gitops.Repo, rng string, srcs map[plumbing.Hash]*source) ([]plumbing.Hash, error) {
	args := []string{"--no-merges", "--reverse"}
	if rng == "" {
		if len(srcs) == 0 {
			return nil, nil
		}
		oldest := time.Now()
		for _, s := range srcs {
			if s.commit.Committer.When.Before(oldest) {
				oldest = s.commit.Committer.When
			}
		}
		args = append(args, "--since="+strconv.FormatInt(oldest.Add(-24*time.Hour).Unix(), 10), "HEAD")
	} else {
		if strings.HasPrefix(rng, "-") {
			return nil, exitcode.UsageErrorf("relink: %q is not a range; name commits as git rev-list does (main~5..main)", rng)
		}
		args = append(args, "--end-of-options", rng)
	}
	hs, err := repo.Walk(ctx, args...)
	if err != nil {
		if errors.Is(err, gitops.ErrNotCommit) {
			return nil, exitcode.UsageErrorf("relink: %v; for a range: main~5..main", err)
		}
		if rng != "" {
			return nil, exitcode.UsageErrorf("relink: %s names no commits (%v); name a range such as main~5..main", rng, err)
		}
		return nil, exitcode.WithCode(exitcode.Repo, err)
	}
	return hs, nil
}

// fromAiedit: the message carries git-aiedit's trailers (a hosted squash
// keeps the squashed commits' messages in its body).
func fromAiedit(msg string) bool {
	for _, l := range strings.Split(msg, "\n") {
		l = strings.TrimSpace(l) // git merge --squash indents the messages it lists
		if strings.HasPrefix(l, trailer.KeyResponse+":") || strings.HasPrefix(l, trailer.KeySquashed+":") {
			return true
		}
	}
	return false
}

func rangeName(rng string) string {
	if rng == "" {
		return "the current branch"
	}
	return rng
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}
