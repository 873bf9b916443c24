package transcript

import (
	"path"
	"strings"
)

// rooter maps the absolute paths a tool transcript records onto the
// repository: it finds the folder of the agent's machine that held the
// repository's root (its workdir) and makes paths under it relative.
//
// Invariants:
//   - A path under this machine's repository root (Options.Root) maps
//     directly, whatever else is known; no workdir nests with it (a
//     session recorded here, in the folder above the repository, wrote
//     its other files outside it).
//   - With Options.Workdir (apply --workdir) that folder is the only
//     workdir: nothing is inferred.
//   - Otherwise workdirs are learned: a folder the record names as the
//     repository's (OpenHands <uploaded_files>) at once; else the shortest
//     directory prefix of a recorded path whose remainder exists in the
//     base tree (a path only read teaches this only under the recorded
//     working directory, if there is one). Once one is known, a
//     second is learned only under a working directory the session moved
//     to (its recorded cwd changed) that lies apart from every known one;
//     workdirs never nest, so a write beside the repository
//     (/workspace/test.c next to /workspace/repo) is never taken into it.
//   - Until a workdir is learned, the session's recorded working directory
//     stands in for one, for a file at its top or in a folder the base
//     tree has.
//   - A path under no workdir stays absolute: it is outside the repository
//     and is reported as such (markOutside), never guessed.
type rooter struct {
	root    string // Options.Root
	workdir string // Options.Workdir, cleaned
	cwd     string // the working directory the session records, as of now
	moved   bool   // cwd changed since the last workdir was learned
	exists  func(string) bool

	infer bool      // learn workdirs from paths (tool-call sources)
	hint  string    // a folder the record names as the repository's
	dirs  []Workdir // learned, in the order learned
	used  []Workdir // mappings used since the last take
}

func newRooter(opt Options) *rooter {
	return &rooter{root: cleanAbs(opt.Root), workdir: cleanAbs(opt.Workdir), exists: opt.Exists}
}

// newRooter makes the rooter of a tool-call reader, which learns workdirs
// and whose mappings the responses report.
func (e *emitter) newRooter() *rooter {
	ro := newRooter(e.opt)
	ro.infer = true
	e.ro = ro
	return ro
}

// isAbs reports a POSIX or Windows absolute path, and the paths that
// name a place outside the repository as surely (outsideForm).
func isAbs(p string) bool {
	return strings.HasPrefix(p, "/") || isWinAbs(p) || outsideForm(p)
}

// outsideForm reports a path no working directory can map: a Windows
// network path (\\server\share\x, which a relative Windows path's
// backslashes must not turn into server/share/x) and one in the home
// directory (~/x, ~\x, ~), which a shell expands and git does not: taken
// as relative it became a folder named "~" in the repository.
func outsideForm(p string) bool {
	return strings.HasPrefix(p, `\\`) || p == "~" || strings.HasPrefix(p, "~/") || strings.HasPrefix(p, `~\`)
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

// within reports whether p is base or inside it.
func within(p, base string) bool {
	if _, ok := under(p, base); ok {
		return true
	}
	return p == base || isWinAbs(base) && strings.EqualFold(p, base)
}

// nested reports whether a and b are the same folder or one holds the other.
func nested(a, b string) bool { return within(a, b) || within(b, a) }

// setHint records a folder the record names as the repository's.
func (r *rooter) setHint(dir string) {
	dir = cleanAbs(dir)
	if dir == "" || r.hint != "" {
		return
	}
	r.hint = dir
	if r.workdir == "" && r.infer {
		r.add(Workdir{Path: dir, From: WorkdirRecorded})
	}
}

// setCwd records the session's working directory as of the record read.
func (r *rooter) setCwd(dir string) {
	if d := cleanAbs(dir); d != "" && d != r.cwd {
		r.cwd = d
		r.moved = len(r.dirs) > 0
	}
}

// add learns a workdir unless it nests with one already known, or with
// the repository's own folder (a session recorded on this machine).
func (r *rooter) add(w Workdir) bool {
	if r.root != "" && nested(w.Path, r.root) {
		return false
	}
	for _, d := range r.dirs {
		if nested(w.Path, d.Path) {
			return false
		}
	}
	r.dirs = append(r.dirs, w)
	r.moved = false
	return true
}

// see offers a recorded path for learning a workdir.
func (r *rooter) see(p string) {
	if !r.infer || r.workdir != "" || r.exists == nil {
		return
	}
	a := cleanAbs(p)
	if a == "" {
		return
	}
	if _, ok := under(a, r.root); ok {
		return
	}
	for _, d := range r.dirs {
		if within(a, d.Path) {
			return
		}
	}
	if len(r.dirs) > 0 {
		// Known already: only a folder the session moved to since may add one.
		if !r.moved || !within(a, r.cwd) {
			return
		}
		for _, d := range r.dirs {
			if nested(r.cwd, d.Path) {
				return
			}
		}
	}
	for i := 0; i < len(a); i++ {
		if a[i] != '/' {
			continue
		}
		base, rest := a[:i], a[i+1:]
		if base == "" {
			base = "/"
		}
		if len(r.dirs) > 0 && !within(base, r.cwd) {
			continue
		}
		if rest != "" && r.exists(rest) {
			from := WorkdirInferred
			if base == r.cwd || base == r.hint {
				from = WorkdirRecorded
			}
			r.add(Workdir{Path: base, From: from})
			return
		}
	}
}

// seeRead offers a path the agent only read: outside the working
// directory the session records it teaches nothing, for an agent reads
// other projects too (one whose README the repository also has).
func (r *rooter) seeRead(p string) {
	if a := cleanAbs(p); a != "" && r.cwd != "" && !within(a, r.cwd) {
		return
	}
	r.see(p)
}

// rel maps a recorded path the agent wrote (or ran a command on) onto the
// repository, learning from it; a path outside it is returned absolute.
func (r *rooter) rel(p string) string {
	r.see(p)
	return r.mapPath(p)
}

// relRead maps a path the agent only read.
func (r *rooter) relRead(p string) string {
	r.seeRead(p)
	return r.mapPath(p)
}

// mapPath maps a recorded path through what is known.
func (r *rooter) mapPath(p string) string {
	if outsideForm(p) {
		return p // outside: reported as such (markOutside), never mapped
	}
	a := cleanAbs(p)
	if a == "" {
		if strings.Contains(p, `\`) && !strings.Contains(p, "/") {
			return strings.ReplaceAll(p, `\`, "/") // a relative Windows path
		}
		return p
	}
	if rest, ok := under(a, r.root); ok {
		return rest
	}
	if r.workdir != "" {
		if rest, ok := under(a, r.workdir); ok {
			r.note(Workdir{Path: r.workdir, From: WorkdirOption})
			return rest
		}
		return a
	}
	best, rest := -1, ""
	for i, d := range r.dirs {
		if s, ok := under(a, d.Path); ok && (best < 0 || len(d.Path) > len(r.dirs[best].Path)) {
			best, rest = i, s
		}
	}
	if best >= 0 {
		r.note(r.dirs[best])
		return rest
	}
	if len(r.dirs) == 0 && !(r.root != "" && nested(r.cwd, r.root)) {
		if s, ok := under(a, r.cwd); ok && r.plausible(s) {
			r.note(Workdir{Path: r.cwd, From: WorkdirRecorded})
			return s
		}
	}
	return a
}

// plausible reports whether rest, under a recorded working directory that
// no existing file has confirmed yet, may be a path of the repository: a
// file at its top, or one in a folder the base tree has. A new folder
// (notes/plan.md written on the Desktop the session started in) is not
// taken on trust.
func (r *rooter) plausible(rest string) bool {
	top, _, nested := strings.Cut(rest, "/")
	return !nested || r.exists == nil || r.exists(top)
}

// note keeps a mapping used, once.
func (r *rooter) note(w Workdir) {
	for _, u := range r.used {
		if u == w {
			return
		}
	}
	r.used = append(r.used, w)
}

// take returns the mappings used since the last take.
func (r *rooter) take() []Workdir {
	u := r.used
	r.used = nil
	return u
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
