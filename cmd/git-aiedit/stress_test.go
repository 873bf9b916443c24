package main

import (
	"os"
	"testing"
)

// stressEnv names the variable that runs the stress tests in full: the
// kill loops (TestKilledApply, TestKilledLand) kill many times, and
// TestConcurrentApplies races 64 processes. CI sets it (.ci/run runs them
// again so); without it each runs a few rounds of every scenario, so that
// `go test ./...` answers in minutes.
const stressEnv = "AIEDIT_STRESS"

// rounds is full when the stress runs are asked for, else short.
func rounds(short, full int) int {
	if stressFull() {
		return full
	}
	return short
}

func stressFull() bool { return os.Getenv(stressEnv) == "1" }

// skipUnlessStress skips a test that only the full stress run makes.
func skipUnlessStress(t *testing.T, what string) {
	t.Helper()
	if !stressFull() {
		t.Skipf("%s: runs with %s=1 (CI sets it)", what, stressEnv)
	}
}
