// Package gcpolicy sets how the garbage collector runs for one process of
// git-aiedit: not at all while the heap is small (most runs end in
// milliseconds, before a collection would pay for itself), and for a run
// that reads very large input, near what the run holds rather than twice
// that (Go's default lets the heap grow to twice what is live). A user's
// own GOGC or GOMEMLIMIT turns the policy off.
package gcpolicy

import (
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"sync"
)

// Floor is the heap a run may grow to before the collector first runs.
const Floor = 64 << 20

var (
	mu       sync.Mutex
	off      bool  // the user's GOGC or GOMEMLIMIT rules
	deferred bool  // no collection yet
	expected int64 // bytes of input the run holds at once, at most
)

// Defer holds the collector back until the heap reaches Floor; from the
// first collection on it runs as usual (GOGC=100), within Limit.
func Defer() {
	mu.Lock()
	defer mu.Unlock()
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		off = true
		return
	}
	deferred = true
	debug.SetGCPercent(-1)
	debug.SetMemoryLimit(Floor)
	// The first collection finalizes this object; its finalizer puts the
	// usual policy back.
	sentinel := new([16]byte)
	runtime.SetFinalizer(sentinel, func(*[16]byte) {
		mu.Lock()
		defer mu.Unlock()
		deferred = false
		debug.SetGCPercent(100)
		debug.SetMemoryLimit(Limit(expected))
	})
}

// Expect says that the run may hold an input of n bytes at once (a
// transcript whose size is known): the soft memory limit becomes Limit(n),
// so that the collector works harder as the heap nears it.
func Expect(n int64) {
	mu.Lock()
	defer mu.Unlock()
	if off || n <= expected {
		return
	}
	expected = n
	if !deferred {
		debug.SetMemoryLimit(Limit(n))
	}
}

// Limit is the soft memory limit for a run holding n bytes of input: twice
// that and the floor, for inputs large enough that the default would
// matter; none below.
func Limit(n int64) int64 {
	if n < Floor {
		return math.MaxInt64
	}
	return 2*n + Floor
}
