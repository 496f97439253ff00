package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"runtime"
	"syscall"
)

// The Go runtime ends a crashed program (a panic, running out of memory)
// with status 2, which this tool uses for bad input: CI would read a crash
// as a mistake in its scenario. So the command runs in a child process
// under a small supervisor. The child reports its own statuses shifted by
// childStatusBase; any other ending of the child is a crash, reported as
// such with status 1.
const (
	// supervisedEnv is set in the child's environment.
	supervisedEnv = "PARTITIONLAB_SUPERVISED"
	// childStatusBase is added to the status run returns (0 to 3). The
	// runtime's own status for a crash is 2, and a signal gives none.
	childStatusBase = 100
)

// Main runs the command line (args without the program's name) under the
// supervisor, or as the supervised child, and returns the process exit
// status: 0 fine, 1 the tool failed or crashed, 2 bad input, 3 a budget or
// requirement not met.
func Main(args []string) int {
	if os.Getenv(supervisedEnv) != "" {
		return childStatusBase + run(args, os.Stdout, os.Stderr)
	}
	self, err := os.Executable()
	if err != nil {
		return run(args, os.Stdout, os.Stderr) // unsupervised, as before
	}
	cmd := exec.Command(self, args...)
	cmd.Env = append(os.Environ(), supervisedEnv+"=1")
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	return supervise(cmd, os.Stderr)
}

// supervise runs the child and turns its ending into this process's
// status: the child's own status when it reported one, 1 with a message
// when it crashed. SIGINT and SIGTERM are passed on, so serve still shuts
// down cleanly.
func supervise(cmd *exec.Cmd, stderr io.Writer) int {
	signals := make(chan os.Signal, 2)
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(signals)

	// The child must not outlive the supervisor (killed by a test, say);
	// Linux ties it to the thread that starts it, so that thread stays.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	dieWithParent(cmd)
	if err := cmd.Start(); err != nil {
		fmt.Fprintf(stderr, "partitionlab: cannot start: %v\n", err)
		return 1
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	for {
		select {
		case s := <-signals:
			cmd.Process.Signal(s)
		case err := <-done:
			return childStatus(err, stderr)
		}
	}
}

// childStatus maps how the child ended to this process's status. A child
// stopped by a signal that stops programs on purpose (Ctrl-C, kill, a
// closed terminal or pipe: "partitionlab partition … | head") did not
// crash: the status is the shell's 128+signal, as without the supervisor.
func childStatus(err error, stderr io.Writer) int {
	if err == nil {
		return crashed(stderr, "it ended without a status") // the child always adds childStatusBase
	}
	var exit *exec.ExitError
	if !errors.As(err, &exit) {
		return crashed(stderr, err.Error())
	}
	if code := exit.ExitCode() - childStatusBase; code >= 0 && code <= 3 {
		return code
	}
	if st, ok := exit.Sys().(syscall.WaitStatus); ok && st.Signaled() {
		switch st.Signal() {
		case syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGPIPE:
			return 128 + int(st.Signal())
		}
		return crashed(stderr, fmt.Sprintf("it was killed by %v, perhaps for using too much memory", st.Signal()))
	}
	return crashed(stderr, fmt.Sprintf("it ended with status %d", exit.ExitCode()))
}

func crashed(stderr io.Writer, how string) int {
	fmt.Fprintf(stderr, "partitionlab: the tool crashed (%s). This is a bug in partitionlab, not a problem with your input; the report above says where.\n", how)
	return 1
}
