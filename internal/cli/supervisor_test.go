//go:build linux

package cli

import (
	"bufio"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestACrashIsNotBadInput: the Go runtime ends a panic or an out-of-memory
// crash with status 2, the status of bad input. The supervisor reports the
// child's own statuses and turns any other ending into 1, saying it crashed.
func TestACrashIsNotBadInput(t *testing.T) {
	cases := []struct {
		script    string
		want      int
		wantCrash bool
	}{
		{"exit 100", 0, false},
		{"exit 102", 2, false},
		{"exit 103", 3, false},
		{"echo 'fatal error: runtime: out of memory' >&2; exit 2", 1, true},
		{"echo 'panic: runtime error: index out of range' >&2; exit 2", 1, true},
		{"kill -9 $$", 1, true},
		{"kill -SEGV $$", 1, true},
		{"kill -INT $$", 130, false},
		{"kill -PIPE $$", 141, false},
	}
	for _, c := range cases {
		var stderr strings.Builder
		got := supervise(exec.Command("sh", "-c", c.script), &stderr)
		crash := strings.Contains(stderr.String(), "partitionlab: the tool crashed")
		if got != c.want || crash != c.wantCrash {
			t.Errorf("%s: exit %d, crash message %v (%q); want %d, %v", c.script, got, crash, stderr.String(), c.want, c.wantCrash)
		}
	}
}

// TestTheBinaryKeepsItsStatuses runs the real binary, supervised: bad input
// is still 2, a budget still 3, and the child reads standard input.
func TestTheBinaryKeepsItsStatuses(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "partitionlab")
	if out, err := exec.Command("go", "build", "-tags", "minimal", "-o", bin, "partitionlab").CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	status := func(stdin string, args ...string) (int, string) {
		cmd := exec.Command(bin, args...)
		cmd.Stdin = strings.NewReader(stdin)
		out, _ := cmd.CombinedOutput()
		return cmd.ProcessState.ExitCode(), string(out)
	}
	if code, out := status(`{"topic": {"partitions": 0}}`, "simulate", "--scenario", "-"); code != 2 || !strings.Contains(out, "topic.partitions: 0 is not in 1..") {
		t.Errorf("bad input: exit %d, %q", code, out)
	}
	if code, out := status(`{"duration_s": 1}`, "simulate", "--scenario", "-", "--max-imbalance", "0.5"); code != 3 {
		t.Errorf("budget: exit %d, %q", code, out)
	}
	if code, out := status("", "partition", "--partitions", "6", "order-1001"); code != 0 {
		t.Errorf("success: exit %d, %q", code, out)
	}

	// A killed supervisor takes its child with it: no server keeps the port.
	web := t.TempDir()
	os.WriteFile(filepath.Join(web, "app.wasm"), []byte("\x00asm"), 0o644)
	cmd := exec.Command(bin, "serve", "--addr", "127.0.0.1:0", "--web", web)
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, _ := bufio.NewReader(stdout).ReadString('\n')
	_, addr, _ := strings.Cut(line, "http://")
	addr, _, _ = strings.Cut(addr, "/")
	if _, err := net.Dial("tcp", addr); err != nil {
		t.Fatalf("serve is not listening (%q): %v", line, err)
	}
	cmd.Process.Kill()
	cmd.Wait()
	deadline := time.Now().Add(5 * time.Second)
	for {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			break
		}
		c.Close()
		if time.Now().After(deadline) {
			t.Fatal("the child server outlived its killed supervisor")
		}
		time.Sleep(50 * time.Millisecond)
	}
}
