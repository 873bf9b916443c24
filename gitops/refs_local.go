package gitops

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/go-git/go-git/v5/plumbing"
)

// maxSymrefDepth is how many symbolic refs are followed, as git's
// SYMREF_MAXDEPTH.
const maxSymrefDepth = 5

// readRefLocal reads HEAD or a full ref name from the files backend (the
// only one discovery accepts), following symbolic refs, without a git
// process. ok is false when git should be asked instead: a per-worktree
// ref other than HEAD, a file that is neither an id nor a symbolic ref,
// anything unreadable. exists is false for a ref that is absent (HEAD on
// an unborn branch included).
func (r *Repo) readRefLocal(name string) (h plumbing.Hash, exists, ok bool) {
	for depth := 0; depth <= maxSymrefDepth; depth++ {
		if name != "HEAD" && (!strings.HasPrefix(name, "refs/") || !validRefName(name) || perWorktreeRef(name)) {
			return h, false, false
		}
		dir := r.CommonDir
		if name == "HEAD" {
			dir = r.GitDir
		}
		data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
		switch {
		case err == nil:
			line := strings.TrimRight(string(data), "\r\n\t ")
			if target, isSym := strings.CutPrefix(line, "ref:"); isSym {
				name = strings.TrimSpace(target)
				continue
			}
			if h, isHash := hexHash(line); isHash {
				return h, true, true
			}
			return h, false, false
		case name == "HEAD":
			return h, false, false
		case errors.Is(err, fs.ErrNotExist), errors.Is(err, syscall.EISDIR), errors.Is(err, syscall.ENOTDIR):
			// Not loose: packed, or absent.
			h, found, ok := r.packedRef(name)
			return h, found, ok
		default:
			return h, false, false
		}
	}
	return h, false, false
}

// perWorktreeRef: refs git keeps in each worktree's own directory.
func perWorktreeRef(name string) bool {
	for _, p := range []string{"refs/bisect/", "refs/worktree/", "refs/rewritten/"} {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

// packedRef looks name up in packed-refs.
func (r *Repo) packedRef(name string) (h plumbing.Hash, found, ok bool) {
	data, err := os.ReadFile(filepath.Join(r.CommonDir, "packed-refs"))
	if errors.Is(err, fs.ErrNotExist) {
		return h, false, true
	}
	if err != nil {
		return h, false, false
	}
	needle := []byte(" " + name + "\n")
	for off := 0; ; {
		i := bytes.Index(data[off:], needle)
		if i < 0 {
			return h, false, true
		}
		i += off
		start := bytes.LastIndexByte(data[:i], '\n') + 1
		if h, isHash := hexHash(string(data[start:i])); isHash {
			return h, true, true
		}
		off = i + len(needle)
	}
}

// peelLocal follows tags from h to the commit they name, reading objects
// in-process; ok is false when that cannot be done here.
func (r *Repo) peelLocal(h plumbing.Hash) (plumbing.Hash, bool) {
	for depth := 0; depth < 16; depth++ {
		obj, err := r.objects.read(plumbing.AnyObject, h)
		if err != nil {
			return h, false
		}
		switch obj.Type() {
		case plumbing.CommitObject:
			return h, true
		case plumbing.TagObject:
			data, err := r.readObject(plumbing.TagObject, h)
			if err != nil {
				return h, false
			}
			target, ok := bytes.CutPrefix(data, []byte("object "))
			if !ok || len(target) < 40 {
				return h, false
			}
			next, isHash := hexHash(string(target[:40]))
			if !isHash {
				return h, false
			}
			h = next
		default:
			return h, false
		}
	}
	return h, false
}
