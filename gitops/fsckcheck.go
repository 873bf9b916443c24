package gitops

import (
	"fmt"
	"path"
	"strings"

	"github.com/go-git/go-git/v5/plumbing/filemode"

	"github.com/git-aiedit/git-aiedit/fsckrule"
)

// The rules below are git's fsck rules (fsck.c, submodule-config.c,
// path.c, utf8.c) for what a tree may hold, rewritten here so that nothing
// this tool writes is refused by a server with receive.fsckObjects or by
// `git fsck --strict`. They are checked when a tree entry is named or a
// file whose content git parses is written, so the edit that would break
// them is refused with its reason, never the push.

// Limits of .gitattributes that git (2.40+) enforces (attr.h).
const (
	attrMaxLine = fsckrule.AttrMaxLine
	attrMaxSize = fsckrule.AttrMaxSize
)

// FsckError is a change that would make an object `git fsck --strict`
// rejects. It is an unsafe path for the purposes of a block's status.
type FsckError = UnsafePathError

func fsckErr(p, format string, args ...any) error {
	return &UnsafePathError{Path: p, Reason: fmt.Sprintf(format, args...)}
}

// checkName refuses a tree entry name git's fsck reports: empty, "." or
// "..", every spelling of ".git" that a case-insensitive, HFS+ or NTFS
// file system would take for it (fsckrule.DotGit), and one longer than
// git's limit.
func checkName(full, name string) error {
	switch {
	case name == "" || name == "." || name == "..":
		return fsckErr(full, "%q is not a valid file name in git", name)
	case fsckrule.DotGit(name):
		return fsckErr(full, "names a .git directory (%q is .git on some file systems)", name)
	case len(name) > maxNameLen:
		return fsckErr(full, "a file name is longer than git's limit of %d bytes", maxNameLen)
	}
	return nil
}

// maxNameLen is fsck's largePathname limit (fsck.largePathname's default).
const maxNameLen = 4096

// checkDir refuses name as a directory: git reads .gitmodules and
// .gitattributes, in all their spellings, as files (gitmodulesBlob,
// gitattributesBlob).
func checkDir(full, name string) error {
	if fsckrule.MustBeBlob(name) {
		return fsckErr(full, "%s may not be a directory (git reads it as a file, %q is %s on some file systems)", fsckrule.Special(name), name, fsckrule.Special(name))
	}
	return nil
}

// special returns which of .gitmodules, .gitattributes, .gitignore and
// .mailmap name is as git's fsck reads it, or "".
func special(name string) string { return fsckrule.Special(name) }

// checkEntry refuses an entry of mode at full (a slash path) that git's
// fsck rejects: a symbolic link named as a file git reads as config.
func checkEntry(full string, mode filemode.FileMode) error {
	if mode != filemode.Symlink {
		return nil
	}
	if s := special(path.Base(full)); s != "" {
		return fsckErr(full, "%s may not be a symbolic link (git refuses it)", s)
	}
	return nil
}

// CheckContent refuses content for path p that git's fsck rejects: a
// .gitmodules with a disallowed submodule name, url or path, or that is not
// valid config syntax; a .gitattributes over git's size or line limits.
// Other paths are not looked at.
func CheckContent(p string, data []byte) error {
	switch special(path.Base(p)) {
	case ".gitmodules":
		return CheckGitmodules(p, data)
	case ".gitattributes":
		if err := fsckrule.CheckGitattributes(data); err != nil {
			return fsckErr(p, "%v", err)
		}
	}
	return nil
}

// CheckGitmodules applies fsck's .gitmodules rules (fsck_gitmodules_fn),
// reading the file with git's own config syntax.
func CheckGitmodules(p string, data []byte) error {
	if err := fsckrule.CheckGitmodules(data); err != nil {
		return fsckErr(p, "%v in .gitmodules", err)
	}
	return nil
}

// CheckPath applies the rules to an entry of mode at p (a slash path), as
// a tree this tool writes is held to them: every component's name, each
// directory's, the entry's kind, and the content of a .gitmodules or
// .gitattributes, read through content only then. A refusal is an
// *FsckError saying why; content's own error is returned as it is.
func CheckPath(p string, mode filemode.FileMode, content func() ([]byte, error)) error {
	parts := strings.Split(p, "/")
	for i, name := range parts {
		if err := checkName(p, name); err != nil {
			return err
		}
		if i < len(parts)-1 {
			if err := checkDir(p, name); err != nil {
				return err
			}
		}
	}
	if err := checkEntry(p, mode); err != nil {
		return err
	}
	if mode != filemode.Regular && mode != filemode.Executable || special(path.Base(p)) == "" {
		return nil
	}
	data, err := content()
	if err != nil {
		return err
	}
	return CheckContent(p, data)
}

// checkMoved applies the entry and content rules to n arriving at p.
func (fs *TreeFS) checkMoved(p string, n *node) error {
	if err := checkEntry(p, n.mode); err != nil {
		return err
	}
	if n.mode == filemode.Dir {
		return checkDir(p, path.Base(p))
	}
	if special(path.Base(p)) == "" {
		return nil
	}
	b, err := fs.view(n)
	if err != nil {
		return err
	}
	return CheckContent(p, b)
}
