package gcpolicy

import (
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLimit(t *testing.T) {
	assert.Equal(t, int64(math.MaxInt64), Limit(0))
	assert.Equal(t, int64(math.MaxInt64), Limit(Floor-1))
	assert.Equal(t, int64(3*Floor), Limit(Floor))
	assert.Equal(t, int64(1000<<20+Floor), Limit(500<<20))
}

func TestPercent(t *testing.T) {
	assert.Equal(t, 100, percent(0, 0))
	assert.Equal(t, 100, percent(Floor/2, 0))
	assert.Equal(t, 100, percent(Floor, 0))
	assert.Equal(t, 350, percent(Floor/8, Floor/8)) // roots count in the goal
	assert.Equal(t, 100, percent(Floor/8, Floor))   // never below the usual
	// The runtime's goal is never below defaultHeapMinimum×GOGC/100: a
	// GOGC over Floor/defaultHeapMinimum×100 would put it past the floor.
	assert.Equal(t, 400, percent(Floor/8, 0))
	assert.Equal(t, 400, percent(1, 0))
}

// TestDefer: under the policy no collection comes before the heap
// reaches Floor (the soft limit), and after one the next is set for the
// floor while what is live is small, with no limit but Limit's.
func TestDefer(t *testing.T) {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		t.Skip("the policy is off")
	}
	Defer()
	defer func() {
		reset()
	}()
	gogc := func() int { p := debug.SetGCPercent(100); debug.SetGCPercent(p); return p }
	require.Equal(t, -1, gogc(), "collections held back")
	require.Equal(t, int64(Floor), debug.SetMemoryLimit(-1))
	runtime.GC() // its end retunes, through a finalizer
	require.Eventually(t, func() bool { mu.Lock(); defer mu.Unlock(); return !deferred }, time.Minute, time.Millisecond)
	live, roots := liveHeap()
	assert.Equal(t, percent(live, roots), gogc())
	assert.Greater(t, gogc(), 100, "a small live heap: the next collection at the floor")
	assert.Equal(t, int64(math.MaxInt64), debug.SetMemoryLimit(-1))
	// An input the size of the floor brings a limit.
	Expect(Floor)
	assert.Equal(t, Limit(Floor), debug.SetMemoryLimit(-1))
}

// reset turns the policy off, as it was before the test: later
// collections leave GOGC alone.
func reset() {
	mu.Lock()
	off, deferred, expected, floor, huge = true, false, 0, Floor, false
	mu.Unlock()
	debug.SetGCPercent(100)
	debug.SetMemoryLimit(math.MaxInt64)
}
