//go:build !unix

package gitops

import "os"

// Without flock(2) runs do not queue: they race, and the compare-and-swap
// with back-off keeps the result right, at the cost of rebuilds.
func tryFlock(*os.File) (bool, error) { return true, nil }

func unflock(*os.File) {}
