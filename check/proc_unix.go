//go:build unix

package check

import (
	"os/exec"
	"syscall"
)

// ownGroup runs cmd in a process group of its own, and makes cancelling
// it kill the whole group: `sh -c "make test"` leaves children that
// would otherwise outlive the timeout.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}
