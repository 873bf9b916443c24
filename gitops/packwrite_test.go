package gitops

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

// TestPendingPackLeftByKilledRun: the next run removes the pending pack a
// killed run left (nobody holds it) and an old half-written index, and
// leaves alone the pending pack of a run still going.
func TestPendingPackLeftByKilledRun(t *testing.T) {
	gittest.Setenv(t)
	r := gittest.New(t, map[string]string{"a.txt": "a\n"})
	packDir := filepath.Join(r.Dir, ".git", "objects", "pack")
	require.NoError(t, os.MkdirAll(packDir, 0o755))
	killed := filepath.Join(packDir, pendingPrefix+"killed")
	require.NoError(t, os.WriteFile(killed, []byte("PACK"), 0o600))
	minute := time.Now().Add(-2 * time.Minute)
	require.NoError(t, os.Chtimes(killed, minute, minute))
	young := filepath.Join(packDir, pendingPrefix+"young") // just created: not locked yet
	require.NoError(t, os.WriteFile(young, []byte("PACK"), 0o600))
	oldIdx := filepath.Join(packDir, "aiedit-incoming-idx-old")
	require.NoError(t, os.WriteFile(oldIdx, nil, 0o600))
	hour := time.Now().Add(-2 * time.Hour)
	require.NoError(t, os.Chtimes(oldIdx, hour, hour))
	newIdx := filepath.Join(packDir, "aiedit-incoming-idx-new")
	require.NoError(t, os.WriteFile(newIdx, nil, 0o600))

	running, err := newPendingPack(packDir) // another run, going on
	require.NoError(t, err)
	defer running.discard()

	repo := open(t, r)
	_, err = repo.writeObject(plumbing.BlobObject, []byte("new\n"))
	require.NoError(t, err)
	for path, want := range map[string]bool{killed: false, oldIdx: false, newIdx: true, young: true, running.f.Name(): true} {
		_, err := os.Stat(path)
		require.Equal(t, want, err == nil, path)
	}
	prot, err := repo.ProtectWritten()
	require.NoError(t, err)
	prot.Release()
	left, _ := filepath.Glob(filepath.Join(packDir, pendingPrefix+"*"))
	require.ElementsMatch(t, []string{running.f.Name(), young}, left, "the run left its pending pack")
}
