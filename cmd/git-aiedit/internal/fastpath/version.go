package fastpath

import (
	"runtime"
	_ "unsafe" // go:linkname

	"github.com/git-aiedit/git-aiedit/check/syntax/langs"
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
	return string(appendVersionLine(nil, s, factsOf(b)))
}

// VersionHead is VersionLine's first line, without the syntax checks:
// the root help's VERSION section, where a second line would read as a
// stray one under it.
func VersionHead(s Stamp, b *Build) string {
	return string(appendVersionHead(nil, s, factsOf(b)))
}

func factsOf(b *Build) facts {
	var f facts
	if b != nil {
		f.version = b.Version
		for _, kv := range b.Settings {
			f.set(kv[0], kv[1])
		}
	}
	return f
}

// facts is what the version line uses of the build information.
type facts struct {
	version, revision, time string
	modified                bool
}

// set records one build setting, the first of each as VersionLine reads
// them (vcs.modified: the last).
func (f *facts) set(key, value string) {
	switch {
	case key == "vcs.revision" && f.revision == "":
		f.revision = value
	case key == "vcs.time" && f.time == "":
		f.time = value
	case key == "vcs.modified":
		f.modified = value == "true"
	}
}

// appendVersionLine appends VersionLine's text to dst.
func appendVersionLine(dst []byte, s Stamp, f facts) []byte {
	return appendSummary(append(appendVersionHead(dst, s, f), "\nsyntax checks: "...))
}

// appendVersionHead appends VersionHead's text to dst.
func appendVersionHead(dst []byte, s Stamp, f facts) []byte {
	v, commit, date := s.Version, s.Commit, s.Date
	if v == "" {
		v = f.version
	}
	if commit == "" {
		commit = f.revision
	}
	if date == "" {
		date = f.time
	}
	if v == "" {
		v = "(devel)"
	}
	dst = append(append(dst, "git-aiedit version "...), v...)
	if commit != "" {
		if len(commit) > 12 {
			commit = commit[:12]
		}
		dst = append(append(dst, " (commit "...), commit...)
		if date != "" {
			dst = append(append(dst, ", "...), date...)
		}
		if f.modified {
			dst = append(dst, ", modified"...)
		}
		dst = append(dst, ')')
	}
	// runtime/debug's BuildInfo.GoVersion is runtime.Version() too.
	dst = append(append(dst, ' '), runtime.Version()...)
	dst = append(append(append(append(dst, ' '), runtime.GOOS...), '/'), runtime.GOARCH...)
	return dst
}

// appendSummary appends langs.Summary() to dst, without the strings it
// joins on the way (TestSummary holds the two to the same text).
func appendSummary(dst []byte) []byte {
	all := langs.Languages()
	n := 0
	for _, l := range all {
		if l.Built {
			if n > 0 {
				dst = append(dst, ' ')
			}
			dst = append(dst, l.Name...)
			n++
		}
	}
	if langs.TreeSitter {
		return dst
	}
	dst = append(dst, " (Python by its lexer only; without cgo, so no tree-sitter: "...)
	n = 0
	for _, l := range all {
		if !l.Built {
			if n > 0 {
				dst = append(dst, ' ')
			}
			dst = append(dst, l.Name...)
			n++
		}
	}
	return append(dst, " unchecked)"...)
}

// readBuild reads this binary's build information as
// runtime/debug.ReadBuildInfo does, as far as the version line goes, and
// whether it could: zero facts when ReadBuildInfo would find none.
func readBuild() (f facts, ok bool) {
	data := modinfo()
	if len(data) < 32 {
		return facts{}, true
	}
	return parseBuild(data[16 : len(data)-16])
}

// parseBuild reads what VersionLine uses of build information in the
// format of runtime/debug.BuildInfo.String, which the linker writes,
// without copying it. It reports false for what it is not sure to read
// as runtime/debug.ParseBuildInfo does (then the caller leaves the answer
// to main): a module line without two or three columns, a build line
// that is not key=value, or a quoted vcs.* value. Other quoted keys and
// values (-ldflags="-s -w") are settings the version line does not use.
func parseBuild(data string) (facts, bool) {
	var f facts
	for {
		line, rest, ok := cut(data, "\n")
		if !ok {
			// ParseBuildInfo also ignores an unterminated last line.
			return f, true
		}
		data = rest
		switch {
		case hasPrefix(line, "mod\t"):
			// path, version and (not always) sum, tab-separated
			cols := line[len("mod\t"):]
			if n := count(cols, '\t'); n != 1 && n != 2 {
				return facts{}, false
			}
			_, cols, _ = cut(cols, "\t")
			f.version, _, _ = cut(cols, "\t")
		case hasPrefix(line, "build\t"):
			kv := line[len("build\t"):]
			if quoted(kv) {
				continue
			}
			key, value, ok := cut(kv, "=")
			if !ok || key == "" {
				return facts{}, false
			}
			if quoted(value) {
				if hasPrefix(key, "vcs.") {
					return facts{}, false
				}
				continue
			}
			f.set(key, value)
		}
	}
}

// count is the number of c in s.
func count(s string, c byte) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			n++
		}
	}
	return n
}

func hasPrefix(s, prefix string) bool { return len(s) >= len(prefix) && s[:len(prefix)] == prefix }

func quoted(s string) bool { return s != "" && (s[0] == '"' || s[0] == '`') }
