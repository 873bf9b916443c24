// Package fastpath answers `git-aiedit --help`, `-h`, `--version` and a
// bare `git-aiedit` during package initialization, and exits.
//
// Every package linked into the binary is initialized before main runs,
// and those of go-git and its OpenPGP and crypto dependencies, gob, YAML,
// TOML and the rest cost more than printing the help itself (issue 14).
// Go initializes packages in import-path order as far as their imports
// allow, so a package is initialized early only if everything it imports
// is: this one imports only os (and embed, unsafe and hooks/syntax/langs,
// which import no more), and is initialized right after os. For these
// few invocations, whose output is known without the rest, it prints
// that output and exits before the rest is reached. Every other
// invocation goes on to main as usual. Importing strings, fmt or
// runtime/debug here would let most other packages be initialized
// first, and this package would save little.
//
// help.txt is urfave/cli's rendering of the root command's help, with
// @VERSION@ for the version line. TestFastPath in package main checks it
// against that rendering, and rewrites it with -update.
package fastpath

import (
	_ "embed"
	"os"
)

//go:embed help.txt
var help string

// VersionMarker stands for the version line in help.txt.
const VersionMarker = "@VERSION@"

func init() {
	// A test binary (go test -c) run by hand keeps its own flags and
	// runs its tests; run as git-aiedit (testscript), it is the command.
	if len(os.Args) == 0 || hasSuffix(os.Args[0], ".test") || hasSuffix(os.Args[0], ".test.exe") {
		return
	}
	if out, ok := Answer(os.Args[1:]); ok {
		// urfave/cli ignores a failed write of help or version too, and
		// exits 0.
		_, _ = os.Stdout.WriteString(out)
		os.Exit(0)
	}
}

// Answer is what git-aiedit prints on standard output for args (os.Args
// without the program name) when that is all it does, and whether this
// package knows it.
func Answer(args []string) (string, bool) {
	// With these set, urfave/cli also traces to standard error.
	if os.Getenv("URFAVE_CLI_TRACING") == "on" || os.Getenv("CLI_TEMPLATE_ERROR_DEBUG") != "" {
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
	b, ok := readBuild()
	if !ok {
		return "", false
	}
	v := VersionLine(Stamp{version, commit, date}, b)
	if which == "--version" {
		return v + "\n", true
	}
	before, after, ok := cut(help, VersionMarker)
	if !ok {
		return "", false
	}
	return before + v + after, true
}

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
