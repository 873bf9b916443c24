package gitops

import (
	"context"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
)

// Branch is a local branch and the commit it points at.
type Branch struct {
	Ref string // full ref name, refs/heads/…
	Tip plumbing.Hash
}

// Name is the branch's short name.
func (b Branch) Name() string { return strings.TrimPrefix(b.Ref, "refs/heads/") }

// Branches lists the local branches, in ref order: read from the ref
// files in-process, else with one git process.
func (r *Repo) Branches(ctx context.Context) ([]Branch, error) {
	if list, ok := r.branchesLocal(); ok {
		return list, nil
	}
	out, err := r.gitNoObjects("for-each-ref", "--format=%(objectname) %(refname)", "refs/heads/").output(ctx, "for-each-ref refs/heads")
	if err != nil {
		return nil, err
	}
	var list []Branch
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		h, ref, ok := strings.Cut(line, " ")
		if !ok || !plumbing.IsHash(h) {
			continue
		}
		list = append(list, Branch{Ref: ref, Tip: plumbing.NewHash(h)})
	}
	return list, nil
}

// DeleteRef deletes ref if it still holds old, with git's lock protocol
// and a reflog message; when it moved meanwhile the error matches
// errors.Is(err, ErrRefMoved) and nothing is deleted.
func (r *Repo) DeleteRef(ctx context.Context, ref string, old plumbing.Hash, reason string) error {
	op := "update-ref -d " + ref
	if !strings.HasPrefix(ref, "refs/") || old.IsZero() {
		return &RepoError{Op: op, Msg: "want a full ref name and the value it must hold"}
	}
	reason = strings.Join(strings.Fields(reason), " ")
	g := r.git("update-ref", "-m", reason, "-d", "--end-of-options", ref, old.String())
	g.outlive = true
	res, err := g.run(ctx)
	if err != nil {
		return &RepoError{Op: op, Dir: r.Dir, Msg: "cannot run git: " + err.Error(), Err: err}
	}
	if res.code == 0 {
		return nil
	}
	msg := gitMessage(res)
	if casFailure(string(res.stderr), true) {
		return &RepoError{Op: op, Dir: r.Dir, Msg: msg, Err: ErrRefMoved, Hint: "another process updated the branch"}
	}
	return &RepoError{Op: op, Dir: r.Dir, Msg: msg}
}

// ReflogMessages returns the reflog messages of each of refs, newest
// first, with one git process for all; a ref that keeps no reflog (or
// was deleted meanwhile) has none.
func (r *Repo) ReflogMessages(ctx context.Context, refs []string) (map[string][]string, error) {
	msgs := map[string][]string{}
	if len(refs) == 0 {
		return msgs, nil
	}
	// A ref name has no tab (check-ref-format refuses control characters).
	args := append([]string{"log", "--ignore-missing", "--no-show-signature", "--walk-reflogs", "--format=%gD%x09%gs"}, refs...)
	out, err := r.git(args...).output(ctx, "read reflogs")
	if err != nil {
		return nil, err
	}
	for _, line := range strings.Split(out, "\n") {
		sel, msg, ok := strings.Cut(line, "\t")
		at := strings.LastIndex(sel, "@{")
		if !ok || at < 0 {
			continue
		}
		ref := sel[:at]
		msgs[ref] = append(msgs[ref], msg)
	}
	return msgs, nil
}
