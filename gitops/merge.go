package gitops

import (
	"context"
	"errors"
	"fmt"
	"github.com/go-git/go-billy/v5/util"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
)

// MergeTrees merges commits ours and theirs as `git merge-tree
// --write-tree` does (their merge base as the base, no working tree, no
// index) and returns the merged tree. clean is false when they conflict;
// then the tree is not to be used.
//
// git writes the merge's trees and files into a quarantine
// (quarantine.go). A clean merge whose tree holds, where ours does not,
// what git's fsck rules refuse fails there with a *FsckError: two trees
// fsck accepts can merge into one it refuses (a .gitmodules line moved
// under a submodule), and nothing of it is kept. Otherwise what git wrote
// is copied into this run's pending pack and the rest adopted
// (adoptTree): a concurrent `git gc --prune=now` cannot delete them
// before a ref names them. Should one go before it could be copied, git
// merges again.
func (r *Repo) MergeTrees(ctx context.Context, ours, theirs plumbing.Hash) (tree plumbing.Hash, clean bool, err error) {
	for range 3 {
		tree, clean, err = r.mergeOnce(ctx, ours, theirs)
		if !errors.Is(err, ErrObjectPruned) {
			return tree, clean, err
		}
	}
	return plumbing.ZeroHash, false, &RepoError{Op: "merge-tree", Dir: r.Dir, Msg: err.Error(), Err: err,
		Hint: "a concurrent `git gc --prune=now` kept deleting what git merge-tree wrote, or stopped it; nothing was changed; run the command again"}
}

// mergeOnce is one merge in its own quarantine, judged, then kept.
func (r *Repo) mergeOnce(ctx context.Context, ours, theirs plumbing.Hash) (plumbing.Hash, bool, error) {
	var q *quarantine
	if !r.partial {
		// A partial clone's git fetches what it lacks, in packs: into a
		// quarantine they would go with it. There git writes in place, and
		// a refused merge may leave a loose file behind.
		var err error
		if q, err = newQuarantine(r.objects.objectsDir); err != nil {
			return plumbing.ZeroHash, false, &RepoError{Op: "merge-tree", Dir: r.Dir, Msg: err.Error(), Err: err}
		}
		defer q.remove()
	}
	tree, clean, err := r.mergeTrees(ctx, q, ours, theirs)
	if err != nil || !clean {
		return tree, clean, err
	}
	c, err := r.Commit(ours)
	if err != nil {
		return plumbing.ZeroHash, false, err
	}
	if err := (treeChecker{r: r, q: q}).check(tree, c.TreeHash); err != nil {
		return plumbing.ZeroHash, false, err
	}
	if q != nil {
		if err := r.objects.adoptQuarantine(q); err != nil {
			return plumbing.ZeroHash, false, err
		}
	}
	if err := r.adoptMerge(tree, ours, theirs); err != nil {
		return plumbing.ZeroHash, false, err
	}
	return tree, true, nil
}

// adoptMerge adopts what a merge of commits ours and theirs reaches that
// is at the same path in neither (an object git found stored but
// unreachable, and so did not write again).
func (r *Repo) adoptMerge(tree, ours, theirs plumbing.Hash) error {
	var bases []plumbing.Hash
	for _, h := range []plumbing.Hash{ours, theirs} {
		c, err := r.Commit(h)
		if err != nil {
			return err
		}
		bases = append(bases, c.TreeHash)
	}
	return r.adoptTree(tree, bases...)
}

func (r *Repo) mergeTrees(ctx context.Context, q *quarantine, ours, theirs plumbing.Hash) (tree plumbing.Hash, clean bool, err error) {
	op := "merge-tree " + ours.String()[:12] + " " + theirs.String()[:12]
	g := r.git("merge-tree", "--write-tree", "--no-messages", ours.String(), theirs.String())
	if q != nil {
		g.env = q.env()
	}
	res, err := g.run(ctx)
	if err != nil {
		return plumbing.ZeroHash, false, &RepoError{Op: op, Dir: r.Dir, Msg: "cannot run git: " + err.Error(), Err: err}
	}
	if res.code != 0 && res.code != 1 {
		stderr := string(res.stderr)
		if res.code < 0 {
			// Ended by a signal, not by a verdict (seen once in fifty
			// runs beside a `git gc --prune=now` loop): merge again.
			return plumbing.ZeroHash, false, &RepoError{Op: op, Dir: r.Dir, Msg: "git merge-tree was stopped by a signal", Err: ErrObjectPruned}
		}
		if strings.Contains(stderr, "unable to write") || strings.Contains(stderr, "unable to create temporary file") {
			// A concurrent prune removed an empty objects/xx directory
			// just as git wrote into it (a race of git's own): merge again.
			return plumbing.ZeroHash, false, &RepoError{Op: op, Dir: r.Dir, Msg: gitMessage(res), Err: ErrObjectPruned}
		}
		re := &RepoError{Op: op, Dir: r.Dir, Msg: gitMessage(res), Hint: "nothing was changed"}
		if strings.Contains(stderr, "usage:") || strings.Contains(stderr, "unknown option") {
			re.Hint = "land needs git 2.38 or later (git merge-tree --write-tree); nothing was changed"
		}
		return plumbing.ZeroHash, false, re
	}
	first, _, _ := strings.Cut(string(res.stdout), "\n")
	h, err := parseHash(op, strings.TrimSpace(first))
	if err != nil {
		return plumbing.ZeroHash, false, err
	}
	return h, res.code == 0, nil
}

// Pick applies what commit c changed (against its first parent) on top
// of the tree of commit onto, as a cherry-pick would, and returns the
// resulting tree. A helper commit with c's parent as parent carries
// onto's tree so that the merge base is c's parent; it is never
// referenced.
func (r *Repo) Pick(ctx context.Context, c *Commit, onto plumbing.Hash) (tree plumbing.Hash, clean bool, err error) {
	if len(c.ParentHashes) == 0 {
		return plumbing.ZeroHash, false, &RepoError{Op: "pick " + c.Hash.String(), Msg: "a root commit cannot be replayed"}
	}
	ontoCommit, err := r.Commit(onto)
	if err != nil {
		return plumbing.ZeroHash, false, err
	}
	helper, err := r.writeCommitObject(ctx, ontoCommit.TreeHash, c.ParentHashes[:1], "aiedit: land helper\n")
	if err != nil {
		return plumbing.ZeroHash, false, err
	}
	return r.MergeTrees(ctx, helper, c.Hash)
}

// WriteCommitAs writes a commit like WriteCommit, but authored by author
// (a replayed commit keeps its author; the user commits it).
func (r *Repo) WriteCommitAs(ctx context.Context, tree plumbing.Hash, parents []plumbing.Hash, message string, author Signature) (plumbing.Hash, error) {
	sign, err := r.signing(ctx)
	if err != nil {
		return plumbing.ZeroHash, err
	}
	if sign {
		args := []string{"commit-tree", "-S"}
		for _, p := range parents {
			args = append(args, "-p", p.String())
		}
		args = append(args, tree.String())
		g := r.git(args...)
		g.stdin = []byte(message)
		g.env = []string{"GIT_AUTHOR_NAME=" + author.Name, "GIT_AUTHOR_EMAIL=" + author.Email,
			"GIT_AUTHOR_DATE=" + fmt.Sprintf("%d %s", author.When.Unix(), author.When.Format("-0700"))}
		out, err := g.output(ctx, "commit-tree -S")
		if err != nil {
			return plumbing.ZeroHash, err
		}
		return parseHash("commit-tree -S", out)
	}
	_, committer, err := r.Identity(ctx)
	if err != nil {
		return plumbing.ZeroHash, err
	}
	c := &Commit{Author: author, Committer: committer, Message: message, TreeHash: tree, ParentHashes: parents}
	return r.objects.writeBytes(plumbing.CommitObject, encodeCommit(c))
}

// FileAt returns the content of path in commit's tree; ok is false when
// it is absent or not a regular file.
func (r *Repo) FileAt(commit plumbing.Hash, path string) (data []byte, ok bool, err error) {
	fs, err := r.TreeFS(commit)
	if err != nil {
		return nil, false, err
	}
	info, err := fs.Lstat(path)
	if err != nil || !info.Mode().IsRegular() {
		return nil, false, nil
	}
	data, err = util.ReadFile(fs, path)
	return data, err == nil, err
}
