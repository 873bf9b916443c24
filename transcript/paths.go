package transcript

import (
	"path"
	"strings"
)

// rooter maps the absolute paths a tool transcript records onto the
// repository. Bases are tried in order: the repository root given by the
// caller (same machine), the session's recorded working directory, then a
// workspace root inferred from the paths themselves (OpenHands records none).
// A path under none of them is returned absolute, for unsafe_path.
type rooter struct {
	root   string // Options.Root
	cwd    string // recorded working directory
	exists func(string) bool

	infer    bool   // infer a workspace root when cwd is unknown
	hint     string // <uploaded_files> root named by the user
	inferred string // root fixed by the first path that maps onto the tree
}

func newRooter(opt Options) *rooter {
	return &rooter{root: cleanAbs(opt.Root), exists: opt.Exists}
}

// isAbs reports a POSIX or Windows absolute path.
func isAbs(p string) bool {
	return strings.HasPrefix(p, "/") || isWinAbs(p)
}

func isWinAbs(p string) bool {
	return len(p) >= 3 && p[1] == ':' && (p[2] == '\\' || p[2] == '/') &&
		(p[0]|0x20 >= 'a' && p[0]|0x20 <= 'z')
}

// cleanAbs normalises an absolute path to slashes; "" for anything else.
func cleanAbs(p string) string {
	if isWinAbs(p) {
		return path.Clean(strings.ReplaceAll(p, `\`, "/"))
	}
	if strings.HasPrefix(p, "/") {
		return path.Clean(p)
	}
	return ""
}

// under returns p relative to base when p is inside base.
func under(p, base string) (string, bool) {
	if base == "" {
		return "", false
	}
	if isWinAbs(base) { // Windows file systems ignore case
		if len(p) > len(base) && strings.EqualFold(p[:len(base)], base) && p[len(base)] == '/' {
			return p[len(base)+1:], true
		}
		return "", false
	}
	if base == "/" {
		return strings.TrimPrefix(p, "/"), p != "/"
	}
	if rest, ok := strings.CutPrefix(p, base+"/"); ok && rest != "" {
		return rest, true
	}
	return "", false
}

// see offers a recorded absolute path for workspace-root inference: the
// shortest directory prefix whose remainder exists in the base tree wins.
func (r *rooter) see(p string) {
	if !r.infer || r.inferred != "" || r.cwd != "" || r.exists == nil {
		return
	}
	p = cleanAbs(p)
	if p == "" {
		return
	}
	if _, ok := under(p, r.root); ok {
		return
	}
	if rest, ok := under(p, r.hint); ok && r.exists(rest) {
		r.inferred = r.hint
		return
	}
	for i := 0; i < len(p); i++ {
		if p[i] != '/' {
			continue
		}
		base, rest := p[:i], p[i+1:]
		if base == "" {
			base = "/"
		}
		if rest != "" && r.exists(rest) {
			r.inferred = base
			return
		}
	}
}

// rel maps a recorded path onto the repository.
func (r *rooter) rel(p string) string {
	a := cleanAbs(p)
	if a == "" {
		if strings.Contains(p, `\`) && !strings.Contains(p, "/") {
			return strings.ReplaceAll(p, `\`, "/") // a relative Windows path
		}
		return p
	}
	for _, base := range []string{r.root, r.cwd, r.inferred, r.hint} {
		if rest, ok := under(a, base); ok {
			return rest
		}
	}
	if r.infer && r.cwd == "" {
		// OpenHands works in /workspace/<name> by default.
		if rest, ok := under(a, "/workspace"); ok {
			if i := strings.IndexByte(rest, '/'); i > 0 {
				return rest[i+1:]
			}
			return rest
		}
	}
	return a
}

// relIn maps a path recorded relative to dir (itself recorded, absolute or
// relative to the session's working directory).
func (r *rooter) relIn(dir, p string) string {
	if isAbs(p) || dir == "" {
		return r.rel(p)
	}
	p = strings.ReplaceAll(p, `\`, "/")
	if isAbs(dir) {
		return r.rel(path.Join(cleanAbs(dir), p))
	}
	return path.Join(dir, p)
}
