package e2e

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"net/url"
	"os/exec"
	"slices"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// cliSweep is what the tests read of `partitionlab sweep --json`.
type cliSweep struct {
	Points []struct {
		Index      int      `json:"index"`
		Digests    []string `json:"digests"`
		OnFrontier bool     `json:"on_frontier"`
	} `json:"points"`
	Recommended *struct {
		Index int `json:"index"`
	} `json:"recommended"`
	Why string `json:"why"`
}

// sweepCLI is the command line's sweep: its JSON, whether or not a point
// meets the requirements (exit 3 says none does).
func sweepCLI(t testing.TB, args ...string) *cliSweep {
	t.Helper()
	out, err := exec.Command(env.bin, append([]string{"sweep", "--json"}, args...)...).Output()
	var exit *exec.ExitError
	if err != nil && !(errors.As(err, &exit) && exit.ExitCode() == 3) {
		t.Fatalf("partitionlab sweep %v: %v", args, err)
	}
	var s cliSweep
	if err := json.Unmarshal(out, &s); err != nil {
		t.Fatalf("sweep --json: %v\n%s", err, out)
	}
	return &s
}

// sweepFragment is the sweep page's address fragment for a preset.
func sweepFragment(preset string, vary []string, require ...string) string {
	v := url.Values{"preset": {preset}, "vary": vary, "require": require}
	return v.Encode()
}

// shownSweep is what the sweep page shows once every run is in: each
// point's digest, the marks and the trade-off picture.
type shownSweep struct {
	Digests     []string `json:"digests"`
	Frontier    []bool   `json:"frontier"`
	Recommended int      `json:"recommended"`
	Picture     string   `json:"picture"`
	Why         string   `json:"why"`
}

func readSweep(t testing.TB, ctx context.Context) shownSweep {
	t.Helper()
	waitFor(t, ctx, `(document.getElementById("sweep-outcome") || {dataset: {}}).dataset.final === "true"`)
	waitDrawn(t, ctx, "#sweep-frontier", 1)
	return eval[shownSweep](t, ctx, `(() => {
		const rows = Array.from(document.querySelectorAll("#sweep-points tbody tr"));
		return {digests: rows.map(r => r.dataset.digest), frontier: rows.map(r => r.classList.contains("frontier")),
			recommended: rows.findIndex(r => r.classList.contains("recommended")),
			picture: document.querySelector("#sweep-frontier .plot").innerHTML,
			why: document.getElementById("sweep-why").textContent};
	})()`)
}

// checkSweep compares what the page shows with the command line's sweep.
func checkSweep(t testing.TB, shown shownSweep, want *cliSweep, label string) {
	t.Helper()
	var digests []string
	var frontier []bool
	for _, pt := range want.Points {
		digests, frontier = append(digests, pt.Digests[0]), append(frontier, pt.OnFrontier)
	}
	if !slices.Equal(shown.Digests, digests) {
		t.Errorf("%s: the points' digests are %v, the command line's %v", label, shown.Digests, digests)
	}
	if !slices.Equal(shown.Frontier, frontier) {
		t.Errorf("%s: the frontier marks %v, the command line's %v", label, shown.Frontier, frontier)
	}
	rec := -1
	if want.Recommended != nil {
		rec = want.Recommended.Index
	}
	if shown.Recommended != rec {
		t.Errorf("%s: point %d is recommended, the command line's %d (%s)", label, shown.Recommended, rec, want.Why)
	}
	if shown.Picture == "" {
		t.Errorf("%s: no trade-off picture", label)
	}
}

// A sweep runs in the browser's workers with the command line's digests
// and frontier; a point opens in Simulate as exactly that run; the sweep's
// address, reloaded, gives the same picture; a bad field says so next to
// it.
func TestSweepPage(t *testing.T) {
	vary := []string{"topic.partitions=3,6,12"}
	want := sweepCLI(t, "--preset", "order-events", "--vary", vary[0], "--require", "load<=1.3")
	ctx := newTab(t)
	open(t, ctx, env.baseURL+"sweep#"+sweepFragment("order-events", vary, "load<=1.3"))
	first := readSweep(t, ctx)
	checkSweep(t, first, want, "the sweep")
	link := eval[string](t, ctx, `location.href`)

	// Reloading the sweep's own address gives the same picture.
	open(t, ctx, link)
	again := readSweep(t, ctx)
	if again.Picture != first.Picture || !slices.Equal(again.Digests, first.Digests) || again.Why != first.Why {
		t.Errorf("the reloaded sweep differs:\n%+v\nwant\n%+v", again, first)
	}

	// A point opens in Simulate as exactly that run.
	if err := chromedp.Do(ctx, chromedp.Click(`#sweep-point-2 a.open-point`)); err != nil {
		t.Fatal(err)
	}
	waitDigest(t, ctx, "results", want.Points[1].Digests[0])

	// Simulate offers the sweep of its scenario; a bad field is named.
	open(t, ctx, link)
	waitFor(t, ctx, `document.getElementById("sweep-seeds") !== null`)
	setField(t, ctx, "sweep-seeds", "11", "change")
	waitFor(t, ctx, `(document.getElementById("sweep-seeds-error") || {}).textContent?.includes("11")`)
}

// The sweep page works offline from the static site: its workers' engine
// comes from the service worker's cache.
func TestSweepOffline(t *testing.T) {
	vary := []string{"consumer.concurrency=1,4"}
	want := sweepCLI(t, "--preset", "order-events", "--vary", vary[0])
	site := writeStatic(t, "/lab/")
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: http.StripPrefix("/lab", http.FileServer(http.Dir(site))), ReadHeaderTimeout: 10 * time.Second}
	go srv.Serve(ln)
	defer srv.Close()
	base := "http://" + ln.Addr().String() + "/lab/"
	ctx := newTab(t, chromedp.WithNewBrowserContext())
	open(t, ctx, base+"sweep#"+sweepFragment("order-events", vary))
	checkSweep(t, readSweep(t, ctx), want, "online")
	waitForServiceWorker(t, ctx)
	if _, err := chromedp.Call(ctx, network.SetCacheDisabled, network.SetCacheDisabledParams{CacheDisabled: true}); err != nil {
		t.Fatal(err)
	}
	srv.Close()
	if _, err := http.Get(base); err == nil {
		t.Fatal("the host still answers after Close; the offline check would prove nothing")
	}
	open(t, ctx, base+"sweep#"+sweepFragment("order-events", vary))
	checkSweep(t, readSweep(t, ctx), want, "offline")
}

// A two-setting sweep shows its grid as a table, a cell per point with
// the command line's digest; the measure picked shades it; a cell opens
// Simulate as exactly that run.
func TestSweepGrid(t *testing.T) {
	vary := []string{"topic.partitions=3,6", "consumer.concurrency=1,2,4"}
	want := sweepCLI(t, "--preset", "order-events", "--vary", vary[0], "--vary", vary[1])
	ctx := newTab(t)
	open(t, ctx, env.baseURL+"sweep#"+sweepFragment("order-events", vary))
	checkSweep(t, readSweep(t, ctx), want, "the grid's sweep")
	grid := eval[struct {
		Rows    int      `json:"rows"`
		Digests []string `json:"digests"`
		Links   int      `json:"links"`
	}](t, ctx, `(() => {
		const cells = Array.from(document.querySelectorAll("#sweep-grid tbody td"));
		return {rows: document.querySelectorAll("#sweep-grid tbody tr").length, digests: cells.map(c => c.dataset.digest),
			links: document.querySelectorAll("#sweep-grid tbody td a[href]").length};
	})()`)
	var digests []string
	for _, pt := range want.Points {
		digests = append(digests, pt.Digests[0])
	}
	if grid.Rows != 2 || !slices.Equal(grid.Digests, digests) || grid.Links != len(digests) {
		t.Errorf("the grid has %d rows, digests %v and %d links; want 2 rows, %v, a link a cell", grid.Rows, grid.Digests, grid.Links, digests)
	}
	setField(t, ctx, "sweep-grid-measure", "p99_ms", "change")
	waitFor(t, ctx, `document.getElementById("sweep-grid").dataset.measure === "p99_ms"`)
	if err := chromedp.Do(ctx, chromedp.Click(`#sweep-cell-5 a`)); err != nil {
		t.Fatal(err)
	}
	waitDigest(t, ctx, "results", want.Points[4].Digests[0])
}

// A keyboard user on a point's link keeps the focus there while the
// table is drawn again as the other points come in.
func TestSweepTableKeepsTheFocus(t *testing.T) {
	ctx := newTab(t)
	// 24 points of three seeds: seconds of redraws after the first point.
	open(t, ctx, env.baseURL+"sweep#"+sweepFragment("order-events", []string{"topic.partitions=1..24"}))
	startSweep(t, ctx)
	waitFor(t, ctx, sweepFinal)
	setField(t, ctx, "sweep-seeds", "3", "change")
	waitFor(t, ctx, `!(`+sweepFinal+`)`) // the edit is taken
	startSweep(t, ctx)
	waitFor(t, ctx, `document.querySelector("#sweep-point-1 a.open-point") !== null && document.getElementById("sweep-progress") !== null`)
	if !eval[bool](t, ctx, `(() => { const a = document.querySelector("#sweep-point-1 a.open-point"); a.focus(); return document.activeElement === a; })()`) {
		t.Fatal("the first point's link takes no focus")
	}
	table := eval[string](t, ctx, `document.getElementById("sweep-points").innerHTML`)
	waitFor(t, ctx, sweepFinal)
	if eval[string](t, ctx, `document.getElementById("sweep-points").innerHTML`) == table {
		t.Fatal("the table was not drawn again while the focus was in it")
	}
	if !eval[bool](t, ctx, `document.activeElement === document.querySelector("#sweep-point-1 a.open-point")`) {
		t.Errorf("the focus moved to %s", eval[string](t, ctx, `document.activeElement.outerHTML.slice(0, 120)`))
	}
}

// sweepFinal says the sweep on the page is finished and drawn.
const sweepFinal = `(document.getElementById("sweep-outcome") || {dataset: {}}).dataset.final === "true"`

// startSweep waits for the sweep the page just checked to start (or to
// have finished already), and clicks Start when the page waits for it:
// whether it does depends on the engine's speed this browser measured.
func startSweep(t *testing.T, ctx context.Context) {
	t.Helper()
	waitFor(t, ctx, `document.getElementById("sweep-start") !== null || document.getElementById("sweep-progress") !== null || `+sweepFinal)
	if eval[bool](t, ctx, `document.getElementById("sweep-start") !== null`) {
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("sweep-start"))); err != nil {
			t.Fatal(err)
		}
	}
}
