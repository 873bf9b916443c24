package repopath

import (
	"fmt"
	"strings"

	"github.com/git-aiedit/git-aiedit/fsckrule"
)

// UnsafeError is a path that must not be written: it leaves the repository or
// reaches into git's own directory. It reports as unsafe_path.
type UnsafeError struct {
	Path   string
	Reason string // what is wrong, e.g. "leaves the repository"
}

func (e *UnsafeError) Error() string {
	return fmt.Sprintf("unsafe path %q: %s", e.Path, e.Reason)
}

// Verify applies git's verify_path rules (read-cache.c, with core.protectNTFS
// and core.protectHFS both on, as git does for paths from untrusted trees) to
// a cleaned path. It refuses:
//
//   - an empty path, an absolute path ("/x", "\x", "C:x", "C:/x"), a
//     path in the home directory ("~/x", "~"), which git does not expand;
//   - an empty component ("a//b", "a/"), a "." component, and any ".."
//     component at all, even one that would stay inside ("a/../b"): Clean
//     does not resolve them, and a model has no reason to write them;
//   - a component that names .git in any case, also as Windows and macOS
//     would see it: followed by dots or spaces (".git.", ".git "), by an
//     alternate stream (".git::$INDEX_ALLOCATION"), as the NTFS short name
//     "git~1", with the code points HFS+ ignores inside it (U+200C..U+200F,
//     U+202A..U+202E, U+206A..U+206F, U+FEFF), or followed by invalid
//     UTF-8, which HFS+ reads as the end of the name (".git\xc0\xaf");
//   - a directory that git would read as .gitmodules or .gitattributes, in
//     any of their spellings (".GITMODULES/x", "gitmod~1/x", "GI7EBA~1/x",
//     ".gitattributes./x"): git requires those to be files;
//   - a component longer than git's limit of 4096 bytes;
//   - NUL bytes and other control characters.
//
// The rules on names are git's own (package fsckrule).
//
// Both slash and backslash separate components, as they do on Windows.
func Verify(p string) error {
	unsafe := func(reason string) error { return &UnsafeError{Path: p, Reason: reason} }
	if p == "" {
		return unsafe("empty path")
	}
	for i := 0; i < len(p); i++ {
		switch c := p[i]; {
		case c == 0:
			return unsafe("contains a NUL byte")
		case c < 0x20 || c == 0x7f:
			return unsafe("contains a control character")
		}
	}
	if isSep(p[0]) || hasDrivePrefix(p) {
		return unsafe("absolute path")
	}
	if p == "~" || p[0] == '~' && isSep(p[1]) {
		// A shell's home directory, which git does not expand: written
		// as is it would be a folder named "~" in the repository.
		return unsafe("in the home directory (~), outside the repository")
	}
	start := 0
	for i := 0; i <= len(p); i++ {
		if i < len(p) && !isSep(p[i]) {
			continue
		}
		c := p[start:i]
		if reason := badComponent(c); reason != "" {
			return unsafe(reason)
		}
		if i < len(p) && fsckrule.MustBeBlob(c) {
			s := fsckrule.Special(c)
			if c == s {
				return unsafe(fmt.Sprintf("%s may not be a directory: git reads it as a file", s))
			}
			return unsafe(fmt.Sprintf("%q may not be a directory: git reads it as %s, a file", c, s))
		}
		start = i + 1
	}
	return nil
}

// maxComponent is git's limit on a tree entry name (fsck's largePathname).
const maxComponent = 4096

func badComponent(c string) string {
	switch {
	case c == "":
		return "empty path component"
	case c == ".":
		return `"." component`
	case c == "..":
		return "leaves the repository"
	case strings.EqualFold(c, ".git"):
		return "names the .git directory"
	case isNTFSDotGit(c):
		return "names the .git directory (as NTFS reads it)"
	}
	if stripped := stripHFSIgnorable(c); stripped != c &&
		(strings.EqualFold(stripped, ".git") || isNTFSDotGit(stripped)) {
		return "names the .git directory (as HFS+ reads it, ignoring invisible characters)"
	}
	if fsckrule.DotGit(c) {
		return "names the .git directory (as HFS+ reads it, ending the name at invalid UTF-8)"
	}
	if len(c) > maxComponent {
		return fmt.Sprintf("a path component is longer than git's limit of %d bytes", maxComponent)
	}
	return ""
}

// isNTFSDotGit follows git's is_ntfs_dotgit: ".git" or its short name
// "git~1", in any case, followed only by dots and spaces up to the end of the
// component or a ':' that starts an alternate data stream.
func isNTFSDotGit(c string) bool {
	var rest string
	switch {
	case len(c) >= 4 && strings.EqualFold(c[:4], ".git"):
		rest = c[4:]
	case len(c) >= 5 && strings.EqualFold(c[:5], "git~1"):
		rest = c[5:]
	default:
		return false
	}
	for i := 0; i < len(rest); i++ {
		switch rest[i] {
		case ':':
			return true
		case '.', ' ':
		default:
			return false
		}
	}
	return true
}

// stripHFSIgnorable removes the code points HFS+ ignores when comparing
// names (git's is_hfs_dotgit list).
func stripHFSIgnorable(c string) string {
	if !strings.ContainsAny(c, "\u200c\u200d\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u206a\u206b\u206c\u206d\u206e\u206f\ufeff") {
		return c
	}
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 0x200c && r <= 0x200f, r >= 0x202a && r <= 0x202e,
			r >= 0x206a && r <= 0x206f, r == 0xfeff:
			return -1
		}
		return r
	}, c)
}

func isSep(c byte) bool { return c == '/' || c == '\\' }

func hasDrivePrefix(p string) bool {
	return len(p) >= 2 && p[1] == ':' &&
		(p[0] >= 'a' && p[0] <= 'z' || p[0] >= 'A' && p[0] <= 'Z')
}
