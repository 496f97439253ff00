package e2e

import (
	"strings"
	"testing"

	"partitionlab/app/scenarioform"
)

// The Compare page runs both scenarios with the command line's results and
// says, in words, which numbers got better.
func TestComparePage(t *testing.T) {
	a, b := cliResult(t, "thread-pool"), cliResult(t, "per-key-queues")
	ctx := newTab(t)
	open(t, ctx, env.baseURL+"compare#a.preset=thread-pool&b.preset=per-key-queues")
	waitFor(t, ctx, `(document.getElementById("digest-b") || {}).textContent === `+js(b.Digest))
	if got := eval[string](t, ctx, `document.getElementById("digest-a").textContent`); got != a.Digest {
		t.Errorf("A's digest %s, the command line's %s", got, a.Digest)
	}
	row := eval[map[string]string](t, ctx, `(() => { const r = document.getElementById("diff-violations-order");
		return {verdict: r.dataset.verdict, a: r.dataset.a, b: r.dataset.b, text: r.innerText}; })()`)
	if row["verdict"] != "better" || !strings.Contains(row["text"], "better") || !strings.Contains(row["text"], "▼") {
		t.Errorf("per-key queues remove the thread pool's violations, but the row says %v", row)
	}
	if row["a"] == "0" || row["b"] != "0" {
		t.Errorf("violations per order: A %s, B %s", row["a"], row["b"])
	}
	for _, id := range []string{"a-chart-records", "b-chart-records", "a-chart-lag", "b-chart-lag"} {
		if !eval[bool](t, ctx, `document.querySelector("#`+id+` svg") !== null`) {
			t.Errorf("no chart #%s", id)
		}
	}

	// Editing B reruns it and the comparison follows; the address keeps both.
	setField(t, ctx, scenarioform.InputID("b-", "consumer.mode"), "thread_pool", "change")
	waitFor(t, ctx, `document.getElementById("diff-violations-order").dataset.verdict === "same"`)
	if h := eval[string](t, ctx, `location.hash`); !strings.Contains(h, "a.preset=thread-pool") || !strings.Contains(h, "b.s=") {
		t.Errorf("the address is %q, want A's preset and B's edited scenario", h)
	}
}
