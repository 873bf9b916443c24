package udiff

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// checkRaws holds the hunks' shared text (scratch.text) to a builder of
// their own: every Raw, read once all of the diff's hunks are written, is
// the hunk as a builder of its own writes it.
func checkRaws(t *testing.T, text string) {
	t.Helper()
	sc := &scratch{}
	var got []string
	for _, d := range sections(text) {
		d.sc = sc
		for _, h := range d.s.hunks {
			got = append(got, d.hunkRaw(h))
		}
	}
	var want []string
	for _, d := range sections(text) {
		for _, h := range d.s.hunks {
			want = append(want, d.hunkRaw(h))
		}
	}
	require.Equal(t, want, got)
}

// manyHunks is a diff of files hunks enough to fill several of the shared
// arrays.
func manyHunks(files int) string {
	var b strings.Builder
	for f := range files {
		fmt.Fprintf(&b, "diff --git a/f%d b/f%d\n--- a/f%d\n+++ b/f%d\n", f, f, f, f)
		for h := range 5 {
			fmt.Fprintf(&b, "@@ -%d,3 +%d,3 @@\n a\n-%s\n+c\n", 1+h*10, 1+h*10, strings.Repeat("b", f*h%300))
		}
	}
	return b.String()
}

func TestHunkRawShared(t *testing.T) {
	checkRaws(t, manyHunks(400))
}

func FuzzHunkRawShared(f *testing.F) {
	for _, s := range fastSeeds {
		f.Add(s)
	}
	f.Add(manyHunks(3))
	f.Fuzz(checkRaws)
}

// FuzzSplitReuse holds a pooled splitter to a new one: splitting a diff
// with the arrays of an earlier one gives the same sections.
func FuzzSplitReuse(f *testing.F) {
	f.Add(manyHunks(3), fastSeeds[7])
	f.Add(fastSeeds[7], manyHunks(2))
	f.Fuzz(func(t *testing.T, before, text string) {
		lines := strings.Split(text, "\n")
		sp := &splitter{}
		sp.split(strings.Split(before, "\n"))
		gotSecs, gotStray := sp.split(lines)
		wantSecs, wantStray := (&splitter{}).split(lines)
		// An empty array from the pool stands for no sections, as nil does.
		if len(wantSecs) == 0 {
			require.Empty(t, gotSecs)
		} else {
			require.Equal(t, wantSecs, gotSecs)
		}
		require.Equal(t, wantStray, gotStray)
	})
}
