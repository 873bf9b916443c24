package main

import (
	"math"
	"os"
	"runtime"
	"runtime/debug"
)

// gcFloor is the heap a run may grow to before the collector first runs.
// Most runs allocate less than that in all and end before a collection
// would pay for itself (a small apply is done in milliseconds); a large
// one reaches it, and from then on the collector runs as usual (GOGC),
// so that what a long run holds stays bounded by what it keeps.
const gcFloor = 64 << 20

// deferCollection holds the collector back until the heap reaches
// gcFloor. The user's GOGC or GOMEMLIMIT, when set, is left alone.
func deferCollection() {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	debug.SetGCPercent(-1)
	debug.SetMemoryLimit(gcFloor)
	// The first collection (the heap reached the limit) finalizes this
	// object; its finalizer puts the usual policy back.
	sentinel := new([16]byte)
	runtime.SetFinalizer(sentinel, func(*[16]byte) {
		debug.SetGCPercent(100)
		debug.SetMemoryLimit(math.MaxInt64)
	})
}
