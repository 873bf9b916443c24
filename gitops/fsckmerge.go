package gitops

import (
	"fmt"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
)

// A tree git writes (git merge-tree for land) is checked by the rules a
// tree this tool writes itself is held to (fsckcheck.go): two trees fsck
// accepts can merge into one it refuses. A three-way merge of
// .gitmodules can move a line written under another section into a
// submodule's (`update = !cmd` under [submodule "x"] once the other side
// deleted the header above it).

// CheckMergedTree refuses tree when an entry that is not already the same
// at the same path in base (the target's tree: what is there already is
// not this run's doing) breaks git's fsck rules, with a *FsckError naming
// the path and the reason. Only what differs from base is read.
func (r *Repo) CheckMergedTree(tree, base plumbing.Hash) error {
	return treeChecker{r: r}.check(tree, base)
}

// treeChecker reads the trees and files it judges from q first (what git
// wrote there is in no other store yet), then from the repository.
type treeChecker struct {
	r *Repo
	q *quarantine
}

func (c treeChecker) check(tree, base plumbing.Hash) error {
	if tree == base {
		return nil
	}
	return c.newEntries("", tree, base)
}

func (c treeChecker) read(t plumbing.ObjectType, h plumbing.Hash) ([]byte, error) {
	if c.q != nil {
		typ, data, ok, err := c.q.read(h)
		if err != nil {
			return nil, err
		}
		if ok {
			if typ != t {
				return nil, fmt.Errorf("object %s is a %s, not a %s", h, typ, t)
			}
			return data, nil
		}
	}
	return c.r.readObject(t, h)
}

func (c treeChecker) readTree(h plumbing.Hash) ([]treeEntry, error) {
	if h.IsZero() || h == emptyTree {
		return nil, nil
	}
	data, err := c.read(plumbing.TreeObject, h)
	if err != nil {
		return nil, err
	}
	return decodeTree(data)
}

func (c treeChecker) newEntries(prefix string, tree, base plumbing.Hash) error {
	entries, err := c.readTree(tree)
	if err != nil {
		return err
	}
	baseEntries, err := c.readTree(base)
	if err != nil {
		return err
	}
	old := make(map[string]treeEntry, len(baseEntries))
	for _, e := range baseEntries {
		old[e.name] = e
	}
	for _, e := range entries {
		b, had := old[e.name]
		if had && b.hash == e.hash && b.mode == e.mode {
			continue
		}
		p := join(prefix, e.name)
		if err := checkName(p, e.name); err != nil {
			return err
		}
		if e.mode == filemode.Dir {
			if err := checkDir(p, e.name); err != nil {
				return err
			}
			var sub plumbing.Hash
			if had && b.mode == filemode.Dir {
				sub = b.hash
			}
			if err := c.newEntries(p, e.hash, sub); err != nil {
				return err
			}
			continue
		}
		if err := checkEntry(p, e.mode); err != nil {
			return err
		}
		if err := c.content(p, e); err != nil {
			return err
		}
	}
	return nil
}

// checkNewContent reads a .gitmodules or .gitattributes blob, and only
// those: the files whose content git's fsck judges.
func (c treeChecker) content(p string, e treeEntry) error {
	if e.mode != filemode.Regular && e.mode != filemode.Executable || special(e.name) == "" {
		return nil
	}
	data, err := c.read(plumbing.BlobObject, e.hash)
	if err != nil {
		return fmt.Errorf("read %s: %w", p, err)
	}
	return CheckContent(p, data)
}
