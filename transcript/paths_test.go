package transcript

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// pathStep is one thing a reader tells the rooter, in order: a working
// directory the record gives ("cwd DIR"), a folder it names as the
// repository's ("hint DIR"), or a path to map ("PATH", which the test
// expects to map to want).
type pathStep struct {
	do, arg, want string
}

func cwd(dir string) pathStep  { return pathStep{do: "cwd", arg: dir} }
func hint(dir string) pathStep { return pathStep{do: "hint", arg: dir} }
func maps(p, want string) pathStep {
	return pathStep{do: "map", arg: p, want: want}
}

// TestRooter: where the agent worked is found from the record and from
// the paths (the shortest prefix whose remainder exists in the base
// tree); a path under no folder found stays absolute (outside), and no
// folder is learned beside or around one already known.
func TestRooter(t *testing.T) {
	tree := map[string]bool{"src/app.py": true, "src": true, "README.md": true, "pkg/web/index.ts": true, "pkg": true, "pkg/web": true}
	exists := func(p string) bool { return tree[p] }
	tests := map[string]struct {
		workdir string
		steps   []pathStep
		used    []Workdir
		names   []string // Options.Names
	}{
		"cwd is the repository": {
			steps: []pathStep{cwd("/home/kim/shop"), maps("/home/kim/shop/src/app.py", "src/app.py"), maps("/home/kim/shop/new.py", "new.py")},
			used:  []Workdir{{"/home/kim/shop", WorkdirRecorded}},
		},
		"before any file confirms it, cwd is taken for a file at its top or in a folder the tree has": {
			steps: []pathStep{cwd("/Users/ana/Desktop"), maps("/Users/ana/Desktop/notes/plan.md", "/Users/ana/Desktop/notes/plan.md"),
				maps("/Users/ana/Desktop/src/new.py", "src/new.py"), maps("/Users/ana/Desktop/todo.md", "todo.md")},
			used: []Workdir{{"/Users/ana/Desktop", WorkdirRecorded}},
		},
		"cwd is a parent of the repository": {
			steps: []pathStep{cwd("/home/kim"), maps("/home/kim/shop/src/app.py", "src/app.py"),
				maps("/home/kim/shop/docs/new.md", "docs/new.md"), maps("/home/kim/notes.txt", "/home/kim/notes.txt")},
			used: []Workdir{{"/home/kim/shop", WorkdirInferred}},
		},
		"cwd is a sibling of the repository the record names": {
			steps: []pathStep{cwd("/home/kim/tools"), {do: "repo", arg: "git@github.com:kim/shop.git"}, maps("/home/kim/shop/src/app.py", "src/app.py"),
				maps("/home/kim/tools/run.sh", "/home/kim/tools/run.sh"), maps("/home/kim/tools/README.md", "/home/kim/tools/README.md")},
			used: []Workdir{{"/home/kim/shop", WorkdirInferred}},
		},
		"cwd is a sibling of a folder named as this clone": {
			steps: []pathStep{cwd("/home/kim/tools"), maps("/home/kim/repo/src/app.py", "src/app.py")},
			used:  []Workdir{{"/home/kim/repo", WorkdirInferred}},
		},
		"cwd is a sibling of a folder named as this clone's remote": {
			steps: []pathStep{cwd("/home/kim/tools"), maps("/home/kim/shop/src/app.py", "src/app.py")},
			used:  []Workdir{{"/home/kim/shop", WorkdirInferred}},
			names: []string{"git@example.com:kim/shop.git"},
		},
		"a folder apart from cwd, of files of the same names but another name, stays outside": {
			steps: []pathStep{cwd("/Users/dev/cli"), {do: "repo", arg: "https://github.com/acme/cli.git"},
				maps("/Users/dev/bench/src/app.py", "/Users/dev/bench/src/app.py"), maps("/Users/dev/bench/README.md", "/Users/dev/bench/README.md"),
				{do: "why", arg: "/Users/dev/bench/src/app.py", want: "/Users/dev/bench, apart from the session's folder /Users/dev/cli, is not named as this repository (same file names are no proof; --workdir names it)"},
				{do: "why", arg: "/Users/dev/bench/new.txt", want: ""},
				maps("/Users/dev/repo/README.md", "README.md")},
			used: []Workdir{{"/Users/dev/repo", WorkdirInferred}},
		},
		"a read in another project teaches nothing": {
			steps: []pathStep{cwd("/home/kim/shop"), {do: "read", arg: "/home/kim/other/README.md"},
				maps("/home/kim/shop/src/app.py", "src/app.py")},
			used: []Workdir{{"/home/kim/shop", WorkdirRecorded}},
		},
		"a read under the session's folder does": {
			steps: []pathStep{cwd("/home/kim"), {do: "read", arg: "/home/kim/shop/README.md"}, maps("/home/kim/shop/new/x.py", "new/x.py")},
			used:  []Workdir{{"/home/kim/shop", WorkdirInferred}},
		},
		"cwd is inside the repository": {
			steps: []pathStep{cwd("/home/kim/shop/pkg"), maps("/home/kim/shop/pkg/web/index.ts", "pkg/web/index.ts")},
			used:  []Workdir{{"/home/kim/shop", WorkdirInferred}},
		},
		"a clone in /tmp": {
			steps: []pathStep{cwd("/tmp/tmp.x81/shop"), maps("/tmp/tmp.x81/shop/README.md", "README.md"), maps("/tmp/tmp.x81/shop/CHANGES", "CHANGES")},
			used:  []Workdir{{"/tmp/tmp.x81/shop", WorkdirRecorded}},
		},
		"the session moves to another folder": {
			steps: []pathStep{cwd("/home/kim/shop"), maps("/home/kim/shop/src/app.py", "src/app.py"),
				cwd("/srv/build/shop"), maps("/srv/build/shop/README.md", "README.md"), maps("/srv/other/README.md", "/srv/other/README.md")},
			used: []Workdir{{"/home/kim/shop", WorkdirRecorded}, {"/srv/build/shop", WorkdirRecorded}},
		},
		"a move into a folder around the known one learns nothing": {
			steps: []pathStep{hint("/workspace/shop"), maps("/workspace/shop/src/app.py", "src/app.py"),
				cwd("/workspace"), maps("/workspace/README.md", "/workspace/README.md")},
			used: []Workdir{{"/workspace/shop", WorkdirRecorded}},
		},
		"a write beside the named workspace stays outside": {
			steps: []pathStep{hint("/workspace/ponyc__0.1"), maps("/workspace/test.c", "/workspace/test.c"),
				maps("/workspace/ponyc__0.1/src/app.py", "src/app.py")},
			used: []Workdir{{"/workspace/ponyc__0.1", WorkdirRecorded}},
		},
		"a home-directory path stays outside, never a folder named ~": {
			steps: []pathStep{cwd("/home/kim/shop"), maps("~/notes.md", "/home/kim/notes.md"), maps(`~\notes.md`, "/home/kim/notes.md"),
				maps("/home/kim/shop/src/app.py", "src/app.py")},
			used: []Workdir{{"/home/kim/shop", WorkdirRecorded}},
		},
		"a Windows network path stays outside, never under the cwd": {
			steps: []pathStep{cwd(`C:\Users\kim\shop`), maps(`\\server\share\x.py`, "//server/share/x.py"),
				maps(`C:\Users\kim\shop\src\app.py`, "src/app.py")},
			used: []Workdir{{"C:/Users/kim/shop", WorkdirRecorded}},
		},
		"no record of a folder: inferred from the first path that exists": {
			steps: []pathStep{maps("/tmp/notes.txt", "/tmp/notes.txt"), maps("/testbed/src/app.py", "src/app.py"),
				maps("/testbed/new.py", "new.py"), maps("/tmp/reproduce.py", "/tmp/reproduce.py")},
			used: []Workdir{{"/testbed", WorkdirInferred}},
		},
		"Windows paths, any case of the drive and folder": {
			steps: []pathStep{cwd(`C:\Users\kim\shop`), maps(`C:\Users\kim\shop\src\app.py`, "src/app.py"),
				maps(`c:\users\KIM\shop\README.md`, "README.md"), maps(`D:\scratch\x.py`, "D:/scratch/x.py")},
			used: []Workdir{{"C:/Users/kim/shop", WorkdirRecorded}},
		},
		"--workdir wins over the record": {
			workdir: "/data/checkout",
			steps: []pathStep{cwd("/home/kim/shop"), maps("/data/checkout/src/app.py", "src/app.py"),
				maps("/home/kim/shop/src/app.py", "/home/kim/shop/src/app.py")},
			used: []Workdir{{"/data/checkout", WorkdirOption}},
		},
		"--workdir as a Windows path": {
			workdir: `C:\work\shop`,
			steps:   []pathStep{maps(`C:\work\shop\src\app.py`, "src/app.py")},
			used:    []Workdir{{"C:/work/shop", WorkdirOption}},
		},
		"recorded on this machine, in the folder above the repository": {
			steps: []pathStep{cwd("/"), maps("/repo/src/app.py", "src/app.py"), maps("/notes.md", "/notes.md"), maps("/README.md", "/README.md")},
		},
		"this machine's repository maps without a note": {
			steps: []pathStep{cwd("/home/kim/shop"), maps("/repo/src/app.py", "src/app.py")},
		},
		"git init names the root on a base no path confirms": {
			steps: []pathStep{cwd("/home/jo"), {do: "ran", arg: "mkdir web && cd web && git init"},
				maps("/home/jo/web/site/index.html", "site/index.html"), maps("/home/jo/notes.md", "/home/jo/notes.md")},
			used: []Workdir{{"/home/jo/web", WorkdirRecorded}},
		},
		"git init -b names the folder it ran in, not its branch": {
			steps: []pathStep{cwd("/home/jo"), {do: "ran", arg: "cd app\ngit init -b main --template /t\ngit add ."}, maps("/home/jo/app/lib/a.go", "lib/a.go")},
			used:  []Workdir{{"/home/jo/app", WorkdirRecorded}},
		},
		"a recorded git root holding cwd is the repository's": {
			steps: []pathStep{cwd("/Users/u/proj/notes"), {do: "gitroot", arg: "/Users/u/proj"}, maps("/Users/u/proj/notes/README.md", "notes/README.md"),
				maps("/Users/u/proj/README.md", "README.md")},
			used: []Workdir{{"/Users/u/proj", WorkdirRecorded}},
		},
		"a git root that does not hold cwd, or is /, says nothing": {
			steps: []pathStep{cwd("/Users/u/proj/notes"), {do: "gitroot", arg: "/Users/u/other"}, {do: "gitroot", arg: "/"},
				maps("/Users/u/proj/notes/src/app.py", "src/app.py")},
			used: []Workdir{{"/Users/u/proj/notes", WorkdirRecorded}},
		},
		"git init given its folder": {
			steps: []pathStep{cwd("/home/jo"), {do: "ran", arg: "git init -q ./app"}, maps("/home/jo/app/lib/a.go", "lib/a.go")},
			used:  []Workdir{{"/home/jo/app", WorkdirRecorded}},
		},
		"a folder the whole record showed maps its new folders from the start": {
			steps: []pathStep{{do: "known", arg: "/Users/ana/shop"}, cwd("/Users/ana/shop"),
				maps("/Users/ana/shop/docs/new/plan.md", "docs/new/plan.md")},
			used: []Workdir{{"/Users/ana/shop", WorkdirInferred}},
		},
		"a path under the agent's home, from the home its folder shows": {
			steps: []pathStep{cwd("/home/jo/shop"), maps("~/shop/src/app.py", "src/app.py"), maps("~/shop/new/x.md", "new/x.md"),
				maps(`~\notes.md`, "/home/jo/notes.md")},
			used: []Workdir{{"/home/jo/shop", WorkdirRecorded}},
		},
		"a path under an unknown home is outside, never a folder named ~": {
			steps: []pathStep{maps("~/Library/x.plist", "~/Library/x.plist"), maps("~", "~")},
		},
		"a Windows share, any case": {
			steps: []pathStep{cwd(`\\fs01\proj\shop`), maps(`\\fs01\proj\shop\src\app.py`, "src/app.py"),
				maps(`\\FS01\Proj\shop\README.md`, "README.md"), maps(`\\fs02\x\y.txt`, "//fs02/x/y.txt")},
			used: []Workdir{{"//fs01/proj/shop", WorkdirRecorded}},
		},
		"relative paths in a cwd": {
			steps: []pathStep{cwd("/home/kim"), maps("shop/src/app.py", "src/app.py")},
			used:  []Workdir{{"/home/kim/shop", WorkdirInferred}},
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			r := newRooter(Options{Root: "/repo", Workdir: tc.workdir, Exists: exists, Names: tc.names})
			r.infer = true
			runSteps(t, r, tc.steps)
			assert.Equal(t, tc.used, r.take())
		})
	}
}

// runSteps tells the rooter each step in turn.
func runSteps(t *testing.T, r *rooter, steps []pathStep) {
	t.Helper()
	for _, s := range steps {
		switch s.do {
		case "cwd":
			r.setCwd(s.arg)
		case "hint":
			r.setHint(s.arg)
		case "read":
			r.relRead(s.arg)
		case "readmaps":
			assert.Equal(t, s.want, r.relRead(s.arg), "maps %s, read", s.arg)
		case "ran":
			r.ran(s.arg, "")
		case "known":
			r.seed([]Workdir{{Path: s.arg, From: WorkdirInferred}})
		case "gitroot":
			r.setGitRoot(s.arg)
		case "repo":
			r.setRepo(s.arg)
		case "why":
			assert.Equal(t, s.want, r.whyOutside(s.arg), "why %s is outside", s.arg)
		default:
			got := r.relIn(r.cwd, s.arg)
			assert.Equal(t, s.want, got, "maps %s", s.arg)
		}
	}
}

// TestRooterNamedRoot: a session started in a subfolder, whose record
// keeps no git root, has the folder above it that bears the repository's
// name for the root when the subfolder is one the base tree has: a new
// README.md it writes is the subfolder's, never the root's. With nothing
// named, or a subfolder the tree does not have, the session's folder
// stands in for the root as before (--workdir places it).
func TestRooterNamedRoot(t *testing.T) {
	tree := map[string]string{"README.md": "README.md", "sub": "sub", "sub/main.py": "sub/main.py", "sub/x": "sub/x",
		"sub/x/a.py": "sub/x/a.py", "docs": "docs"}
	lower := map[string]string{}
	for k, v := range tree {
		lower[strings.ToLower(k)] = v
	}
	tests := map[string]struct {
		root  string   // Options.Root; "/repo" when ""
		names []string // Options.Names
		steps []pathStep
		used  []Workdir
	}{
		"cwd in a subfolder of a folder named as this clone": {
			root: "/srv/clones/proj",
			steps: []pathStep{cwd("/home/u/proj/sub"), maps("/home/u/proj/sub/README.md", "sub/README.md"),
				maps("/home/u/proj/sub/x/new.py", "sub/x/new.py"), maps("/home/u/proj/sub/main.py", "sub/main.py"),
				maps("/home/u/proj/README.md", "README.md")},
			used: []Workdir{{"/home/u/proj", WorkdirInferred}},
		},
		"cwd deeper, under a folder named as the remote": {
			names: []string{"https://github.com/u/proj.git"},
			steps: []pathStep{cwd("/home/u/proj/sub/x"), maps("/home/u/proj/sub/x/README.md", "sub/x/README.md")},
			used:  []Workdir{{"/home/u/proj", WorkdirInferred}},
		},
		"the nearest named folder above cwd": {
			names: []string{"proj"},
			steps: []pathStep{cwd("/home/u/proj/work/proj/sub"), maps("/home/u/proj/work/proj/sub/README.md", "sub/README.md")},
			used:  []Workdir{{"/home/u/proj/work/proj", WorkdirInferred}},
		},
		"a read above cwd, before any write, is the root's": {
			names: []string{"proj"},
			steps: []pathStep{cwd("/home/u/proj/sub"), {do: "readmaps", arg: "/home/u/proj/README.md", want: "README.md"},
				maps("/home/u/proj/sub/README.md", "sub/README.md")},
			used: []Workdir{{"/home/u/proj", WorkdirInferred}},
		},
		"a path under the agent's home": {
			names: []string{"proj"},
			steps: []pathStep{cwd("/home/u/proj/sub"), maps("~/proj/sub/README.md", "sub/README.md"), maps(`~\proj\sub\x\new.py`, "sub/x/new.py")},
			used:  []Workdir{{"/home/u/proj", WorkdirInferred}},
		},
		"cwd written under ~": {
			names: []string{"proj"},
			steps: []pathStep{cwd("~/proj/sub"), maps("~/proj/sub/README.md", "sub/README.md")},
			used:  []Workdir{{"~/proj", WorkdirInferred}},
		},
		"Windows, any case": {
			names: []string{"proj"},
			steps: []pathStep{cwd(`C:\Users\U\PROJ\Sub`), maps(`C:\Users\U\PROJ\Sub\README.md`, "sub/README.md"),
				maps(`c:\users\u\proj\SUB\X\new.py`, "sub/x/new.py"), maps(`C:\Users\U\PROJ\readme.md`, "README.md")},
			used: []Workdir{{"C:/Users/U/PROJ", WorkdirInferred}},
		},
		"POSIX names keep their case: nothing named, and sub/ could be the folder": {
			names: []string{"proj"},
			steps: []pathStep{cwd("/home/u/PROJ/sub"), maps("/home/u/PROJ/sub/README.md", "/home/u/PROJ/sub/README.md")},
		},
		"the session moves, within the root, then to another clone's subfolder": {
			names: []string{"proj"},
			steps: []pathStep{cwd("/home/u/proj/sub"), maps("/home/u/proj/sub/README.md", "sub/README.md"),
				cwd("/home/u/proj/docs"), maps("/home/u/proj/docs/README.md", "docs/README.md"),
				cwd("/srv/ci/proj/sub"), maps("/srv/ci/proj/sub/README.md", "sub/README.md")},
			used: []Workdir{{"/home/u/proj", WorkdirInferred}, {"/srv/ci/proj", WorkdirInferred}},
		},
		"a recorded git root wins": {
			names: []string{"proj"},
			steps: []pathStep{cwd("/home/u/proj/sub/x"), {do: "gitroot", arg: "/home/u/proj/sub"},
				maps("/home/u/proj/sub/x/README.md", "x/README.md")},
			used: []Workdir{{"/home/u/proj/sub", WorkdirRecorded}},
		},
		"cwd itself named is the root": {
			names: []string{"proj"},
			steps: []pathStep{cwd("/home/u/proj"), maps("/home/u/proj/README.md", "README.md"), maps("/home/u/proj/sub/README.md", "sub/README.md")},
			used:  []Workdir{{"/home/u/proj", WorkdirRecorded}},
		},
		"cwd itself named, inside another folder of that name": {
			names: []string{"proj"},
			steps: []pathStep{cwd("/home/u/proj/proj"), maps("/home/u/proj/proj/README.md", "README.md")},
			used:  []Workdir{{"/home/u/proj/proj", WorkdirRecorded}},
		},
		"nothing named, and the tree has sub/: the root's README.md or sub/'s, so neither": {
			steps: []pathStep{cwd("/home/u/proj/sub"), maps("/home/u/proj/sub/README.md", "/home/u/proj/sub/README.md"),
				maps("/home/u/proj/sub/new.txt", "/home/u/proj/sub/new.txt")},
		},
		"no folder recorded (Gemini CLI, Cursor): the shortest folder of the repository's name": {
			names: []string{"proj"},
			steps: []pathStep{maps("/home/u/proj/sub/README.md", "sub/README.md"), maps("/home/u/proj/README.md", "README.md")},
			used:  []Workdir{{"/home/u/proj", WorkdirInferred}},
		},
		"no folder recorded: a longer folder of that name is not taken by its name (its files place it)": {
			names: []string{"proj"},
			steps: []pathStep{maps("/home/u/proj/vendor/proj/sub/x/a.py", "sub/x/a.py")},
			used:  []Workdir{{"/home/u/proj/vendor/proj", WorkdirInferred}},
		},
		"no folder recorded: the one folder of the repository's name, a new folder under it": {
			names: []string{"proj"},
			steps: []pathStep{maps("/home/u/proj/notes/plan.md", "notes/plan.md")},
			used:  []Workdir{{"/home/u/proj", WorkdirInferred}},
		},
		"no folder recorded: of two folders of that name, the shorter only if the tree could hold the rest": {
			names: []string{"proj"},
			steps: []pathStep{maps("/home/u/proj/proj/new/x.py", "/home/u/proj/proj/new/x.py")},
		},
		"no folder recorded, nothing named, and the tree has sub/: neither": {
			steps: []pathStep{maps("/home/u/x/sub/README.md", "/home/u/x/sub/README.md"),
				{do: "why", arg: "/home/u/x/sub/README.md", want: "the agent's folder /home/u/x/sub may be the repository's root or its folder sub/: " +
					"this is README.md or sub/README.md, and nothing in the record tells which (--workdir names the root)"}},
		},
		"no folder recorded, nothing named: a path that can only be one place places the root": {
			steps: []pathStep{maps("/home/u/x/sub/main.py", "sub/main.py"), maps("/home/u/x/sub/README.md", "sub/README.md")},
			used:  []Workdir{{"/home/u/x", WorkdirInferred}},
		},
		"nothing named, and a file read there places the root": {
			steps: []pathStep{cwd("/home/u/proj/sub"), {do: "read", arg: "/home/u/proj/sub/README.md"},
				maps("/home/u/proj/sub/README.md", "README.md")},
			used: []Workdir{{"/home/u/proj/sub", WorkdirRecorded}},
		},
		"nothing named, and the tree has no folder of the session's folder's name: cwd stands in, as before": {
			steps: []pathStep{cwd("/home/u/proj/other"), maps("/home/u/proj/other/README.md", "README.md")},
			used:  []Workdir{{"/home/u/proj/other", WorkdirRecorded}},
		},
		"cwd's folder missing from the tree: as before": {
			names: []string{"proj"},
			steps: []pathStep{cwd("/home/u/proj/notes"), maps("/home/u/proj/notes/README.md", "README.md")},
			used:  []Workdir{{"/home/u/proj/notes", WorkdirRecorded}},
		},
		"recorded on this machine, in a subfolder": {
			root:  "/work/proj",
			steps: []pathStep{cwd("/work/proj/sub"), maps("/work/proj/sub/README.md", "sub/README.md")},
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			root := tc.root
			if root == "" {
				root = "/repo"
			}
			r := newRooter(Options{Root: root, Names: tc.names,
				Exists: func(p string) bool { _, ok := tree[p]; return ok },
				Fold:   func(p string) string { return lower[strings.ToLower(p)] }})
			r.infer = true
			runSteps(t, r, tc.steps)
			assert.Equal(t, tc.used, r.take())
		})
	}
}

// FuzzRooter: whatever the record says, a mapped path is either
// absolute (outside) or a clean relative path that does not climb out.
func FuzzRooter(f *testing.F) {
	f.Add("/home/kim", "/home/kim/shop/src/app.py", "")
	f.Add(`C:\Users\kim`, `C:\Users\kim\shop\..\..\x`, `C:\Users`)
	f.Add("/", "/../etc/passwd", "/workspace")
	f.Fuzz(func(t *testing.T, dir, p, workdir string) {
		r := newRooter(Options{Root: "/repo", Workdir: workdir, Exists: func(s string) bool { return strings.HasPrefix(s, "src/") }})
		r.infer = true
		r.setCwd(dir)
		got := r.relIn(r.cwd, p)
		if isAbs(p) || isAbs(dir) {
			if !isAbs(got) && (got == ".." || strings.HasPrefix(got, "../")) {
				t.Fatalf("%q in %q mapped to %q, which climbs out", p, dir, got)
			}
		}
	})
}

// A Windows path names the base tree's file whatever its case; a POSIX
// path is case-sensitive, as its file system is.
func TestRooterCaseInsensitiveBase(t *testing.T) {
	tree := map[string]string{"src": "src", "src/app": "src/app", "src/app/globals.css": "src/app/globals.css"}
	r := newRooter(Options{Root: "/repo",
		Exists: func(p string) bool { _, ok := tree[p]; return ok },
		Fold:   func(p string) string { return tree[strings.ToLower(p)] }})
	r.infer = true
	r.setCwd(`C:\Users\Jo\site`)
	assert.Equal(t, "src/app/globals.css", r.rel(`c:\users\jo\SITE\SRC\App\GLOBALS.CSS`))
	assert.Equal(t, "src/app/page.tsx", r.rel(`C:\Users\Jo\site\SRC\APP\page.tsx`))
	assert.Equal(t, "NEW/x.md", r.rel(`C:\Users\Jo\site\NEW\x.md`), "a new folder keeps the case written")

	p := newRooter(Options{Root: "/repo",
		Exists: func(p string) bool { _, ok := tree[p]; return ok },
		Fold:   func(p string) string { return tree[strings.ToLower(p)] }})
	p.infer = true
	p.setCwd("/home/jo/site")
	assert.Equal(t, "src/app/globals.css", p.rel("/home/jo/site/src/app/globals.css"))
	assert.Equal(t, "SRC/App/x.css", p.rel("/home/jo/site/SRC/App/x.css"))
}

// FuzzRan: whatever command the agent ran, learning from it never panics
// and names no folder but a clean absolute one.
func FuzzRan(f *testing.F) {
	f.Add("mkdir web && cd web && git init", "/home/jo")
	f.Add("git init -q ./app; cd app", `C:\Users\jo`)
	f.Add("cd ~ && git init x", "")
	f.Add("cd '' && git init \"\"", "/")
	f.Fuzz(func(t *testing.T, cmd, cwd string) {
		r := newRooter(Options{Root: "/repo", Exists: func(string) bool { return false }})
		r.infer = true
		r.setCwd(cwd)
		r.ran(cmd, "")
		for _, d := range r.dirs {
			if cleanAbs(d.Path) != d.Path {
				t.Fatalf("learned %q from %q in %q: not a clean absolute folder", d.Path, cmd, cwd)
			}
		}
	})
}
