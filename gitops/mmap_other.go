//go:build !unix

package gitops

import "errors"

// mapFile maps nothing where this package has no mmap: packs are then
// read through git cat-file, as a whole pack read into memory would cost
// more than the process.
func mapFile(string) ([]byte, func(), error) {
	return nil, nil, errors.New("gitops: no memory mapping on this platform")
}

// dropMapped has nothing to drop where nothing is mapped.
func dropMapped([]byte) {}
