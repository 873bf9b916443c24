// Package extdata finds the data sets that some tests read from outside
// the repository (public conformance cases, the aider replay set), and
// says loudly when one is missing: a skipped figure must never pass for a
// checked one.
package extdata

import (
	"fmt"
	"os"
	"testing"
)

// Require skips t when path does not exist, printing why to standard
// error and to the terminal as well as to the test log, so that the skip
// shows in a plain `go test ./...` run and not only with -v. what names the data, how says
// where to get it.
func Require(t testing.TB, path, what, how string) {
	t.Helper()
	if _, err := os.Stat(path); err == nil {
		return
	}
	Missing(t, path, what, how)
}

// Missing skips t as Require does, for a caller that found the data
// missing itself (a folder that exists but holds no cases).
func Missing(t testing.TB, path, what, how string) {
	t.Helper()
	msg := fmt.Sprintf("%s: SKIPPED: %s is not at %s; %s", t.Name(), what, path, how)
	fmt.Fprintln(os.Stderr, "\n*** "+msg)
	tell(msg)
	t.Skip(msg)
}

// terminal is where a skip is said besides the test's output: `go test
// ./...` shows a passing package's output only with -v, so a developer
// at a terminal would otherwise not see that a figure went unchecked.
// Without a terminal (CI), -v or -json shows it.
var terminal = "/dev/tty"

func tell(msg string) {
	f, err := os.OpenFile(terminal, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return
	}
	defer f.Close()
	fmt.Fprintln(f, "*** "+msg)
}

// AiderReplayHow says where the aider replay set comes from, for the tests
// that read it.
const AiderReplayHow = "rebuild it from aider's public history with scripts/aider-replay-data and point AIEDIT_AIDER_REPLAY at it " +
	"(docs/conformance.md, \"Rebuilding the aider replay data\"), or put the shared set beside this repository as ../shared/bench/aider-replay"
