package gitops

import (
	"bytes"
	"compress/zlib"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
)

// A quarantine is an object directory of its own for one git process
// that writes objects (git merge-tree), as git's receive-pack keeps what
// it receives apart until its hooks accept it: the repository's objects
// are its alternate, so git reads everything and writes only there.
// What git wrote is judged first (land holds a merged tree to the fsck
// rules) and only then copied into the run's pending pack; a refused
// merge leaves nothing behind, not even a loose blob `git fsck --strict`
// would report. `git prune` looks only in objects/xx, never in it.
type quarantine struct {
	dir        string // objects/aiedit-quarantine-*
	objectsDir string
}

// quarantinePrefix names quarantines in the objects directory.
const quarantinePrefix = "aiedit-quarantine-"

// quarantineStale is the age of a quarantine a killed run left behind:
// one lives as long as one git merge-tree.
const quarantineStale = time.Hour

func newQuarantine(objectsDir string) (*quarantine, error) {
	sweepQuarantines(objectsDir)
	dir, err := os.MkdirTemp(objectsDir, quarantinePrefix)
	if err != nil {
		return nil, err
	}
	return &quarantine{dir: dir, objectsDir: objectsDir}, nil
}

// sweepQuarantines removes quarantines older than quarantineStale.
func sweepQuarantines(objectsDir string) {
	old, _ := filepath.Glob(filepath.Join(objectsDir, quarantinePrefix+"*"))
	for _, d := range old {
		if fi, err := os.Stat(d); err == nil && time.Since(fi.ModTime()) > quarantineStale {
			_ = os.RemoveAll(d)
		}
	}
}

// env points git at the quarantine, the repository's objects behind it.
func (q *quarantine) env() []string {
	alts := q.objectsDir
	if v := os.Getenv("GIT_ALTERNATE_OBJECT_DIRECTORIES"); v != "" {
		alts += string(os.PathListSeparator) + v
	}
	return []string{"GIT_OBJECT_DIRECTORY=" + q.dir, "GIT_ALTERNATE_OBJECT_DIRECTORIES=" + alts}
}

func (q *quarantine) remove() { _ = os.RemoveAll(q.dir) }

// read returns object h when git wrote it here; ok is false otherwise
// (and always for no quarantine).
func (q *quarantine) read(h plumbing.Hash) (typ plumbing.ObjectType, data []byte, ok bool, err error) {
	if q == nil {
		return 0, nil, false, nil
	}
	s := h.String()
	f, err := os.Open(filepath.Join(q.dir, s[:2], s[2:]))
	if errors.Is(err, fs.ErrNotExist) {
		return 0, nil, false, nil
	}
	if err != nil {
		return 0, nil, false, err
	}
	defer f.Close()
	typ, data, err = readLoose(f)
	if err != nil {
		return 0, nil, false, fmt.Errorf("object %s: %w", h, err)
	}
	return typ, data, true, nil
}

// each calls fn with every object git wrote here.
func (q *quarantine) each(fn func(h plumbing.Hash) error) error {
	dirs, err := os.ReadDir(q.dir)
	if err != nil {
		return err
	}
	for _, d := range dirs {
		if !d.IsDir() || len(d.Name()) != 2 {
			continue
		}
		files, err := os.ReadDir(filepath.Join(q.dir, d.Name()))
		if err != nil {
			return err
		}
		for _, f := range files {
			name := d.Name() + f.Name()
			if len(name) != 40 || !plumbing.IsHash(name) {
				continue // git's tmp_obj_* of a write in progress
			}
			if err := fn(plumbing.NewHash(name)); err != nil {
				return err
			}
		}
	}
	return nil
}

// readLoose decodes a loose object: zlib over "<type> <size>\0<data>".
func readLoose(r io.Reader) (plumbing.ObjectType, []byte, error) {
	zr, err := zlib.NewReader(r)
	if err != nil {
		return 0, nil, err
	}
	defer zr.Close()
	raw, err := io.ReadAll(zr)
	if err != nil {
		return 0, nil, err
	}
	head, data, ok := bytes.Cut(raw, []byte{0})
	kind, size, ok2 := strings.Cut(string(head), " ")
	n, perr := strconv.Atoi(size)
	typ, terr := plumbing.ParseObjectType(kind)
	if !ok || !ok2 || perr != nil || terr != nil || n != len(data) {
		return 0, nil, errors.New("not a loose object")
	}
	return typ, data, nil
}
