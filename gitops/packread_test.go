package gitops

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

// historyRepo makes a repository whose files change over many commits,
// so that a repack stores most versions as deltas (chains of them).
func historyRepo(t *testing.T) *gittest.Repo {
	t.Helper()
	gittest.Setenv(t)
	r := gittest.New(t, map[string]string{"a.txt": "start\n"})
	var body strings.Builder
	for i := range 200 {
		fmt.Fprintf(&body, "line %d of a file long enough to be worth a delta\n", i)
	}
	for i := range 30 {
		r.Write(t, "big.txt", body.String()+strings.Repeat("tail\n", i))
		r.Write(t, fmt.Sprintf("d%d/f.txt", i%4), strconv.Itoa(i)+"\n")
		r.Git(t, "add", "-A")
		r.Git(t, "commit", "-qm", "c"+strconv.Itoa(i))
	}
	return r
}

// allObjects lists every object git holds, with its type.
func allObjects(t *testing.T, dir string) map[plumbing.Hash]string {
	t.Helper()
	out := gittest.Run(t, dir, nil, "cat-file", "--batch-all-objects", "--batch-check=%(objectname) %(objecttype)")
	objs := map[plumbing.Hash]string{}
	for _, line := range strings.Split(out, "\n") {
		hex, typ, _ := strings.Cut(line, " ")
		objs[plumbing.NewHash(hex)] = typ
	}
	return objs
}

// TestPackSetReadsWhatGitReads reads every object of a repository
// in-process and compares it with git cat-file: loose objects, a pack of
// offset deltas (git's default), a pack of ref deltas, and a mix of the
// three. Deltas must really be there, or the test proves nothing.
func TestPackSetReadsWhatGitReads(t *testing.T) {
	layouts := map[string][]string{
		"loose":      nil,
		"ofs-deltas": {"repack", "-a", "-d", "-q", "--depth=20", "--window=50"},
		"ref-deltas": {"-c", "repack.useDeltaBaseOffset=false", "repack", "-a", "-d", "-q", "-F", "--depth=20", "--window=50"},
	}
	for name, repack := range layouts {
		t.Run(name, func(t *testing.T) {
			r := historyRepo(t)
			if repack != nil {
				gittest.Run(t, r.Dir, nil, repack...)
				// A few loose objects beside the pack.
				r.Write(t, "big.txt", "replaced\n")
				r.Git(t, "commit", "-qam", "loose")
				verify := gittest.Run(t, r.Dir, nil, "verify-pack", "-v", packIdx(t, r.Dir))
				require.Contains(t, verify, "chain length = 2", "no delta chains: the test proves nothing")
			}
			ps := newPackSet([]string{filepath.Join(r.Dir, ".git", "objects")})
			defer ps.close()
			objs := allObjects(t, r.Dir)
			require.Greater(t, len(objs), 100)
			for h, typ := range objs {
				gotTyp, data, err := ps.read(h)
				require.NoError(t, err, "%s %s", typ, h)
				require.Equal(t, typ, gotTyp.String(), h.String())
				want := gittest.Run(t, r.Dir, nil, "cat-file", typ, h.String())
				// gittest.Run trims the output.
				require.Equal(t, want, strings.TrimSpace(string(data)), h.String())
				require.Equal(t, h, plumbing.ComputeHash(gotTyp, data), "content does not hash to its name")
			}
			_, _, err := ps.read(plumbing.NewHash(strings.Repeat("ab", 20)))
			require.ErrorIs(t, err, errNotInPacks)
		})
	}
}

func packIdx(t *testing.T, dir string) string {
	t.Helper()
	idx, err := filepath.Glob(filepath.Join(dir, ".git", "objects", "pack", "pack-*.idx"))
	require.NoError(t, err)
	require.Len(t, idx, 1)
	return idx[0]
}

// TestPackSetSeesNewPacks: a pack added after the first read (a gc, a
// fetch, another run) is found on a miss.
func TestPackSetSeesNewPacks(t *testing.T) {
	r := historyRepo(t)
	ps := newPackSet([]string{filepath.Join(r.Dir, ".git", "objects")})
	defer ps.close()
	head := plumbing.NewHash(r.Git(t, "rev-parse", "HEAD"))
	_, _, err := ps.read(head)
	require.NoError(t, err)
	r.Write(t, "new.txt", "after the first read\n")
	r.Git(t, "add", "new.txt")
	r.Git(t, "commit", "-qm", "new")
	gittest.Run(t, r.Dir, nil, "gc", "-q", "--prune=now")
	blob := plumbing.NewHash(r.Git(t, "rev-parse", "HEAD:new.txt"))
	_, data, err := ps.read(blob)
	require.NoError(t, err)
	require.Equal(t, "after the first read\n", string(data))
}

// TestPackSetRefusesCorruptPacks: a damaged pack is an error, never a
// panic or a wrong object.
func TestPackSetRefusesCorruptPacks(t *testing.T) {
	r := historyRepo(t)
	gittest.Run(t, r.Dir, nil, "repack", "-a", "-d", "-q")
	idx := packIdx(t, r.Dir)
	packPath := strings.TrimSuffix(idx, ".idx") + ".pack"
	orig, err := os.ReadFile(packPath)
	require.NoError(t, err)
	objs := allObjects(t, r.Dir)
	for _, cut := range []int{len(orig) / 2, 200, 40} {
		require.NoError(t, os.Chmod(packPath, 0o644))
		damaged := bytes.Clone(orig)
		for i := cut; i < len(damaged)-20; i += 7 {
			damaged[i] ^= 0x5a
		}
		require.NoError(t, os.WriteFile(packPath, damaged, 0o644))
		ps := newPackSet([]string{filepath.Join(r.Dir, ".git", "objects")})
		bad := 0
		for h := range objs {
			typ, data, err := ps.read(h)
			if err != nil {
				bad++
				continue
			}
			require.Equal(t, h, plumbing.ComputeHash(typ, data), "a damaged pack gave a wrong object")
		}
		ps.close()
		require.Positive(t, bad, "cut at %d damaged nothing", cut)
	}
}

// FuzzPackEntry reads an entry from arbitrary pack bytes: an error or an
// object, never a panic or a runaway allocation.
func FuzzPackEntry(f *testing.F) {
	f.Add([]byte("PACK\x00\x00\x00\x02\x00\x00\x00\x01\x35x\x9c\xcbH\xcd\xc9\xc9\x07\x00\x06,\x02\x15"), int64(12))
	f.Add([]byte("PACK\x00\x00\x00\x02\x00\x00\x00\x02\x35x\x9c\xcbH\xcd\xc9\xc9\x07\x00\x06,\x02\x15\x60\x0dx\x9c\x03\x00\x00\x00\x00\x01"), int64(25))
	f.Add([]byte("PACK\x00\x00\x00\x02\x00\x00\x00\x01\xff\xff\xff\xff\xff\xff\xff\xff\xff\x7f"), int64(12))
	f.Fuzz(func(t *testing.T, pack []byte, off int64) {
		ps := newPackSet(nil)
		p := &packFile{pack: pack, state: 2}
		typ, data, err := ps.readAt(p, off, -1, 0)
		if err == nil && typ != plumbing.CommitObject && typ != plumbing.TreeObject &&
			typ != plumbing.BlobObject && typ != plumbing.TagObject {
			t.Fatalf("object of type %v (%d bytes) without an error", typ, len(data))
		}
	})
}

// TestPackSetTriesRecentPacksFirst: after the largest pack, lookups try
// the newest packs first, as git does: the tip of refs/notes/aiedit and
// a branch an earlier run made are in the latest run's pack, and each
// pack tried costs a mapping. Each small pack holds one blob, so their
// indexes are the same size, and the newest is the one whose name sorts
// last: in name or size order it would be tried last.
func TestPackSetTriesRecentPacksFirst(t *testing.T) {
	r := historyRepo(t)
	gittest.Run(t, r.Dir, nil, "repack", "-a", "-d", "-q")
	packDir := filepath.Join(r.Dir, ".git", "objects", "pack")
	history := packIdx(t, r.Dir)
	blobIn := map[string]plumbing.Hash{} // .idx path -> the blob it holds
	content := map[string]string{}
	for i := range 8 {
		body := fmt.Sprintf("blob %d\n", i)
		h := gittest.RunInput(t, r.Dir, nil, body, "hash-object", "-w", "--stdin")
		name := gittest.RunInput(t, r.Dir, nil, h+"\n", "pack-objects", "-q", filepath.Join(packDir, "pack"))
		idx := filepath.Join(packDir, "pack-"+strings.TrimSpace(name)+".idx")
		blobIn[idx], content[idx] = plumbing.NewHash(h), body
	}
	gittest.Run(t, r.Dir, nil, "prune-packed")
	small := make([]string, 0, len(blobIn))
	for p := range blobIn {
		small = append(small, p)
	}
	sort.Strings(small)
	at := time.Now().Add(-time.Hour)
	require.NoError(t, os.Chtimes(history, at, at))
	for _, p := range small {
		at = at.Add(time.Minute)
		require.NoError(t, os.Chtimes(p, at, at))
	}
	newest := small[len(small)-1]

	ps := newPackSet([]string{filepath.Join(r.Dir, ".git", "objects")})
	defer ps.close()
	_, data, err := ps.read(blobIn[newest])
	require.NoError(t, err)
	require.Equal(t, content[newest], string(data))
	var mapped []string
	for _, p := range ps.packs {
		if p.state != 0 {
			mapped = append(mapped, filepath.Base(p.idxPath))
		}
	}
	require.ElementsMatch(t, []string{filepath.Base(history), filepath.Base(newest)}, mapped,
		"the largest pack, then the newest, should be the only indexes mapped")
	require.Equal(t, newest, ps.packs[0].idxPath, "the pack an object was found in moves to the front")
}

// TestPackFileFind: the index search finds every name at its position
// and nothing else, with names that share their first 8, 12 or 19 bytes
// (where comparing the first 8 as a number cannot decide) and names just
// before, after and between those in the index.
func TestPackFileFind(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var names []plumbing.Hash
	for range 3000 {
		var h plumbing.Hash
		for i := range h {
			h[i] = byte(rng.IntN(256))
		}
		names = append(names, h)
	}
	for _, shared := range []int{8, 12, 19} {
		base := names[rng.IntN(len(names))]
		for v := range 5 {
			h := base
			h[shared] ^= byte(1 + v)
			names = append(names, h)
		}
	}
	names = append(names, plumbing.Hash{}, plumbing.Hash{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff})
	slices.SortFunc(names, func(a, b plumbing.Hash) int { return bytes.Compare(a[:], b[:]) })
	names = slices.Compact(names)

	// A version 2 index: header, fan-out, names, CRCs, offsets, trailer.
	n := len(names)
	idx := append([]byte{0xff, 't', 'O', 'c', 0, 0, 0, 2}, make([]byte, 256*4)...)
	for _, h := range names {
		for b := int(h[0]); b < 256; b++ {
			binary.BigEndian.PutUint32(idx[idxFanout+b*4:], binary.BigEndian.Uint32(idx[idxFanout+b*4:])+1)
		}
	}
	for _, h := range names {
		idx = append(idx, h[:]...)
	}
	idx = append(idx, make([]byte, 4*n)...)
	for i := range n {
		idx = binary.BigEndian.AppendUint32(idx, uint32(12+100*i))
	}
	idx = append(idx, make([]byte, 40)...)
	p := &packFile{idx: idx, count: uint32(n), state: 1}

	for i, h := range names {
		off, at, ok := p.find(h)
		require.True(t, ok, "%s not found", h)
		require.Equal(t, int64(i), at, h.String())
		require.Equal(t, int64(12+100*i), off, h.String())
		// Neighbours that are not in the index: one more and one less in
		// the last byte, and in the 8th.
		for _, pos := range []int{7, 19} {
			for _, d := range []int{-1, 1} {
				m := h
				m[pos] = byte(int(m[pos]) + d)
				if _, found := slices.BinarySearchFunc(names, m, func(a, b plumbing.Hash) int { return bytes.Compare(a[:], b[:]) }); found {
					continue
				}
				_, _, ok := p.find(m)
				require.False(t, ok, "%s found, not in the index", m)
			}
		}
	}
}
