//go:build !linux

package gitops

import "os/exec"

// dieWithParent: only Linux can have the kernel end a child with its
// parent; elsewhere a child of a killed run ends at the end of its input
// or of its work.
func dieWithParent(*exec.Cmd) {}
