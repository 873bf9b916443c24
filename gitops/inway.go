package gitops

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
)

// git's two-tree merge (read-tree -m -u) refuses to overwrite an
// untracked file, but takes an ignored one as expendable: it is replaced
// without a word. This tool never destroys the user's work, so before the
// files of a worktree follow a branch from one commit to another, every
// path the new commit adds is looked at, and anything there that is not
// already byte for byte what the new commit holds blocks the move as an
// untracked file does (CheckoutBlockedError, with Ignored set when git
// ignores it).

// inTheWay returns a *CheckoutBlockedError for the first file in the
// worktree at dir that moving from tree old to tree new would overwrite
// or delete without its being tracked; nil when there is none.
func (r *Repo) inTheWay(ctx context.Context, dir string, old, new plumbing.Hash) error {
	w := &wayWalk{r: r, dir: dir, same: map[string]plumbing.Hash{}}
	if err := w.trees("", old, new); err != nil {
		return err
	}
	if w.blocked == "" && len(w.same) > 0 {
		if err := w.compare(ctx); err != nil {
			return err
		}
	}
	if w.blocked == "" {
		return nil
	}
	e := &CheckoutBlockedError{Dir: dir, Path: w.blocked, Untracked: true,
		Msg: "untracked working tree file '" + w.blocked + "' would be overwritten"}
	// In a directory that would go, the file found there is what is
	// ignored or not (the directory itself seldom matches a pattern):
	// `git stash -u` would not take an ignored one.
	probe := w.blocked
	if w.inside != "" {
		probe = w.inside
	}
	if res, err := (gitCmd{dir: dir, args: []string{"check-ignore", "-q", "--", probe}}).run(ctx); err == nil && res.code == 0 {
		e.Ignored, e.Path = true, probe
		e.Msg = "ignored working tree file '" + probe + "' would be overwritten"
	}
	return e
}

// wayWalk walks the trees of a move and the worktree beside them.
type wayWalk struct {
	r       *Repo
	dir     string
	blocked string                   // the first path in the way
	inside  string                   // when that is a directory, the first file in it the move would lose
	same    map[string]plumbing.Hash // regular files the new tree adds, to compare with the blob
}

// trees compares the directory prefix of the old and new trees.
func (w *wayWalk) trees(prefix string, oldTree, newTree plumbing.Hash) error {
	if oldTree == newTree {
		return nil
	}
	oldEntries, err := w.r.readTree(oldTree)
	if err != nil {
		return err
	}
	newEntries, err := w.r.readTree(newTree)
	if err != nil {
		return err
	}
	old := make(map[string]treeEntry, len(oldEntries))
	for _, e := range oldEntries {
		old[e.name] = e
	}
	for _, e := range newEntries {
		if w.blocked != "" {
			return nil
		}
		p := prefix + e.name
		o, tracked := old[e.name]
		switch {
		case e.mode == filemode.Submodule:
		case tracked && o.mode == filemode.Dir && e.mode == filemode.Dir:
			if err := w.trees(p+"/", o.hash, e.hash); err != nil {
				return err
			}
		case tracked && o.mode == filemode.Dir:
			// A directory becomes a file: git deletes its tracked files,
			// and with them any ignored one.
			if err := w.untrackedUnder(p, o.hash); err != nil {
				return err
			}
		case tracked:
			// A tracked file (clean: the worktree was checked) is replaced.
		default:
			if err := w.added(p, e); err != nil {
				return err
			}
		}
	}
	return nil
}

// added looks at the worktree where the new tree adds entry e at p.
func (w *wayWalk) added(p string, e treeEntry) error {
	full := filepath.Join(w.dir, filepath.FromSlash(p))
	info, err := os.Lstat(full)
	switch {
	case errors.Is(err, fs.ErrNotExist) || isNotDir(err):
		return nil
	case err != nil:
		return err
	}
	switch {
	case e.mode == filemode.Dir && info.IsDir():
		return w.trees(p+"/", plumbing.ZeroHash, e.hash)
	case info.IsDir():
		// A file where the user has a directory: git would remove the
		// directory, and with it whatever ignored files are in it.
		return w.untrackedUnder(p, plumbing.ZeroHash)
	case e.mode == filemode.Symlink && info.Mode()&fs.ModeSymlink != 0:
		target, err := os.Readlink(full)
		if err != nil {
			return err
		}
		if objectHash(plumbing.BlobObject, []byte(filepath.ToSlash(target))) != e.hash {
			w.blocked = p
		}
	case (e.mode == filemode.Regular || e.mode == filemode.Executable) && info.Mode().IsRegular():
		w.same[p] = e.hash
	default:
		w.blocked = p
	}
	return nil
}

// untrackedUnder blocks on the worktree's directory p when a file in it
// is not one the tree tracked (the old tree's, zero for none) holds.
func (w *wayWalk) untrackedUnder(p string, tracked plumbing.Hash) error {
	known := map[string]bool{}
	if !tracked.IsZero() {
		if err := w.r.listTree(p+"/", tracked, known); err != nil {
			return err
		}
	}
	root := filepath.Join(w.dir, filepath.FromSlash(p))
	return filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || w.blocked != "" {
			return err
		}
		if d.IsDir() {
			return nil
		}
		rel, err := filepath.Rel(w.dir, path)
		if err != nil {
			return err
		}
		if !known[filepath.ToSlash(rel)] {
			w.blocked = p // as git names it: the directory would lose files
			w.inside = filepath.ToSlash(rel)
			return filepath.SkipAll
		}
		return nil
	})
}

// listTree adds the paths of every file under tree to set.
func (r *Repo) listTree(prefix string, tree plumbing.Hash, set map[string]bool) error {
	entries, err := r.readTree(tree)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if e.mode == filemode.Dir {
			if err := r.listTree(prefix+e.name+"/", e.hash, set); err != nil {
				return err
			}
			continue
		}
		set[prefix+e.name] = true
	}
	return nil
}

// compare asks git what the regular files found where the new tree adds
// files would be as blobs (its clean filters and line endings applied),
// and blocks on the first that is not the new tree's.
func (w *wayWalk) compare(ctx context.Context) error {
	paths := make([]string, 0, len(w.same))
	for p := range w.same {
		paths = append(paths, p)
	}
	g := gitCmd{dir: w.dir, args: []string{"hash-object", "--stdin-paths"}, stdin: []byte(strings.Join(paths, "\n") + "\n")}
	out, err := g.output(ctx, "hash-object")
	if err != nil {
		return err
	}
	got := strings.Split(out, "\n")
	for i, p := range paths {
		if i >= len(got) || !plumbing.IsHash(got[i]) || plumbing.NewHash(got[i]) != w.same[p] {
			w.blocked = p
			return nil
		}
	}
	return nil
}

// isNotDir: a leading component of the path is a file. The file itself
// is then what is in the way; the walk meets it at its own entry.
func isNotDir(err error) bool { return errors.Is(err, syscall.ENOTDIR) }
