package gitops

import "errors"

// A response that creates hundreds of thousands of files would keep a
// node, a map entry and a name for each until WriteTree. TrimTree lets
// a long response hold a bounded overlay instead: it writes what changed
// and lets go of every directory it loaded, which the view then reads
// back from the trees just written, as it reads the base tree's.

// Held is the number of nodes the view may hold: at most those loaded
// from the repository plus those its changes made since the last trim.
// It is counted as it grows, never by walking the overlay; removals do
// not lower it.
func (fs *TreeFS) Held() int { return fs.made + fs.loaded }

// TrimDue reports whether a TrimTree would pay for itself: changes made
// at least bound nodes since the last trim, and at least as many as the
// view loaded, which it will load again after a trim. A directory of a
// million entries being filled is so trimmed (written whole, then read
// again) each time it has doubled, not after every bound more files.
func (fs *TreeFS) TrimDue(bound int) bool {
	return fs.made >= bound && fs.made >= fs.loaded
}

// TrimTree stores the view's changes as WriteTree does (blobs and trees
// into the pending pack) and lets go of every directory the view loaded:
// what it shows is unchanged, and read back from the trees written when
// next asked for. The trees of one trim that a later change replaces are
// never referenced: they stay unreachable in the pack, as garbage for
// git gc, the price of bounding the overlay.
//
// It trims nothing, and reports false, while a handle shares a node's
// content (one opened for writing, or reading a changed file: its node
// would no longer be the view's), or while the view holds what a tree
// cannot record: a check WriteTree would refuse the tree for (the
// response may still undo it; its WriteTree reports it otherwise).
// Directories left empty are kept with the directories above them, since
// git's trees drop them: a view that showed an empty directory still
// does.
func (r *Repo) TrimTree(fs *TreeFS) (bool, error) {
	if fs.shared > 0 {
		return false, nil
	}
	if _, err := r.WriteTree(fs); err != nil {
		if ue := (*UnsafePathError)(nil); errors.As(err, &ue) {
			// Not now, nor before as much again has changed. What was
			// written stays so (each directory written holds what it
			// shows and passed the checks), but for the empty
			// directories it dropped.
			prune(fs.root, false)
			fs.made = 0
			return false, nil
		}
		return false, err
	}
	fs.splits = [2]split{} // their chains are the directories let go of
	fs.shape++
	_, kept := prune(fs.root, true)
	// What stays is counted as loaded: the next trim waits until changes
	// outgrow it, rather than writing it again at once.
	fs.made, fs.loaded = 0, kept
	return true, nil
}

// prune, after a WriteTree, marks the directories on the way to an empty
// one dirty again and, with let, lets go of the entries of every other
// directory below d; keep reports an empty directory below d, held the
// nodes kept.
func prune(d *dirNode, let bool) (keep bool, held int) {
	if d.entries == nil {
		return false, 0
	}
	for _, n := range d.entries {
		if n.dir == nil {
			continue
		}
		if n.dir.hash.IsZero() || n.dir.hash == emptyTree {
			keep = true
			held += redirty(n.dir)
			continue
		}
		k, h := prune(n.dir, let)
		keep, held = keep || k, held+h
	}
	if !keep {
		if let && !d.dirty { // clean: WriteTree wrote its hash
			d.entries = nil
		}
		return false, 0
	}
	// Dirty as before the write: the hash WriteTree gave it lacks the
	// empty directory, and a Snapshot copies a clean directory as its
	// hash alone.
	d.dirty = true
	return true, held + len(d.entries)
}

// redirty marks an empty directory and those below it dirty again (see
// prune) and returns the nodes they hold.
func redirty(d *dirNode) int {
	if d.entries == nil {
		return 0 // never loaded: clean in an untrimmed view too
	}
	d.dirty = true
	held := len(d.entries)
	for _, n := range d.entries {
		if n.dir != nil {
			held += redirty(n.dir)
		}
	}
	return held
}
