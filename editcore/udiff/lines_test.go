package udiff

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// cutCounts and cutHeader are counts and hunkHeader as they were before
// hunkRanges: a search for the first " @@", then for " +" and "," in what
// is before it.
func cutCounts(header string) (oldN, newN int64, ok bool) {
	o, n, ok := cutRanges(header)
	if !ok {
		return 0, 0, false
	}
	count := func(r string) (int64, bool) {
		start, n, found := strings.Cut(r, ",")
		switch {
		case !isDigits(start):
			return 0, false
		case !found:
			return 1, true
		case !isDigits(n) || len(n) > 9:
			return 0, false
		}
		v, _ := decimal(n)
		return v, true
	}
	oldN, ok1 := count(o)
	newN, ok2 := count(n)
	return oldN, newN, ok1 && ok2
}

func cutHeader(l string) (frag, bool) {
	o, n, ok := cutRanges(l)
	if !ok {
		return frag{}, false
	}
	numbers := func(r string) (start, n int64, ok bool) {
		s, c, hasCount := strings.Cut(r, ",")
		if start, ok = decimal(s); !ok {
			return 0, 0, false
		}
		if !hasCount {
			return start, 1, true
		}
		n, ok = decimal(c)
		return start, n, ok
	}
	var fr frag
	var ok1, ok2 bool
	fr.oldPos, fr.oldLines, ok1 = numbers(o)
	fr.newPos, fr.newLines, ok2 = numbers(n)
	return fr, ok1 && ok2
}

func cutRanges(header string) (o, n string, ok bool) {
	rest, ok := strings.CutPrefix(header, "@@ -")
	if !ok {
		return "", "", false
	}
	end := strings.Index(rest, " @@")
	if end < 0 {
		return "", "", false
	}
	return strings.Cut(rest[:end], " +")
}

// FuzzHunkRanges holds counts and hunkHeader to the searches hunkRanges
// replaced: from any line they read the same numbers, and they refuse the
// same lines. (Where they refuse, the numbers may differ; callers read
// none from a refused header.)
func FuzzHunkRanges(f *testing.F) {
	for _, s := range []string{
		"@@ -1,2 +3,4 @@", "@@ -1 +1 @@ func f() {", "@@ -0,0 +1 @@", "@@ -1, +1 @@",
		"@@ -1,2,3 +1 @@", "@@ -1 + +2 @@", "@@ -1 +2 @@@", "@@ -1 +2@@", "@@ -a +1 @@",
		"@@ -1 +2 @@ -3 +4 @@", "@@ -+1 +1 @@", "@@ -1  +1 @@", "@@ ... @@", "@@",
		"@@ -1234567890,1234567890 +1,1 @@", "@@ -1234567890123456789 +1 @@",
		"@@ -1,123456789 +1,1234567890 @@", "@@ -1 +1,2 @@",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, header string) {
		oldN, newN, ok := counts(header)
		wantOld, wantNew, wantOK := cutCounts(header)
		require.Equal(t, wantOK, ok, "counts")
		if ok {
			require.Equal(t, [2]int64{wantOld, wantNew}, [2]int64{oldN, newN})
		}
		fr, ok := hunkHeader(header)
		want, wantOK := cutHeader(header)
		require.Equal(t, wantOK, ok, "hunkHeader")
		if ok {
			require.Equal(t, want, fr)
		}
	})
}
