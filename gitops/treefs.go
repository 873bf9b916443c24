package gitops

import (
	"os"
	"path"
	"strings"
	"syscall"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
)

// TreeFS is an isolated, copy-on-write view of a commit's tree, usable as a
// billy.Filesystem. Reads fall through to the base tree, decoding a tree
// object only when a path below it is first touched; writes, removals and
// renames are kept in memory until WriteTree turns them into objects. The
// cost of a session is proportional to the directories it touches, never
// to the size of the repository; a long one bounds it with TrimTree.
//
// Paths are slash-separated and relative to the top of the tree ("/" and
// "." name the top). Symbolic links and submodules are reported by Lstat
// but never followed; opening one, or any path through one, fails with an
// *UnsafePathError. A TreeFS is not safe for concurrent use.
type TreeFS struct {
	repo     *Repo
	commit   plumbing.Hash
	baseTree plumbing.Hash
	root     *dirNode
	tempSeq  int
	attrs    map[plumbing.Hash]attrFile // parsed .gitattributes by blob hash
	// splits are the last two paths split: an edit looks its path up
	// about ten times in a row (guard, read, write, the attribution
	// tracker), its directory once between. Parts and chains are never
	// changed by their users.
	splits [2]split
	// shape counts the changes that take an entry out of a directory
	// (Remove, Rename, Restore): a chain walked since is still the path's.
	shape uint64
	// made counts the nodes changes added or gave new content since the
	// last trim, loaded those read from the repository (or kept by the
	// trim): what the overlay holds is at most their sum (treefs_trim.go).
	made, loaded int
	// shared counts the open handles whose content is a node's: a trim
	// waits for them to close.
	shared int
}

type split struct {
	name  string
	parts []string
	chain []*dirNode // the directories down to the last part's, walked at shape
	shape uint64
}

// dirNode is a directory of the overlay.
// Invariant: when dirty is false, hash is the tree holding exactly entries
// (or the tree they would be loaded from); a new directory is dirty.
type dirNode struct {
	hash    plumbing.Hash
	dirty   bool
	entries map[string]*node // nil until loaded
}

// node is one entry of a directory: a file, symbolic link or submodule
// (mode, hash, data) or a directory (dir).
type node struct {
	mode filemode.FileMode
	hash plumbing.Hash // object while data is nil
	data *content      // new content of a file or link target; nil when unchanged
	dir  *dirNode      // for filemode.Dir
	// size is the blob's size when known without reading it (a file
	// whose bytes this view stored); 0 when unknown.
	size int64
}

// content is the bytes of a changed file, shared by the node and the
// handles open on it for writing, like an inode.
type content struct {
	b      []byte
	sum    plumbing.Hash // blob hash of b, when sumSet
	sumSet bool
	// owner is the node whose content this is, and writers the handles
	// open on it for writing: when the last closes, a large file's bytes
	// go to the object store at once (see TreeFS.release).
	owner   *node
	writers int
}

func (c *content) hash() plumbing.Hash {
	if !c.sumSet {
		c.sum = objectHash(plumbing.BlobObject, c.b)
		c.sumSet = true
	}
	return c.sum
}

// TreeFS opens a copy-on-write view of commit's tree.
func (r *Repo) TreeFS(commit plumbing.Hash) (*TreeFS, error) {
	c, err := r.Commit(commit)
	if err != nil {
		return nil, err
	}
	fs := r.treeFS(c.TreeHash)
	fs.commit = commit
	return fs, nil
}

// treeFS opens a view of a tree.
func (r *Repo) treeFS(tree plumbing.Hash) *TreeFS {
	return &TreeFS{repo: r, baseTree: tree, root: &dirNode{hash: tree}}
}

// Commit returns the commit the view started from.
func (fs *TreeFS) Commit() plumbing.Hash { return fs.commit }

// load decodes a directory's tree the first time it is needed.
func (fs *TreeFS) load(d *dirNode) error {
	if d.entries != nil {
		return nil
	}
	entries, err := fs.repo.readTree(d.hash)
	if err != nil {
		return err
	}
	d.entries = make(map[string]*node, len(entries))
	fs.loaded += len(entries)
	nodes := make([]node, len(entries)) // one allocation, not one a file
	for i, e := range entries {
		n := &nodes[i]
		n.mode, n.hash = e.mode, e.hash
		if e.mode == filemode.Dir {
			n.dir = &dirNode{hash: e.hash}
		}
		d.entries[e.name] = n
	}
	return nil
}

// newDirNode is a new, empty directory entry.
func newDirNode() *node {
	return &node{mode: filemode.Dir, dir: &dirNode{dirty: true, entries: map[string]*node{}}}
}

// stored makes n name blob h of size bytes: its content is in the object
// store now, and the view holds no copy of it.
func (n *node) stored(h plumbing.Hash, size int) {
	n.hash, n.data, n.size = h, nil, int64(size)
}

// split is splitPath, remembering the last path split.
func (fs *TreeFS) split(op, name string) ([]string, error) {
	if s := fs.remembered(name); s != nil {
		return s.parts, nil
	}
	parts, err := splitPath(op, name)
	if err == nil && len(parts) > 0 {
		fs.splits[1], fs.splits[0] = fs.splits[0], split{name: name, parts: parts}
	}
	return parts, err
}

// splitPath cleans a path into its components; the top is no components.
// A path that climbs out of the tree or names a .git directory is unsafe.
func splitPath(op, name string) ([]string, error) {
	if strings.IndexByte(name, 0) >= 0 {
		return nil, errorf(op, name, syscall.EINVAL)
	}
	p := name
	if !isClean(p) {
		p = path.Clean(strings.TrimLeft(name, "/"))
	}
	if p == ".." || strings.HasPrefix(p, "../") {
		return nil, &UnsafePathError{Path: name, Reason: "outside the repository"}
	}
	if p == "." {
		return nil, nil
	}
	parts := strings.Split(p, "/")
	for _, part := range parts {
		if err := checkName(name, part); err != nil {
			if strings.EqualFold(part, ".git") {
				return nil, &UnsafePathError{Path: name, Reason: "names a .git directory"}
			}
			return nil, err
		}
	}
	return parts, nil
}

// isClean reports a relative path that path.Clean leaves as it is and
// that has no leading slash: the usual case, which needs no cleaning.
func isClean(p string) bool {
	if p == "" {
		return false
	}
	start := 0
	for i := 0; i <= len(p); i++ {
		if i < len(p) && p[i] != '/' {
			continue
		}
		switch p[start:i] {
		case "", ".", "..":
			return false
		}
		start = i + 1
	}
	return true
}

// walk finds the directory holding the last component of parts. With
// create, missing directories are made; every directory on the way is
// returned in chain (top first) so a change can mark them dirty.
func (fs *TreeFS) walk(op, name string, parts []string, create bool) (chain []*dirNode, err error) {
	s := fs.remembered(name)
	if s != nil && s.chain != nil && s.shape == fs.shape {
		return s.chain, nil
	}
	d := fs.root
	chain = make([]*dirNode, 1, len(parts))
	chain[0] = d
	for i := range parts[:len(parts)-1] {
		if d, err = fs.step(op, name, parts, i, d, create); err != nil {
			return nil, err
		}
		chain = append(chain, d)
	}
	if err := fs.load(d); err != nil {
		return nil, err
	}
	if s != nil {
		s.chain, s.shape = chain, fs.shape
	}
	return chain, nil
}

// remembered is the split of name that split remembers, nil if none.
func (fs *TreeFS) remembered(name string) *split {
	for i := range fs.splits {
		if s := &fs.splits[i]; s.name == name && s.parts != nil {
			return s
		}
	}
	return nil
}

// step goes from directory d down to its entry parts[i], which must be a
// directory (made when missing, with create).
func (fs *TreeFS) step(op, name string, parts []string, i int, d *dirNode, create bool) (*dirNode, error) {
	if err := fs.load(d); err != nil {
		return nil, err
	}
	part := parts[i]
	n := d.entries[part]
	switch {
	case n == nil && create:
		if err := checkDir(name, part); err != nil {
			return nil, err
		}
		n = newDirNode()
		d.entries[strings.Clone(part)] = n
		fs.made++
	case n == nil:
		return nil, errorf(op, name, os.ErrNotExist)
	case n.mode == filemode.Symlink:
		return nil, &UnsafePathError{Path: name, Reason: "symbolic link at " + strings.Join(parts[:i+1], "/")}
	case n.mode == filemode.Submodule:
		return nil, &UnsafePathError{Path: name, Reason: "submodule at " + strings.Join(parts[:i+1], "/")}
	case n.mode != filemode.Dir:
		return nil, errorf(op, name, syscall.ENOTDIR)
	}
	return n.dir, nil
}

// lookup returns the node at name (nil with a not-exist error when absent)
// and the directories above it.
func (fs *TreeFS) lookup(op, name string) (*node, []*dirNode, string, error) {
	parts, err := fs.split(op, name)
	if err != nil {
		return nil, nil, "", err
	}
	if len(parts) == 0 {
		if err := fs.load(fs.root); err != nil {
			return nil, nil, "", err
		}
		return &node{mode: filemode.Dir, dir: fs.root}, nil, "", nil
	}
	chain, err := fs.walk(op, name, parts, false)
	if err != nil {
		return nil, nil, "", err
	}
	last := parts[len(parts)-1]
	n := chain[len(chain)-1].entries[last]
	if n == nil {
		return nil, chain, last, errorf(op, name, os.ErrNotExist)
	}
	return n, chain, last, nil
}

// find is lookup for a caller that changes nothing.
func (fs *TreeFS) find(op, name string) (*node, string, error) {
	parts, err := fs.split(op, name)
	if err != nil {
		return nil, "", err
	}
	if len(parts) == 0 {
		if err := fs.load(fs.root); err != nil {
			return nil, "", err
		}
		return &node{mode: filemode.Dir, dir: fs.root}, "", nil
	}
	chain, err := fs.walk(op, name, parts, false)
	if err != nil {
		return nil, "", err
	}
	d := chain[len(chain)-1]
	last := parts[len(parts)-1]
	n := d.entries[last]
	if n == nil {
		return nil, last, errorf(op, name, os.ErrNotExist)
	}
	return n, last, nil
}

func markDirty(chain []*dirNode) {
	for _, d := range chain {
		d.dirty = true
	}
}

// blob returns a file's current bytes.
func (fs *TreeFS) blob(n *node) ([]byte, error) {
	if n.data != nil {
		return n.data.b, nil
	}
	return fs.repo.readObject(plumbing.BlobObject, n.hash)
}

// view returns a file's current bytes to look at at once, never to
// change or keep: a cached blob is not copied.
func (fs *TreeFS) view(n *node) ([]byte, error) {
	if n.data != nil {
		return n.data.b, nil
	}
	return fs.repo.objects.view(plumbing.BlobObject, n.hash)
}

// refuseSpecial reports symbolic links and submodules, which are never
// opened as files.
func refuseSpecial(name string, n *node) error {
	switch n.mode {
	case filemode.Symlink:
		return &UnsafePathError{Path: name, Reason: "symbolic link"}
	case filemode.Submodule:
		return &UnsafePathError{Path: name, Reason: "submodule"}
	}
	return nil
}

func errorf(op, name string, err error) error {
	return &os.PathError{Op: op, Path: name, Err: err}
}
