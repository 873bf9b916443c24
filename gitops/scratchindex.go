package gitops

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
)

// ScratchIndex is a private copy of the working tree's index
// (GIT_INDEX_FILE) that git add, ls-files, reset and write-tree run on,
// so that a tree of the working tree is written without touching the
// user's index, the stash or any ref, the way `git stash create` records
// local changes. The copy keeps the index's stat information (and its
// time: keepIndexTime), which spares hashing files that did not change.
//
// What goes into the tree is its caller's to choose: each method is one
// git command on the copy. Close removes it.
type ScratchIndex struct {
	r    *Repo
	op   string // what it is for, in errors ("snapshot the working tree")
	path string
	env  []string
}

// StagedEntry is one entry of a scratch index (`git ls-files -s`).
type StagedEntry struct {
	Path string // slash path from the top of the working tree
	Mode filemode.FileMode
	Hash plumbing.Hash
}

// ScratchIndex copies the index of the working tree; op says what for in
// the errors of it and its methods. A bare repository has none.
func (r *Repo) ScratchIndex(op string) (*ScratchIndex, error) {
	if r.WorkTree == "" {
		return nil, &RepoError{Op: op, Dir: r.Dir, Msg: "a bare repository has no working tree"}
	}
	tmp, err := os.CreateTemp(r.GitDir, "aiedit-index-*")
	if err != nil {
		return nil, &RepoError{Op: op, Dir: r.GitDir, Msg: err.Error(), Err: err}
	}
	x := &ScratchIndex{r: r, op: op, path: tmp.Name()}
	x.env = []string{"GIT_INDEX_FILE=" + x.path}
	copied, err := copyIndex(filepath.Join(r.GitDir, "index"), tmp)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil && !copied {
		err = os.Remove(x.path) // git reads a missing index as empty, an empty file as corrupt
	}
	if err == nil && copied {
		err = keepIndexTime(filepath.Join(r.GitDir, "index"), x.path)
	}
	if err != nil {
		x.Close()
		return nil, &RepoError{Op: op, Dir: r.GitDir, Msg: err.Error(), Err: err}
	}
	return x, nil
}

// Close removes the copy.
func (x *ScratchIndex) Close() { _ = os.Remove(x.path) }

func (x *ScratchIndex) git(stdin []byte, env []string, args ...string) gitCmd {
	return gitCmd{dir: x.r.WorkTree, args: args, env: env, stdin: stdin}
}

// AddTracked takes every tracked file as it is on disk (`git add
// --update`), a removed one removed; a file git cannot read is skipped.
func (x *ScratchIndex) AddTracked(ctx context.Context) error {
	_, err := x.git(nil, x.env, "add", "--update", "--ignore-errors", "--", ".").output(ctx, x.op)
	return err
}

// Untracked lists the untracked files git does not ignore, as slash paths
// from the top of the working tree.
func (x *ScratchIndex) Untracked(ctx context.Context) ([]string, error) {
	out, err := x.git(nil, x.env, "ls-files", "-z", "--others", "--exclude-standard").output(ctx, "list untracked files")
	if err != nil {
		return nil, err
	}
	var names []string
	for _, name := range strings.Split(strings.TrimSuffix(out, "\x00"), "\x00") {
		if name != "" {
			names = append(names, name)
		}
	}
	return names, nil
}

// Add takes paths (slash paths from the top, read as pathspecs) as they
// are on disk; a file git cannot read is skipped. No paths, nothing run.
func (x *ScratchIndex) Add(ctx context.Context, paths []string) error {
	if len(paths) == 0 {
		return nil
	}
	list := []byte(strings.Join(paths, "\x00"))
	_, err := x.git(list, x.env, "add", "--ignore-errors", "--pathspec-from-file=-", "--pathspec-file-nul").output(ctx, x.op)
	return err
}

// Entries lists what the copy holds (`git ls-files -s`); records git
// prints in another shape are skipped.
func (x *ScratchIndex) Entries(ctx context.Context) ([]StagedEntry, error) {
	out, err := x.git(nil, x.env, "ls-files", "-s", "-z").output(ctx, x.op)
	if err != nil {
		return nil, err
	}
	var entries []StagedEntry
	for _, rec := range strings.Split(strings.TrimSuffix(out, "\x00"), "\x00") {
		// "<mode> <hash> <stage>\t<path>"
		meta, p, ok := strings.Cut(rec, "\t")
		f := strings.Fields(meta)
		if !ok || len(f) != 3 {
			continue
		}
		mode, err := strconv.ParseUint(f[0], 8, 32)
		if err != nil {
			continue
		}
		entries = append(entries, StagedEntry{Path: p, Mode: filemode.FileMode(mode), Hash: plumbing.NewHash(f[1])})
	}
	return entries, nil
}

// Blob reads the content of an entry's blob (`git cat-file blob`): the
// copy's objects are git's, written by its own processes.
func (x *ScratchIndex) Blob(ctx context.Context, h plumbing.Hash) ([]byte, error) {
	c := x.git(nil, nil, "cat-file", "blob", h.String())
	res, err := c.run(ctx)
	if err != nil || res.code != 0 {
		_, err = c.outputOf(x.op, res, err)
		return nil, err
	}
	return res.stdout, nil
}

// ResetToHead puts paths back as HEAD has them, or takes them out where
// HEAD has none (`git reset HEAD`, the paths read literally). No paths,
// nothing run.
func (x *ScratchIndex) ResetToHead(ctx context.Context, paths []string) error {
	if len(paths) == 0 {
		return nil
	}
	list := []byte(strings.Join(paths, "\x00"))
	env := append(append([]string{}, x.env...), "GIT_LITERAL_PATHSPECS=1")
	_, err := x.git(list, env, "reset", "-q", "HEAD", "--pathspec-from-file=-", "--pathspec-file-nul").output(ctx, x.op)
	return err
}

// WriteTree writes the tree of what the copy holds.
func (x *ScratchIndex) WriteTree(ctx context.Context) (plumbing.Hash, error) {
	out, err := x.git(nil, x.env, "write-tree").output(ctx, x.op)
	if err != nil {
		return plumbing.ZeroHash, err
	}
	return parseHash(x.op, out)
}

// keepIndexTime gives the copy of the index the original's modification
// time. git trusts an entry's stat data only when the file was modified
// before the index was written; an entry modified in the same second is
// "racily clean" and its content is compared. A copy made now would make
// every entry look older than the index, and a file changed in the second
// of the last commit, its size the same, would be missed.
func keepIndexTime(orig, copy string) error {
	fi, err := os.Stat(orig)
	if err != nil {
		return err
	}
	return os.Chtimes(copy, fi.ModTime(), fi.ModTime())
}

// copyIndex copies the index to dst. It reports false for a repository
// without an index yet (nothing was ever added).
func copyIndex(src string, dst io.Writer) (bool, error) {
	f, err := os.Open(src)
	if errors.Is(err, os.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	defer f.Close()
	_, err = io.Copy(dst, f)
	return true, err
}
