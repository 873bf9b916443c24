package extdata

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMissingTellsTheTerminal: a skip for missing data is said on the
// terminal too, where `go test ./...` would hide a passing package's
// output, naming the test, the data and how to get it.
func TestMissingTellsTheTerminal(t *testing.T) {
	tty := filepath.Join(t.TempDir(), "tty")
	require.NoError(t, os.WriteFile(tty, nil, 0o600))
	defer func(s string) { terminal = s }(terminal)
	terminal = tty

	inner := &testing.T{}
	done := make(chan struct{})
	go func() {
		defer close(done)
		Require(inner, filepath.Join(t.TempDir(), "absent"), "the replay set", "rebuild it with scripts/aider-replay-data")
	}()
	<-done
	assert.True(t, inner.Skipped(), "the test is skipped")
	said, err := os.ReadFile(tty)
	require.NoError(t, err)
	assert.Regexp(t, `^\*\*\* : SKIPPED: the replay set is not at .*absent; rebuild it with scripts/aider-replay-data\n$`, string(said))

	terminal = filepath.Join(t.TempDir(), "no", "tty")
	inner = &testing.T{}
	done = make(chan struct{})
	go func() { defer close(done); Missing(inner, "x", "data", "how") }()
	<-done
	assert.True(t, inner.Skipped(), "no terminal: skipped all the same")
}
