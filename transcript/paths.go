package transcript

import (
	"fmt"
	"path"
	"slices"
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
//     repository's (OpenHands <uploaded_files>, a git root holding the
//     working directory) at once; else, for a working directory that does
//     not bear a name the repository goes by (named), the nearest folder
//     above it that does, when the working directory's path under it is
//     a folder of the base tree (learnNamed: a session started in
//     /home/u/proj/sub of a clone named proj that has sub/ writes
//     sub/README.md, never the root's README.md); else the shortest
//     directory prefix of a recorded path whose remainder exists in the
//     base tree (a path only read teaches this only under the recorded
//     working directory, if there is one; a folder inside that working
//     directory is not taken from one file written at its top, a common
//     name the repository may have too). Once one is known, a second is
//     learned only for a working directory the session moved to (its
//     recorded cwd changed) that lies apart from every known one, under
//     it or named above it; workdirs never nest, so a write beside the
//     repository (/workspace/test.c next to /workspace/repo) is never
//     taken into it.
//   - Until a workdir is learned, the session's recorded working directory
//     stands in for one, for a file at its top or in a folder the base
//     tree has, unless the base tree has a folder of its name, and the
//     path could as well be that folder's (elsewhere): a path written
//     there is then neither's, outside, until a path shows which (or
//     --workdir).
//   - A path under no workdir stays absolute: it is outside the repository
//     and is reported as such (markOutside), never guessed.
type rooter struct {
	root    string // Options.Root
	workdir string // Options.Workdir, cleaned
	cwd     string // the working directory the session records, as of now
	moved   bool   // cwd changed since the last workdir was learned
	exists  func(string) bool
	fold    func(string) string // Options.Fold

	infer bool            // learn workdirs from paths (tool-call sources)
	hint  string          // a folder the record names as the repository's
	tried string          // the cwd learnNamed last looked above
	names []string        // the names the repository goes by (named)
	dirs  []Workdir       // learned, in the order learned
	used  []Workdir       // mappings used since the last take
	made  map[string]bool // folders the agent made with mkdir (absolute)
}

func newRooter(opt Options) *rooter {
	r := &rooter{root: cleanAbs(opt.Root), workdir: cleanAbs(opt.Workdir), exists: opt.Exists, fold: opt.Fold}
	if r.root != "" && r.root != "/" {
		r.names = append(r.names, path.Base(r.root))
	}
	for _, n := range opt.Names {
		r.setRepo(n)
	}
	return r
}

// newRooter makes the rooter of a tool-call reader, which learns workdirs
// and whose mappings the responses report.
func (e *emitter) newRooter() *rooter {
	ro := newRooter(e.opt)
	ro.infer = true
	if e.opt.Workdir == "" {
		ro.seed(e.opt.Known)
	}
	e.ro = ro
	return ro
}

// isAbs reports a path that names its place on the agent's machine: POSIX
// (/x), Windows with its drive (C:\x) or a share (\\server\share\x), or
// under the agent's home (~/x). None is ever a path of the repository as
// written: it maps through a workdir or stays outside.
func isAbs(p string) bool {
	return strings.HasPrefix(p, "/") || isWinAbs(p) || isUNC(p) || isHome(p)
}

// isUNC reports a Windows share path, \\server\share\….
func isUNC(p string) bool { return len(p) > 2 && p[0] == '\\' && p[1] == '\\' }

// isHome reports a path under the agent's home folder: ~ or ~/… (~\…).
func isHome(p string) bool {
	return p == "~" || strings.HasPrefix(p, "~/") || strings.HasPrefix(p, `~\`)
}

// foldCase reports a base whose paths compare without regard to case:
// Windows', with a drive or on a share.
func foldCase(base string) bool { return isWinAbs(base) || strings.HasPrefix(base, "//") }

func isWinAbs(p string) bool {
	return len(p) >= 3 && p[1] == ':' && (p[2] == '\\' || p[2] == '/') &&
		(p[0]|0x20 >= 'a' && p[0]|0x20 <= 'z')
}

// cleanAbs normalises an absolute path to slashes; "" for anything else.
func cleanAbs(p string) string {
	if isWinAbs(p) {
		// The drive is the root: "C:\..\.." is C:/, never a climbing "..".
		s := strings.ReplaceAll(p, `\`, "/")
		return s[:2] + path.Clean("/"+s[2:])
	}
	if isUNC(p) || strings.HasPrefix(p, "//") && !strings.HasPrefix(p, "///") {
		return "/" + path.Clean("/"+strings.ReplaceAll(p[2:], `\`, "/")) // //server/share/…
	}
	if isHome(p) {
		// Relative to the home folder, keeping a climb above it: "~/../x"
		// is outside home, not "~/x".
		rel := path.Clean(strings.TrimLeft(strings.ReplaceAll(p[1:], `\`, "/"), "/"))
		if rel == "." {
			return "~"
		}
		return "~/" + rel
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
	if foldCase(base) { // Windows file systems ignore case
		if len(p) > len(base) && strings.EqualFold(p[:len(base)], base) && p[len(base)] == '/' {
			return p[len(base)+1:], true
		}
		return "", false
	}
	if base == "/" {
		return strings.TrimPrefix(p, "/"), p != "/"
	}
	// A home path keeps a climb above the home folder ("~/.."): that is
	// not inside "~".
	if rest, ok := strings.CutPrefix(p, base+"/"); ok && rest != "" && rest != ".." && !strings.HasPrefix(rest, "../") {
		return rest, true
	}
	return "", false
}

// within reports whether p is base or inside it.
func within(p, base string) bool {
	if _, ok := under(p, base); ok {
		return true
	}
	return p == base || foldCase(base) && strings.EqualFold(p, base)
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

// setGitRoot records the root of the repository the session's working
// directory is in, as the record gives it (Copilot CLI's gitRoot,
// OpenCode's path.root): the repository's folder, so that a session
// started in a subfolder writes that subfolder's files, never the root's
// of the same names. Set after the working directory; a root that does
// not hold it, or the file system's own root (OpenCode's outside any
// repository), says nothing.
func (r *rooter) setGitRoot(dir string) {
	if d := cleanAbs(dir); d != "" && d != "/" && !strings.HasPrefix(d, "~") && r.cwd != "" && within(r.cwd, d) {
		r.setHint(d)
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

// see offers a recorded path the agent wrote for learning a workdir.
func (r *rooter) see(p string) { r.learn(p, false) }

// learn offers a recorded path for learning a workdir; read says the
// agent only read it.
func (r *rooter) learn(p string, read bool) {
	if !r.infer || r.workdir != "" || r.exists == nil {
		return
	}
	r.learnNamed()
	a := r.abs(p)
	if a == "" {
		return
	}
	if r.cwd == "" && len(r.dirs) == 0 && !read && r.learnNamedPrefix(a) {
		return
	}
	if read && r.cwd != "" && !within(a, r.cwd) {
		return // see seeRead
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
		if _, below := under(base, r.cwd); below && !read && !strings.Contains(rest, "/") {
			// A folder inside the recorded working directory, known only
			// by a file written at its top that the base tree also has
			// at its own (README.md, package.json): as likely a new
			// folder with a file of a common name as the repository's
			// root. Taking it would write the repository's file of that
			// name; the path stays under the working directory, or
			// outside. (A file read there was there: that one teaches.)
			continue
		}
		if rest != "" && r.has(base, rest) {
			if r.unnamedApart(base) {
				continue // its paths stay outside, and say why (whyOutside)
			}
			if !read && (base == r.cwd || r.cwd == "") && r.elsewhere(base, rest) != "" {
				continue // the same (elsewhere)
			}
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
func (r *rooter) seeRead(p string) { r.learn(p, true) }

// learnNamed learns the root of a session started in a subfolder: the
// nearest folder above its recorded one that bears a name the
// repository goes by (named), when the subfolder's path under it is a
// folder the base tree has (/home/u/proj for /home/u/proj/sub, in a
// clone named proj that has sub/). Records that keep no git root
// (Claude Code, Codex, older Copilot CLI) else had the session's folder
// taken for the root from a new file of a name the root has:
// sub/README.md written over README.md. Inferred, not recorded: the
// record never names that folder. A recorded folder that bears the name
// itself is the root, as before; one under no named folder needs
// --workdir. Tried once per recorded folder, before anything is learned
// or after a move.
func (r *rooter) learnNamed() {
	if r.cwd == "" || r.cwd == r.tried || len(r.dirs) > 0 && !r.moved {
		return
	}
	r.tried = r.cwd
	if r.named(r.cwd) {
		return
	}
	for i := len(r.cwd) - 1; i > 0; i-- {
		if r.cwd[i] != '/' {
			continue
		}
		dir, sub := r.cwd[:i], r.cwd[i+1:]
		if !strings.Contains(dir, "/") || !r.named(dir) { // C:, ~
			continue
		}
		if r.has(dir, sub) {
			r.add(Workdir{Path: dir, From: WorkdirInferred})
			return
		}
	}
}

// learnNamedPrefix is learnNamed for a record that keeps no folder of
// the session's (Gemini CLI's session files, Cursor's): a folder of a
// written path that bears a name the repository goes by is its root.
// When the path has one such folder, what lies under it may be new
// (cursor-attach/notes.md, a folder the agent made); when it has more,
// the shortest is taken only if what lies under it could be the base
// tree's (a file at its top, or in a folder the tree has), and a longer
// one never for its name (a dependency's folder named as the project,
// node_modules/proj, is not its root). /home/u/proj/sub/README.md in a
// clone named proj that has sub/ is sub/README.md, never the root's.
func (r *rooter) learnNamedPrefix(a string) bool {
	first, named := "", 0
	for i := 1; i < len(a); i++ {
		if a[i] != '/' {
			continue
		}
		if dir := a[:i]; strings.Contains(dir, "/") && r.named(dir) {
			if named++; named == 1 {
				first = dir
			}
		}
	}
	if named == 0 {
		return false
	}
	rest, _ := under(a, first)
	if d := path.Dir(rest); named == 1 || d == "." || r.has(first, d) {
		return r.add(Workdir{Path: first, From: WorkdirInferred})
	}
	return false
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
	a := r.abs(p)
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
			return r.caseOf(r.workdir, rest)
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
		return r.caseOf(r.dirs[best].Path, rest)
	}
	if len(r.dirs) == 0 && !(r.root != "" && nested(r.cwd, r.root)) {
		if s, ok := under(a, r.cwd); ok && r.plausible(s) && r.elsewhere(r.cwd, s) == "" {
			r.note(Workdir{Path: r.cwd, From: WorkdirRecorded})
			return r.caseOf(r.cwd, s)
		}
	}
	return a
}

// plausible reports whether rest, under a recorded working directory that
// no existing file has confirmed yet, may be a path of the repository: a
// file at its top, or one in a folder the base tree has. A new folder
// (notes/plan.md written on the Desktop the session started in) is not
// taken on trust, unless the agent made its folder there (mkdir).
func (r *rooter) plausible(rest string) bool {
	top, _, nested := strings.Cut(rest, "/")
	return !nested || r.exists == nil || r.has(r.cwd, top) ||
		r.made[r.cwd+"/"+top]
}

// abs cleans a recorded absolute path; one under the agent's home (~/x)
// is taken from the home its working directory shows (/home/jo/…,
// /Users/jo/…, C:/Users/jo/…), and stays "~/x" (outside, never a folder
// named ~) when none does.
func (r *rooter) abs(p string) string {
	a := cleanAbs(p)
	if !strings.HasPrefix(a, "~") {
		return a
	}
	for _, d := range []string{r.cwd, r.workdir, r.hint} {
		if h := homeOf(d); h != "" {
			return path.Clean(h + a[1:])
		}
	}
	return a
}

// homeOf is the home folder a cleaned absolute path lies in, if any.
func homeOf(d string) string {
	parts := strings.Split(d, "/")
	switch {
	case len(parts) >= 3 && parts[0] == "" && (parts[1] == "home" || parts[1] == "Users"):
		return strings.Join(parts[:3], "/")
	case len(parts) >= 2 && parts[0] == "" && parts[1] == "root":
		return "/root"
	case len(parts) >= 3 && isWinAbs(d) && strings.EqualFold(parts[1], "Users"):
		return strings.Join(parts[:3], "/")
	}
	return ""
}

// caseOf gives rest, mapped through the workdir base, the case of the
// base tree's file or folder it names when base is on a file system that
// ignores case (Windows): there, SRC\App.css is src/app.css, and writing
// SRC/App.css would make another file. A new file keeps its own name in
// the folder it names.
func (r *rooter) caseOf(base, rest string) string {
	if r.fold == nil || !foldCase(base) || r.exists != nil && r.exists(rest) {
		return rest
	}
	if f := r.fold(rest); f != "" {
		return f
	}
	if dir, name := path.Split(rest); dir != "" {
		if f := r.fold(strings.TrimSuffix(dir, "/")); f != "" {
			return f + "/" + name
		}
	}
	return rest
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
		if d := cleanAbs(dir); strings.HasPrefix(d, "~") {
			return r.rel(cleanAbs(d + "/" + p)) // path.Join would drop "~" on a climb
		}
		return r.rel(path.Join(cleanAbs(dir), p))
	}
	return path.Join(dir, p)
}

// setRepo records the repository the session's record names as its own
// (a URL or a path): its last segment is a name the repository goes by.
func (r *rooter) setRepo(url string) {
	url = strings.TrimRight(strings.ReplaceAll(url, `\`, "/"), "/")
	name := strings.TrimSuffix(url[strings.LastIndexAny(url, "/:")+1:], ".git")
	if name != "" && name != "." && name != ".." && !slices.Contains(r.names, name) {
		r.names = append(r.names, name)
	}
}

// named reports whether the folder dir bears a name the repository goes
// by: this clone's folder, its remote's (Options.Names), or the
// repository the record names.
func (r *rooter) named(dir string) bool {
	base := path.Base(dir)
	for _, n := range r.names {
		if n == base || foldCase(dir) && strings.EqualFold(n, base) {
			return true
		}
	}
	return false
}

// unnamedApart reports a folder apart from the session's recorded one
// (neither inside it nor above it) that bears no name the repository goes
// by: another project of the agent's (a worktree it made, a sibling)
// whose files share this one's names, not to be taken for its root.
func (r *rooter) unnamedApart(dir string) bool {
	return r.cwd != "" && !nested(dir, r.cwd) && !r.named(dir)
}

// elsewhere returns where else in the base tree rest, a path under dir,
// may belong, when nothing else places dir (the session's recorded
// folder, or for a record that keeps none, the folder a path's
// existing file would make the root): dir bears no name the repository
// goes by and lies under no folder that does (learnNamed), the record
// names no root, and dir's last folders are a folder of the base tree
// (/home/u/x/sub and sub/). The agent may then have worked at the
// repository's root or in that folder,
// and a file written at its top that the root has (README.md) may be
// the root's or a new sub/README.md. Neither is taken from such a write:
// the path stays outside, saying why (whyOutside). A path that could
// only be one of them (shop/cart.py, which the root has and sub/ could
// hold only in a new folder), a file the agent read there, or a path
// elsewhere in the record still places the folder.
func (r *rooter) elsewhere(dir, rest string) string {
	if rest == "" || dir == "" || r.exists == nil || r.hint != "" || r.named(dir) {
		return ""
	}
	for i := len(dir) - 1; i > 0; i-- {
		if dir[i] != '/' {
			continue
		}
		anc, sub := dir[:i], dir[i+1:]
		if !strings.Contains(anc, "/") { // C:, ~
			break
		}
		if r.named(anc) {
			return ""
		}
		alt := sub + "/" + rest
		if r.has(dir, sub) && r.has(dir, path.Dir(alt)) && !r.has(dir, alt) {
			return alt
		}
	}
	return ""
}

// has reports a file or folder p of the base tree, in the case the
// agent's file system ignores when dir, the agent's folder p is under,
// is on one.
func (r *rooter) has(dir, p string) bool {
	return r.exists(p) || foldCase(dir) && r.fold != nil && r.fold(p) != ""
}

// whyOutside says why the absolute path p maps onto no file of the
// repository when the folder holding it that names alone would have
// taken for its root was refused (unnamedApart, elsewhere); "" when
// nothing more than "outside" is known.
func (r *rooter) whyOutside(p string) string {
	a := r.abs(p)
	if a == "" || r.workdir != "" || r.exists == nil {
		return ""
	}
	if len(r.dirs) == 0 {
		for i := len(a) - 1; i > 0; i-- {
			if a[i] != '/' {
				continue
			}
			dir, rest := a[:i], a[i+1:]
			if r.cwd != "" && dir != r.cwd || r.cwd == "" && !r.exists(rest) {
				continue
			}
			if alt := r.elsewhere(dir, rest); alt != "" {
				return fmt.Sprintf("the agent's folder %s may be the repository's root or its folder %s/: "+
					"this is %s or %s, and nothing in the record tells which (--workdir names the root)",
					dir, strings.TrimSuffix(alt, "/"+rest), rest, alt)
			}
		}
	}
	for i := 1; i < len(a); i++ {
		if a[i] != '/' {
			continue
		}
		if base, rest := a[:i], a[i+1:]; r.exists(rest) && r.unnamedApart(base) {
			return fmt.Sprintf("%s, apart from the session's folder %s, is not named as this repository "+
				"(same file names are no proof; --workdir names it)", base, r.cwd)
		}
	}
	return ""
}
