package english

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestCount(t *testing.T) {
	for name, tc := range map[string]struct {
		n    int
		want string
	}{
		"none": {0, "0 responses"},
		"one":  {1, "1 response"},
		"many": {12, "12 responses"},
	} {
		t.Run(name, func(t *testing.T) {
			assert.Equal(t, tc.want, Count(tc.n, "response"))
		})
	}
}
