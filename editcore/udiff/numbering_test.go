package udiff

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// numbering gives back every number it was given, in runs or not.
func TestNumbering(t *testing.T) {
	tests := map[string][]int{
		"one run":           {5, 6, 7, 8},
		"gaps":              {1, 2, 5, 6, 7, 20},
		"every line a run":  {3, 9, 4, 4, 100},
		"single":            {42},
		"gap after the one": {1, 3},
	}
	for name, nums := range tests {
		t.Run(name, func(t *testing.T) {
			var m numbering
			for _, n := range nums {
				m.add(n)
			}
			for i, n := range nums {
				assert.Equal(t, n, m.at(i), "line index %d", i)
			}
		})
	}
}
