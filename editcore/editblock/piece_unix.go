//go:build unix

package editblock

import "syscall"

// mapPiece maps n bytes of anonymous memory, outside the Go heap, so that
// it can be given back the moment it is no longer needed; nil when the
// system refuses (the caller then takes heap memory).
func mapPiece(n int) ([]byte, bool) {
	b, err := syscall.Mmap(-1, 0, n, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return nil, false
	}
	return b, true
}

// unmapPiece gives back a piece from mapPiece (any slice of it from its
// start).
func unmapPiece(b []byte) { _ = syscall.Munmap(b[:cap(b)]) }
