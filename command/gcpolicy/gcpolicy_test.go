package gcpolicy

import (
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestLimit(t *testing.T) {
	assert.Equal(t, int64(math.MaxInt64), Limit(0))
	assert.Equal(t, int64(math.MaxInt64), Limit(Floor-1))
	assert.Equal(t, int64(3*Floor), Limit(Floor))
	assert.Equal(t, int64(1000<<20+Floor), Limit(500<<20))
}

func TestPercent(t *testing.T) {
	assert.Equal(t, 100, percent(0))
	assert.Equal(t, 100, percent(Floor/2))
	assert.Equal(t, 100, percent(Floor))
	assert.Equal(t, 700, percent(Floor/8)) // next at 8× live: the floor
}

// TestDefer: under the policy a process collects less often than with
// GOGC=100 while what it keeps is small, and still collects.
func TestDefer(t *testing.T) {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		t.Skip("the policy is off")
	}
	churn := func() uint32 {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		keep := make([][]byte, 0, 64)
		for i := range 20000 {
			b := make([]byte, 16<<10)
			if i%300 == 0 {
				keep = append(keep, b)
			}
		}
		runtime.ReadMemStats(&after)
		_ = keep
		return after.NumGC - before.NumGC
	}
	usual := churn()
	Defer()
	defer func() {
		debug.SetGCPercent(100)
		debug.SetMemoryLimit(math.MaxInt64)
		mu.Lock()
		off, deferred, expected = true, false, 0 // later collections leave it alone
		mu.Unlock()
	}()
	deferredGCs := churn()
	t.Logf("collections for 320 MB of garbage: %d as usual, %d under the policy", usual, deferredGCs)
	assert.Positive(t, deferredGCs)
	assert.Less(t, deferredGCs*3, usual)
}
