package gitops

import (
	"context"
	"fmt"
	"io"
	"path"
	"strings"
	"syscall"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
)

// Notes is the content of a notes ref (git notes): the blob of each
// annotated commit. Trees with and without fan-out directories
// (ab/cdef…) are read alike, as git reads them.
type Notes struct {
	Ref  string
	Tip  plumbing.Hash // the notes commit; zero when the ref does not exist
	blob map[plumbing.Hash]plumbing.Hash
}

// ReadNotes reads every note of ref ("refs/notes/…"). A missing ref is
// no notes, not an error.
func (r *Repo) ReadNotes(ctx context.Context, ref string) (*Notes, error) {
	tip, ok, err := r.ReadRef(ctx, ref)
	if err != nil {
		return nil, err
	}
	n := &Notes{Ref: ref, blob: map[plumbing.Hash]plumbing.Hash{}}
	if !ok {
		return n, nil
	}
	n.Tip = tip
	c, err := r.Commit(tip)
	if err != nil {
		return nil, fmt.Errorf("notes %s: %w", ref, err)
	}
	if err := r.collectNotes(c.TreeHash, "", n.blob, 0); err != nil {
		return nil, fmt.Errorf("notes %s: %w", ref, err)
	}
	return n, nil
}

func (r *Repo) collectNotes(tree plumbing.Hash, prefix string, into map[plumbing.Hash]plumbing.Hash, depth int) error {
	entries, err := r.readTree(tree)
	if err != nil {
		return err
	}
	for _, e := range entries {
		name := prefix + e.name
		switch {
		case e.mode == filemode.Dir && depth < 19 && isHex(e.name) && len(name) < 40:
			if err := r.collectNotes(e.hash, name, into, depth+1); err != nil {
				return err
			}
		case e.mode != filemode.Dir && len(name) == 40 && isHex(e.name):
			into[plumbing.NewHash(name)] = e.hash
		}
	}
	return nil
}

func isHex(s string) bool {
	for _, c := range s {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return s != ""
}

// Has reports whether commit has a note.
func (n *Notes) Has(commit plumbing.Hash) bool {
	_, ok := n.blob[commit]
	return ok
}

// Commits lists the annotated commits, in no order.
func (n *Notes) Commits() []plumbing.Hash {
	out := make([]plumbing.Hash, 0, len(n.blob))
	for c := range n.blob {
		out = append(out, c)
	}
	return out
}

// Len is the number of notes.
func (n *Notes) Len() int { return len(n.blob) }

// Note returns commit's note; ok is false when it has none.
func (r *Repo) Note(n *Notes, commit plumbing.Hash) (data []byte, ok bool, err error) {
	h, ok := n.blob[commit]
	if !ok {
		return nil, false, nil
	}
	data, err = r.Blob(h)
	return data, err == nil, err
}

// AddNotes sets the notes of several commits on ref in one notes commit,
// replacing notes those commits had, and moves ref to it with a
// compare-and-swap. When another writer moved the ref meanwhile it reads
// it again and adds its notes on top, so concurrent writers all keep
// theirs.
func (r *Repo) AddNotes(ctx context.Context, ref string, notes map[plumbing.Hash][]byte, message string) error {
	return r.AddNotesWith(ctx, ref, notes, message, nil)
}

// NotesMove moves the notes ref as update says, together with whatever
// else the caller moves in the same transaction (UpdateRefs), protecting
// what was written (ProtectWritten) while it does. An ErrRefMoved for
// the notes ref has AddNotesWith build the notes again on the ref's new
// tip and call it again; any other error is returned as it is.
type NotesMove func(ctx context.Context, update RefUpdate) error

// AddNotesWith is AddNotes whose ref move is done by move, so that the
// notes ref moves with a branch in one transaction: one git process, and
// a commit on the branch always has its note. A nil move moves the notes
// ref alone.
func (r *Repo) AddNotesWith(ctx context.Context, ref string, notes map[plumbing.Hash][]byte, message string, move NotesMove) error {
	return r.addNotes(ctx, &notesWriter{r: r, ref: ref, notes: notes, message: message, move: move})
}

// NoteStream writes a note's bytes to w, the same bytes every time it is
// called.
type NoteStream func(w io.Writer) error

// AddNoteStreamsWith is AddNotesWith for notes written by their encoders
// rather than held: each is encoded three times (to measure it, to hash
// it, to store it) and never held whole. The note of one response of
// 200,000 files is some 40 MB.
func (r *Repo) AddNoteStreamsWith(ctx context.Context, ref string, notes map[plumbing.Hash]NoteStream, message string, move NotesMove) error {
	return r.addNotes(ctx, &notesWriter{r: r, ref: ref, streams: notes, message: message, move: move})
}

func (r *Repo) addNotes(ctx context.Context, w *notesWriter) error {
	if len(w.notes)+len(w.streams) == 0 {
		if w.move != nil {
			return w.move(ctx, RefUpdate{})
		}
		return nil
	}
	if err := w.writeBlobs(); err != nil {
		return err
	}
	w.retry = NewBackoff()
	for {
		again, err := w.attempt(ctx)
		if !again {
			return err
		}
	}
}

// guttedGrace is how long a notes ref may name a missing commit before a
// writer takes it as lost for good (its own writer rewrites it within
// milliseconds when it notices).
const guttedGrace = 2 * time.Second

// setNote stores blob as hex's note, in the fan-out directory the tree
// already uses for its prefix, if any; a note stored elsewhere for the
// same commit is removed.
func setNote(fs *TreeFS, hex string, blob plumbing.Hash) error {
	dir, rest := "", hex
	for len(rest) > 2 {
		info, err := fs.Lstat(path.Join(dir, rest[:2]))
		if err != nil || !info.IsDir() {
			break
		}
		dir, rest = path.Join(dir, rest[:2]), rest[2:]
	}
	if len(rest) > 2 {
		moved, err := fanOut(fs, dir)
		if err != nil {
			return err
		}
		if moved {
			dir, rest = path.Join(dir, rest[:2]), rest[2:]
		}
	}
	// The same note under another split of the name would shadow this one.
	for i := 2; i < len(hex); i += 2 {
		p := strings.Join(splitEvery(hex[:i], 2), "/") + "/" + hex[i:]
		if p != path.Join(dir, rest) {
			_ = fs.Remove(p)
		}
	}
	if p := path.Join(dir, rest); p != hex {
		_ = fs.Remove(hex)
	}
	return fs.setBlob(path.Join(dir, rest), blob)
}

// notesFanOut is how many notes one tree of a notes ref holds; the next
// one moves them one level down, into directories named by their next two
// hex digits, as git's notes code does (notes.c, determine_fanout): a
// run then reads and writes a tree of a few hundred entries, not one of
// every note ever written.
const notesFanOut = 256

// fanOut moves the notes of directory dir ("" the top) down one level
// when it holds notesFanOut entries or more; moved reports whether it did.
func fanOut(fs *TreeFS, dir string) (moved bool, err error) {
	n, chain, _, err := fs.lookup("notes fan-out", dir) // "" is the top
	if err != nil || n.dir == nil {
		return false, err
	}
	d := n.dir
	if err := fs.load(d); err != nil {
		return false, err
	}
	chain = append(chain, d)
	if len(d.entries) < notesFanOut {
		return false, nil
	}
	for name, n := range d.entries {
		if len(name) <= 2 || n.mode == filemode.Dir || !isHex(name) {
			continue // a directory already, or not a note
		}
		sub := d.entries[name[:2]]
		if sub == nil {
			sub = newDirNode()
			d.entries[name[:2]] = sub
			fs.made++
		}
		if sub.mode != filemode.Dir {
			continue
		}
		if err := fs.load(sub.dir); err != nil {
			return false, err
		}
		sub.dir.entries[name[2:]] = n
		sub.dir.dirty = true
		delete(d.entries, name)
	}
	markDirty(chain)
	return true, nil
}

func splitEvery(s string, n int) []string {
	var out []string
	for len(s) > n {
		out = append(out, s[:n])
		s = s[n:]
	}
	return append(out, s)
}

// setBlob points name at a stored blob, as a regular file.
func (fs *TreeFS) setBlob(name string, blob plumbing.Hash) error {
	const op = "set blob"
	parts, err := fs.split(op, name)
	if err != nil {
		return err
	}
	if len(parts) == 0 {
		return errorf(op, name, syscall.EISDIR)
	}
	chain, err := fs.walk(op, name, parts, true)
	if err != nil {
		return err
	}
	chain[len(chain)-1].entries[parts[len(parts)-1]] = &node{mode: filemode.Regular, hash: blob}
	fs.made++
	markDirty(chain)
	return nil
}
