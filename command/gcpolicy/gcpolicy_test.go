package gcpolicy

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestLimit(t *testing.T) {
	assert.Equal(t, int64(math.MaxInt64), Limit(0))
	assert.Equal(t, int64(math.MaxInt64), Limit(Floor-1))
	assert.Equal(t, int64(3*Floor), Limit(Floor))
	assert.Equal(t, int64(1000<<20+Floor), Limit(500<<20))
}
