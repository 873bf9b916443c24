package transcript

import (
	"path"
	"strings"
)

// ran learns from a command the agent ran in dir (its recorded working
// directory when ""): `git init` names the folder it ran in, or the one
// it was given, as the repository's root. On a base with no file yet
// nothing else could: no recorded path maps onto an existing file.
// "cd X" earlier in the same command line moves the folder.
func (r *rooter) ran(cmd, dir string) {
	if strings.Contains(cmd, "mkdir") {
		r.mkdirs(cmd, dir)
	}
	if !strings.Contains(cmd, "git") || !strings.Contains(cmd, "init") {
		return // nearly every command
	}
	d := cleanAbs(dir)
	if d == "" {
		d = r.cwd
	}
	for _, seg := range splitChain(cmd) {
		f := strings.Fields(seg)
		switch {
		case len(f) == 2 && f[0] == "cd":
			d = joinAbs(d, strings.Trim(f[1], `"'`))
		case len(f) >= 2 && f[0] == "git" && f[1] == "init":
			at := d
			for i := 2; i < len(f); i++ {
				switch a := f[i]; {
				case initValued[a]:
					i++ // -b main: the branch, not the folder
				case !strings.HasPrefix(a, "-"):
					at = joinAbs(d, strings.Trim(a, `"'`))
				}
			}
			if at != "" {
				r.setHint(at)
			}
			return
		}
	}
}

// initValued are git init's options whose value is the next word.
var initValued = map[string]bool{"-b": true, "--initial-branch": true, "--template": true,
	"--separate-git-dir": true, "--object-format": true, "--ref-format": true}

// joinAbs is p taken from the absolute folder d; "" when neither says
// where it is.
func joinAbs(d, p string) string {
	if a := cleanAbs(p); a != "" {
		return a
	}
	if d == "" || strings.HasPrefix(p, "~") {
		return ""
	}
	return path.Clean(d + "/" + strings.ReplaceAll(p, `\`, "/"))
}

// mkdirs learns the folders `mkdir [-p] DIR…` made (in dir, else the
// recorded working directory): a file the agent then writes in one is
// a new folder's, which plausible takes under the working directory as
// it takes a folder the base tree has.
func (r *rooter) mkdirs(cmd, dir string) {
	d := cleanAbs(dir)
	if d == "" {
		d = r.cwd
	}
	for _, seg := range splitChain(cmd) {
		f := strings.Fields(seg)
		switch {
		case len(f) == 2 && f[0] == "cd":
			d = joinAbs(d, strings.Trim(f[1], `"'`))
		case len(f) >= 2 && f[0] == "mkdir":
			for _, a := range f[1:] {
				if strings.HasPrefix(a, "-") {
					continue
				}
				if at := joinAbs(d, strings.Trim(a, `"'`)); at != "" {
					if r.made == nil {
						r.made = map[string]bool{}
					}
					r.made[at] = true
				}
			}
		}
	}
}
