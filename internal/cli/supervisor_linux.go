package cli

import (
	"os/exec"
	"syscall"
)

// dieWithParent has the kernel stop the child when the supervisor's
// thread ends, however it ends.
func dieWithParent(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGTERM}
}
