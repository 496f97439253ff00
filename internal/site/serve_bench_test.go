package site

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"
)

// firstVisit is what a first visit to the app asks for: the page, go-app's
// files, the styles, icons, app.wasm and the engine's worker (compressed),
// then the other pages as a person clicks through.
func firstVisit(version string) []string {
	return append([]string{
		"/", "/app.css", "/wasm_exec.js", "/app.js", "/manifest.webmanifest", "/app-worker.js",
		"/web/partitionlab.css", "/web/learn.css", "/web/icon.svg", "/web/icon-192.png", "/web/app.wasm",
		"/web/engine.js?v=" + version, "/keys", "/learn", "/compare", "/simplified",
	}, engineResources(version)...)
}

const (
	loadClients = 32 // visitors at once
	loadVisits  = 4  // first visits each makes per round
	loadTimeout = 20 * time.Second
)

// BenchmarkServeLoad is a load test of serve on loopback: each round,
// loadClients concurrent visitors each make loadVisits first visits
// (firstVisit: 18 requests, app.wasm among them), so a round is bounded at
// 2,304 requests and loadTimeout. It reports requests per second, the p99
// latency and the errors (any status but 200, or a failed request).
func BenchmarkServeLoad(b *testing.B) {
	web := repoWeb
	if _, err := os.Stat(filepath.Join(web, "app.wasm")); err != nil {
		web = benchWeb(b) // without make build: a stand-in app.wasm of 3 MB
	}
	version, err := Version(web)
	if err != nil {
		b.Fatal(err)
	}
	visit := firstVisit(version)
	srv := newHTTPServer(serveHandler(web, version), serveTimeouts())
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	go srv.Serve(ln)
	defer srv.Close()
	b.Logf("serving %s, version %s", web, version)
	base := "http://" + ln.Addr().String()
	transport := &http.Transport{MaxIdleConnsPerHost: loadClients, DisableCompression: true}
	defer transport.CloseIdleConnections()
	client := &http.Client{Transport: transport}

	var latencies []time.Duration
	var errors, requests int
	var elapsed time.Duration
	b.ResetTimer()
	for range b.N {
		ctx, cancel := context.WithTimeout(context.Background(), loadTimeout)
		start := time.Now()
		var mu sync.Mutex
		var wg sync.WaitGroup
		for range loadClients {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var mine []time.Duration
				failed := 0
				for range loadVisits {
					for _, path := range visit {
						t0 := time.Now()
						if err := fetch(ctx, client, base+path); err != nil {
							failed++
						}
						mine = append(mine, time.Since(t0))
					}
				}
				mu.Lock()
				latencies = append(latencies, mine...)
				errors += failed
				mu.Unlock()
			}()
		}
		wg.Wait()
		elapsed += time.Since(start)
		requests += loadClients * loadVisits * len(visit)
		cancel()
	}
	b.StopTimer()
	slices.Sort(latencies)
	b.ReportMetric(float64(requests)/elapsed.Seconds(), "req/s")
	b.ReportMetric(float64(latencies[len(latencies)*99/100].Microseconds())/1000, "p99-ms")
	b.ReportMetric(float64(errors), "errors")
	b.ReportMetric(float64(loadClients), "clients")
	if errors > 0 {
		b.Errorf("%d of %d requests failed", errors, requests)
	}
}

func fetch(ctx context.Context, client *http.Client, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Accept-Encoding", "gzip, deflate, br") // as a browser sends it
	res, err := client.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if _, err := io.Copy(io.Discard, res.Body); err != nil {
		return err
	}
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("%s: %s", url, res.Status)
	}
	return nil
}

// repoWeb is the repository's web directory, seen from this package's.
const repoWeb = "../../web"

// benchWeb is the repository's web directory with a stand-in app.wasm of
// app.wasm's usual size and its gzip copy.
func benchWeb(b *testing.B) string {
	dir := b.TempDir()
	entries, _ := os.ReadDir(repoWeb)
	for _, e := range entries {
		if !e.IsDir() {
			copyFile(filepath.Join(repoWeb, e.Name()), filepath.Join(dir, e.Name()))
		}
	}
	wasm := make([]byte, 3<<20)
	for i := range wasm {
		wasm[i] = byte(i * 7 % 251)
	}
	for _, name := range []string{"app.wasm", "engine.wasm"} {
		os.WriteFile(filepath.Join(dir, name), wasm, 0o644)
		os.WriteFile(filepath.Join(dir, name+".gz"), wasm[:1<<20], 0o644)
	}
	return dir
}
