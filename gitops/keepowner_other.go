//go:build !linux

package gitops

import (
	"os"
)

func selfStart() string { return startUnknown }

// processAlive: without /proc, whether a process of that id exists
// (signal 0); an id reused since is taken for the owner, which errs on
// the side of keeping.
func processAlive(pid int, _ string) bool {
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	return signalZero(p) == nil
}
