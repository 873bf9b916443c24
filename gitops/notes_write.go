package gitops

import (
	"context"
	"errors"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
)

// notesWriter is one AddNotesWith call: a compare-and-swap loop that
// builds a notes commit on the ref's tip and moves the ref to it, and
// starts again when another writer moved the ref or a racing prune
// deleted what it wrote.
type notesWriter struct {
	r       *Repo
	ref     string
	notes   map[plumbing.Hash][]byte
	streams map[plumbing.Hash]NoteStream
	message string
	move    NotesMove
	retry   *Backoff

	mark  writtenMark                     // what this call writes is verified after the move
	blobs map[plumbing.Hash]plumbing.Hash // each commit's note blob

	broken       plumbing.Hash // a notes commit of ours that a prune gutted
	brokenParent plumbing.Hash
	gutted       plumbing.Hash // a tip found missing, and since when
	guttedSince  time.Time
}

// writeBlobs writes the notes' blobs, marking where this call's writes
// start.
func (w *notesWriter) writeBlobs() error {
	w.mark = w.r.objects.mark()
	if w.blobs == nil {
		w.blobs = make(map[plumbing.Hash]plumbing.Hash, len(w.notes))
	}
	for c, data := range w.notes {
		h, err := w.r.writeObject(plumbing.BlobObject, data)
		if err != nil {
			return err
		}
		w.blobs[c] = h
	}
	for c, enc := range w.streams {
		h, err := w.r.objects.writeStream(plumbing.BlobObject, enc)
		if err != nil {
			return err
		}
		w.blobs[c] = h
	}
	return nil
}

// rewrite writes the notes' blobs again after a prune deleted them, then
// has the loop try again; again is false when it gave up, with err.
func (w *notesWriter) rewrite(ctx context.Context) (again bool, err error) {
	// The wait first: written, the blobs are unreachable until the ref
	// moves, and a prune running meanwhile would take them again.
	if !w.retry.Wait(ctx) {
		return false, &RepoError{Op: "notes " + w.ref, Dir: w.r.Dir, Msg: "its objects keep being pruned as they are written"}
	}
	// What earlier attempts wrote and a prune deleted is not needed any
	// more: only what is written from here on is packed.
	if err := w.writeBlobs(); err != nil {
		return false, err
	}
	return true, nil
}

// wait has the loop try again after its turn, or gives up with err once
// the retry bound has passed.
func (w *notesWriter) wait(ctx context.Context, err error) (again bool, _ error) {
	if !w.retry.Wait(ctx) {
		return false, err
	}
	return true, nil
}

// attempt is one round: build the notes commit on the ref's tip and move
// the ref to it. again says the loop goes round once more; otherwise err
// is the call's result.
func (w *notesWriter) attempt(ctx context.Context) (again bool, err error) {
	old, tip, exists, err := w.readTip(ctx)
	if err != nil {
		return false, err
	}
	tree, parents, again, err := w.base(ctx, tip, exists)
	if again || err != nil {
		return again, err
	}
	commit, err := w.writeCommit(ctx, tree, parents)
	if err != nil {
		return false, err
	}
	if w.move != nil {
		return w.moveWith(ctx, commit, old)
	}
	return w.moveAlone(ctx, commit, old, tip, exists)
}

// readTip reads the ref: old is what it holds (what the move expects),
// tip what to build on. They differ when the ref names a notes commit of
// ours that a prune gutted: that one is built again on what the ref held
// before it.
func (w *notesWriter) readTip(ctx context.Context) (old, tip plumbing.Hash, exists bool, err error) {
	tip, exists, err = w.r.ReadRef(ctx, w.ref)
	old = tip
	if err == nil && exists && !w.broken.IsZero() && tip == w.broken {
		tip, exists = w.brokenParent, !w.brokenParent.IsZero()
	} else {
		w.broken = plumbing.ZeroHash
	}
	return old, tip, exists, err
}

// base returns the tree and parents a new notes commit on tip starts
// from: the empty tree and none when there is no tip.
func (w *notesWriter) base(ctx context.Context, tip plumbing.Hash, exists bool) (tree plumbing.Hash, parents []plumbing.Hash, again bool, err error) {
	if !exists {
		return emptyTree, nil, false, nil
	}
	c, err := w.r.Commit(tip)
	switch {
	case errors.Is(err, plumbing.ErrObjectNotFound):
		// Gutted by a racing prune. Its writer may be writing it again;
		// once it has stayed missing for a while, nobody is, and the
		// notes it held are gone with it: start the notes history again
		// rather than fail every later run.
		if w.gutted != tip {
			w.gutted, w.guttedSince = tip, time.Now()
		}
		if time.Since(w.guttedSince) < guttedGrace {
			again, err := w.wait(ctx, err)
			return plumbing.ZeroHash, nil, again, err
		}
		return emptyTree, nil, false, nil
	case err != nil:
		return plumbing.ZeroHash, nil, false, err
	}
	return c.TreeHash, []plumbing.Hash{tip}, false, nil
}

// writeCommit writes the notes commit: tree with every note set, on
// parents.
func (w *notesWriter) writeCommit(ctx context.Context, tree plumbing.Hash, parents []plumbing.Hash) (plumbing.Hash, error) {
	fs := w.r.treeFS(tree)
	for c, blob := range w.blobs {
		if err := setNote(fs, c.String(), blob); err != nil {
			return plumbing.ZeroHash, &RepoError{Op: "notes " + w.ref, Msg: err.Error(), Err: err}
		}
	}
	newTree, err := w.r.WriteTree(fs)
	if err != nil {
		return plumbing.ZeroHash, err
	}
	return w.r.writeCommitObject(ctx, newTree, parents, w.message)
}

// moveWith moves the ref through the caller's move, which protects what
// was written; only the notes ref's own failures are retried here.
func (w *notesWriter) moveWith(ctx context.Context, commit, old plumbing.Hash) (again bool, err error) {
	err = w.move(ctx, RefUpdate{Ref: w.ref, New: commit, Old: old})
	switch {
	case err == nil:
		return false, nil
	case errors.Is(err, ErrObjectPruned) && MovedRef(err) == w.ref:
		return w.rewrite(ctx)
	case errors.Is(err, ErrRefMoved) && MovedRef(err) == w.ref:
		return w.wait(ctx, err)
	}
	return false, err
}

// moveAlone moves the notes ref by itself, protecting what this call
// wrote from a prune until the ref makes it reachable.
func (w *notesWriter) moveAlone(ctx context.Context, commit, old, tip plumbing.Hash, exists bool) (again bool, err error) {
	written := w.r.objects.writtenSince(w.mark)
	prot, err := w.r.protect(written)
	if errors.Is(err, ErrObjectPruned) {
		return w.rewrite(ctx)
	}
	if err != nil {
		return false, err
	}
	err = w.r.UpdateRef(ctx, w.ref, commit, old, w.message)
	if err != nil {
		prot.Release()
	}
	if errors.Is(err, ErrObjectPruned) {
		// Deleted before the ref could name it: write the notes again.
		return w.rewrite(ctx)
	}
	if err == nil {
		return w.verifyMoved(ctx, prot, written, commit, tip, exists)
	}
	if !errors.Is(err, ErrRefMoved) {
		return false, err
	}
	return w.wait(ctx, err)
}

// verifyMoved checks, after the ref moved, that what this call wrote is
// still there: a prune racing the write may have deleted the objects
// before the ref made them reachable (unless they were packed and kept
// through the move). If so the notes commit is built again on tip and
// the ref moved once more.
func (w *notesWriter) verifyMoved(ctx context.Context, prot *Protection, written writtenSet, commit, tip plumbing.Hash, exists bool) (again bool, err error) {
	var gone []plumbing.Hash
	var verr error
	if !prot.Held() {
		gone, verr = w.r.missing(ctx, written)
	}
	prot.Release()
	if verr != nil || len(gone) == 0 {
		return false, verr
	}
	w.broken, w.brokenParent = commit, tip
	if !exists {
		w.brokenParent = plumbing.ZeroHash
	}
	return w.rewrite(ctx)
}
