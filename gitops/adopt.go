package gitops

import (
	"bytes"
	"context"
	"errors"
	"fmt"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
)

// Objects a git process writes for this run (the trees and merged files
// of git merge-tree, a commit of commit-tree -S) are loose and
// unreachable until a ref names them: a `git gc --prune=now` running
// meanwhile deletes them, and a branch moved later would name a commit
// whose tree is gone. They are adopted: copied into this run's pending
// pack at once, so that they are published and kept (.keep) with the
// run's own objects until the ref has moved. Before the ref moves,
// ProtectReachable checks with git that nothing the new value reaches is
// missing, and adopts what no ref reaches and the run did not write.

// adopt copies object h into the pending pack, from the object cache or
// storage. One already gone fails with ErrObjectPruned.
func (s *objectStore) adopt(h plumbing.Hash) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ours(h) {
		return nil
	}
	var typ plumbing.ObjectType
	var data []byte
	if obj, ok := s.cache.Get(h); ok {
		typ = obj.Type()
		if d, ok := contentOf(obj); ok {
			data = d
		}
	}
	if data == nil {
		var err error
		if typ, data, err = s.readRaw(h); err != nil {
			return fmt.Errorf("adopt object %s: %w: %v", h, ErrObjectPruned, err)
		}
	}
	if err := s.add(h, typ, int64(len(data)), bytes.NewReader(data)); err != nil {
		return fmt.Errorf("adopt object %s: %w", h, err)
	}
	return nil
}

// adoptQuarantine copies every object git wrote into q into the pending
// pack.
func (s *objectStore) adoptQuarantine(q *quarantine) error {
	return q.each(func(h plumbing.Hash) error {
		typ, data, _, err := q.read(h)
		if err != nil {
			return err
		}
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.ours(h) {
			return nil
		}
		if err := s.add(h, typ, int64(len(data)), bytes.NewReader(data)); err != nil {
			return fmt.Errorf("adopt object %s: %w", h, err)
		}
		return nil
	})
}

// adoptTree adopts tree and every object under it that is not at the
// same path in one of bases (trees that are safe already: reachable from
// a ref, or this run's own). Submodule entries name commits of another
// repository and are left alone.
func (r *Repo) adoptTree(tree plumbing.Hash, bases ...plumbing.Hash) error {
	for _, b := range bases {
		if b == tree {
			return nil
		}
	}
	entries, err := r.readTree(tree)
	if err != nil {
		return fmt.Errorf("adopt tree %s: %w: %v", tree, ErrObjectPruned, err)
	}
	if err := r.objects.adopt(tree); err != nil {
		return err
	}
	baseEntries := make([]map[string]treeEntry, 0, len(bases))
	for _, b := range bases {
		es, err := r.readTree(b)
		if err != nil {
			return err
		}
		m := make(map[string]treeEntry, len(es))
		for _, e := range es {
			m[e.name] = e
		}
		baseEntries = append(baseEntries, m)
	}
	for _, e := range entries {
		if e.mode == filemode.Submodule {
			continue
		}
		var sub []plumbing.Hash
		same := false
		for _, m := range baseEntries {
			be, ok := m[e.name]
			if !ok {
				continue
			}
			if be.hash == e.hash {
				same = true
				break
			}
			if be.mode == filemode.Dir {
				sub = append(sub, be.hash)
			}
		}
		switch {
		case same:
		case e.mode == filemode.Dir:
			if err := r.adoptTree(e.hash, sub...); err != nil {
				return err
			}
		default:
			if err := r.objects.adopt(e.hash); err != nil {
				return err
			}
		}
	}
	return nil
}

// ProtectReachable is ProtectWritten for a ref about to point at tips:
// it publishes and keeps what this run wrote, then asks git for every
// object the tips reach that no ref reaches (git reads each of them, so
// none is missing), and copies those the run did not write into a kept
// pack too. When it returns without error, the tips are complete and
// nothing they need can be pruned until Release. An object already gone
// fails with ErrObjectPruned: the caller makes it again.
func (r *Repo) ProtectReachable(ctx context.Context, tips ...plumbing.Hash) (*Protection, error) {
	prot, err := r.ProtectWritten()
	if err != nil {
		return nil, err
	}
	args := []string{"rev-list", "--objects", "--missing=error"}
	for _, t := range tips {
		args = append(args, t.String())
	}
	args = append(args, "--not", "--all")
	// Read as git lists them, never held: a branch of a million files
	// reaches a million objects, nearly all the run's own.
	var more []plumbing.Hash
	lines := &lineWriter{fn: func(line []byte) {
		hex, _, _ := bytes.Cut(line, []byte(" "))
		if !plumbing.IsHash(string(hex)) {
			return
		}
		h := plumbing.NewHash(string(hex))
		if !r.objects.isOurs(h, prot) {
			more = append(more, h)
		}
	}}
	g := r.gitNoObjects(args...)
	g.stdout = lines
	res, err := g.run(ctx)
	if err != nil {
		prot.Release()
		return nil, &RepoError{Op: "rev-list", Dir: r.Dir, Msg: "cannot run git: " + err.Error(), Err: err}
	}
	if res.code != 0 {
		prot.Release()
		return nil, fmt.Errorf("protect objects: %w: %s", ErrObjectPruned, gitMessage(res))
	}
	lines.flush()
	if len(more) == 0 {
		return prot, nil
	}
	extra, err := r.protect(hashesSet(more))
	if err != nil {
		prot.Release()
		return nil, err
	}
	prot.keeps = append(prot.keeps, extra.keeps...)
	prot.packs = append(prot.packs, extra.packs...)
	return prot, nil
}

// isOurs is ours under the store's lock, or in a pack prot keeps (the
// packs ProtectWritten published are prot's, no longer the store's).
func (s *objectStore) isOurs(h plumbing.Hash, prot *Protection) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ours(h) {
		return true
	}
	for _, p := range prot.packs {
		if _, _, ok := p.find(h); ok {
			return true
		}
	}
	return false
}

// UpdateRefReachable is UpdateRef for a ref whose new value reaches
// objects git processes wrote for this run: ProtectReachable keeps them
// while the ref moves, then lets them go.
func (r *Repo) UpdateRefReachable(ctx context.Context, ref string, new, old plumbing.Hash, reason string) error {
	prot, err := r.ProtectReachable(ctx, new)
	if err != nil {
		return prunedError("update-ref "+ref, r.Dir, err)
	}
	defer prot.Release()
	if err := r.UpdateRef(ctx, ref, new, old, reason); err != nil {
		return err
	}
	r.ForgetWritten()
	return nil
}

// prunedError says what a failed protection means.
func prunedError(op, dir string, err error) error {
	var re *RepoError
	if errors.As(err, &re) && !errors.Is(err, ErrObjectPruned) {
		return err
	}
	return &RepoError{Op: op, Dir: dir, Msg: err.Error(), Err: err,
		Hint: "a concurrent `git gc --prune=now` or `git prune --expire=now` deleted what was written; nothing was changed; run the command again"}
}

// lineWriter hands what is written to it to fn a line at a time,
// without its newline; flush hands on a last line with none.
type lineWriter struct {
	rest []byte
	fn   func(line []byte)
}

func (w *lineWriter) Write(p []byte) (int, error) {
	n := len(p)
	for {
		i := bytes.IndexByte(p, '\n')
		if i < 0 {
			w.rest = append(w.rest, p...)
			return n, nil
		}
		if len(w.rest) > 0 {
			w.rest = append(w.rest, p[:i]...)
			w.fn(w.rest)
			w.rest = w.rest[:0]
		} else {
			w.fn(p[:i])
		}
		p = p[i+1:]
	}
}

func (w *lineWriter) flush() {
	if len(w.rest) > 0 {
		w.fn(w.rest)
		w.rest = w.rest[:0]
	}
}
