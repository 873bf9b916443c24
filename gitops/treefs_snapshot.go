package gitops

import "bytes"

// Snapshot returns an independent copy of the view as it is now: later
// changes to either do not show in the other. It is cheap after WriteTree:
// a directory whose content is already stored is copied as its tree hash
// and read again only when the copy touches it, so only what changed
// since the last WriteTree is copied byte for byte.
//
// A snapshot is read like any TreeFS (the content a response started
// from) and given to Restore to undo what happened since.
func (fs *TreeFS) Snapshot() *TreeFS {
	snap := &TreeFS{repo: fs.repo, commit: fs.commit, baseTree: fs.baseTree}
	snap.root = fs.root.clone(&snap.made)
	return snap
}

// Restore makes the view's content that of snap, a Snapshot of this view
// (or of another view of the same repository). snap stays usable, so one
// snapshot can be restored more than once. Handles open on the view keep
// writing to content that is no longer part of it.
func (fs *TreeFS) Restore(snap *TreeFS) {
	fs.shape++
	fs.made, fs.loaded = 0, 0
	fs.root = snap.root.clone(&fs.made)
}

// clone copies a directory deeply enough that neither copy sees the
// other's later changes. A clean directory (invariant of dirNode: its
// hash holds exactly its entries) is copied as its hash alone. The
// nodes copied are added to *count.
func (d *dirNode) clone(count *int) *dirNode {
	if !d.dirty {
		return &dirNode{hash: d.hash}
	}
	c := &dirNode{hash: d.hash, dirty: true, entries: make(map[string]*node, len(d.entries))}
	*count += len(d.entries)
	for name, n := range d.entries {
		m := *n
		if n.dir != nil {
			m.dir = n.dir.clone(count)
		}
		if n.data != nil {
			// Handles write into content in place: the copy needs its own.
			m.data = &content{b: bytes.Clone(n.data.b), sum: n.data.sum, sumSet: n.data.sumSet}
		}
		mp := &m
		if mp.data != nil {
			mp.data.owner = mp
		}
		c.entries[name] = mp
	}
	return c
}
