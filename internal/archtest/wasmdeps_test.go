package archtest

import (
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// wasmTags are make build's tags for the browser's modules.
const wasmTags = "minimal,langbundles"

// root is the module's root package: natively the command, in the
// browser app.wasm.
const root = "partitionlab"

// Talking to a real cluster (import cluster, franz-go) exists only in the
// native build: app.wasm never links a Kafka client.
func TestAppWasmHasNoKafkaClient(t *testing.T) {
	cmd := exec.Command("go", "list", "-deps", "-tags", wasmTags, root)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, dep := range strings.Fields(string(out)) {
		if strings.HasPrefix(dep, "github.com/twmb/franz-go") {
			t.Errorf("app.wasm depends on %s", dep)
		}
	}
	if !strings.Contains(string(out), "partitionlab/app\n") {
		t.Errorf("go list did not list the app's packages:\n%s", out)
	}
}

// The browser build must contain the browser entry point only: server.go
// without its !wasm tag would drag the command line (internal/cli) and
// net/http's server into app.wasm, several MB that every visitor downloads.
func TestWasmBuildLeavesOutTheCommandLine(t *testing.T) {
	if files := strings.TrimSpace(goListWasm(t, "-f", "{{.GoFiles}}", root)); files != "[server_wasm.go]" {
		t.Errorf("the wasm build of package main compiles %s, want only server_wasm.go", files)
	}
	deps := strings.Fields(goListWasm(t, "-deps", root))
	for _, banned := range []string{"flag", "os/signal", "net/http/httptest", "partitionlab/internal/cli", "partitionlab/internal/site", "partitionlab/internal/cluster"} {
		if slices.Contains(deps, banned) {
			t.Errorf("app.wasm depends on %s, which only the command line needs", banned)
		}
	}
}

// goListWasm runs "go list" for the browser build, with make build's tags.
func goListWasm(t *testing.T, args ...string) string {
	t.Helper()
	cmd := exec.Command("go", append([]string{"list", "-tags", wasmTags}, args...)...)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go list %v: %v\n%s", args, err, out)
	}
	return string(out)
}
