//go:build unix

package gitops

import (
	"os/exec"
	"syscall"
)

// detach puts a long-lived helper (cat-file) in a process group of its
// own, so that ^C on the terminal, which signals the whole foreground
// group, does not kill it while apply records what was complete.
func detach(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}
