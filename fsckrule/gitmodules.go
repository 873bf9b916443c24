package fsckrule

import (
	"fmt"
	"strings"
)

// GitmodulesError is a .gitmodules git's fsck refuses, with the fsck
// message id (gitmodulesName, gitmodulesUrl, gitmodulesPath,
// gitmodulesUpdate, gitmodulesParse).
type GitmodulesError struct {
	ID     string
	Line   int    // of a syntax error; 0 otherwise
	Value  string // the name or value refused
	Detail string
}

func (e *GitmodulesError) Error() string {
	return e.Detail + gitmodulesWhy[e.ID]
}

// gitmodulesWhy says what each refusal guards against.
var gitmodulesWhy = map[string]string{
	"gitmodulesName":   " (empty, or with a .. component)",
	"gitmodulesUrl":    " (an option, a newline, or escaping its root)",
	"gitmodulesPath":   " (looks like an option)",
	"gitmodulesUpdate": " (a command git would run)",
	"gitmodulesLarge":  " (git does not read it)",
}

// CheckGitmodules applies fsck_gitmodules_fn to a .gitmodules blob: every
// submodule's name, and its url, path and update values. A file git's
// parser cannot read is refused too (fsck only notes it, gitmodulesParse,
// but git cannot use it either, and what follows the error is never
// checked by git).
func CheckGitmodules(data []byte) error {
	if err := gitmodulesSize(len(data)); err != nil {
		return err
	}
	entries, err := ParseConfig(data)
	for _, e := range entries {
		sub, key, ok := splitSubsection(e.Name, "submodule")
		if !ok {
			continue
		}
		if !validSubmoduleName(sub) {
			return &GitmodulesError{ID: "gitmodulesName", Value: sub, Detail: fmt.Sprintf("disallowed submodule name %q", sub)}
		}
		if !e.HasValue {
			continue
		}
		v := cstr(e.Value)
		switch key {
		case "url":
			if !validSubmoduleURL(v) {
				return &GitmodulesError{ID: "gitmodulesUrl", Value: v, Detail: fmt.Sprintf("disallowed submodule url %q", v)}
			}
		case "path":
			if strings.HasPrefix(v, "-") {
				return &GitmodulesError{ID: "gitmodulesPath", Value: v, Detail: fmt.Sprintf("disallowed submodule path %q", v)}
			}
		case "update":
			if strings.HasPrefix(v, "!") {
				return &GitmodulesError{ID: "gitmodulesUpdate", Value: v, Detail: fmt.Sprintf("disallowed submodule update setting %q", v)}
			}
		}
	}
	if err != nil {
		line := err.(*ConfigError).Line
		return &GitmodulesError{ID: "gitmodulesParse", Line: line, Detail: fmt.Sprintf("not valid git config syntax at line %d", line)}
	}
	return nil
}

// GitmodulesMaxSize is core.bigFileThreshold's default: git does not
// load a larger blob into memory, and fsck (and a server's index-pack
// --strict) then refuses a .gitmodules that size (gitmodulesLarge).
const GitmodulesMaxSize = 512 << 20

func gitmodulesSize(n int) error {
	if n > GitmodulesMaxSize {
		return &GitmodulesError{ID: "gitmodulesLarge", Detail: fmt.Sprintf("a .gitmodules of %d bytes, over git's limit of %d MiB", n, GitmodulesMaxSize>>20)}
	}
	return nil
}

// validSubmoduleName is check_submodule_name: not empty, and no ".."
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
	return true
}

// validSubmoduleURL is check_submodule_url, git 2.39's and later's: not an
// option; relative and git:// urls without a newline once %-decoded and
// not climbing past their root to a ':' or '/'; curl urls (http, https,
// ftp, ftps, also as "http::…") with a protocol, a host and no newline once
// decoded. Stricter than git in one place: no url may hold a newline.
func validSubmoduleURL(u string) bool {
	if strings.HasPrefix(u, "-") || strings.Contains(urlDecode(u), "\n") {
		return false
	}
	if isRelativeURL(u) || strings.HasPrefix(u, "git://") {
		next, dotdots := u, 0
		for {
			if rest, ok := cutDotDotSlash(next); ok {
				next, dotdots = rest, dotdots+1
				continue
			}
			if rest, ok := cutDotSlash(next); ok {
				next = rest
				continue
			}
			break
		}
		return !(dotdots > 0 && (strings.HasPrefix(next, ":") || strings.HasPrefix(next, "/")))
	}
	curl, ok := curlURL(u)
	if !ok {
		return true
	}
	// credential_from_url_gently: a protocol before "://" and a non-empty
	// host after any "user@".
	i := strings.Index(curl, "://")
	if i <= 0 {
		return false
	}
	rest := curl[i+3:]
	slash := strings.IndexAny(rest, "/?#")
	if slash < 0 {
		slash = len(rest)
	}
	host := rest[:slash]
	if at := strings.IndexByte(rest, '@'); at >= 0 && at < slash {
		host = rest[at+1 : slash]
	}
	return host != ""
}

func isRelativeURL(u string) bool {
	_, dot := cutDotSlash(u)
	_, dotdot := cutDotDotSlash(u)
	return dot || dotdot
}

func cutDotSlash(u string) (string, bool) {
	if len(u) >= 2 && u[0] == '.' && (u[1] == '/' || u[1] == '\\') {
		return u[2:], true
	}
	return u, false
}

func cutDotDotSlash(u string) (string, bool) {
	if len(u) >= 3 && u[0] == '.' && u[1] == '.' && (u[2] == '/' || u[2] == '\\') {
		return u[3:], true
	}
	return u, false
}

// curlURL is url_to_curl_url.
func curlURL(u string) (string, bool) {
	for _, pre := range []string{"http::", "https::", "ftp::", "ftps::"} {
		if rest, ok := strings.CutPrefix(u, pre); ok {
			return rest, true
		}
	}
	for _, pre := range []string{"http://", "https://", "ftp://", "ftps://"} {
		if strings.HasPrefix(u, pre) {
			return u, true
		}
	}
	return "", false
}

// urlDecode is url_decode: %XX escapes other than %00 decoded, anything
// else kept. (Git keeps the part before the first ':' as it is; decoding
// it too can only find more newlines.)
func urlDecode(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) {
			hi, ok1 := unhex(s[i+1])
			lo, ok2 := unhex(s[i+2])
			if v := hi<<4 | lo; ok1 && ok2 && v > 0 {
				b.WriteByte(v)
				i += 2
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func unhex(c byte) (byte, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}
