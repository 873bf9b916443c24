package fastpath

import (
	"runtime"
	_ "unsafe" // go:linkname

	"github.com/git-aiedit/git-aiedit/hooks/syntax/langs"
)

// version, commit and date are package main's variables, which releases
// set (goreleaser: -ldflags "-X main.version=1.2.3 -X main.commit=… -X
// main.date=…"). They are read here by their link names because this
// package runs before main, and cannot import it.
//
//go:linkname version main.version
//go:linkname commit main.commit
//go:linkname date main.date
var version, commit, date string

// Stamp is what a release build sets: main.version, main.commit and
// main.date ("" when not set).
type Stamp struct{ Version, Commit, Date string }

// modinfo is the build information the linker stores in the binary, as
// runtime/debug.ReadBuildInfo reads it; runtime/debug itself is not
// imported (see the package comment).
//
//go:linkname modinfo runtime/debug.modinfo
func modinfo() string

// Build is what the version line uses of a binary's build information
// (runtime/debug.BuildInfo).
type Build struct {
	Version  string      // the main module's version: v1.2.3 or (devel)
	Settings [][2]string // key and value of each build setting, in order
}

// VersionLine is "git-aiedit version V (commit C, DATE[, modified]) GO
// OS/ARCH", then which languages this build's syntax check knows (a
// build without cgo has no tree-sitter grammars). V, C and DATE are the
// release's when s says so; otherwise they come from b, the build
// information: the module's version (go install …@v1.2.3) or "(devel)",
// and the VCS revision and time of a build from a checkout. b is nil
// when the binary has none.
func VersionLine(s Stamp, b *Build) string {
	v, commit, date, modified := s.Version, s.Commit, s.Date, false
	if b != nil {
		if v == "" {
			v = b.Version
		}
		for _, kv := range b.Settings {
			switch {
			case kv[0] == "vcs.revision" && commit == "":
				commit = kv[1]
			case kv[0] == "vcs.time" && date == "":
				date = kv[1]
			case kv[0] == "vcs.modified":
				modified = kv[1] == "true"
			}
		}
	}
	if v == "" {
		v = "(devel)"
	}
	line := "git-aiedit version " + v
	if commit != "" {
		if len(commit) > 12 {
			commit = commit[:12]
		}
		line += " (commit " + commit
		if date != "" {
			line += ", " + date
		}
		if modified {
			line += ", modified"
		}
		line += ")"
	}
	// runtime/debug's BuildInfo.GoVersion is runtime.Version() too.
	return line + " " + runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH + "\nsyntax checks: " + langs.Summary()
}

// readBuild reads this binary's build information, and whether it could
// read it as runtime/debug.ReadBuildInfo does: b is nil when
// ReadBuildInfo would find none.
func readBuild() (b *Build, ok bool) {
	data := modinfo()
	if len(data) < 32 {
		return nil, true
	}
	return parseBuild(data[16 : len(data)-16])
}

// parseBuild reads what VersionLine uses of build information in the
// format of runtime/debug.BuildInfo.String, which the linker writes. It
// reports false for what it is not sure to read as
// runtime/debug.ParseBuildInfo does (then the caller leaves the answer to
// main): a module line without two or three columns, a build line that is
// not key=value, or a quoted vcs.* value. Other quoted keys and values
// (-ldflags="-s -w") are settings the version line does not use.
func parseBuild(data string) (*Build, bool) {
	b := &Build{}
	for {
		line, rest, ok := cut(data, "\n")
		if !ok {
			// ParseBuildInfo also ignores an unterminated last line.
			return b, true
		}
		data = rest
		switch {
		case hasPrefix(line, "mod\t"):
			cols := split(line[len("mod\t"):], '\t')
			if len(cols) != 2 && len(cols) != 3 {
				return nil, false
			}
			b.Version = cols[1]
		case hasPrefix(line, "build\t"):
			kv := line[len("build\t"):]
			if quoted(kv) {
				continue
			}
			key, value, ok := cut(kv, "=")
			if !ok || key == "" {
				return nil, false
			}
			if quoted(value) {
				if hasPrefix(key, "vcs.") {
					return nil, false
				}
				continue
			}
			b.Settings = append(b.Settings, [2]string{key, value})
		}
	}
}

func hasPrefix(s, prefix string) bool { return len(s) >= len(prefix) && s[:len(prefix)] == prefix }

func quoted(s string) bool { return s != "" && (s[0] == '"' || s[0] == '`') }

func split(s string, sep byte) []string {
	var out []string
	for {
		i := 0
		for i < len(s) && s[i] != sep {
			i++
		}
		out = append(out, s[:i])
		if i == len(s) {
			return out
		}
		s = s[i+1:]
	}
}
