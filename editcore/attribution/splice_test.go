package attribution

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/editcore"
)

// TestSplicesAsWholeDiffs: following each line edit's splice gives the
// owners diffing the whole file after each edit gives, over random runs
// of replacements, insertions and appends on a file of repeated lines
// (where a diff could align otherwise), with the session keeping the
// file between edits and not, and with other operations in between. The
// splices are followed (the file is stale after a line edit).
func TestSplicesAsWholeDiffs(t *testing.T) {
	for seed := range uint64(60) {
		splicesAsWholeDiffs(t, seed)
	}
}

// FuzzSplicesAsWholeDiffs is TestSplicesAsWholeDiffs over any seed.
func FuzzSplicesAsWholeDiffs(f *testing.F) {
	f.Add(uint64(0))
	f.Add(uint64(38))
	f.Fuzz(splicesAsWholeDiffs)
}

func splicesAsWholeDiffs(t *testing.T, seed uint64) {
	defer func(was bool) { followSplices = was }(followSplices)
	defer func(was int) { maxKept = was }(maxKept)
	r := rand.New(rand.NewPCG(seed, 7))
	var file strings.Builder
	eol := []string{"\n", "\r\n"}[seed%2]
	for i := range 60 {
		fmt.Fprintf(&file, "l%d%s", i%7, eol)
	}
	text := file.String()
	if seed%3 == 0 {
		text = strings.TrimSuffix(text, eol) // no final newline
	}
	maxKept = []int{32 << 20, 0}[seed%4/3]
	var ops []*editcore.Op
	for k := range 30 {
		i := r.IntN(55)
		switch r.IntN(5) {
		case 0:
			ops = append(ops, &editcore.Op{Kind: editcore.Insert, Path: "f.txt", Start: i, New: []string{"new", fmt.Sprintf("l%d", i%7)}})
		case 1:
			ops = append(ops, &editcore.Op{Kind: editcore.Append, Path: "f.txt", Content: []byte(fmt.Sprintf("tail %d\n", k))})
		case 2:
			ops = append(ops, &editcore.Op{Kind: editcore.ReplaceRange, Path: "f.txt", Start: i + 1, End: i + 1 + r.IntN(3), New: []string{fmt.Sprintf("l%d", r.IntN(7)), "x"}})
		case 3:
			if k%2 == 0 {
				ops = append(ops, &editcore.Op{Kind: editcore.Substring, Path: "f.txt", OldText: "l3", NewText: "L3", ReplaceAll: true})
			} else {
				ops = append(ops, &editcore.Op{Kind: editcore.Create, Path: fmt.Sprintf("o%d.txt", k), Content: []byte("o\n")})
			}
		default:
			ops = append(ops, &editcore.Op{Kind: editcore.ReplaceRange, Path: "f.txt", Start: i + 1, End: i + 2, New: nil})
		}
	}
	for _, deferred := range []bool{false, true} {
		run := func(follow bool) (map[string][]Range, int) {
			followSplices = follow
			files := map[string]string{"f.txt": text}
			cur := fsWith(t, files)
			tr := New(cur, fsWith(t, files))
			s := editcore.NewSession(cur, editcore.Options{Defer: deferred})
			followed := 0
			for _, op := range ops {
				cp := *op
				tr.Apply(s, &cp)
				if f := tr.files["f.txt"]; f != nil && f.stale {
					followed++
				}
			}
			require.NoError(t, s.Flush())
			return tr.Ranges(), followed
		}
		want, _ := run(false)
		got, followed := run(true)
		assert.Equal(t, want, got, "seed %d, defer=%v", seed, deferred)
		if deferred {
			assert.Positive(t, followed, "seed %d: no splice was followed", seed)
		}
	}
}
