package gitops

import (
	"bytes"
	"context"
	"os"

	"github.com/go-git/go-git/v5/plumbing"
)

// TakePaths returns tree into with each of paths as tree from has it: its
// blob and mode there, or, where from has no such file, none. Both are
// tree (or commit) ids; nothing but objects is written: the tree is built
// in an index file of its own, so the user's index is not touched.
func (r *Repo) TakePaths(ctx context.Context, into, from plumbing.Hash, paths []string) (plumbing.Hash, error) {
	const op = "take paths from another tree"
	if len(paths) == 0 {
		return into, nil
	}
	tmp, err := os.CreateTemp(r.GitDir, "aiedit-index-*")
	if err != nil {
		return plumbing.ZeroHash, &RepoError{Op: op, Dir: r.GitDir, Msg: err.Error(), Err: err}
	}
	index := tmp.Name()
	tmp.Close()
	os.Remove(index) // git reads a missing index as empty, an empty file as corrupt
	defer os.Remove(index)
	env := []string{"GIT_INDEX_FILE=" + index, "GIT_LITERAL_PATHSPECS=1"}
	run := func(stdin []byte, args ...string) ([]byte, error) {
		c := r.git(args...)
		c.env, c.stdin = env, stdin
		out, err := c.output(ctx, op)
		return []byte(out), err
	}
	if _, err := run(nil, "read-tree", into.String()); err != nil {
		return plumbing.ZeroHash, err
	}
	list := append([]string{"ls-tree", "-r", "-z", "--full-tree", from.String(), "--"}, paths...)
	out, err := run(nil, list...)
	if err != nil {
		return plumbing.ZeroHash, err
	}
	// ls-tree: "<mode> <type> <hash>\t<path>\0"; index-info takes
	// "<mode> <hash>\t<path>\0", and mode 0 removes the path.
	var info bytes.Buffer
	found := map[string]bool{}
	for _, rec := range bytes.Split(out, []byte{0}) {
		meta, path, ok := bytes.Cut(rec, []byte{'\t'})
		if !ok {
			continue
		}
		f := bytes.Fields(meta)
		if len(f) != 3 {
			continue
		}
		found[string(path)] = true
		info.Write(f[0])
		info.WriteByte(' ')
		info.Write(f[2])
		info.WriteByte('\t')
		info.Write(path)
		info.WriteByte(0)
	}
	for _, p := range paths {
		if !found[p] {
			info.WriteString("0 " + plumbing.ZeroHash.String() + "\t" + p + "\x00")
		}
	}
	if _, err := run(info.Bytes(), "update-index", "-z", "--replace", "--index-info"); err != nil {
		return plumbing.ZeroHash, err
	}
	tree, err := run(nil, "write-tree")
	if err != nil {
		return plumbing.ZeroHash, err
	}
	return parseHash(op, string(tree))
}
