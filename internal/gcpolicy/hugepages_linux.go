package gcpolicy

import (
	"bytes"
	"os"
	"runtime"
	"syscall"
	"unsafe"
)

const madvHugepage = 14 // MADV_HUGEPAGE

// hugePages reports whether the kernel gives transparent huge pages to
// memory that asks for them.
func hugePages() bool {
	b, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	return err == nil && !bytes.Contains(b, []byte("[never]"))
}

// growHuge grows the heap by n bytes that the kernel is asked to back
// with transparent huge pages, and hands them back to the heap: the run's
// later allocations fill them, one fault per 2 MiB instead of one per
// 4 KiB.
//
// The runtime maps the heap as it grows (mmap MAP_FIXED, which drops any
// advice given before), so the advice can only be given to memory the
// heap already has: a large object, dead as soon as it is advised and
// collected at once.
func growHuge(n int) {
	b := make([]byte, n) // fresh from the kernel: not zeroed, not touched
	p := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	const huge = 2 << 20
	lo, hi := (p+huge-1)&^(huge-1), (p+uintptr(n))&^(huge-1)
	syscall.Syscall(syscall.SYS_MADVISE, lo, hi-lo, madvHugepage)
	runtime.KeepAlive(b)
	b = nil
	runtime.GC()
}
