package gcpolicy

import (
	"bufio"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
	"time"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestExpectHugePages: an input of HugeInput has the heap grown into
// memory advised for huge pages (VmFlags "hg" in smaps, what
// MADV_HUGEPAGE sets), the advice's collection counts as the run's first,
// and the next comes at HugeFloor, not Floor.
func TestExpectHugePages(t *testing.T) {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		t.Skip("the policy is off")
	}
	if !hugePages() {
		t.Skip("this kernel gives no transparent huge pages")
	}
	Defer()
	defer reset()
	Expect(HugeInput - 1)
	require.False(t, huge, "a smaller input: no advice, no collection")
	require.True(t, deferred)

	before := numGC()
	Expect(HugeInput)
	require.True(t, huge)
	assert.Equal(t, before+1, numGC(), "one collection: the one freeing the advised block")
	require.Eventually(t, func() bool { mu.Lock(); defer mu.Unlock(); return !deferred }, time.Minute, time.Millisecond)

	// A large object now lands in the advised memory, the heap's lowest
	// free run of that size (all but its first 2 MiB at most: the advice
	// is for whole huge pages).
	b := make([]byte, 32<<20)
	flags := vmFlags(t, uintptr(unsafe.Pointer(&b[len(b)/2])))
	assert.Contains(t, strings.Fields(flags), "hg", "VmFlags %q: not advised for huge pages", flags)
	runtime.KeepAlive(b)

	gogc := debug.SetGCPercent(100)
	debug.SetGCPercent(gogc)
	live, roots := liveHeap()
	assert.Equal(t, percent(live, roots), gogc)
	if live+roots < 3<<20 { // else 2×live, or near it, may come first
		assert.Equal(t, HugeFloor/defaultHeapMinimum*100, gogc, "a small live heap: the next collection at HugeFloor")
	}
	Expect(2 * HugeInput)
	assert.Equal(t, before+1, numGC(), "advised once")
}

func numGC() uint32 {
	var s runtime.MemStats
	runtime.ReadMemStats(&s)
	return s.NumGC
}

// vmFlags returns the VmFlags line of the mapping holding addr.
func vmFlags(t *testing.T, addr uintptr) string {
	t.Helper()
	f, err := os.Open("/proc/self/smaps")
	require.NoError(t, err)
	defer f.Close()
	in := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		var lo, hi uintptr
		if n, _ := fmt.Sscanf(line, "%x-%x ", &lo, &hi); n == 2 {
			in = lo <= addr && addr < hi
			continue
		}
		if in && strings.HasPrefix(line, "VmFlags:") {
			return strings.TrimPrefix(line, "VmFlags:")
		}
	}
	require.NoError(t, sc.Err())
	t.Fatalf("no mapping holds %#x", addr)
	return ""
}
