package fsckrule

import (
	"strings"
	"unicode/utf8"
)

// A name is one tree entry name (git allows a backslash in it; a slash
// ends it). A NUL byte ends it too, as it ends git's C strings.

// Special file names git reads as configuration, with the first six
// letters NTFS keeps of them in a short name and the prefix of the short
// name Windows falls back to (a hash of the long name).
const (
	Gitmodules    = ".gitmodules"
	Gitattributes = ".gitattributes"
	Gitignore     = ".gitignore"
	Mailmap       = ".mailmap"
)

var specials = [...]struct{ name, shortPrefix string }{
	{Gitmodules, "gi7eba"},
	{Gitattributes, "gi7d29"},
	{Gitignore, "gi250a"},
	{Mailmap, "maba30"},
}

// DotGit reports a name fsck reports as hasDotgit: .git as HFS+ or NTFS
// would read it, also after any backslash (a directory separator on
// Windows).
func DotGit(name string) bool {
	name = cstr(name)
	if isHFSDot(name, "git") || isNTFSDotGit(name) {
		return true
	}
	for i := 0; i < len(name); i++ {
		if name[i] == '\\' && isNTFSDotGit(name[i+1:]) {
			return true
		}
	}
	return false
}

// Special returns which of .gitmodules, .gitattributes, .gitignore and
// .mailmap fsck takes name for, or "". A .gitmodules is also found after a
// backslash, as fsck_tree looks for it there.
func Special(name string) string {
	name = cstr(name)
	for _, s := range specials {
		if isHFSDot(name, s.name[1:]) || isNTFSDot(name, s.name[1:], s.shortPrefix) {
			return s.name
		}
	}
	for i := 0; i < len(name); i++ {
		if name[i] == '\\' && isNTFSDot(name[i+1:], Gitmodules[1:], specials[0].shortPrefix) {
			return Gitmodules
		}
	}
	return ""
}

// MustBeBlob reports a name whose entry fsck requires to be a file
// (gitmodulesBlob, gitattributesBlob): git reads it as configuration, so
// a directory of that name is refused.
func MustBeBlob(name string) bool {
	switch Special(name) {
	case Gitmodules, Gitattributes:
		return true
	}
	return false
}

// NoSymlink reports a name whose entry may not be a symbolic link
// (gitmodulesSymlink, gitattributesSymlink, gitignoreSymlink,
// mailmapSymlink; verify_path's rule for .gitmodules).
func NoSymlink(name string) bool { return Special(name) != "" }

func cstr(s string) string {
	if i := strings.IndexByte(s, 0); i >= 0 {
		return s[:i]
	}
	return s
}

// isHFSDot is is_hfs_dot_generic: "." then needle, ignoring case and the
// code points HFS+ ignores, then the end of the name. Invalid UTF-8 reads
// as the end, as in git: after the needle it makes a match.
func isHFSDot(name, needle string) bool {
	if c, rest := nextHFSChar(name); c != '.' {
		return false
	} else {
		name = rest
	}
	for i := 0; i < len(needle); i++ {
		c, rest := nextHFSChar(name)
		if c > 127 || toLower(byte(c)) != needle[i] {
			return false
		}
		name = rest
	}
	c, _ := nextHFSChar(name)
	return c == 0 || c == '/'
}

// nextHFSChar is next_hfs_char: the next code point that HFS+ does not
// ignore, or 0 at the end of the name or at invalid UTF-8.
func nextHFSChar(s string) (rune, string) {
	for {
		if s == "" {
			return 0, ""
		}
		r, n := pickUTF8(s)
		if n == 0 {
			return 0, ""
		}
		s = s[n:]
		if !hfsIgnorable(r) {
			return r, s
		}
	}
}

// pickUTF8 is pick_one_utf8_char: Go's decoder refuses what git refuses
// (overlong forms, surrogates, beyond U+10FFFF) except U+FFFE and U+FFFF,
// which git also calls invalid. n is 0 for invalid input.
func pickUTF8(s string) (rune, int) {
	r, n := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError && n <= 1 || r == 0xfffe || r == 0xffff {
		return 0, 0
	}
	return r, n
}

func hfsIgnorable(r rune) bool {
	switch r {
	case 0x200c, 0x200d, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e,
		0x206a, 0x206b, 0x206c, 0x206d, 0x206e, 0x206f, 0xfeff:
		return true
	}
	return false
}

// isNTFSDotGit is is_ntfs_dotgit: ".git" or "git~1" in any case, then
// only dots and spaces up to the end, a separator of either kind, or the
// ':' of an alternate data stream.
func isNTFSDotGit(name string) bool {
	var rest string
	switch {
	case len(name) >= 4 && strings.EqualFold(name[:4], ".git"):
		rest = name[4:]
	case len(name) >= 5 && strings.EqualFold(name[:3], "git") && name[3:5] == "~1":
		rest = name[3+2:]
	default:
		return false
	}
	for i := 0; i < len(rest); i++ {
		switch rest[i] {
		case '/', '\\', ':':
			return true
		case '.', ' ':
		default:
			return false
		}
	}
	return true
}

// isNTFSDot is is_ntfs_dot_generic for ".<dotName>" with the short name
// prefix of its hash: the long name, the short name (first six letters,
// "~1" to "~4"), or the fallback short name (up to six letters of the
// prefix, "~", a digit 1-9, more digits, eight characters in all); each
// followed only by dots and spaces up to the end or a ':'.
func isNTFSDot(name, dotName, shortPrefix string) bool {
	onlySpacesAndPeriods := func(rest string) bool {
		for i := 0; i < len(rest); i++ {
			switch rest[i] {
			case ':':
				return true
			case ' ', '.':
			default:
				return false
			}
		}
		return true
	}
	if len(name) > len(dotName) && name[0] == '.' && strings.EqualFold(name[1:1+len(dotName)], dotName) {
		return onlySpacesAndPeriods(name[1+len(dotName):])
	}
	if len(name) >= 8 && strings.EqualFold(name[:6], dotName[:6]) && name[6] == '~' && name[7] >= '1' && name[7] <= '4' {
		return onlySpacesAndPeriods(name[8:])
	}
	sawTilde := false
	for i := 0; i < 8; i++ {
		switch {
		case i >= len(name):
			return false
		case sawTilde:
			if name[i] < '0' || name[i] > '9' {
				return false
			}
		case name[i] == '~':
			i++
			if i >= len(name) || name[i] < '1' || name[i] > '9' {
				return false
			}
			sawTilde = true
		case i >= 6, name[i]&0x80 != 0, toLower(name[i]) != shortPrefix[i]:
			return false
		}
	}
	return onlySpacesAndPeriods(name[8:])
}

func toLower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}
