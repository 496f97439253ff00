//go:build !wasm

package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// Talking to a real cluster (import cluster, franz-go) exists only in the
// native build: app.wasm never links a Kafka client.
func TestAppWasmHasNoKafkaClient(t *testing.T) {
	cmd := exec.Command("go", "list", "-deps", "-tags", "minimal", ".")
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
