//go:build !wasm

package main

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// runCLI runs the command line in-process and returns its exit status and
// what it wrote.
func runCLI(args ...string) (code int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	code = run(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestUnknownCommandIsAUsageError(t *testing.T) {
	code, out, errOut := runCLI("simulat", "x")
	if code != 2 || out != "" {
		t.Errorf("exit %d, stdout %q; want 2 and nothing", code, out)
	}
	if !strings.Contains(errOut, `unknown command "simulat"`) || !strings.Contains(errOut, "partition") {
		t.Errorf("stderr %q does not name the command and the known ones", errOut)
	}
}

func TestHelpListsEveryCommand(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"-h"}, {"--help"}} {
		code, out, _ := runCLI(args...)
		if code != 0 {
			t.Errorf("%v: exit %d, want 0", args, code)
		}
		for _, c := range commands() {
			if !strings.Contains(out, "partitionlab "+c.name+" ") {
				t.Errorf("%v: usage does not list %s:\n%s", args, c.name, out)
			}
		}
	}
	code, out, _ := runCLI("partition", "-h")
	if code != 0 || !strings.Contains(out, "-serializer") || !strings.Contains(out, "usage: partitionlab partition") {
		t.Errorf("partition -h: exit %d, output %q", code, out)
	}
}

func TestParseFlagsAcceptsFlagsAfterArgumentsAndStopsAtDoubleDash(t *testing.T) {
	cases := []struct {
		args []string
		keys []string
		n    string
	}{
		{[]string{"a", "b"}, []string{"a", "b"}, "6"},
		{[]string{"--partitions", "3", "a"}, []string{"a"}, "3"},
		{[]string{"a", "--partitions", "3", "b"}, []string{"a", "b"}, "3"},
		{[]string{"a", "-partitions=3"}, []string{"a"}, "3"},
		{[]string{"--", "--partitions", "3"}, []string{"--partitions", "3"}, "6"},
		{[]string{"a", "--", "-1", ""}, []string{"a", "-1", ""}, "6"},
		{[]string{"--partitions", "4", "--"}, nil, "4"},
	}
	for _, c := range cases {
		fs := flag.NewFlagSet("test", flag.ContinueOnError)
		n := fs.String("partitions", "6", "")
		keys, err := parseFlags(fs, c.args, &bytes.Buffer{})
		if err != nil {
			t.Errorf("%q: %v", c.args, err)
			continue
		}
		if strings.Join(keys, "|") != strings.Join(c.keys, "|") || len(keys) != len(c.keys) || *n != c.n {
			t.Errorf("%q: arguments %q, partitions %s; want %q, %s", c.args, keys, *n, c.keys, c.n)
		}
	}
}

// The browser build must contain the browser entry point only: a server_*.go
// file without its !wasm tag would drag the command line and net/http's
// server into app.wasm, several MB that every visitor downloads.
func TestWasmBuildLeavesOutTheCommandLine(t *testing.T) {
	if files := strings.TrimSpace(goListWasm(t, "-f", "{{.GoFiles}}", ".")); files != "[server_wasm.go]" {
		t.Errorf("the wasm build of package main compiles %s, want only server_wasm.go", files)
	}
	deps := strings.Fields(goListWasm(t, "-deps", "."))
	for _, banned := range []string{"flag", "os/signal", "net/http/httptest"} {
		if slices.Contains(deps, banned) {
			t.Errorf("app.wasm depends on %s, which only the command line needs", banned)
		}
	}
}

// goListWasm runs "go list" for the browser build, with make build's tags.
func goListWasm(t *testing.T, args ...string) string {
	t.Helper()
	cmd := exec.Command("go", append([]string{"list", "-tags", "minimal"}, args...)...)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go list %v: %v\n%s", args, err, out)
	}
	return string(out)
}
