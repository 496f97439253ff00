package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"partitionlab/app/scenarioform"
	"partitionlab/hashcore"
	"partitionlab/sim"
	"partitionlab/sim/scenario"
)

// cli runs the command line with stdin and returns its stdout.
func cli(t *testing.T, stdin []byte, args ...string) []byte {
	t.Helper()
	cmd := exec.Command(env.bin, args...)
	cmd.Stdin = bytes.NewReader(stdin)
	var errOut bytes.Buffer
	cmd.Stderr = &errOut
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("partitionlab %v: %v\n%s", args, err, errOut.String())
	}
	return out
}

func digestOfScenario(t *testing.T, doc []byte) string {
	t.Helper()
	var r sim.Result
	if err := json.Unmarshal(cli(t, doc, "simulate", "--scenario", "-", "--json"), &r); err != nil {
		t.Fatal(err)
	}
	return r.Digest
}

// The team's keys and client configuration go into the Simulate page's
// scenario as partitionlab import keys|config put them into a file: the
// same scenario, so the same digest. A bad line imports nothing.
func TestImportKeysAndConfigInTheApp(t *testing.T) {
	dir := t.TempDir()
	keys := "key,count\nmerchant-0042,4500\nmerchant-0007,1200\nmerchant-0100,300\n"
	config := "linger.ms=20\nacks=all\nmystery.knob=1\n"
	keysFile, configFile := filepath.Join(dir, "keys.csv"), filepath.Join(dir, "producer.properties")
	os.WriteFile(keysFile, []byte(keys), 0o644)
	os.WriteFile(configFile, []byte(config), 0o644)
	base, _ := scenario.PresetJSON("order-events")
	withKeys := cli(t, base, "import", "keys", keysFile, "--scenario", "-")
	withBoth := cli(t, withKeys, "import", "config", configFile, "--scenario", "-")

	ctx := newTab(t)
	open(t, ctx, env.baseURL+"#preset=order-events")
	waitFor(t, ctx, `(document.getElementById("run-status") || {dataset: {}}).dataset.state === "done"`)
	eval[bool](t, ctx, `(document.getElementById("byo-panel").open = true, true)`)
	setField(t, ctx, "byo-kind", "keys", "change")
	setField(t, ctx, "byo-text", keys, "input")
	eval[bool](t, ctx, `(document.getElementById("byo-apply").click(), true)`)
	waitDigest(t, ctx, "results", digestOfScenario(t, withKeys))
	if notes := eval[string](t, ctx, `document.getElementById("byo-notes").innerText`); !strings.Contains(notes, "3 keys (csv), 6000 records") ||
		!strings.Contains(notes, "workload.customers: 10000 → 3") {
		t.Errorf("the import's notes: %q", notes)
	}

	before := digestShown(t, ctx)
	setField(t, ctx, "byo-text", "merchant-1,10\nmerchant-2,lots\n", "input")
	eval[bool](t, ctx, `(document.getElementById("byo-apply").click(), true)`)
	waitFor(t, ctx, `document.getElementById("byo-error") !== null`)
	if msg := eval[string](t, ctx, `document.getElementById("byo-error").innerText`); !strings.Contains(msg, `line 2: count "lots"`) {
		t.Errorf("a bad line: %q", msg)
	}
	if got := digestShown(t, ctx); got != before {
		t.Errorf("a refused import changed the run")
	}

	setField(t, ctx, "byo-kind", "properties", "change")
	setField(t, ctx, "byo-text", config, "input")
	eval[bool](t, ctx, `(document.getElementById("byo-apply").click(), true)`)
	waitDigest(t, ctx, "results", digestOfScenario(t, withBoth))
	notes := eval[string](t, ctx, `document.getElementById("byo-notes").innerText`)
	for _, want := range []string{"linger.ms=20 → producers[0].linger_ms", "acks=all: no effect", "mystery.knob=1: unknown setting"} {
		if !strings.Contains(notes, want) {
			t.Errorf("the config notes lack %q: %q", want, notes)
		}
	}
	if v := eval[string](t, ctx, `document.getElementById(`+js(scenarioform.InputID("", "producers[0].linger_ms"))+`).value`); v != "20" {
		t.Errorf("linger.ms shows %q", v)
	}
}

// Key → partition takes the same CSV and counts records, not keys.
func TestKeysPageWeighsKeysByTheirCounts(t *testing.T) {
	ctx := newTab(t)
	open(t, ctx, env.baseURL+"keys")
	setField(t, ctx, "keys", "key,count\nhot,900\ncold,100\n", "input")
	eval[bool](t, ctx, `(() => { const c = document.getElementById("weighted"); c.checked = true;
		c.dispatchEvent(new Event("change", {bubbles: true})); return true; })()`)
	waitFor(t, ctx, `document.getElementById("weighted-load") !== null`)
	java := hashcore.Java{}
	hot, cold := java.Partition([]byte("hot"), 6), java.Partition([]byte("cold"), 6)
	want := fmt.Sprintf("java: p%d receives 90.0 %% of the 1,000 records", hot)
	if hot == cold {
		want = fmt.Sprintf("java: p%d receives 100.0 %% of the 1,000 records", hot)
	}
	if got := eval[string](t, ctx, `document.getElementById("weighted-load").innerText`); !strings.Contains(got, want) {
		t.Errorf("the weighted load reads %q, want %q", got, want)
	}
	setField(t, ctx, "keys", "hot,900\ncold,x\n", "input")
	waitFor(t, ctx, `document.getElementById("key-errors").innerText.includes("line 2")`)
}
