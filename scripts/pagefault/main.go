//go:build unix

// Command pagefault measures what a page fault costs on this machine:
// it maps fresh anonymous memory and touches one byte of each page, the
// way a growing heap does. scripts/bench prints its figure, since on the
// project's virtual machines it decides much of a run's CPU time
// (docs/performance.md).
//
//	go run ./scripts/pagefault [MiB]
package main

import (
	"fmt"
	"os"
	"strconv"
	"syscall"
	"time"
)

func main() {
	mib := 64
	if len(os.Args) > 1 {
		if n, err := strconv.Atoi(os.Args[1]); err == nil && n > 0 {
			mib = n
		}
	}
	size, page := mib<<20, os.Getpagesize()
	b, err := syscall.Mmap(-1, 0, size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		fmt.Fprintln(os.Stderr, "pagefault:", err)
		os.Exit(1)
	}
	start := time.Now()
	for i := 0; i < size; i += page {
		b[i] = 1
	}
	first := time.Since(start)
	start = time.Now()
	for i := 0; i < size; i += page {
		b[i] = 2
	}
	again := time.Since(start)
	pages := size / page
	fmt.Printf("page fault: %.1f µs (%d pages of %d bytes first touched in %v; touched again in %v)\n",
		float64(first-again)/float64(pages)/1e3, pages, page, first.Round(time.Millisecond), again.Round(time.Microsecond))
}
