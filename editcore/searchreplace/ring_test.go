package searchreplace

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The lookback ring slides along its array: after any number of lines it
// holds the last lookback of them, oldest first, as shifting did.
func TestRingSlides(t *testing.T) {
	for _, p := range []*Parser{New(), {}} {
		for n := 1; n <= 3*ringBuf+5; n++ {
			p.remember(n, fmt.Sprint(n))
			want := []recent{}
			for k := max(1, n-lookback+1); k <= n; k++ {
				want = append(want, recent{k, fmt.Sprint(k)})
			}
			require.Equal(t, want, p.ring, "after line %d", n)
		}
		p.Reset()
		assert.Empty(t, p.ring)
	}
}
