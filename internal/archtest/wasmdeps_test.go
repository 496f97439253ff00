package archtest

import (
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
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

// The pages' modules build go-app without its HTTP handler
// (internal/browsergoapp): a page serves nothing, and net/http's
// initialisers keep TLS, x509 and the elliptic curves in the module (about
// 300 kB with brotli). The command line keeps go-app whole. Nor do they
// link regexp (go-app's router by path, our own matchers written by hand):
// its matcher, once linked, keeps its whole compiler (with go-app's
// regexp routes, about 77 kB).
func TestPagesModulesLeaveOutGoAppsServer(t *testing.T) {
	for _, main := range []string{root, "partitionlab/app/embedmain"} {
		deps := strings.Fields(goListWasm(t, "-deps", main))
		if !slices.Contains(deps, "github.com/maxence-charriere/go-app/v9/pkg/app") {
			t.Fatalf("%s does not list go-app:\n%s", main, deps)
		}
		for _, banned := range []string{"net/http", "crypto/tls", "crypto/x509", "crypto/ecdsa", "regexp"} {
			if slices.Contains(deps, banned) {
				t.Errorf("the browser's build of %s depends on %s", main, banned)
			}
		}
	}
	cmd := exec.Command("go", "list", "-deps", "-tags", "minimal", root)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	if !slices.Contains(strings.Fields(string(out)), "net/http") {
		t.Errorf("the command line's build does not link net/http: it serves the site with go-app's handler")
	}
}

// No browser module links Go's crypto: importing any of it runs the
// initialisers of Go's FIPS 140 module, which keep AES, GCM, SHA-2, SHA-3,
// HMAC and the DRBG in the module (about 44 kB of app.wasm with brotli, 38
// kB of engine.wasm). The result's digest is sim/internal/sha256; go-app's
// copy leaves out its encryption and uuid's hashes (internal/browsergoapp).
func TestBrowserModulesLinkNoCrypto(t *testing.T) {
	deps := map[string][]string{}
	for _, main := range []string{root, "partitionlab/app/embedmain"} {
		deps[main] = strings.Fields(goListWasm(t, "-deps", main))
	}
	// engine.wasm is built from go.mod as it is: it has no go-app.
	cmd := exec.Command("go", "list", "-deps", "-tags", wasmTags, "partitionlab/app/engineworker")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	deps["partitionlab/app/engineworker"] = strings.Fields(string(out))
	for main, ds := range deps {
		if !slices.Contains(ds, "partitionlab/sim") {
			t.Fatalf("%s does not list partitionlab/sim:\n%s", main, ds)
		}
		for _, d := range ds {
			if d == "crypto" || strings.HasPrefix(d, "crypto/") {
				t.Errorf("the browser's build of %s depends on %s", main, d)
			}
		}
	}
}

// browserMod is the go.mod the pages' modules are built with, written as
// make wasm writes it (in a directory of the tests' own).
var browserMod = sync.OnceValues(func() (string, error) {
	cmd := exec.Command("go", "run", "./internal/browsergoapp", ".tools/archtest-browser")
	cmd.Dir = "../.."
	out, err := cmd.CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("go run ./internal/browsergoapp: %v\n%s", err, out)
	}
	return strings.TrimSpace(string(out)), nil
})

// goListWasm runs "go list" for the browser build as make build builds the
// pages' modules: make build's tags and go-app without its server.
func goListWasm(t *testing.T, args ...string) string {
	t.Helper()
	mod, err := browserMod()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", append([]string{"list", "-modfile=" + mod, "-tags", wasmTags}, args...)...)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go list %v: %v\n%s", args, err, out)
	}
	return string(out)
}

// The pages' modules draw no chart: the engine's worker draws them
// (runner.KindDraw, app/plots there), and the server, for the pre-rendered
// pages. gonum/plot, its fonts and x/image were 164 kB of app.wasm with
// brotli. engine.wasm links them.
func TestPagesModulesLinkNoDrawing(t *testing.T) {
	for _, main := range []string{root, "partitionlab/app/embedmain"} {
		for _, d := range strings.Fields(goListWasm(t, "-deps", main)) {
			if d == "partitionlab/app/plots" || strings.HasPrefix(d, "gonum.org/") || strings.HasPrefix(d, "golang.org/x/image") {
				t.Errorf("the browser's build of %s depends on %s", main, d)
			}
		}
	}
	cmd := exec.Command("go", "list", "-deps", "-tags", wasmTags, "partitionlab/app/engineworker")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	if !slices.Contains(strings.Fields(string(out)), "partitionlab/app/plots") {
		t.Error("engine.wasm does not link app/plots: who draws the charts?")
	}
}
