package gitops

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/format/idxfile"
)

// maxConsolidate bounds what consolidate rewrites: past it the packs stay
// as they are, for git gc to join (gc --auto does past gc.autoPackLimit).
const maxConsolidate = 256 << 20

// consolidateLocked joins the packs this store published into one, then
// removes them. A run publishes a pack before each git process that must
// read what it wrote: land replays each commit with git merge-tree, so
// landing 60 commits left 63 packs, where a run is to leave one, as a
// fetch does. It runs when the store closes, once the refs that make the
// objects reachable have moved and their .keep files are gone; a pack
// that is still kept (by a run that wrote an identical one, or by the
// user) keeps them all as they are. The new pack is in place, under a
// .keep of its own, before any old one goes, and an index goes before its
// pack (git finds a pack by its index), so every object stays readable
// throughout; a git process that listed an old pack and finds it gone
// looks again, as it does when `git repack -d` removes packs.
func (s *objectStore) consolidateLocked() {
	bases := s.published
	s.published = nil
	if len(bases) < 2 {
		return
	}
	var total int64
	var hashes []plumbing.Hash
	for _, base := range bases {
		if _, err := os.Lstat(base + ".keep"); !errors.Is(err, os.ErrNotExist) {
			return
		}
		info, err := os.Stat(base + ".pack")
		if err != nil {
			return
		}
		total += info.Size()
		hs, err := indexHashes(base + ".idx")
		if err != nil {
			return
		}
		hashes = append(hashes, hs...)
	}
	if total > maxConsolidate {
		return
	}
	p, err := newPendingPack(filepath.Join(s.objectsDir, "pack"))
	if err != nil {
		return
	}
	for _, h := range hashes {
		typ, data, err := s.readRaw(h)
		if err == nil {
			err = p.add(h, typ, int64(len(data)), bytes.NewReader(data))
		}
		if err != nil {
			p.discard()
			return
		}
	}
	keep, err := p.publish(s.fsync())
	if err != nil || keep == "" {
		return // an identical pack is another run's: leave everything
	}
	joined := strings.TrimSuffix(keep, ".keep")
	for _, base := range bases {
		if base == joined {
			continue
		}
		if os.Remove(base+".idx") == nil {
			_ = os.Remove(base + ".pack")
		}
	}
	_ = os.Remove(keep)
}

// indexHashes lists the objects a pack index names.
func indexHashes(path string) ([]plumbing.Hash, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	idx := idxfile.NewMemoryIndex()
	if err := idxfile.NewDecoder(f).Decode(idx); err != nil {
		return nil, err
	}
	it, err := idx.Entries()
	if err != nil {
		return nil, err
	}
	defer it.Close()
	var out []plumbing.Hash
	for {
		e, err := it.Next()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		out = append(out, e.Hash)
	}
}
