//go:build !unix

package gitops

import "os"

// openNoBlock opens name for reading: without FIFOs there is nothing to
// wait for.
func openNoBlock(name string) (*os.File, error) { return os.Open(name) }
