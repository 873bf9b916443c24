package gitops

import (
	"bytes"
	"context"
	"io"
	"path/filepath"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
)

// TreeChange is one path that differs between two commits' trees.
type TreeChange struct {
	Path             string
	Status           byte // 'A' added, 'D' deleted, 'M' modified, 'T' type changed
	OldMode, NewMode filemode.FileMode
	OldHash, NewHash plumbing.Hash // zero on the side where the path is absent
}

// DiffTree lists the paths that differ between the trees of commits from
// and to, recursively and without rename detection (`git diff-tree -r`),
// sorted by path. from == plumbing.ZeroHash diffs against the empty tree.
func (r *Repo) DiffTree(ctx context.Context, from, to plumbing.Hash) ([]TreeChange, error) {
	old := emptyTree.String() // git knows it without storing it
	if !from.IsZero() {
		old = from.String()
	}
	op := "diff-tree " + old + " " + to.String()
	res, err := r.git("diff-tree", "-r", "-z", "--raw", "--no-renames", "--no-commit-id", old, to.String()).run(ctx)
	if err != nil {
		return nil, &RepoError{Op: op, Dir: r.Dir, Msg: "cannot run git: " + err.Error(), Err: err}
	}
	if res.code != 0 {
		return nil, &RepoError{Op: op, Dir: r.Dir, Msg: gitMessage(res)}
	}
	return parseRawDiff(op, res.stdout)
}

// parseRawDiff reads `--raw -z` output: ":<old mode> <new mode> <old>
// <new> <status>\0<path>\0" per path.
func parseRawDiff(op string, out []byte) ([]TreeChange, error) {
	var changes []TreeChange
	fields := bytes.Split(out, []byte{0})
	for i := 0; i+1 < len(fields); i += 2 {
		head := string(fields[i])
		parts := strings.Fields(strings.TrimPrefix(head, ":"))
		if len(parts) != 5 || !strings.HasPrefix(head, ":") {
			return nil, &RepoError{Op: op, Msg: "unexpected diff-tree output: " + head}
		}
		oldMode, err1 := filemode.New(parts[0])
		newMode, err2 := filemode.New(parts[1])
		if err1 != nil || err2 != nil || len(parts[4]) == 0 {
			return nil, &RepoError{Op: op, Msg: "unexpected diff-tree output: " + head}
		}
		c := TreeChange{Path: string(fields[i+1]), Status: parts[4][0], OldMode: oldMode, NewMode: newMode}
		if h := plumbing.NewHash(parts[2]); !h.IsZero() {
			c.OldHash = h
		}
		if h := plumbing.NewHash(parts[3]); !h.IsZero() {
			c.NewHash = h
		}
		changes = append(changes, c)
	}
	return changes, nil
}

// Blob returns the bytes of one blob.
func (r *Repo) Blob(h plumbing.Hash) ([]byte, error) {
	obj, err := r.objects.read(plumbing.BlobObject, h)
	if err != nil {
		return nil, err
	}
	rd, err := obj.Reader()
	if err != nil {
		return nil, err
	}
	defer rd.Close()
	return io.ReadAll(rd)
}

// MergeBase returns the best common ancestor of a and b, and false when
// they have none.
func (r *Repo) MergeBase(ctx context.Context, a, b plumbing.Hash) (plumbing.Hash, bool, error) {
	op := "merge-base " + a.String() + " " + b.String()
	res, err := r.git("merge-base", a.String(), b.String()).run(ctx)
	if err != nil {
		return plumbing.ZeroHash, false, &RepoError{Op: op, Dir: r.Dir, Msg: err.Error(), Err: err}
	}
	switch res.code {
	case 0:
		h, err := parseHash(op, strings.TrimSpace(string(res.stdout)))
		return h, err == nil, err
	case 1:
		return plumbing.ZeroHash, false, nil
	}
	return plumbing.ZeroHash, false, &RepoError{Op: op, Dir: r.Dir, Msg: gitMessage(res)}
}

// Worktree is one working tree of the repository, the main one included.
type Worktree struct {
	Path   string // absolute
	Head   plumbing.Hash
	Branch string // full ref name checked out; "" when detached or bare
	Bare   bool
	// Prunable: git knows the worktree, but its directory is gone (it
	// was deleted without `git worktree remove`).
	Prunable bool
}

// Worktrees lists the repository's working trees (`git worktree list`).
func (r *Repo) Worktrees(ctx context.Context) ([]Worktree, error) {
	out, err := r.gitNoObjects("worktree", "list", "--porcelain").output(ctx, "worktree list")
	if err != nil {
		return nil, err
	}
	var list []Worktree
	for _, rec := range strings.Split(out, "\n\n") {
		var w Worktree
		for _, line := range strings.Split(rec, "\n") {
			key, val, _ := strings.Cut(line, " ")
			switch key {
			case "worktree":
				w.Path = filepath.Clean(val)
			case "HEAD":
				if plumbing.IsHash(val) {
					w.Head = plumbing.NewHash(val)
				}
			case "branch":
				w.Branch = val
			case "bare":
				w.Bare = true
			case "prunable":
				w.Prunable = true
			}
		}
		if w.Path != "" {
			list = append(list, w)
		}
	}
	return list, nil
}
