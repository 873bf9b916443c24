package snapshot

import (
	"context"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/git-aiedit/git-aiedit/gitops"
)

// Result is the working tree as a commit: what an agent saw when its
// session started.
type Result struct {
	Commit plumbing.Hash // the snapshot commit; HEAD itself when Clean
	Head   plumbing.Hash // HEAD when the snapshot was taken
	Clean  bool          // the working tree had nothing that HEAD lacks
	// Left out: untracked files not taken, with why, for the caller to
	// say (a secret's name, a size over the limit, the budget spent), and
	// paths git fsck --strict refuses, kept as HEAD has them.
	Left []string
}

// op names the snapshot in errors.
const op = "snapshot the working tree"

// Take records the working tree — tracked files as they are on disk plus
// untracked files that are not ignored, within the bounds (untracked.go)
// and but for secrets (secretName) — as a commit on top of HEAD, the way
// `git stash create` records local changes, without touching the real
// index, the stash or any ref (gitops.ScratchIndex). When the tree equals
// HEAD's, no commit is written and HEAD is returned (Clean).
func Take(ctx context.Context, repo *gitops.Repo, message string, opts ...Option) (Result, error) {
	tree, head, headTree, left, err := workTreeTree(ctx, repo, opts)
	if err != nil {
		return Result{}, err
	}
	if tree == headTree {
		return Result{Commit: head, Head: head, Clean: true, Left: left}, nil
	}
	commit, err := repo.WriteCommit(ctx, tree, []plumbing.Hash{head}, message)
	if err != nil {
		return Result{}, err
	}
	return Result{Commit: commit, Head: head, Left: left}, nil
}

// Tree writes the tree Take would commit, within the same bounds, and no
// commit: what a live turn's end looks like.
func Tree(ctx context.Context, repo *gitops.Repo, opts ...Option) (plumbing.Hash, error) {
	tree, _, _, _, err := workTreeTree(ctx, repo, opts)
	return tree, err
}

// workTreeTree writes the working tree's tree through a copy of the index
// and returns it with HEAD, HEAD's tree and what was left out.
func workTreeTree(ctx context.Context, repo *gitops.Repo, opts []Option) (tree, head, headTree plumbing.Hash, left []string, err error) {
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	if repo.WorkTree == "" {
		return tree, head, headTree, nil, &gitops.RepoError{Op: op, Dir: repo.Dir, Msg: "a bare repository has no working tree"}
	}
	head, err = repo.ResolveCommit(ctx, "HEAD")
	if err != nil {
		return tree, head, headTree, nil, &gitops.RepoError{Op: op, Dir: repo.Dir, Msg: "HEAD does not name a commit", Err: err}
	}
	c, err := repo.Commit(head)
	if err != nil {
		return tree, head, headTree, nil, err
	}
	index, err := repo.ScratchIndex(op)
	if err != nil {
		return tree, head, headTree, nil, err
	}
	defer index.Close()
	if err := index.AddTracked(ctx); err != nil {
		return tree, head, headTree, nil, err
	}
	var take []string
	take, left, err = untracked(ctx, index, repo.WorkTree, o.secret)
	if err != nil {
		return tree, head, headTree, nil, err
	}
	if err := index.Add(ctx, take); err != nil {
		return tree, head, headTree, nil, err
	}
	unfsckable, err := leaveOutUnfsckable(ctx, index)
	if err != nil {
		return tree, head, headTree, nil, err
	}
	left = append(left, unfsckable...)
	tree, err = index.WriteTree(ctx)
	return tree, head, c.TreeHash, left, err
}
