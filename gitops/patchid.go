package gitops

import (
	"context"
	"strconv"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
)

// Finding where a commit came from after a hosting site rewrote it
// (relink): patch-ids, reflogs and ref listings, all read by git.

// diffOptions make every patch of PatchIDs and RangePatchID the same
// text for the same change, whatever the user's diff configuration.
// Without context lines: a change rebased or squashed onto a base that
// changed the lines around it (not the lines themselves) is still the
// same change.
var diffOptions = []string{"--no-color", "--no-renames", "--no-ext-diff", "--no-textconv", "--full-index", "--binary", "--unified=0"}

// PatchIDs returns `git patch-id --stable` of each commit's change from
// its first parent (a root commit: from nothing). A commit that changes
// nothing has none.
func (r *Repo) PatchIDs(ctx context.Context, commits []plumbing.Hash) (map[plumbing.Hash]string, error) {
	ids := map[plumbing.Hash]string{}
	if len(commits) == 0 {
		return ids, nil
	}
	var in strings.Builder
	for _, c := range commits {
		in.WriteString(c.String() + "\n")
	}
	args := append([]string{"log", "--no-walk=unsorted", "--stdin", "--first-parent", "-m", "-p", "--format=commit %H"}, diffOptions...)
	log := r.git(args...)
	log.stdin = []byte(in.String())
	res, err := log.run(ctx)
	if _, err := log.outputOf("patch-id", res, err); err != nil {
		return nil, err
	}
	return r.patchIDs(ctx, res.stdout, ids)
}

// RangePatchID is the patch-id of the change from commit from to commit
// to, as one patch ("" when they do not differ).
func (r *Repo) RangePatchID(ctx context.Context, from, to plumbing.Hash) (string, error) {
	args := append(append([]string{"diff-tree", "-p", "-r"}, diffOptions...), from.String(), to.String())
	diff := r.git(args...)
	res, err := diff.run(ctx)
	if _, err := diff.outputOf("patch-id", res, err); err != nil {
		return "", err
	}
	ids, err := r.patchIDs(ctx, append([]byte("commit "+plumbing.ZeroHash.String()+"\n"), res.stdout...), map[plumbing.Hash]string{})
	return ids[plumbing.ZeroHash], err
}

func (r *Repo) patchIDs(ctx context.Context, patches []byte, into map[plumbing.Hash]string) (map[plumbing.Hash]string, error) {
	pid := r.gitNoObjects("patch-id", "--stable")
	pid.stdin = patches
	out, err := pid.output(ctx, "patch-id")
	if err != nil {
		return nil, err
	}
	for _, l := range strings.Split(out, "\n") {
		id, commit, ok := strings.Cut(l, " ")
		if h, good := hexHash(commit); ok && good {
			into[h] = id
		}
	}
	return into, nil
}

// RefTips lists the refs under each prefix ("refs/heads/aiedit/") with
// their commits.
func (r *Repo) RefTips(ctx context.Context, prefixes ...string) (map[string]plumbing.Hash, error) {
	args := append([]string{"for-each-ref", "--format=%(objectname) %(refname)", "--end-of-options"}, prefixes...)
	out, err := r.gitNoObjects(args...).output(ctx, "for-each-ref")
	if err != nil {
		return nil, err
	}
	tips := map[string]plumbing.Hash{}
	for _, l := range strings.Split(out, "\n") {
		h, name, ok := strings.Cut(l, " ")
		if hash, good := hexHash(h); ok && good {
			tips[name] = hash
		}
	}
	return tips, nil
}

// ReflogCommits returns the commits ref's reflog names, newest first, at
// most max of them; a ref without a reflog has none.
func (r *Repo) ReflogCommits(ctx context.Context, ref string, max int) ([]plumbing.Hash, error) {
	res, err := r.git("rev-list", "--walk-reflogs", "--ignore-missing", "-n", strconv.Itoa(max), "--end-of-options", ref).run(ctx)
	if err != nil {
		return nil, &RepoError{Op: "reflog " + ref, Dir: r.Dir, Msg: err.Error(), Err: err}
	}
	if res.code != 0 {
		return nil, nil // no reflog, or a ref that was deleted
	}
	var out []plumbing.Hash
	for _, f := range strings.Fields(string(res.stdout)) {
		if h, ok := hexHash(f); ok {
			out = append(out, h)
		}
	}
	return out, nil
}

// Walk lists the commits `git rev-list ARGS` names (ranges, --since…).
func (r *Repo) Walk(ctx context.Context, args ...string) ([]plumbing.Hash, error) {
	out, err := r.git(append([]string{"rev-list"}, args...)...).output(ctx, "rev-list")
	if err != nil {
		return nil, revNameError(err)
	}
	var hs []plumbing.Hash
	for _, l := range strings.Fields(out) {
		h, err := parseHash("rev-list", l)
		if err != nil {
			return nil, err
		}
		hs = append(hs, h)
	}
	return hs, nil
}
