//go:build !unix

package modelcmd

import "os/exec"

// ownGroup: without process groups, cancelling kills the shell only.
func ownGroup(*exec.Cmd) {}

func killGroup(int) {}

func signalOf(*exec.ExitError) string { return "" }
