package gitops

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/cache"
)

// maxAlternateDepth bounds chains of alternates, as git does.
const maxAlternateDepth = 5

// objectStore reads objects as git does, in-process: the repository's
// packs (mapped indexes), loose files and alternates; then, for what it
// cannot read that way (a partial clone's missing objects, which git
// fetches from the promisor remote; an old pack index), from a
// `git cat-file --batch` process started on demand. Writes go to one
// pending pack of the repository's own (see pendingPack).
type objectStore struct {
	mu  sync.Mutex // the cache, the pending pack and cat-file are not safe for concurrent use
	cat *catFile
	dir string // where the cat-file process runs
	// objectsDir is the repository's own object directory.
	objectsDir string
	packs      *packSet
	// cache keeps objects once read, so that a file's size and content,
	// asked for one after the other, cost one read. reads counts the
	// objects read from storage, for tests.
	cache   cache.Object
	reads   int
	catDead error // set when cat-file cannot be started at all
	// catOld is set when git is older than 2.36 (no --batch-command):
	// names are then resolved by git rev-parse instead.
	catOld bool
	// pending receives what is written; nil until the first write. seq
	// numbers it (and the one after it, while nil).
	pending *pendingPack
	seq     uint64
	// own are the packs this store published; held those of them it
	// keeps (published before a ref moved: a git process had to read
	// them, or the pending pack was full); published those it keeps or
	// kept, for consolidateLocked to join when it closes.
	own, held, published []*ownPack
	// added holds every object written to a pending pack (ours).
	added hashFilter
	// discard: what is written is the run's alone, removed at close
	// (DiscardWrites).
	discard bool
	// What was written since ForgetWritten starts at logStart (see
	// writtenMark); foreign lists the objects git processes wrote since,
	// foreignBase counts those listed before.
	logStart    writtenMark
	foreign     []plumbing.Hash
	foreignBase int
	// noExistCheck: a partial clone; git is never asked about a missing
	// object, since it would try to fetch it from the promisor remote.
	noExistCheck bool
	src          bytes.Reader // what writeBytes adds, reused
	// fsync says which pack files to flush before publishing (the
	// repository's core.fsync).
	fsync func() fsyncPlan
}

// objectCache bounds the objects kept in memory once read or written:
// trees and the files a run edits again are what it needs; go-git's
// default (96 MiB) would hold most of a large run's new files.
const objectCache = 32 * cache.MiByte

func openObjects(commonDir, runDir string, fsync func() fsyncPlan) *objectStore {
	c := cache.NewObjectLRU(objectCache)
	s := &objectStore{dir: runDir, objectsDir: filepath.Join(commonDir, "objects"), cache: c, fsync: fsync}
	seen := map[string]bool{filepath.Join(commonDir, "objects"): true}
	dirs := []string{s.objectsDir}
	s.addAlternates(filepath.Join(commonDir, "objects"), seen, 0, &dirs)
	s.packs = newPackSet(dirs)
	return s
}

// addAlternates follows objects/info/alternates. Relative entries are
// relative to the objects directory that names them (gitrepository-layout).
func (s *objectStore) addAlternates(objDir string, seen map[string]bool, depth int, dirs *[]string) {
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
		if fi, err := os.Stat(alt); err != nil || !fi.IsDir() {
			continue
		}
		*dirs = append(*dirs, alt)
		s.addAlternates(alt, seen, depth+1, dirs)
	}
}

// read returns the object h of type t (plumbing.AnyObject for any type).
func (s *objectStore) read(t plumbing.ObjectType, h plumbing.Hash) (plumbing.EncodedObject, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.readLocked(t, h)
}

func (s *objectStore) readLocked(t plumbing.ObjectType, h plumbing.Hash) (plumbing.EncodedObject, error) {
	if obj, ok, err := s.cached(t, h); ok || err != nil {
		return obj, err
	}
	typ, data, err := s.fetch(t, h)
	if err != nil {
		return nil, err
	}
	obj := &memObject{typ: typ, hash: h, data: data}
	s.keepSmall(obj)
	return obj, nil
}

// readBytes returns the content of object h of type t, the caller's to
// keep and change: a large object is not copied, a small one is cached.
func (s *objectStore) readBytes(t plumbing.ObjectType, h plumbing.Hash) ([]byte, error) {
	data, cached, err := s.readView(t, h)
	if cached {
		data = bytes.Clone(data) // the cache's copy is never changed
	}
	return data, err
}

// view returns the content of object h of type t for the caller to read,
// never to change: a cached object's bytes are not copied.
func (s *objectStore) view(t plumbing.ObjectType, h plumbing.Hash) ([]byte, error) {
	data, _, err := s.readView(t, h)
	return data, err
}

// readView reads h; cached reports data is the cache's own.
func (s *objectStore) readView(t plumbing.ObjectType, h plumbing.Hash) (data []byte, cached bool, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if obj, ok, err := s.cached(t, h); err != nil {
		return nil, false, err
	} else if ok {
		if data, ok := contentOf(obj); ok {
			return data, true, nil
		}
		rc, err := obj.Reader()
		if err != nil {
			return nil, false, err
		}
		defer rc.Close()
		data, err := io.ReadAll(rc)
		return data, false, err
	}
	typ, data, err := s.fetch(t, h)
	if err != nil {
		return nil, false, err
	}
	if len(data) < releaseMin {
		s.keepSmall(&memObject{typ: typ, hash: h, data: data})
		return data, true, nil
	}
	return data, false, nil
}

// cached returns h from the object cache, if it is there.
func (s *objectStore) cached(t plumbing.ObjectType, h plumbing.Hash) (plumbing.EncodedObject, bool, error) {
	obj, ok := s.cache.Get(h)
	if ok && t != plumbing.AnyObject && obj.Type() != t {
		return nil, false, fmt.Errorf("read object %s: %w", h, plumbing.ErrObjectNotFound)
	}
	return obj, ok, nil
}

// fetch reads h from storage (readRaw), checking its type.
func (s *objectStore) fetch(t plumbing.ObjectType, h plumbing.Hash) (plumbing.ObjectType, []byte, error) {
	typ, data, err := s.readRaw(h)
	if err != nil {
		return 0, nil, fmt.Errorf("read object %s: %w", h, err)
	}
	if t != plumbing.AnyObject && typ != t {
		return 0, nil, fmt.Errorf("read object %s: %w", h, plumbing.ErrObjectNotFound)
	}
	return typ, data, nil
}

// keepSmall caches obj unless it is large: trees and small files are read
// again; a large file seldom is, and would push them out. Nor one of this
// run's own packs: read there again in one read of the file, it is not
// worth its place (a view trimmed mid-response reads back every
// file it wrote, and a tiny file costs the cache ten times its bytes).
func (s *objectStore) keepSmall(obj plumbing.EncodedObject) {
	if obj.Size() >= releaseMin {
		return
	}
	if s.ours(obj.Hash()) {
		return
	}
	s.cache.Put(obj)
}

// writeBytes stores data as an object of type t in the pending pack,
// without copying it. Every object a run makes is written there, even one
// git has already: it may be unreachable (what another run wrote and has
// not made reachable yet) and so be pruned before this run's ref names it;
// the pack is kept while the ref moves (ProtectWritten). Asking git first
// would cost a round trip per object.
func (s *objectStore) writeBytes(t plumbing.ObjectType, data []byte) (plumbing.Hash, error) {
	h := objectHash(t, data)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.src.Reset(data)
	if err := s.add(h, t, int64(len(data)), &s.src); err != nil {
		return plumbing.ZeroHash, fmt.Errorf("write %s %s: %w", t, h, err)
	}
	return h, nil
}

// writeStream stores as an object of type t what enc writes, without
// holding it: enc is called to measure it, to hash it and to store it,
// and must write the same bytes each time.
func (s *objectStore) writeStream(t plumbing.ObjectType, enc func(io.Writer) error) (plumbing.Hash, error) {
	var size countWriter
	if err := enc(&size); err != nil {
		return plumbing.ZeroHash, err
	}
	hasher := plumbing.NewHasher(t, size.n)
	if err := enc(hasher); err != nil {
		return plumbing.ZeroHash, err
	}
	h := hasher.Sum()
	pr, pw := io.Pipe()
	go func() { pw.CloseWithError(enc(pw)) }()
	defer pr.Close() // a writer add did not read to its end stops
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.add(h, t, size.n, pr); err != nil {
		return plumbing.ZeroHash, fmt.Errorf("write %s %s: %w", t, h, err)
	}
	return h, nil
}

// countWriter counts what is written to it.
type countWriter struct{ n int64 }

func (c *countWriter) Write(p []byte) (int, error) {
	c.n += int64(len(p))
	return len(p), nil
}

// readRaw reads h from this run's pending pack, the repository's packs
// and loose files, then from git cat-file.
func (s *objectStore) readRaw(h plumbing.Hash) (plumbing.ObjectType, []byte, error) {
	s.reads++
	if s.pending != nil {
		if typ, data, ok, err := s.pending.read(h); ok {
			return typ, data, err
		}
	}
	if typ, data, err := s.packs.read(h); err == nil {
		return typ, data, nil
	}
	return s.readCat(h)
}

// readCat asks git cat-file, which can also fetch a partial clone's
// missing objects.
func (s *objectStore) readCat(h plumbing.Hash) (plumbing.ObjectType, []byte, error) {
	if s.catDead != nil {
		return 0, nil, plumbing.ErrObjectNotFound
	}
	if err := s.startCat(); err != nil {
		return 0, nil, plumbing.ErrObjectNotFound
	}
	typ, data, err := s.cat.read(h)
	if err != nil {
		// The process is unusable now; start a new one next time.
		_ = s.cat.close()
		s.cat = nil
		return 0, nil, err
	}
	if data == nil {
		return 0, nil, plumbing.ErrObjectNotFound
	}
	return typ, data, nil
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

// has reports whether h is stored: in this run's pending pack, a pack or
// a loose file (no process).
func (s *objectStore) has(h plumbing.Hash) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.ours(h) || s.packs.has(h)
}

// add appends an object to the pending pack, starting one if needed,
// and publishes the pack once it is full.
func (s *objectStore) add(h plumbing.Hash, typ plumbing.ObjectType, size int64, r io.Reader) error {
	if s.ours(h) {
		return nil // written already, and kept
	}
	if s.pending == nil {
		p, err := newPendingPack(filepath.Join(s.objectsDir, "pack"))
		if err != nil {
			return err
		}
		s.pending = p
	}
	if err := s.pending.add(h, typ, size, r); err != nil {
		return err
	}
	s.added.add(h)
	return s.rollLocked()
}

// publish moves the pending pack into the repository, so that git
// processes see its objects, keeping it (.keep) until Release or close:
// its objects are unreachable until a ref names them.
func (s *objectStore) publish() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.publishLocked()
}

func (s *objectStore) publishLocked() error {
	if s.pending == nil {
		return nil
	}
	p := s.pending
	s.pending = nil
	defer func() { s.seq++ }()
	if p.count == 0 {
		p.discard()
		return nil
	}
	base, keep, err := p.publish(s.fsync())
	if err != nil {
		return err
	}
	s.ownLocked(base, keep)
	return nil
}

func (s *objectStore) close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	var errs []error
	if s.discard {
		s.discardLocked()
	}
	// What was written and never protected is published all the same,
	// as loose objects used to stay: a dry run's commits, or one a
	// message names. Its pack is not kept.
	errs = append(errs, s.publishLocked())
	s.releaseHeld()
	s.consolidateLocked()
	// A run that wrote nothing still rids the repository of what killed
	// runs left (a land killed after its branch moved leaves its .keep
	// files, and the next one has nothing to write).
	removeDeadKeepsOnce(filepath.Join(s.objectsDir, "pack"))
	s.packs.close()
	if s.cat != nil {
		errs = append(errs, s.cat.close())
		s.cat = nil
	}
	return errors.Join(errs...)
}

// size returns the size of object h. The caller reads the content next,
// so the object is read whole and cached.
func (s *objectStore) size(h plumbing.Hash) (int64, error) {
	obj, err := s.read(plumbing.AnyObject, h)
	if err != nil {
		return 0, fmt.Errorf("size of object %s: %w", h, err)
	}
	return obj.Size(), nil
}

// releaseHeld removes the .keep files of published packs.
func (s *objectStore) releaseHeld() {
	removeFiles(s.takeHeld()...)
}
