package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os/exec"
	"strconv"
	"sync"
	"testing"

	"partitionlab/app/results"
	"partitionlab/sim"
)

// cliRuns holds what "partitionlab simulate --preset NAME --json" prints for
// each preset, run by the real binary; the browser's numbers are checked
// against it.
var cliRuns = struct {
	sync.Mutex
	byPreset map[string]*cliRun
}{byPreset: map[string]*cliRun{}}

// cliSlots lets two runs of the command line go at a time: the machine has
// two cores, and the browser needs one.
var cliSlots = make(chan struct{}, 2)

type cliRun struct {
	once sync.Once
	done chan struct{}
	r    *sim.Result
	err  error
}

// startCLI starts the command line on a preset in the background, once.
func startCLI(name string) *cliRun {
	cliRuns.Lock()
	run, ok := cliRuns.byPreset[name]
	if !ok {
		run = &cliRun{done: make(chan struct{})}
		cliRuns.byPreset[name] = run
	}
	cliRuns.Unlock()
	run.once.Do(func() {
		go func() {
			cliSlots <- struct{}{}
			defer func() { <-cliSlots }()
			run.r, run.err = simulateCLI(name)
			close(run.done)
		}()
	})
	return run
}

// cliResult is the command line's result for a preset.
func cliResult(t testing.TB, name string) *sim.Result {
	t.Helper()
	run := startCLI(name)
	<-run.done
	if run.err != nil {
		t.Fatal(run.err)
	}
	return run.r
}

func simulateCLI(name string) (*sim.Result, error) {
	out, err := exec.Command(env.bin, "simulate", "--preset", name, "--json").Output()
	if err != nil {
		return nil, fmt.Errorf("partitionlab simulate --preset %s --json: %v", name, err)
	}
	var r sim.Result
	if err := json.Unmarshal(out, &r); err != nil {
		return nil, fmt.Errorf("simulate --json for %s: %v", name, err)
	}
	return &r, nil
}

// shownCard is one headline card as the page shows it.
type shownCard struct {
	ID    string `json:"id"`
	Raw   string `json:"raw"`
	Value string `json:"value"`
}

func readCards(t testing.TB, ctx context.Context) []shownCard {
	t.Helper()
	return eval[[]shownCard](t, ctx, `Array.from(document.querySelectorAll("#cards .stat")).map(el => ({
		id: el.id.replace(/^card-/, ""), raw: el.dataset.value,
		value: el.querySelector(".stat-value").textContent.replace(/^⚠ Worth a look: /, "")}))`)
}

// checkCards compares the page's headline cards with those the command
// line's result gives.
func checkCards(t testing.TB, shown []shownCard, r *sim.Result, label string) {
	t.Helper()
	want := results.Cards(r)
	if len(shown) != len(want) {
		t.Fatalf("%s: %d cards shown, want %d", label, len(shown), len(want))
	}
	for i, w := range want {
		got := shown[i]
		raw, err := strconv.ParseFloat(got.Raw, 64)
		if got.ID != w.ID || err != nil || raw != w.Raw || got.Value != w.Value {
			t.Errorf("%s: card %s shows %q (raw %s), the command line gives %q (raw %v)", label, w.ID, got.Value, got.Raw, w.Value, w.Raw)
		}
	}
}

// waitDigest waits until the results shown are those of a run with this
// digest.
func waitDigest(t testing.TB, ctx context.Context, id, digest string) {
	t.Helper()
	waitFor(t, ctx, `(document.getElementById(`+js(id)+`) || {dataset: {}}).dataset.digest === `+js(digest))
}

// digestShown is the digest of the results on screen.
func digestShown(t testing.TB, ctx context.Context) string {
	return eval[string](t, ctx, `(document.getElementById("results") || {dataset: {}}).dataset.digest || ""`)
}
