//go:build !unix

package gitops

import "os"

// mapFile reads a file whole where this package maps none.
func mapFile(path string) ([]byte, func(), error) {
	b, err := os.ReadFile(path)
	return b, func() {}, err
}
