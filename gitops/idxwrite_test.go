package gitops

import (
	"bytes"
	"crypto/sha1"
	"encoding/binary"
	"slices"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/format/idxfile"
	"github.com/stretchr/testify/require"
)

// TestWriteIdxLargeOffsets: writeIdx writes what go-git's index encoder
// writes for the same entries, offsets past 2 GiB (in the 64-bit table)
// included, whether the entries come from memory or from a spill file;
// out of order, they are refused.
func TestWriteIdxLargeOffsets(t *testing.T) {
	var entries []idxEntry
	for i := range 3000 {
		var e idxEntry
		sum := sha1.Sum(binary.BigEndian.AppendUint32(nil, uint32(i)))
		copy(e.hash[:], sum[:])
		e.crc = uint32(i) * 2654435761
		e.off = 12 + uint64(i)*1_000_000 // the last ~1,000 past 2 GiB
		entries = append(entries, e)
	}
	packSum := plumbing.NewHash("0123456789abcdef0123456789abcdef01234567")

	var gw idxfile.Writer
	require.NoError(t, gw.OnHeader(uint32(len(entries))))
	for _, e := range entries {
		gw.Add(e.hash, e.off, e.crc)
	}
	require.NoError(t, gw.OnFooter(packSum))
	mi, err := gw.Index()
	require.NoError(t, err)
	var want bytes.Buffer
	_, err = idxfile.NewEncoder(&want).Encode(mi)
	require.NoError(t, err)

	sorted := slices.Clone(entries)
	slices.SortFunc(sorted, func(a, b idxEntry) int { return bytes.Compare(a.hash[:], b.hash[:]) })
	fromMemory := func(fn func(idxEntry) error) error {
		for _, e := range sorted {
			if err := fn(e); err != nil {
				return err
			}
		}
		return nil
	}
	var got bytes.Buffer
	require.NoError(t, writeIdx(&got, fromMemory, packSum))
	require.True(t, bytes.Equal(want.Bytes(), got.Bytes()), "index differs from go-git's")

	spill, err := newEntrySpill(t.TempDir())
	require.NoError(t, err)
	defer spill.discard()
	for _, e := range sorted {
		require.NoError(t, spill.add(e))
	}
	got.Reset()
	require.NoError(t, writeIdx(&got, spill.each, packSum))
	require.True(t, bytes.Equal(want.Bytes(), got.Bytes()), "index from the spill differs from go-git's")

	require.Error(t, spill.add(sorted[0]), "out of order")
	unsorted := func(fn func(idxEntry) error) error {
		for _, e := range entries {
			if err := fn(e); err != nil {
				return err
			}
		}
		return nil
	}
	require.Error(t, writeIdx(&bytes.Buffer{}, unsorted, packSum))
}
