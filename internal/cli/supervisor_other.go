//go:build !linux

package cli

import "os/exec"

// dieWithParent does nothing where the kernel cannot tie a child to its
// parent: a killed supervisor leaves the child to finish on its own.
func dieWithParent(*exec.Cmd) {}
