package gitops

import (
	"bytes"
	"compress/zlib"
	"hash/adler32"
	"io"
	"os"
	"path/filepath"
	"strings"
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

// TestPendingPackStoresAndDeflates: objects up to storeMax are stored in
// a hand-made zlib stream and larger ones deflated; both read back as
// written before the pack is published; git must read every
// one back byte for byte from the published pack (verify-pack checks
// each entry's stream and checksums), and zlib must read the stored
// stream as it reads its own NoCompression output.
func TestPendingPackStoresAndDeflates(t *testing.T) {
	gittest.Setenv(t)
	r := gittest.New(t, map[string]string{"a.txt": "a\n"})
	repo := open(t, r)
	sizes := []int{0, 1, 2, 255, 256, 4095, storeMax - 1, storeMax, storeMax + 1, 3 * storeMax}
	want := map[plumbing.Hash][]byte{}
	for _, n := range sizes {
		data := make([]byte, n)
		for i := range data {
			data[i] = byte(i*7 + n) // not all one byte: deflate has work to do
		}
		h, err := repo.writeObject(plumbing.BlobObject, data)
		require.NoError(t, err)
		want[h] = data
	}
	for h, data := range want { // read back from the pending pack, stored ones without an inflater
		got, err := repo.readObject(plumbing.BlobObject, h)
		require.NoError(t, err)
		require.Equal(t, data, got, "blob of %d bytes read back", len(data))
	}
	prot, err := repo.ProtectWritten()
	require.NoError(t, err)
	defer prot.Release()
	keeps, _ := filepath.Glob(filepath.Join(r.Dir, ".git", "objects", "pack", "pack-*.keep"))
	require.Len(t, keeps, 1)
	idx := strings.TrimSuffix(keeps[0], ".keep") + ".idx"
	out := gittest.Run(t, r.Dir, nil, "verify-pack", "-v", idx)
	for h, data := range want {
		require.Contains(t, out, h.String())
		require.Equal(t, string(data), gittest.Run(t, r.Dir, nil, "cat-file", "blob", h.String()), "blob of %d bytes", len(data))
	}

	for _, n := range sizes[:7] {
		var pack bytes.Buffer
		p := &pendingPack{adler: adler32.New()}
		p.crc = hashWriter{w: &pack}
		data := bytes.Repeat([]byte{'x'}, n)
		require.NoError(t, p.store(int64(n), bytes.NewReader(data)))
		zr, err := zlib.NewReader(&pack)
		require.NoError(t, err)
		got, err := io.ReadAll(zr)
		require.NoError(t, err, "stored stream of %d bytes", n)
		require.Equal(t, data, got)
		require.NoError(t, zr.Close())
		require.Zero(t, pack.Len(), "nothing after the stream")
	}
}
