package e2e

import (
	"encoding/json"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"partitionlab/app/i18n"
	"partitionlab/app/results"
	"partitionlab/app/results/sentences"
	"partitionlab/app/share"
	"partitionlab/sim"
)

// groupTroubleDoc is the add-partitions preset with two instances of
// three threads, one of which crashes early: ordering violations (the
// partition count changed), a rebalance caused by a session that expired,
// and group events (crashed, removed), all in one run.
const groupTroubleDoc = `{"name":"add-partitions-crash","seed":1,"duration_s":60,"topic":{"partitions":6},
"workload":{"event_gap_ms":5},"producers":[{"name":"order-service","metadata_max_age_ms":10000}],
"consumer":{"instances":2,"concurrency":3,"processing_ms":1.6,"metadata_max_age_ms":1000,"auto_offset_reset":"earliest"},
"timeline":[{"at_s":2,"action":"crash_consumer","instance":1},{"at_s":30,"action":"set_partitions","partitions":12}]}`

// shownResults is what the results panel says, read from the page.
type shownResults struct {
	Lang        string     `json:"lang"`
	Digest      string     `json:"digest"`
	Cards       [][]string `json:"cards"` // label, value, detail
	Explanation string     `json:"explanation"`
	Facts       []string   `json:"facts"`
	Causes      []string   `json:"causes"`
	Events      [][]string `json:"events"` // event, detail
	Status      string     `json:"status"`
}

const readResults = `(() => {
	const text = el => el ? el.textContent : "";
	const rows = sel => Array.from(document.querySelectorAll(sel + " tbody tr")).map(tr => Array.from(tr.cells).map(td => td.textContent));
	return {
		lang: document.documentElement.lang,
		digest: document.getElementById("results").dataset.digest,
		cards: Array.from(document.querySelectorAll("#cards .stat")).map(el => [
			text(el.querySelector(".stat-label")), text(el.querySelector(".stat-value").lastChild), text(el.querySelector(".stat-detail"))]),
		explanation: text(document.getElementById("violation-explanation")),
		facts: Array.from(document.querySelectorAll("#violations .evidence dt")).slice(0, 5).map(text),
		causes: rows("#rebalances").map(r => r[1]),
		events: rows("#group-events").map(r => [r[2], r[3]]),
		status: text(document.querySelector("#run-status .progress-text")),
	};
})()`

// Simulate's results opened with ?lang=pt and ?lang=ko: the headline
// cards, the violation's evidence, the rebalance's cause and the group's
// events are in the language, numbers written its way, each word the
// catalog's rendering of the run's own data; and the run is the same, to
// the digest, as in English and on the command line.
func TestResultsInPortugueseAndKorean(t *testing.T) {
	var want sim.Result
	if err := json.Unmarshal(cli(t, []byte(groupTroubleDoc), "simulate", "--scenario", "-", "--json"), &want); err != nil {
		t.Fatal(err)
	}
	if len(want.Ordering.Examples) == 0 || len(want.Group.Rebalances) == 0 || len(want.Group.Events) == 0 {
		t.Fatalf("the scenario has %d violations, %d rebalances, %d group events: it no longer shows all three",
			len(want.Ordering.Examples), len(want.Group.Rebalances), len(want.Group.Events))
	}
	fragment := share.ScenarioParam + "=" + share.Encode([]byte(groupTroubleDoc))
	shown := map[i18n.Lang]shownResults{}
	for _, l := range []i18n.Lang{i18n.English, i18n.Portuguese, i18n.Korean} {
		t.Run(string(l), func(t *testing.T) {
			ctx := newTab(t, chromedp.WithNewBrowserContext())
			open(t, ctx, env.baseURL+"?"+url.Values{"lang": {string(l)}}.Encode()+"#"+fragment)
			waitDigest(t, ctx, "results", want.Digest)
			waitFor(t, ctx, `document.getElementById("run-status").dataset.state === "done"`)
			got := eval[shownResults](t, ctx, readResults)
			shown[l] = got
			checkResultsWords(t, l, got, &want)
		})
	}
	en := shown[i18n.English]
	for _, l := range []i18n.Lang{i18n.Portuguese, i18n.Korean} {
		got, ok := shown[l]
		if !ok {
			continue
		}
		if got.Digest != en.Digest {
			t.Errorf("%s: digest %s, English %s", l, got.Digest, en.Digest)
		}
		if got.Explanation == en.Explanation || got.Cards[1][0] == en.Cards[1][0] || got.Events[0][1] == en.Events[0][1] {
			t.Errorf("%s: the evidence, the cards or the group events are still English:\n%q\n%q\n%q", l,
				got.Explanation, got.Cards[1][0], got.Events[0][1])
		}
	}
}

// checkResultsWords compares what the page shows in l with the catalog's
// words for the command line's result.
func checkResultsWords(t *testing.T, l i18n.Lang, got shownResults, r *sim.Result) {
	t.Helper()
	c := i18n.For(l)
	if got.Lang != l.Tag() {
		t.Errorf("<html lang> is %q", got.Lang)
	}
	cards := results.CardsIn(c, r)
	if len(got.Cards) != len(cards) {
		t.Fatalf("%d cards shown, want %d", len(got.Cards), len(cards))
	}
	for i, k := range cards {
		if w := []string{k.Label, k.Value, k.Detail}; strings.Join(got.Cards[i], "|") != strings.Join(w, "|") {
			t.Errorf("card %s reads %q, want %q", k.ID, got.Cards[i], w)
		}
	}
	if w := sentences.Explanation(c, firstShownExample(r)); got.Explanation != w {
		t.Errorf("the explanation reads\n%q\nwant\n%q", got.Explanation, w)
	}
	for i, f := range results.FactsIn(c, r.Ordering.Examples[0].Later) {
		if i < len(got.Facts) && got.Facts[i] != f.Label {
			t.Errorf("evidence line %d is labelled %q, want %q", i+1, got.Facts[i], f.Label)
		}
	}
	for i, rb := range r.Group.Rebalances {
		if w := sentences.RebalanceCause(c, rb.Cause); i >= len(got.Causes) || got.Causes[i] != w {
			t.Errorf("rebalance %d's cause reads %q, want %q", i+1, got.Causes, w)
		}
	}
	if len(got.Events) != len(r.Group.Events) {
		t.Fatalf("%d group events shown, want %d", len(got.Events), len(r.Group.Events))
	}
	for i, e := range r.Group.Events {
		if w := []string{sentences.Event(c, e), sentences.Detail(c, e)}; strings.Join(got.Events[i], "|") != strings.Join(w, "|") {
			t.Errorf("group event %d reads %q, want %q", i+1, got.Events[i], w)
		}
	}
	if w := c.T("results.status.done"); got.Status != w {
		t.Errorf("the run's status reads %q, want %q", got.Status, w)
	}
}

// firstShownExample is the violation the panel explains first: the first
// example of the first scope (order, customer, key) that has one.
func firstShownExample(r *sim.Result) sim.Violation {
	for _, scope := range []string{"order", "customer", "key"} {
		for _, e := range r.Ordering.Examples {
			if e.Scope == scope {
				return e
			}
		}
	}
	return sim.Violation{}
}
