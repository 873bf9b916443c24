package gitops

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"os"
	"strconv"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
)

// Remote and notes-sharing operations run git itself: it knows the
// remote's URL, credentials and transport. Each fetches or pushes exactly
// the refspec it is given, never a remote's default ones.

// RemoteNames lists the repository's remotes.
func (r *Repo) RemoteNames(ctx context.Context) ([]string, error) {
	out, err := r.gitNoObjects("remote").output(ctx, "remote")
	if err != nil || out == "" {
		return nil, err
	}
	return strings.Split(out, "\n"), nil
}

// UpstreamRemote is the remote the current branch tracks ("" when it
// tracks none, or HEAD is detached).
func (r *Repo) UpstreamRemote(ctx context.Context) (string, error) {
	res, err := r.gitNoObjects("symbolic-ref", "-q", "--short", "HEAD").run(ctx)
	if err != nil || res.code != 0 {
		return "", nil
	}
	branch := strings.TrimSpace(string(res.stdout))
	res, err = r.gitNoObjects("config", "--get", "branch."+branch+".remote").run(ctx)
	if err != nil || res.code != 0 {
		return "", nil
	}
	remote := strings.TrimSpace(string(res.stdout))
	if remote == "." {
		return "", nil // a local branch upstream: no remote
	}
	return remote, nil
}

// FetchRef fetches the remote's ref src into the local ref dst, replacing
// what dst held (dst is a tracking ref of the caller's). found is false
// when the remote has no src; then dst is left as it was.
func (r *Repo) FetchRef(ctx context.Context, remote, src, dst string) (found bool, err error) {
	op := "fetch " + remote + " " + src
	res, err := r.git("fetch", "--quiet", "--no-tags", "--no-write-fetch-head", "--end-of-options", remote, "+"+src+":"+dst).run(ctx)
	if err != nil {
		return false, &RepoError{Op: op, Dir: r.Dir, Msg: "cannot run git: " + err.Error(), Err: err}
	}
	if res.code != 0 {
		if strings.Contains(string(res.stderr), "couldn't find remote ref") {
			return false, nil
		}
		return false, &RepoError{Op: op, Dir: r.Dir, Msg: gitMessage(res)}
	}
	return true, nil
}

// PushRef pushes the local ref src to the remote's ref dst if that is a
// fast-forward there; rejected is true when the remote's ref has moved
// to something src does not contain (another push won the race).
func (r *Repo) PushRef(ctx context.Context, remote, src, dst string) (rejected bool, err error) {
	op := "push " + remote + " " + dst
	res, err := r.git("push", "--porcelain", "--quiet", "--no-verify", "--end-of-options", remote, src+":"+dst).run(ctx)
	if err != nil {
		return false, &RepoError{Op: op, Dir: r.Dir, Msg: "cannot run git: " + err.Error(), Err: err}
	}
	if res.code == 0 {
		return false, nil
	}
	// --porcelain: "!\tsrc:dst\t[rejected] (non-fast-forward)" and the like;
	// a lost race is also said as "fetch first" or a failed lock remotely.
	out := string(res.stdout) + string(res.stderr)
	for _, sign := range []string{"non-fast-forward", "fetch first", "stale info", "cannot lock ref", "failed to update ref", "incorrect old value"} {
		if strings.Contains(out, sign) {
			return true, nil
		}
	}
	return false, &RepoError{Op: op, Dir: r.Dir, Msg: gitMessage(res)}
}

// MergeNotes merges the notes commit theirs into the notes ref ref with
// git's own notes merge and the strategy strategy, then moves ref to the
// result by compare-and-swap from old (what the caller read). The merge
// is made on a private temporary ref, so that neither a concurrent
// writer of ref nor the user's own notes merge state is touched.
func (r *Repo) MergeNotes(ctx context.Context, ref string, old, theirs plumbing.Hash, strategy, message string) (plumbing.Hash, error) {
	// Under refs/notes/ (git notes merge refuses any other), and not
	// beginning with ref's name, which refspecs may match as a prefix.
	tmp := "refs/notes/tmp-merge-" + randomSuffix()
	if err := r.UpdateRef(ctx, tmp, old, plumbing.ZeroHash, "aiedit: notes merge"); err != nil {
		return plumbing.ZeroHash, err
	}
	defer func() {
		_, _ = r.gitNoObjects("update-ref", "-d", "--end-of-options", tmp).run(context.WithoutCancel(ctx))
	}()
	if _, err := r.git("notes", "--ref="+tmp, "merge", "--quiet", "--strategy="+strategy, "--end-of-options", theirs.String()).output(ctx, "notes merge "+ref); err != nil {
		return plumbing.ZeroHash, err
	}
	merged, err := r.git("rev-parse", "--verify", "--end-of-options", tmp).output(ctx, "notes merge "+ref)
	if err != nil {
		return plumbing.ZeroHash, err
	}
	h, err := parseHash("notes merge "+ref, merged)
	if err != nil {
		return plumbing.ZeroHash, err
	}
	if err := r.UpdateRef(ctx, ref, h, old, message); err != nil {
		return plumbing.ZeroHash, err
	}
	return h, nil
}

// ConfigValues returns every value of a multi-valued config key as git
// reads it now (not the values read when the repository was opened).
func (r *Repo) ConfigValues(ctx context.Context, key string) ([]string, error) {
	res, err := r.gitNoObjects("config", "--get-all", "--null", key).run(ctx)
	if err != nil {
		return nil, &RepoError{Op: "config " + key, Dir: r.Dir, Msg: err.Error(), Err: err}
	}
	switch res.code {
	case 0:
	case 1:
		return nil, nil // not set
	default:
		return nil, &RepoError{Op: "config " + key, Dir: r.Dir, Msg: gitMessage(res)}
	}
	vals := strings.Split(strings.TrimSuffix(string(res.stdout), "\x00"), "\x00")
	return vals, nil
}

// ConfigAdd adds a value to a multi-valued key of the repository's own
// configuration (.git/config); ConfigSet replaces the key's value there.
func (r *Repo) ConfigAdd(ctx context.Context, key, value string) error {
	_, err := r.gitNoObjects("config", "--local", "--add", key, value).output(ctx, "config "+key)
	return err
}

// ConfigSet sets key to value in the repository's own configuration.
func (r *Repo) ConfigSet(ctx context.Context, key, value string) error {
	_, err := r.gitNoObjects("config", "--local", key, value).output(ctx, "config "+key)
	return err
}

// RefTip reads a ref with git itself, so that it sees what another git
// process (a fetch) has just written.
func (r *Repo) RefTip(ctx context.Context, ref string) (plumbing.Hash, bool, error) {
	res, err := r.gitNoObjects("rev-parse", "-q", "--verify", "--end-of-options", ref+"^{commit}").run(ctx)
	if err != nil {
		return plumbing.ZeroHash, false, &RepoError{Op: "read ref " + ref, Dir: r.Dir, Msg: err.Error(), Err: err}
	}
	if res.code != 0 {
		return plumbing.ZeroHash, false, nil
	}
	h, err := parseHash("read ref "+ref, strings.TrimSpace(string(res.stdout)))
	return h, err == nil, err
}

// randomSuffix names a private temporary ref.
func randomSuffix() string {
	var b [6]byte
	_, _ = rand.Read(b[:])
	return strconv.Itoa(os.Getpid()) + "-" + hex.EncodeToString(b[:])
}
