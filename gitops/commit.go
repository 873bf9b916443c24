package gitops

import (
	"context"

	"github.com/go-git/go-git/v5/plumbing"
)

// WriteCommit writes a commit of tree with the given parents and message,
// authored and committed by the user's identity (see Identity). When
// commit.gpgsign is set, git commit-tree -S writes and signs it instead, so
// the user's signing setup applies unchanged. The message is stored as
// given: it should end with a newline (trailer.FormatMessage's does).
func (r *Repo) WriteCommit(ctx context.Context, tree plumbing.Hash, parents []plumbing.Hash, message string) (plumbing.Hash, error) {
	sign, err := r.signing(ctx)
	if err != nil {
		return plumbing.ZeroHash, err
	}
	if sign {
		return r.commitTree(ctx, tree, parents, message)
	}
	return r.writeCommitObject(ctx, tree, parents, message)
}

// writeCommitObject writes an unsigned commit by the user's identity.
func (r *Repo) writeCommitObject(ctx context.Context, tree plumbing.Hash, parents []plumbing.Hash, message string) (plumbing.Hash, error) {
	author, committer, err := r.Identity(ctx)
	if err != nil {
		return plumbing.ZeroHash, err
	}
	c := &Commit{
		Author:       author,
		Committer:    committer,
		Message:      message,
		TreeHash:     tree,
		ParentHashes: parents,
	}
	return r.objects.writeBytes(plumbing.CommitObject, encodeCommit(c))
}

// signing reports commit.gpgsign, from the config read at discovery.
func (r *Repo) signing(ctx context.Context) (bool, error) {
	return r.ConfigBool(ctx, "commit.gpgsign", false)
}

func (r *Repo) commitTree(ctx context.Context, tree plumbing.Hash, parents []plumbing.Hash, message string) (plumbing.Hash, error) {
	args := []string{"commit-tree", "-S"}
	for _, p := range parents {
		args = append(args, "-p", p.String())
	}
	args = append(args, tree.String())
	g := r.git(args...)
	g.stdin = []byte(message)
	out, err := g.output(ctx, "commit-tree -S")
	if err != nil {
		return plumbing.ZeroHash, err
	}
	h, err := parseHash("commit-tree -S", out)
	if err == nil {
		// git wrote it loose: it is protected with the run's own objects.
		r.objects.wroteForeign(h)
	}
	return h, err
}
