package gitops

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/format/gitattributes"
)

// lfsPointerPrefix starts every Git LFS pointer file.
var lfsPointerPrefix = []byte("version https://git-lfs.github.com/spec/v1")

// attrFile is one parsed .gitattributes file.
type attrFile []gitattributes.MatchAttribute

// Guard reports, as an *UnsafePathError, a path that must not be edited
// through this tree: one that leaves the tree or names .git, one whose
// entry or any parent is a symbolic link or a submodule, and a Git LFS
// file (filter=lfs in the .gitattributes files along the path, or content
// that is an LFS pointer). A path that does not exist yet is safe unless
// its attributes say LFS. Other errors are returned as they are.
func (fs *TreeFS) Guard(name string) error {
	parts, err := fs.split("guard", name)
	if err != nil || len(parts) == 0 {
		return err
	}
	d := fs.root
	var dirs []*dirNode // directories along the path, top first
	var leaf *node
	for i, part := range parts {
		if err := fs.load(d); err != nil {
			return err
		}
		dirs = append(dirs, d)
		n := d.entries[part]
		if n == nil {
			break
		}
		switch n.mode {
		case filemode.Symlink:
			return &UnsafePathError{Path: name, Reason: "symbolic link at " + strings.Join(parts[:i+1], "/")}
		case filemode.Submodule:
			return &UnsafePathError{Path: name, Reason: "submodule at " + strings.Join(parts[:i+1], "/")}
		}
		if i == len(parts)-1 {
			leaf = n
			break
		}
		if n.mode != filemode.Dir {
			break // a file where a directory should be: writes will fail
		}
		d = n.dir
	}
	lfs, err := fs.lfsAttribute(dirs, parts)
	if err != nil {
		return err
	}
	if lfs {
		return &UnsafePathError{Path: name, Reason: "stored with Git LFS (filter=lfs)"}
	}
	if leaf != nil && leaf.mode != filemode.Dir && !(leaf.data == nil && leaf.size > lfsPointerMax) {
		b, err := fs.view(leaf)
		if err != nil {
			return err
		}
		if leaf.data == nil {
			leaf.size = int64(len(b)) // the next guard of it reads nothing
		}
		if bytes.HasPrefix(b, lfsPointerPrefix) {
			return &UnsafePathError{Path: name, Reason: "Git LFS pointer file"}
		}
	}
	return nil
}

// lfsPointerMax is the size past which Git LFS takes no file for a
// pointer (its blobSizeCutoff): a larger blob is not read to look.
const lfsPointerMax = 1024

// lfsAttribute works out the filter attribute of parts from the
// .gitattributes files of the directories along it (deeper files win) and
// $GIT_DIR/info/attributes (wins over all).
func (fs *TreeFS) lfsAttribute(dirs []*dirNode, parts []string) (bool, error) {
	var stack []gitattributes.MatchAttribute
	for i, d := range dirs {
		n := d.entries[".gitattributes"]
		if n == nil || (n.mode != filemode.Regular && n.mode != filemode.Executable) {
			continue
		}
		attrs, err := fs.attributes(n, parts[:i], i == 0)
		if err != nil {
			return false, err
		}
		stack = append(stack, attrs...)
	}
	stack = append(stack, fs.repo.infoAttributes()...)
	if len(stack) == 0 {
		return false, nil
	}
	got, _ := gitattributes.NewMatcher(stack).Match(parts, []string{"filter"})
	a, ok := got["filter"]
	return ok && a.IsValueSet() && a.Value() == "lfs", nil
}

// attributes parses a .gitattributes file, cached by blob hash. Macros are
// allowed only at the top, as git does.
func (fs *TreeFS) attributes(n *node, domain []string, top bool) (attrFile, error) {
	var h plumbing.Hash
	if n.data != nil {
		h = n.data.hash()
	} else {
		h = n.hash
	}
	if a, ok := fs.attrs[h]; ok {
		return a, nil
	}
	b, err := fs.view(n)
	if err != nil {
		return nil, err
	}
	// A malformed line makes go-git give up on the file; git skips such
	// lines, so parse line by line.
	var out attrFile
	for _, line := range strings.Split(string(b), "\n") {
		if m, ok := parseAttributesLine(line, domain, top); ok {
			out = append(out, m)
		}
	}
	if fs.attrs == nil {
		fs.attrs = map[plumbing.Hash]attrFile{}
	}
	fs.attrs[h] = out
	return out, nil
}

// parseAttributesLine parses one line, skipping what go-git cannot parse
// (it indexes into lines such as `""` without checking).
func parseAttributesLine(line string, domain []string, top bool) (m gitattributes.MatchAttribute, ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	m, err := gitattributes.ParseAttributesLine(line, append([]string(nil), domain...), top)
	return m, err == nil && m.Name != ""
}

// infoAttributes parses $GIT_DIR/info/attributes once per Repo, as git
// reads it once per process: every guarded path used to open it again.
func (r *Repo) infoAttributes() []gitattributes.MatchAttribute {
	r.infoAttrsOnce.Do(func() {
		data, err := os.ReadFile(filepath.Join(r.CommonDir, "info", "attributes"))
		if err != nil {
			return
		}
		if attrs, err := gitattributes.ReadAttributes(bytes.NewReader(data), nil, true); err == nil {
			r.infoAttrs = attrs
		}
	})
	return r.infoAttrs
}
