package trailer

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestBound(t *testing.T) {
	tr := func(k string, n int) []Trailer {
		var out []Trailer
		for i := range n {
			out = append(out, Trailer{Key: k, Value: fmt.Sprint(i + 1)})
		}
		return out
	}
	head := []Trailer{{Key: "Aiedit-Transcript", Value: "r.md sha256:0"}}
	tail := []Trailer{{Key: "Aiedit-Summary", Value: "applied=1"}}
	short := append(append(append([]Trailer{}, head...), tr("Aiedit-Block", MaxListed)...), tail...)
	assert.Equal(t, short, Bound(short), "a list at the limit is kept whole")

	long := append(append(append(append([]Trailer{}, head...), tr("Aiedit-Block", MaxListed+3)...), tr("Aiedit-Shell", 2)...), tail...)
	got := Bound(long)
	require.Len(t, got, 1+MaxListed+1+2+1)
	assert.Equal(t, head[0], got[0])
	assert.Equal(t, Trailer{Key: "Aiedit-Block", Value: fmt.Sprint(MaxListed)}, got[MaxListed])
	assert.Equal(t, Trailer{Key: "Aiedit-Omitted", Value: fmt.Sprintf("3 Aiedit-Block lines (past the first %d); apply --json lists them all", MaxListed)}, got[MaxListed+1])
	assert.Equal(t, "Aiedit-Shell", got[MaxListed+2].Key)
	assert.Equal(t, tail[0], got[len(got)-1])
}

// TestEncodeMergesOmissions: a record that holds more blocks than a
// commit lists, and says how many more it does not hold, writes one
// Aiedit-Omitted line for both, after the last block listed.
func TestEncodeMergesOmissions(t *testing.T) {
	rec := Record{Omitted: []Omission{{Key: KeyBlock, N: 7, First: MaxListed}}}
	for i := range MaxListed + 2 {
		rec.Blocks = append(rec.Blocks, Block{Index: i + 1, Status: "failed", Detail: "file_not_found", Path: "p", Reason: "gone"})
	}
	got := rec.Encode()
	require.Len(t, got, MaxListed+1+MaxListed+1)
	assert.Equal(t, Trailer{Key: KeyOmitted, Value: fmt.Sprintf("9 Aiedit-Block lines (past the first %d); apply --json lists them all", MaxListed)}, got[MaxListed])
	assert.Equal(t, KeyReason, got[MaxListed+1].Key)
	assert.Equal(t, Trailer{Key: KeyOmitted, Value: fmt.Sprintf("2 Aiedit-Reason lines (past the first %d); apply --json lists them all", MaxListed)}, got[len(got)-1])

	rec.Blocks = rec.Blocks[:MaxListed]
	got = rec.Encode()
	assert.Equal(t, Trailer{Key: KeyOmitted, Value: fmt.Sprintf("7 Aiedit-Block lines (past the first %d); apply --json lists them all", MaxListed)}, got[MaxListed],
		"a list at the limit keeps the record's own omission, after its last line")
}
