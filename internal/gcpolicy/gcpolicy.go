// Package gcpolicy sets how the garbage collector runs for one process of
// git-aiedit: not at all while the heap is small (most runs end in
// milliseconds, before a collection would pay for itself), never for a
// heap under Floor (a long run that keeps little would otherwise collect
// every few MB), and for a run that reads very large input, near what the
// run holds rather than twice that (Go's default lets the heap grow to
// twice what is live). A run whose input is large (HugeInput) has its
// heap backed by transparent huge pages where the kernel offers them, and
// a higher floor (HugeFloor). A user's own GOGC or GOMEMLIMIT turns it off.
package gcpolicy

import (
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
)

// Floor is the heap a run may grow to before the collector first runs.
// A small run (one response of a few edits) stays under it and never
// collects. It is no higher because a heap that grows touches fresh
// pages, each a page fault: about 15 µs each on the project's virtual
// machines, 4 ms a MiB, so that a 10,000-file response that let its heap
// reach 64 MiB spent a third of its CPU faulting pages in, more than
// collecting a small live heap costs (docs/performance.md).
const Floor = 16 << 20

// HugeInput is the input from which a run is expected to grow its heap
// enough that huge pages pay for themselves: a run reading a transcript
// of 1 MiB or more (a 10,000-file response is 1.1 MB) has its heap backed
// by transparent huge pages, one page fault per 2 MiB instead of 512.
// Below it, the one collection that giving the advice takes would cost a
// small run more than its faults (docs/performance.md).
const HugeInput = 1 << 20

// HugeHeap is how much heap is given huge pages, and HugeFloor the floor
// of collections once it has them: with fresh memory some 30 times
// cheaper, collecting a small live heap often costs more than growing it.
// The floor is three quarters of the advised heap, so that the heap at
// its goal, what is allocated while a collection marks, and what is
// spread over partly used pages stay in memory that has huge pages. It is
// no higher because a long run's resident memory follows it: 1,952
// responses creating a 107 KB file each peak at about 100 MiB with these
// figures, 125 MiB with 96 and 72, 150 with 128 and 96 (the target allows
// 150 MB), while the 10,000-file response, which allocates about 67 MB
// and collects once, gains some 10 ms of CPU from the higher floors.
const (
	HugeHeap  = 64 << 20
	HugeFloor = 48 << 20
)

// defaultHeapMinimum is the runtime's heap goal at GOGC=100, which it
// scales with GOGC: the goal is never below defaultHeapMinimum×GOGC/100.
const defaultHeapMinimum = 4 << 20

var (
	mu       sync.Mutex
	off      bool   // the user's GOGC or GOMEMLIMIT rules
	deferred bool   // no collection yet
	expected int64  // bytes of input the run holds at once, at most
	floor    uint64 = Floor
	huge     bool   // the heap was given huge pages
)

// Defer holds the collector back until the heap reaches Floor; from the
// first collection on, each comes when the heap reaches twice what is
// live or Floor, whichever is more, within Limit.
func Defer() {
	mu.Lock()
	defer mu.Unlock()
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		off = true
		return
	}
	off, deferred = false, true
	debug.SetGCPercent(-1)
	debug.SetMemoryLimit(Floor)
	arm()
}

// arm has the end of the next collection call retune: the collection
// finalizes this object.
func arm() {
	sentinel := new([16]byte)
	runtime.SetFinalizer(sentinel, func(*[16]byte) {
		if retune() {
			arm()
		}
	})
}

// retune sets GOGC after a collection so that the next one comes when
// the heap reaches twice what is live, or Floor if that is more; false
// once the policy is off.
func retune() bool {
	mu.Lock()
	defer mu.Unlock()
	if off {
		return false
	}
	if deferred {
		deferred = false
		debug.SetMemoryLimit(Limit(expected))
	}
	debug.SetGCPercent(percent(liveHeap()))
	return true
}

// percent is the GOGC that puts the next collection at max(2×live,
// floor), by the pacer's rule: goal = live + (live + roots)×GOGC/100,
// roots being the stacks and globals it scans, and never below
// defaultHeapMinimum×GOGC/100 (so at most floor/defaultHeapMinimum×100:
// more would hold a run that keeps little to a goal well above the floor).
func percent(live, roots uint64) int {
	if live+roots == 0 || live >= floor/2 {
		return 100
	}
	return max(100, min(int((floor-live)*100/(live+roots)), int(floor*100/defaultHeapMinimum)))
}

// liveHeap is what the last collection found live, and the roots it
// scanned besides.
func liveHeap() (live, roots uint64) {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}, {Name: "/gc/scan/globals:bytes"}, {Name: "/gc/scan/stack:bytes"}}
	metrics.Read(s)
	var v [3]uint64
	for i := range s {
		if s[i].Value.Kind() == metrics.KindUint64 {
			v[i] = s[i].Value.Uint64()
		}
	}
	return v[0], v[1] + v[2]
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
		return
	}
	if n >= HugeInput && !huge && hugePages() {
		// Before the heap grows: the advice is for memory it has not had.
		// Its collection is the run's first, and retune's GOGC, at most
		// HugeFloor/defaultHeapMinimum×100, puts the next at HugeFloor.
		huge, floor = true, HugeFloor
		debug.SetMemoryLimit(math.MaxInt64) // the advised block is no reason to collect
		growHuge(HugeHeap)
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
