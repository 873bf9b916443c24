package gitops

import (
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
)

// DiffTrees yields the paths that differ between trees a and b: files,
// links and submodules added, removed, or changed in content or mode, in
// tree order. Only subtrees whose hashes differ are read, one at a time,
// so that a response that changed 200,000 files is listed without
// holding the list. A zero hash is the empty tree; yield returning false
// stops the walk.
func (r *Repo) DiffTrees(a, b plumbing.Hash, yield func(path string) bool) error {
	_, err := r.diffTrees("", a, b, yield)
	return err
}

func (r *Repo) diffTrees(prefix string, a, b plumbing.Hash, yield func(string) bool) (bool, error) {
	if a == b {
		return true, nil
	}
	ea, err := r.readTree(a)
	if err != nil {
		return false, err
	}
	eb, err := r.readTree(b)
	if err != nil {
		return false, err
	}
	// Both lists are in git's order, where a folder sorts as its name and
	// a slash: a folder on one side and a file of its name on the other
	// are then two entries, each reported.
	i, j := 0, 0
	for i < len(ea) || j < len(eb) {
		var x, y *treeEntry
		switch {
		case j == len(eb):
			x = &ea[i]
		case i == len(ea):
			y = &eb[j]
		default:
			switch kx, ky := sortKey(&ea[i]), sortKey(&eb[j]); {
			case kx < ky:
				x = &ea[i]
			case kx > ky:
				y = &eb[j]
			default:
				x, y = &ea[i], &eb[j]
			}
		}
		if x != nil {
			i++
		}
		if y != nil {
			j++
		}
		if x != nil && y != nil && x.hash == y.hash && x.mode == y.mode {
			continue
		}
		e := x
		if e == nil {
			e = y
		}
		p := join(prefix, e.name)
		if e.mode == filemode.Dir {
			var ha, hb plumbing.Hash
			if x != nil {
				ha = x.hash
			}
			if y != nil {
				hb = y.hash
			}
			if ok, err := r.diffTrees(p, ha, hb, yield); !ok || err != nil {
				return ok, err
			}
			continue
		}
		if !yield(p) {
			return false, nil
		}
	}
	return true, nil
}

// sortKey is an entry's name as git sorts it in a tree.
func sortKey(e *treeEntry) string {
	if e.mode == filemode.Dir {
		return e.name + "/"
	}
	return e.name
}
