package gitops

import (
	"path"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
)

// WriteTree stores the view's current content and returns its root tree.
// Only changed files become blobs and only directories along changed
// paths become new trees; every untouched subtree keeps its hash.
// Directories left empty disappear, as in git. The view stays usable.
func (r *Repo) WriteTree(fs *TreeFS) (plumbing.Hash, error) {
	h, empty, err := r.writeDir(fs, fs.root)
	if err != nil {
		return plumbing.ZeroHash, err
	}
	if empty {
		return r.writeObject(plumbing.TreeObject, nil)
	}
	return h, nil
}

// writeDir writes d if it changed; empty reports a directory with nothing
// to record.
func (r *Repo) writeDir(fs *TreeFS, d *dirNode) (plumbing.Hash, bool, error) {
	if !d.dirty {
		return d.hash, d.hash.IsZero() || d.hash == emptyTree, nil
	}
	entries := make([]treeEntry, 0, len(d.entries))
	for name, n := range d.entries {
		e := treeEntry{name: name, mode: n.mode, hash: n.hash}
		switch {
		case n.mode == filemode.Dir:
			// The last line of defence: a changed directory git would
			// read as a file.
			if n.dir.dirty {
				if err := checkDir(name, name); err != nil {
					return plumbing.ZeroHash, false, err
				}
			}
			h, empty, err := r.writeDir(fs, n.dir)
			if err != nil {
				return plumbing.ZeroHash, false, err
			}
			if empty {
				continue
			}
			e.hash = h
		case n.data != nil:
			// The last line of defence: the session checks each write.
			if err := checkEntry(name, n.mode); err != nil {
				return plumbing.ZeroHash, false, err
			}
			if n.mode != filemode.Symlink {
				if err := CheckContent(name, n.data.b); err != nil {
					return plumbing.ZeroHash, false, err
				}
			}
			h, err := r.writeObject(plumbing.BlobObject, n.data.b)
			if err != nil {
				return plumbing.ZeroHash, false, err
			}
			// The bytes are in the object store now: the node names the
			// blob, so that a long run holds no file it is done with
			// (reading it again asks the store).
			n.stored(h, len(n.data.b))
			e.hash = h
		}
		entries = append(entries, e)
	}
	if len(entries) == 0 {
		d.hash, d.dirty = emptyTree, false
		return emptyTree, true, nil
	}
	h, err := r.writeObject(plumbing.TreeObject, encodeTree(entries))
	if err != nil {
		return plumbing.ZeroHash, false, err
	}
	d.hash, d.dirty = h, false
	return h, false, nil
}

// releaseMin is the size from which a file's bytes leave memory as soon
// as nothing writes them any more: a response that creates large files
// then holds none of them. Smaller files wait for WriteTree, so that a
// file edited several times is stored once.
const releaseMin = 64 << 10

// storedAtOnce reports whether a file's bytes go to the object store as
// soon as they are complete: those of a large file that is neither a
// link nor one git reads as configuration (.gitmodules, .gitattributes:
// WriteTree checks those).
func storedAtOnce(mode filemode.FileMode, name string, size int) bool {
	return size >= releaseMin && mode.IsFile() && mode != filemode.Symlink && special(path.Base(name)) == ""
}

// release stores a large file's content as a blob once its last writer
// closes, and lets the node name the blob: its bytes are kept only by
// readers still open. Anything that fails is left for WriteTree, which
// reports it.
func (fs *TreeFS) release(c *content, name string) {
	n := c.owner
	if n == nil || n.data != c || !storedAtOnce(n.mode, name, len(c.b)) {
		return
	}
	h, err := fs.repo.writeObject(plumbing.BlobObject, c.b)
	if err != nil {
		return
	}
	n.stored(h, len(c.b))
}
