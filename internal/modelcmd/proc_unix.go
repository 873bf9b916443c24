//go:build unix

package modelcmd

import (
	"os/exec"
	"syscall"
	"time"
)

// ownGroup runs cmd in a process group of its own; cancelling it (the
// timeout, ^C) asks the whole group to stop and kills it after the grace
// period: a model CLI's helpers would otherwise outlive it.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		pid := cmd.Process.Pid
		_ = syscall.Kill(-pid, syscall.SIGTERM)
		time.AfterFunc(grace, func() { _ = syscall.Kill(-pid, syscall.SIGKILL) })
		return nil
	}
}

// killGroup kills whatever the command left running in its group.
func killGroup(pid int) { _ = syscall.Kill(-pid, syscall.SIGKILL) }

// signalOf names the signal that ended the command, or "".
func signalOf(ee *exec.ExitError) string {
	if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return ws.Signal().String()
	}
	return ""
}
