package gitops

import (
	"os/exec"
	"syscall"
)

// dieWithParent has the kernel kill the process when this one dies,
// however it dies (kill -9 included): a git child of a killed run must
// not go on changing files, the index or objects on its own.
func dieWithParent(cmd *exec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Pdeathsig = syscall.SIGKILL
}
