package gitops

import (
	"sort"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
)

// Changed returns the sorted paths of files, symbolic links and submodules
// that were added, modified (content or mode) or deleted compared with the
// base commit. Writing back identical bytes is no change. A renamed
// directory lists every path below its old and its new name.
func (fs *TreeFS) Changed() ([]string, error) {
	set := map[string]bool{}
	if err := fs.diff("", fs.baseTree, fs.root, set); err != nil {
		return nil, err
	}
	out := make([]string, 0, len(set))
	for p := range set {
		out = append(out, p)
	}
	sort.Strings(out)
	return out, nil
}

// diff compares the base tree at prefix with the overlay directory cur.
func (fs *TreeFS) diff(prefix string, base plumbing.Hash, cur *dirNode, set map[string]bool) error {
	if !cur.dirty && cur.hash == base {
		return nil
	}
	baseEntries, err := fs.repo.readTree(base)
	if err != nil {
		return err
	}
	if err := fs.load(cur); err != nil {
		return err
	}
	seen := make(map[string]bool, len(baseEntries))
	for _, b := range baseEntries {
		seen[b.name] = true
		p := join(prefix, b.name)
		c := cur.entries[b.name]
		switch {
		case c == nil:
			if err := fs.listBase(p, b, set); err != nil {
				return err
			}
		case b.mode == filemode.Dir && c.mode == filemode.Dir:
			if err := fs.diff(p, b.hash, c.dir, set); err != nil {
				return err
			}
		case b.mode == filemode.Dir || c.mode == filemode.Dir:
			if err := fs.listBase(p, b, set); err != nil {
				return err
			}
			if err := fs.listCur(p, c, set); err != nil {
				return err
			}
		case b.mode != c.mode || b.hash != c.currentHash():
			set[p] = true
		}
	}
	for name, c := range cur.entries {
		if !seen[name] {
			if err := fs.listCur(join(prefix, name), c, set); err != nil {
				return err
			}
		}
	}
	return nil
}

// listBase adds every leaf of a base entry.
func (fs *TreeFS) listBase(p string, e treeEntry, set map[string]bool) error {
	if e.mode != filemode.Dir {
		set[p] = true
		return nil
	}
	entries, err := fs.repo.readTree(e.hash)
	if err != nil {
		return err
	}
	for _, c := range entries {
		if err := fs.listBase(join(p, c.name), c, set); err != nil {
			return err
		}
	}
	return nil
}

// listCur adds every leaf of an overlay entry.
func (fs *TreeFS) listCur(p string, n *node, set map[string]bool) error {
	if n.mode != filemode.Dir {
		set[p] = true
		return nil
	}
	if err := fs.load(n.dir); err != nil {
		return err
	}
	for name, c := range n.dir.entries {
		if err := fs.listCur(join(p, name), c, set); err != nil {
			return err
		}
	}
	return nil
}

func (n *node) currentHash() plumbing.Hash {
	if n.data != nil {
		return n.data.hash()
	}
	return n.hash
}

func join(prefix, name string) string {
	if prefix == "" {
		return name
	}
	return prefix + "/" + name
}
