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
// error as well as to the test log, so that the skip shows in a plain
// `go test` run and not only with -v. what names the data, how says
// where to get it.
func Require(t testing.TB, path, what, how string) {
	t.Helper()
	if _, err := os.Stat(path); err == nil {
		return
	}
	msg := fmt.Sprintf("%s: SKIPPED: %s is not at %s; %s", t.Name(), what, path, how)
	fmt.Fprintln(os.Stderr, "\n*** "+msg)
	t.Skip(msg)
}
