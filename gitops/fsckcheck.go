package gitops

import (
	"bytes"
	"fmt"
	"net/url"
	"path"
	"strings"

	"github.com/go-git/go-git/v5/plumbing/filemode"
	gitconfig "github.com/go-git/go-git/v5/plumbing/format/config"
)

// The rules below are git's fsck rules (fsck.c, submodule-config.c,
// path.c, utf8.c) for what a tree may hold, rewritten here so that nothing
// this tool writes is refused by a server with receive.fsckObjects or by
// `git fsck --strict`. They are checked when a tree entry is named or a
// file whose content git parses is written, so the edit that would break
// them is refused with its reason, never the push.

// Limits of .gitattributes that git (2.40+) enforces (attr.h).
const (
	attrMaxLine = 2048
	attrMaxSize = 100 << 20
)

// FsckError is a change that would make an object `git fsck --strict`
// rejects. It is an unsafe path for the purposes of a block's status.
type FsckError = UnsafePathError

func fsckErr(p, format string, args ...any) error {
	return &UnsafePathError{Path: p, Reason: fmt.Sprintf(format, args...)}
}

// checkName refuses a tree entry name git's fsck reports: empty, "." or
// "..", and every spelling of ".git" that a case-insensitive, HFS+ or NTFS
// file system would take for it.
func checkName(full, name string) error {
	switch {
	case name == "" || name == "." || name == "..":
		return fsckErr(full, "%q is not a valid file name in git", name)
	case isDotGit(name):
		return fsckErr(full, "names a .git directory (%q is .git on some file systems)", name)
	}
	return nil
}

// Special file names whose blobs git reads as configuration: they may not
// be symbolic links, and .gitmodules and .gitattributes are checked.
var specialNames = []struct{ name, ntfsShort, ntfsPrefix string }{
	{".gitmodules", "gitmod~1", "gi7eba"},
	{".gitattributes", "gitatt~1", "gi7d29"},
	{".gitignore", "gitign~1", "gi250a"},
	{".mailmap", "mailma~1", "maba30"},
}

// special returns which of specialNames name is, as HFS+ and NTFS would
// resolve it, or "".
func special(name string) string {
	hfs := strings.ToLower(stripHFSIgnorable(name))
	ntfs := strings.ToLower(trimNTFS(name))
	for _, s := range specialNames {
		if hfs == s.name || ntfs == s.name || ntfs == s.ntfsShort || isNTFSShortName(ntfs, s.ntfsPrefix) {
			return s.name
		}
	}
	return ""
}

// isNTFSShortName matches an 8.3 alias such as gi7eba~4 (git's
// is_ntfs_dot_generic fallback: six characters of a hash and ~1..~9).
func isNTFSShortName(name, prefix string) bool {
	return len(name) == 8 && strings.HasPrefix(name, prefix) && name[6] == '~' && name[7] >= '1' && name[7] <= '9'
}

func isDotGit(name string) bool {
	if ascii(name) {
		// No code point HFS+ ignores: the NTFS rules below are all.
		t := trimNTFS(name)
		return len(t) <= 5 && (strings.EqualFold(t, ".git") || strings.EqualFold(t, "git~1"))
	}
	return isDotGitAny(name)
}

// trimNTFS drops the trailing dots and spaces NTFS ignores in a name:
// strings.TrimRight(name, ". "), without building its set for every path
// component.
func trimNTFS(name string) string {
	n := len(name)
	for n > 0 && (name[n-1] == '.' || name[n-1] == ' ') {
		n--
	}
	return name[:n]
}

// isDotGitAny is isDotGit for any name.
func isDotGitAny(name string) bool {
	if strings.EqualFold(stripHFSIgnorable(name), ".git") {
		return true
	}
	n := strings.ToLower(trimNTFS(name))
	return n == ".git" || n == "git~1"
}

// stripHFSIgnorable drops the code points HFS+ ignores when it compares
// names (utf8.c, next_hfs_char).
func stripHFSIgnorable(s string) string {
	if !strings.ContainsFunc(s, hfsIgnorable) {
		return s
	}
	return strings.Map(func(r rune) rune {
		if hfsIgnorable(r) {
			return -1
		}
		return r
	}, s)
}

func hfsIgnorable(r rune) bool {
	switch r {
	case 0x200c, 0x200d, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e,
		0x206a, 0x206b, 0x206c, 0x206d, 0x206e, 0x206f, 0xfeff:
		return true
	}
	return false
}

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
		if len(data) > attrMaxSize {
			return fsckErr(p, ".gitattributes is larger than git's limit of %d MiB", attrMaxSize>>20)
		}
		for i, line := range bytes.Split(data, []byte("\n")) {
			if len(line) > attrMaxLine {
				return fsckErr(p, ".gitattributes line %d is longer than git's limit of %d bytes", i+1, attrMaxLine)
			}
		}
	}
	return nil
}

// CheckGitmodules applies fsck's .gitmodules rules (fsck_gitmodules_fn).
func CheckGitmodules(p string, data []byte) (err error) {
	cfg := gitconfig.New()
	func() {
		defer func() {
			if recover() != nil {
				err = fsckErr(p, ".gitmodules is not valid git config syntax")
			}
		}()
		if e := gitconfig.NewDecoder(bytes.NewReader(data)).Decode(cfg); e != nil {
			err = fsckErr(p, ".gitmodules is not valid git config syntax: %v", e)
		}
	}()
	if err != nil {
		return err
	}
	for _, s := range cfg.Sections {
		if !strings.EqualFold(s.Name, "submodule") {
			continue
		}
		for _, sub := range s.Subsections {
			if !validSubmoduleName(sub.Name) {
				return fsckErr(p, "disallowed submodule name %q in .gitmodules (empty, or with a .. component)", sub.Name)
			}
			for _, o := range sub.Options {
				switch strings.ToLower(o.Key) {
				case "url":
					if !validSubmoduleURL(o.Value) {
						return fsckErr(p, "disallowed submodule url %q in .gitmodules (an option, a newline, or escaping its root)", o.Value)
					}
				case "path":
					if strings.HasPrefix(o.Value, "-") {
						return fsckErr(p, "disallowed submodule path %q in .gitmodules (looks like an option)", o.Value)
					}
				}
			}
		}
	}
	return nil
}

// validSubmoduleName is check_submodule_name: not empty, no ".."
// component with either slash as separator.
func validSubmoduleName(name string) bool {
	if name == "" {
		return false
	}
	for _, c := range strings.FieldsFunc(name, func(r rune) bool { return r == '/' || r == '\\' }) {
		if c == ".." {
			return false
		}
	}
	return !strings.HasPrefix(name, "../") && !strings.HasPrefix(name, `..\`) && name != ".."
}

// validSubmoduleURL is check_submodule_url.
func validSubmoduleURL(u string) bool {
	if strings.HasPrefix(u, "-") {
		return false
	}
	isRelative := strings.HasPrefix(u, "./") || strings.HasPrefix(u, "../") || strings.HasPrefix(u, `.\`) || strings.HasPrefix(u, `..\`)
	if isRelative || strings.HasPrefix(u, "git://") {
		if strings.Contains(urlDecode(u), "\n") {
			return false
		}
		next, dotdots := u, 0
		for {
			switch {
			case strings.HasPrefix(next, "../") || strings.HasPrefix(next, `..\`):
				next, dotdots = next[3:], dotdots+1
				continue
			case strings.HasPrefix(next, "./") || strings.HasPrefix(next, `.\`):
				next = next[2:]
				continue
			}
			break
		}
		return !(dotdots > 0 && (strings.HasPrefix(next, ":") || strings.HasPrefix(next, "/")))
	}
	curl := ""
	for _, pre := range []string{"http::", "https::", "ftp::", "ftps::"} {
		if rest, ok := strings.CutPrefix(u, pre); ok {
			curl = rest
		}
	}
	for _, pre := range []string{"http://", "https://", "ftp://", "ftps://"} {
		if strings.HasPrefix(u, pre) {
			curl = u
		}
	}
	if curl == "" {
		return true
	}
	// credential_from_url_gently: a protocol, a non-empty host, and no
	// newline in any decoded part.
	_, rest, ok := strings.Cut(curl, "://")
	if !ok || strings.Contains(urlDecode(curl), "\n") {
		return false
	}
	host := rest
	if i := strings.IndexAny(host, "/?#"); i >= 0 {
		host = host[:i]
	}
	if i := strings.LastIndexByte(host, '@'); i >= 0 {
		host = host[i+1:]
	}
	return host != ""
}

// urlDecode undoes %XX escapes, leaving malformed ones as they are.
func urlDecode(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) {
			if v, err := url.PathUnescape(s[i : i+3]); err == nil {
				b.WriteString(v)
				i += 2
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// checkMoved applies the entry and content rules to n arriving at p.
func (fs *TreeFS) checkMoved(p string, n *node) error {
	if err := checkEntry(p, n.mode); err != nil {
		return err
	}
	if n.mode == filemode.Dir || special(path.Base(p)) == "" {
		return nil
	}
	b, err := fs.view(n)
	if err != nil {
		return err
	}
	return CheckContent(p, b)
}

func ascii(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}
