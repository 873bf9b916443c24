package hook

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/git-aiedit/git-aiedit/internal/snapshot"
)

// A turn's commit equals the files the agent left, for every path that
// changed during the turn and is the agent's (docs/hooks.md, "What the
// record does not explain"). The turn starts where the last run left the
// working tree (the cursor's Seen: its tree then, or the session-start
// snapshot) and ends now. A path that changed in between is the agent's
// when its record names it (an edit, a write, a command's operand), or,
// when the turn ran a command whose effect is not known (one that could
// not be replayed, or one that failed after it may have written), any
// such path: that command could have written it, and git-aiedit cannot
// tell its writes from the user's. Any other path that changed is the
// user's own, and stays out of the agent's commit. Of the agent's paths,
// those whose content the replay did not produce are taken as they are in
// the working tree and named in Aiedit-Unexplained.

// settle is engine.Live.Settle for this run. It never fails the run: what
// goes wrong is logged and the replay is committed as it is.
func (r *runner) settle(ctx context.Context, tree plumbing.Hash, named []string, opaque bool) (plumbing.Hash, []string, error) {
	work, err := r.workTree(ctx)
	if err != nil {
		logf(r.repo.CommonDir, r.agent, r.ev.Session, "the working tree could not be read (%v); the turn is recorded as its record replays", err)
		return tree, nil, nil
	}
	start := r.turnStart(ctx)
	if start.IsZero() {
		return tree, nil, nil
	}
	changed, err := r.repo.DiffTree(ctx, start, work)
	if err != nil {
		logf(r.repo.CommonDir, r.agent, r.ev.Session, "%v; the turn is recorded as its record replays", err)
		return tree, nil, nil
	}
	differs, err := r.repo.DiffTree(ctx, tree, work)
	if err != nil {
		logf(r.repo.CommonDir, r.agent, r.ev.Session, "%v; the turn is recorded as its record replays", err)
		return tree, nil, nil
	}
	during := map[string]bool{}
	for _, c := range changed {
		during[c.Path] = true
	}
	var take []string
	for _, d := range differs {
		if !during[d.Path] || (!opaque && !slices.Contains(named, d.Path)) {
			continue // not changed during the turn, or the user's
		}
		if d.NewHash.IsZero() && r.onDisk(d.Path) {
			continue // there, but not taken into trees (ignored, or past the bounds)
		}
		take = append(take, d.Path)
	}
	if len(take) == 0 {
		return tree, nil, nil
	}
	settled, err := r.repo.TakePaths(ctx, tree, work, take)
	if err != nil {
		logf(r.repo.CommonDir, r.agent, r.ev.Session, "%v; the turn is recorded as its record replays", err)
		return tree, nil, nil
	}
	return settled, take, nil
}

// workTree is the working tree's tree now, taken once per run.
func (r *runner) workTree(ctx context.Context) (plumbing.Hash, error) {
	if !r.work.IsZero() {
		return r.work, nil
	}
	w, err := snapshot.Tree(ctx, r.repo)
	if err == nil {
		r.work = w
	}
	return w, err
}

// turnStart is the tree the turn started from: the working tree as the
// last run left it, else the session-start snapshot (or HEAD, when no
// start was seen).
func (r *runner) turnStart(ctx context.Context) plumbing.Hash {
	if h := plumbing.NewHash(r.cur.Seen); r.cur.Seen != "" && h.String() == r.cur.Seen {
		return h
	}
	if r.cur.Base != "" {
		if c, err := r.repo.Commit(plumbing.NewHash(r.cur.Base)); err == nil {
			return c.TreeHash
		}
	}
	head, err := r.repo.ResolveCommit(ctx, "HEAD")
	if err != nil {
		return plumbing.ZeroHash
	}
	c, err := r.repo.Commit(head)
	if err != nil {
		return plumbing.ZeroHash
	}
	return c.TreeHash
}

// onDisk reports a path the working tree holds though its tree does not.
func (r *runner) onDisk(path string) bool {
	_, err := os.Lstat(filepath.Join(r.repo.WorkTree, filepath.FromSlash(path)))
	return !errors.Is(err, os.ErrNotExist)
}

// see notes where the working tree is as this run ends: the next turn
// starts there.
func (r *runner) see(ctx context.Context) {
	if r.repo.WorkTree == "" {
		return
	}
	if w, err := r.workTree(ctx); err == nil {
		r.cur.Seen = w.String()
	}
}
