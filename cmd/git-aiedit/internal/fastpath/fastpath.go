// Package fastpath answers `git-aiedit --help`, `-h`, `--version` and a
// bare `git-aiedit` during package initialization, and exits.
//
// Every package linked into the binary is initialized before main runs,
// and those of go-git, gitleaks' rules with viper and its imports, gob,
// YAML, TOML and the rest cost more than printing the help itself.
// Go initializes packages in import-path order as far as their imports
// allow: a package that imports nothing with an init of its own is ready
// at once, and is initialized right after the runtime and the few ready
// packages whose paths sort before it. This one is such a package where
// the system has it (sys_unix.go): it takes the arguments and the
// environment from the runtime and writes and exits through the
// runtime's own functions, the ones os and syscall use, so not even os
// is initialized before it answers. It imports only runtime, unsafe and
// check/syntax/langs (which imports nothing). Elsewhere (sys_other.go) it
// imports os, and is initialized right after os. For these few
// invocations, whose output is known without the rest, it prints that
// output and exits before the rest is reached. Every other invocation goes
// on to main as usual. Importing strings, fmt or runtime/debug here would
// let most other packages be initialized first, and this package would
// save little.
//
// help (help.go) is urfave/cli's rendering of the root command's help,
// with @VERSION@ for the version line; it is a Go constant, not an
// embedded file, because package embed would be one more import with
// others behind it. TestFastPathHelp in package main checks it against
// that rendering, and rewrites help.go with -update.
package fastpath

import "unsafe"

// VersionMarker stands for the version line in help.
const VersionMarker = "@VERSION@"

func init() {
	// A test binary (go test -c) run by hand keeps its own flags and
	// runs its tests; run as git-aiedit (testscript), it is the command.
	args := arguments()
	if len(args) == 0 || hasSuffix(args[0], ".test") || hasSuffix(args[0], ".test.exe") {
		return
	}
	if out, ok := Answer(args[1:]); ok {
		// urfave/cli ignores a failed write of help or version too, and
		// exits 0; an output that could not be written at all is left to
		// main, which reports it as it always has.
		if writeStdout(out) {
			exit(0)
		}
	}
}

// Answer is what git-aiedit prints on standard output for args (os.Args
// without the program name) when that is all it does, and whether this
// package knows it.
func Answer(args []string) (string, bool) { return answer(args, getenv) }

// answer is Answer with the environment read through getenv.
func answer(args []string, getenv func(string) string) (string, bool) {
	// With these set, urfave/cli also traces to standard error.
	if getenv("URFAVE_CLI_TRACING") == "on" || getenv("CLI_TEMPLATE_ERROR_DEBUG") != "" {
		return "", false
	}
	var which string
	switch len(args) {
	case 0:
		which = "--help"
	case 1:
		which = args[0]
	}
	if which != "--help" && which != "-h" && which != "--version" {
		return "", false
	}
	f, ok := readBuild()
	if !ok {
		return "", false
	}
	// One buffer for the whole answer: at start-up, every allocation of
	// a new size is a new span, and its first touch a page fault.
	stamp := Stamp{version, commit, date}
	if which == "--version" {
		return bytesString(append(appendVersionLine(make([]byte, 0, 512), stamp, f), '\n')), true
	}
	before, after, ok := cut(help, VersionMarker)
	if !ok {
		return "", false
	}
	out := append(make([]byte, 0, len(help)+512), before...)
	out = appendVersionHead(out, stamp, f)
	return bytesString(append(out, after...)), true
}

// bytesString is b as a string, without a copy: b is not written again.
func bytesString(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }

// hasSuffix and cut are those of package strings, which this package does
// not import (see the package comment).
func hasSuffix(s, suffix string) bool {
	return len(s) >= len(suffix) && s[len(s)-len(suffix):] == suffix
}

func cut(s, sep string) (before, after string, found bool) {
	for i := 0; i+len(sep) <= len(s); i++ {
		if s[i:i+len(sep)] == sep {
			return s[:i], s[i+len(sep):], true
		}
	}
	return s, "", false
}
