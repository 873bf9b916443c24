package gitops

import (
	"context"
	"errors"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
)

// ResolveCommit turns a revision (branch, tag, hash, HEAD~2, …) into the
// commit it names, peeling tags.
func (r *Repo) ResolveCommit(ctx context.Context, rev string) (plumbing.Hash, error) {
	// HEAD, a full ref name or an object id: read in-process.
	if h, isHash := hexHash(rev); isHash {
		if c, ok := r.peelLocal(h); ok {
			return c, nil
		}
	} else if h, exists, ok := r.readRefLocal(rev); ok && exists {
		if c, ok := r.peelLocal(h); ok {
			return c, nil
		}
	}
	// Else through a cat-file process; git itself is asked only to say
	// why a revision names no commit.
	if h, typ, ok, err := r.objects.resolve(rev + "^{commit}"); err == nil && ok && typ == plumbing.CommitObject {
		return h, nil
	}
	out, err := r.git("rev-parse", "--verify", "--end-of-options", rev+"^{commit}").
		output(ctx, "resolve "+rev)
	if err != nil {
		if e, ok := err.(*RepoError); ok {
			// git's own words for a name that is no commit ("Needed a
			// single revision") say nothing to a user; other failures
			// (a damaged repository) keep them.
			why := strings.TrimPrefix(strings.TrimSpace(e.Msg), "fatal: ")
			e.Op, e.Msg = rev, "not a commit"
			if why != "" && !strings.Contains(why, "Needed a single revision") {
				e.Msg += " (" + why + ")"
			}
			e.Hint = "name a branch, tag or commit (git log --oneline --all shows some)"
			e.Err = errors.Join(ErrNotCommit, e.Err)
			if rev == "HEAD" {
				if _, born, rerr := r.ReadRef(ctx, "HEAD"); rerr == nil && !born {
					e.Op, e.Msg = "HEAD", "this repository has no commits yet"
					e.Hint = "commit something first, or name a branch"
				}
			}
		}
		return plumbing.ZeroHash, err
	}
	return parseHash("resolve "+rev, out)
}

// ReadRef returns the value of a full ref name ("refs/heads/x") or "HEAD",
// without peeling. exists is false when the ref is absent; that is not an
// error. Loose and packed refs are both seen.
func (r *Repo) ReadRef(ctx context.Context, name string) (hash plumbing.Hash, exists bool, err error) {
	op := "read ref " + name
	if h, exists, ok := r.readRefLocal(name); ok {
		return h, exists, nil
	}
	if name == "HEAD" || (strings.HasPrefix(name, "refs/") && validRefName(name)) {
		// A valid full ref name has no revision syntax, so cat-file reads
		// it as the ref (HEAD: unborn when missing). git would also try
		// refs/<name>, refs/tags/<name>, … when it is absent: refs such as
		// refs/refs/heads/x are not worth a process per lookup.
		h, _, ok, err := r.objects.resolve(name)
		if err == nil {
			return h, ok, nil
		}
	}
	if name == "HEAD" {
		res, err := r.git("rev-parse", "-q", "--verify", "HEAD").run(ctx)
		if err != nil {
			return plumbing.ZeroHash, false, &RepoError{Op: op, Dir: r.Dir, Msg: err.Error(), Err: err}
		}
		if res.code == 1 {
			return plumbing.ZeroHash, false, nil // unborn branch
		}
		if res.code != 0 {
			return plumbing.ZeroHash, false, &RepoError{Op: op, Dir: r.Dir, Msg: gitMessage(res)}
		}
		h, err := parseHash(op, strings.TrimSpace(string(res.stdout)))
		return h, err == nil, err
	}
	if !strings.HasPrefix(name, "refs/") {
		return plumbing.ZeroHash, false, &RepoError{Op: op, Msg: "not a full ref name (want refs/…)"}
	}
	// for-each-ref matches whole path components, so refs/heads/a never
	// matches refs/heads/ab; the exact name is picked from its output.
	out, err := r.gitNoObjects("for-each-ref", "--format=%(objectname) %(refname)", name).output(ctx, op)
	if err != nil {
		return plumbing.ZeroHash, false, err
	}
	for _, line := range strings.Split(out, "\n") {
		hex, ref, ok := strings.Cut(line, " ")
		if ok && ref == name {
			h, err := parseHash(op, hex)
			return h, err == nil, err
		}
	}
	return plumbing.ZeroHash, false, nil
}

// IsAncestor reports whether commit a is an ancestor of (or equal to) b.
func (r *Repo) IsAncestor(ctx context.Context, a, b plumbing.Hash) (bool, error) {
	res, err := r.git("merge-base", "--is-ancestor", a.String(), b.String()).run(ctx)
	op := "is-ancestor " + a.String() + " " + b.String()
	if err != nil {
		return false, &RepoError{Op: op, Dir: r.Dir, Msg: err.Error(), Err: err}
	}
	switch res.code {
	case 0:
		return true, nil
	case 1:
		return false, nil
	}
	return false, &RepoError{Op: op, Dir: r.Dir, Msg: gitMessage(res)}
}

func parseHash(op, s string) (plumbing.Hash, error) {
	if len(s) != 40 || !plumbing.IsHash(s) {
		return plumbing.ZeroHash, &RepoError{Op: op, Msg: "unexpected object name " + strings.TrimSpace(s)}
	}
	return plumbing.NewHash(s), nil
}

// RevList lists the commits that revs name, as `git rev-list
// --no-walk=unsorted` does: a commit names itself, a range A..B every
// commit in it (newest first).
func (r *Repo) RevList(ctx context.Context, revs []string) ([]plumbing.Hash, error) {
	args := append([]string{"rev-list", "--no-walk=unsorted", "--end-of-options"}, revs...)
	out, err := r.git(args...).output(ctx, "rev-list")
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

func hexHash(s string) (plumbing.Hash, bool) {
	if len(s) != 40 || !isHex(s) {
		return plumbing.ZeroHash, false
	}
	return plumbing.NewHash(s), true
}

// BranchRef returns the branch name names, local or remote-tracking, and
// its tip. A short name is looked up as git does for branches: a local
// branch first, then a remote-tracking one (origin/fix), then a remote's
// default branch (origin: refs/remotes/origin/HEAD); heads/x and
// remotes/x under refs/ before those. A full refs/heads/ or
// refs/remotes/ name is taken as it is. ok is false for anything else
// (a tag, a commit, HEAD~1).
func (r *Repo) BranchRef(ctx context.Context, name string) (ref string, tip plumbing.Hash, ok bool, err error) {
	candidates := []string{"refs/heads/" + name, "refs/remotes/" + name, "refs/remotes/" + name + "/HEAD"}
	switch {
	case strings.HasPrefix(name, "refs/heads/") || strings.HasPrefix(name, "refs/remotes/"):
		candidates = []string{name}
	case strings.HasPrefix(name, "heads/") || strings.HasPrefix(name, "remotes/"):
		candidates = append([]string{"refs/" + name}, candidates...)
	}
	for _, c := range candidates {
		if !validRefName(c) {
			continue
		}
		h, exists, err := r.ReadRef(ctx, c)
		if err != nil {
			return "", plumbing.ZeroHash, false, err
		}
		if exists {
			return c, h, true, nil
		}
	}
	return "", plumbing.ZeroHash, false, nil
}
