package e2e

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"net"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// skipEnv, set to 1, lets the tests pass without chromium. It must be set on
// purpose: by default a missing browser is a failure, so CI cannot go green
// without running them.
const skipEnv = "PARTITIONLAB_E2E_SKIP"

// fixture is what TestMain prepares once for every test: the binary, the
// built web directory, the served app and one browser.
type fixture struct {
	dir     string // temporary directory holding everything below
	bin     string // the partitionlab binary
	web     string // web assets including app.wasm
	baseURL string // where "partitionlab serve" listens, ending in "/"
	browser context.Context
}

// env is set by TestMain before any test runs and never changed after.
var env fixture

func TestMain(m *testing.M) { os.Exit(runMain(m)) }

func runMain(m *testing.M) int {
	flag.Parse()
	chromium, err := exec.LookPath("chromium")
	if err != nil {
		if os.Getenv(skipEnv) == "1" {
			fmt.Println("e2e: chromium not found; skipping the browser tests because " + skipEnv + "=1")
			return 0
		}
		fmt.Fprintln(os.Stderr, "e2e: the browser tests need Debian's chromium, which is not installed.\n"+
			"     Install it (apt-get install -y chromium, or run make test, which does),\n"+
			"     or set "+skipEnv+"=1 to skip these tests on purpose.")
		return 1
	}
	dir, err := os.MkdirTemp("", "partitionlab-e2e-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		return 1
	}
	defer os.RemoveAll(dir)
	env = fixture{dir: dir, bin: filepath.Join(dir, "partitionlab"), web: filepath.Join(dir, "web")}

	if err := build(env); err != nil {
		fmt.Fprintln(os.Stderr, "e2e: build:", err)
		return 1
	}
	compressAppWasmInBackground()
	server, url, err := serve(env.bin, env.web, "127.0.0.1:0")
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e: serve:", err)
		return 1
	}
	defer func() { server.Process.Kill(); server.Wait() }()
	env.baseURL = url

	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromium), chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-default-apps", true),
		chromedp.WindowSize(1280, 1000))
	if !benchmarking() {
		// Every tab of the served site in one renderer process: each test
		// opens its own tab, which otherwise starts a process of its own
		// and compiles app.wasm and engine.wasm again: a new tab's first
		// load of /simplified took 2.6–3.3 s of the renderer's processor
		// time and mounted after 1.9–2.1 s; with the process shared,
		// 1.9–2.2 s and 1.3–1.5 s (2026-12-07). A test that needs a cold
		// start, or a browser of its own, opens a new browser context,
		// which has its own processes. Benchmarks measure the browser as
		// readers run it.
		opts = append(opts, chromedp.Flag("process-per-site", true))
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelAlloc()
	browser, cancelBrowser := chromedp.NewContext(actx)
	defer cancelBrowser()
	if err := chromedp.Do(browser); err != nil { // starts the browser
		fmt.Fprintln(os.Stderr, "e2e: starting chromium:", err)
		return 1
	}
	if err := checkChromiumVersion(browser); err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		return 1
	}
	env.browser = browser
	return m.Run()
}

// build compiles the modules (app.wasm, engine.wasm, embed.wasm) and the
// binary with make build's targets (with the compressed copies serve sends
// to browsers), and copies the other web assets next to them.
func build(f fixture) error {
	root, err := filepath.Abs("..")
	if err != nil {
		return err
	}
	// make's own targets, so the modules are built with exactly the flags
	// make build gives them; brotli at 9 unless PARTITIONLAB_BROTLI says
	// otherwise (make build's 11 takes a minute more for 13 % fewer bytes).
	cmd := exec.Command("make", "--no-print-directory", "wasm", "native",
		"WASM="+filepath.Join(f.web, "app.wasm"), "ENGINE_WASM="+filepath.Join(f.web, "engine.wasm"),
		"EMBED_WASM="+filepath.Join(f.web, "embed.wasm"), "BIN="+f.bin, "BROTLI="+brotliQuality())
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("%s: %v\n%s", strings.Join(cmd.Args, " "), err, out)
	}
	assets, err := os.ReadDir(filepath.Join(root, "web"))
	if err != nil {
		return err
	}
	for _, a := range assets {
		if a.IsDir() || strings.Contains(a.Name(), ".wasm") { // a module or its compressed copy
			continue
		}
		b, err := os.ReadFile(filepath.Join(root, "web", a.Name()))
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(f.web, a.Name()), b, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// serve starts the real "partitionlab serve" (on a port the system picks
// when addr ends in :0) and reads the URL from the first line it prints.
// stopServer ends a server serve started and returns once its address
// refuses connections: partitionlab runs under a supervisor whose child
// (the server) the kernel ends a moment after the supervisor, so a test
// that goes offline, or starts another server on the same address, waits
// for that.
func stopServer(t testing.TB, cmd *exec.Cmd, base string) {
	cmd.Process.Kill()
	cmd.Wait()
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		c, err := net.DialTimeout("tcp", u.Host, time.Second)
		if err != nil {
			return
		}
		c.Close()
		if time.Now().After(deadline) {
			t.Fatalf("%s still answers 10 s after its server was stopped", base)
		}
	}
}

func serve(bin, web, addr string) (*exec.Cmd, string, error) {
	cmd := exec.Command(bin, "serve", "--addr", addr, "--web", web)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, "", err
	}
	if err := cmd.Start(); err != nil {
		return nil, "", err
	}
	lines := make(chan string, 1)
	go func() {
		r := bufio.NewReader(out)
		line, _ := r.ReadString('\n')
		lines <- line
		io.Copy(io.Discard, r)
	}()
	select {
	case line := <-lines:
		url := regexp.MustCompile(`http://\S+/`).FindString(line)
		if url == "" {
			cmd.Process.Kill()
			cmd.Wait()
			return nil, "", fmt.Errorf("no URL in the first line of its output: %q", line)
		}
		return cmd, url, nil
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		cmd.Wait()
		return nil, "", fmt.Errorf("it printed nothing in 30 s")
	}
}

// brotliQuality is the brotli quality of the precompressed modules.
func brotliQuality() string {
	if q := os.Getenv("PARTITIONLAB_BROTLI"); q != "" {
		return q
	}
	return "9"
}

// benchmarking reports whether go test was asked to run benchmarks (-bench).
func benchmarking() bool {
	f := flag.Lookup("test.bench")
	return f != nil && f.Value.String() != ""
}
