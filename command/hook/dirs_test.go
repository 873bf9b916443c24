package hook

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCreatedDirs: uninstall removes every directory install created for
// the file, from the innermost out, and stops at one that holds anything
// else or that was there before.
func TestCreatedDirs(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "Documents", "Cline", "Hooks")
	top := firstMissing(dir)
	assert.Equal(t, filepath.Join(root, "Documents"), top)
	assert.Empty(t, firstMissing(root), "an existing directory is not install's")
	require.NoError(t, os.MkdirAll(dir, 0o755))

	// Something else was put beside it since: that directory stays.
	require.NoError(t, os.WriteFile(filepath.Join(root, "Documents", "notes.txt"), nil, 0o644))
	removeEmpty(dir, top)
	assert.NoDirExists(t, filepath.Join(root, "Documents", "Cline"))
	assert.DirExists(t, filepath.Join(root, "Documents"))

	require.NoError(t, os.Remove(filepath.Join(root, "Documents", "notes.txt")))
	require.NoError(t, os.MkdirAll(dir, 0o755))
	removeEmpty(dir, top)
	assert.NoDirExists(t, filepath.Join(root, "Documents"))
	assert.DirExists(t, root, "never above what install created")
}
