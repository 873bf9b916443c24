package gitops

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/cache"
	"github.com/go-git/go-git/v5/storage/filesystem"
)

// maxAlternateDepth bounds chains of alternates, as git does.
const maxAlternateDepth = 5

// objectStore reads objects from the repository's own storage, then from
// its alternates, then from a `git cat-file --batch` process (partial
// clones: git fetches missing objects from the promisor remote). Writes go
// to the repository's own storage only.
type objectStore struct {
	mu   sync.Mutex // go-git's storage is not safe for concurrent use
	main *filesystem.Storage
	alts []*filesystem.ObjectStorage
	cat  *catFile
	dir  string // where the cat-file process runs
	// objectsDir is the repository's own object directory.
	objectsDir string
	// cache keeps objects read through cat-file (go-git's own reads have
	// it too), so that a file's size and content, asked for one after the
	// other, cost one read. catReads counts the reads, for tests.
	cache    cache.Object
	catReads int
	catDead  error // set when cat-file cannot be started at all
	// catOld is set when git is older than 2.36 (no --batch-command):
	// names are then resolved by git rev-parse instead.
	catOld bool
	// written lists the objects stored (or found already loose) since
	// VerifyObjects last ran: a concurrent prune may delete them before
	// a ref makes them reachable.
	written []plumbing.Hash
	// created lists the objects this process wrote loose itself (not
	// found there): their loose copies may go once they are packed.
	created []plumbing.Hash
	// noExistCheck: packed always says no (partial clones).
	noExistCheck bool
}

// objectCache bounds the objects kept in memory once read or written:
// trees and the files a run edits again are what it needs; go-git's
// default (96 MiB) would hold most of a large run's new files.
const objectCache = 32 * cache.MiByte

func openObjects(commonDir, runDir string) *objectStore {
	c := cache.NewObjectLRU(objectCache)
	s := &objectStore{main: newStorage(commonDir, c), dir: runDir, objectsDir: filepath.Join(commonDir, "objects"), cache: c}
	seen := map[string]bool{filepath.Join(commonDir, "objects"): true}
	s.addAlternates(filepath.Join(commonDir, "objects"), c, seen, 0)
	return s
}

// addAlternates follows objects/info/alternates. Relative entries are
// relative to the objects directory that names them (gitrepository-layout).
// Object directories not named "objects" cannot be opened by go-git; their
// objects are still found through cat-file.
func (s *objectStore) addAlternates(objDir string, c cache.Object, seen map[string]bool, depth int) {
	if depth >= maxAlternateDepth {
		return
	}
	data, err := os.ReadFile(filepath.Join(objDir, "info", "alternates"))
	if err != nil {
		return
	}
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		alt := line
		if !filepath.IsAbs(alt) {
			alt = filepath.Join(objDir, alt)
		}
		alt = filepath.Clean(alt)
		if seen[alt] {
			continue
		}
		seen[alt] = true
		if fi, err := os.Stat(alt); err != nil || !fi.IsDir() || filepath.Base(alt) != "objects" {
			continue
		}
		s.alts = append(s.alts, &newStorage(filepath.Dir(alt), c).ObjectStorage)
		s.addAlternates(alt, c, seen, depth+1)
	}
}

// read returns the object h of type t (plumbing.AnyObject for any type).
func (s *objectStore) read(t plumbing.ObjectType, h plumbing.Hash) (plumbing.EncodedObject, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	// git cat-file first: it binary-searches the memory-mapped pack
	// indexes, while go-git's pack reader builds an offset map of every
	// object in a pack on first use, a cost that grows with the
	// repository. go-git remains the reader when git cannot run.
	obj, err := s.readCat(t, h)
	if err == nil {
		return obj, nil
	}
	obj, err = s.main.EncodedObject(t, h)
	for i := 0; errors.Is(err, plumbing.ErrObjectNotFound) && i < len(s.alts); i++ {
		obj, err = s.alts[i].EncodedObject(t, h)
	}
	if err != nil {
		return nil, fmt.Errorf("read object %s: %w", h, err)
	}
	return obj, nil
}

func (s *objectStore) readCat(t plumbing.ObjectType, h plumbing.Hash) (plumbing.EncodedObject, error) {
	if obj, ok := s.cache.Get(h); ok {
		if t != plumbing.AnyObject && obj.Type() != t {
			return nil, plumbing.ErrObjectNotFound
		}
		return obj, nil
	}
	if s.catDead != nil {
		return nil, plumbing.ErrObjectNotFound
	}
	if err := s.startCat(); err != nil {
		return nil, plumbing.ErrObjectNotFound
	}
	s.catReads++
	typ, data, err := s.cat.read(h)
	if err != nil {
		// The process is unusable now; start a new one next time.
		_ = s.cat.close()
		s.cat = nil
		return nil, err
	}
	if data == nil || (t != plumbing.AnyObject && typ != t) {
		return nil, plumbing.ErrObjectNotFound
	}
	obj := &plumbing.MemoryObject{}
	obj.SetType(typ)
	if _, err := obj.Write(data); err != nil {
		return nil, err
	}
	s.cache.Put(obj)
	return obj, nil
}

// startCat starts the cat-file process unless it runs. A git without
// --batch-command exits at once: then --batch is used.
func (s *objectStore) startCat() error {
	if s.cat != nil {
		return nil
	}
	if s.catDead != nil {
		return s.catDead
	}
	c, err := startCatFile(s.dir, !s.catOld)
	if err == nil && !s.catOld {
		// One cheap request tells whether this git knows --batch-command.
		if _, _, _, ierr := c.info(emptyTree.String()); ierr != nil {
			_ = c.close()
			s.catOld = true
			c, err = startCatFile(s.dir, false)
		}
	}
	if err != nil {
		s.catDead = err
		return err
	}
	s.cat = c
	return nil
}

// resolve asks the running cat-file process what name names. ok is false
// when git says it names nothing; errNoResolve when this git cannot be
// asked that way (the caller runs rev-parse).
func (s *objectStore) resolve(name string) (plumbing.Hash, plumbing.ObjectType, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if strings.ContainsAny(name, "\n\x00") {
		return plumbing.ZeroHash, 0, false, errNoResolve
	}
	if err := s.startCat(); err != nil || s.catOld {
		return plumbing.ZeroHash, 0, false, errNoResolve
	}
	h, typ, ok, err := s.cat.info(name)
	if err != nil {
		_ = s.cat.close()
		s.cat = nil
		return plumbing.ZeroHash, 0, false, errNoResolve
	}
	return h, typ, ok, nil
}

// errNoResolve: names cannot be resolved through cat-file here.
var errNoResolve = errors.New("gitops: cat-file cannot resolve names")

// has reports whether h is already stored as a loose object (a stat, no
// process); packed reports the rest.
func (s *objectStore) has(h plumbing.Hash) bool {
	hex := h.String()
	_, err := os.Stat(filepath.Join(s.objectsDir, hex[:2], hex[2:]))
	return err == nil
}

// packed reports whether git has h other than as a loose object of this
// repository (a pack, an alternate), asked of the running cat-file.
func (s *objectStore) packed(h plumbing.Hash) bool {
	if s.noExistCheck || s.startCat() != nil || s.catOld {
		return false
	}
	_, _, ok, err := s.cat.info(h.String())
	if err != nil {
		_ = s.cat.close()
		s.cat = nil
		return false
	}
	return ok
}

// write stores obj unless an object with its hash is already there.
// go-git writes a loose object to a temporary file and renames it into
// place, so a crash leaves at most an orphaned temporary file.
func (s *objectStore) write(obj plumbing.EncodedObject) (plumbing.Hash, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	h := obj.Hash()
	// Found, it may still be unreachable (another writer's in flight, or
	// what a run that lost its race packed): it is packed with the run's
	// own before the ref moves either way, but not written again.
	s.written = append(s.written, h)
	if s.has(h) || s.packed(h) {
		return h, nil
	}
	if err := s.retryWrite(h, func() error { _, err := s.main.SetEncodedObject(obj); return err }); err != nil {
		return plumbing.ZeroHash, fmt.Errorf("write %s %s: %w", obj.Type(), h, err)
	}
	s.created = append(s.created, h)
	return h, nil
}

// takeCreated returns those of hs this process created loose, and
// forgets them.
func (s *objectStore) takeCreated(hs []plumbing.Hash) []plumbing.Hash {
	in := make(map[plumbing.Hash]bool, len(hs))
	for _, h := range hs {
		in[h] = true
	}
	var took []plumbing.Hash
	kept := s.created[:0]
	for _, h := range s.created {
		if in[h] {
			took = append(took, h)
		} else {
			kept = append(kept, h)
		}
	}
	s.created = kept
	return took
}

func (s *objectStore) close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	var errs []error
	if s.cat != nil {
		errs = append(errs, s.cat.close())
		s.cat = nil
	}
	errs = append(errs, s.main.Close())
	for _, a := range s.alts {
		errs = append(errs, a.Close())
	}
	return errors.Join(errs...)
}

// size returns the size of object h without keeping its content.
func (s *objectStore) size(h plumbing.Hash) (int64, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	// Through cat-file, as read: go-git's size lookup in a pack builds
	// the same whole-pack offset map. The caller reads the content next.
	if obj, err := s.readCat(plumbing.AnyObject, h); err == nil {
		return obj.Size(), nil
	}
	n, err := s.main.EncodedObjectSize(h)
	for i := 0; errors.Is(err, plumbing.ErrObjectNotFound) && i < len(s.alts); i++ {
		n, err = s.alts[i].EncodedObjectSize(h)
	}
	if err != nil {
		return 0, fmt.Errorf("size of object %s: %w", h, err)
	}
	return n, nil
}
