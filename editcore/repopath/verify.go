package repopath

import (
	"fmt"
	"strings"
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
//   - an empty path, an absolute path ("/x", "\x", "C:x", "C:/x");
//   - an empty component ("a//b", "a/"), a "." component, and any ".."
//     component at all, even one that would stay inside ("a/../b"): Clean
//     does not resolve them, and a model has no reason to write them;
//   - a component that names .git in any case, also as Windows and macOS
//     would see it: followed by dots or spaces (".git.", ".git "), by an
//     alternate stream (".git::$INDEX_ALLOCATION"), as the NTFS short name
//     "git~1", or with the code points HFS+ ignores inside it
//     (U+200C..U+200F, U+202A..U+202E, U+206A..U+206F, U+FEFF);
//   - NUL bytes and other control characters.
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
	start := 0
	for i := 0; i <= len(p); i++ {
		if i < len(p) && !isSep(p[i]) {
			continue
		}
		if reason := badComponent(p[start:i]); reason != "" {
			return unsafe(reason)
		}
		start = i + 1
	}
	return nil
}

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
