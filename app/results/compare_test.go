package results

import (
	"fmt"
	"strings"
	"testing"

	"partitionlab/app/i18n"
	"partitionlab/sim"
)

// en is the English catalog: the words these tests read.
var en = i18n.For(i18n.English)

func presetRun(t *testing.T, name string) Run {
	t.Helper()
	sc, err := sim.Preset(name)
	if err != nil {
		t.Fatal(err)
	}
	return Run{Scenario: sc, Result: run(t, name)}
}

func deltaByID(ds []Delta, id string) Delta {
	for _, d := range ds {
		if d.ID == id {
			return d
		}
	}
	return Delta{}
}

// The reviewer's case: cooperative-sticky processes records twice where
// eager does not, and the row says why with the evidence.
func TestCompareSaysWhyCooperativeIsWorse(t *testing.T) {
	a, b := presetRun(t, "scale-out-eager"), presetRun(t, "scale-out-cooperative")
	ds := Compare(en, a, b)
	for _, d := range ds {
		t.Logf("%-20s %-10s %-10s %-24s %s", d.ID, d.A.Value, d.B.Value, d.Words(en), d.Why)
	}
	dup := deltaByID(ds, "duplicates")
	if dup.Verdict != Worse {
		t.Fatalf("duplicates: %+v", dup)
	}
	want := Count(b.Result.Duplicates) + " records processed twice"
	if !strings.HasPrefix(dup.Why, "B: "+want) || !strings.Contains(dup.Why, "cooperative revocation does not commit") {
		t.Errorf("duplicates' why %q, want %q and the uncommitted revocation", dup.Why, want)
	}
	p99 := deltaByID(ds, "p99")
	if p99.Verdict != Worse || !strings.HasSuffix(p99.Change, " ms") || !strings.HasPrefix(p99.Change, "+") || p99.Why == "" {
		t.Errorf("p99: %+v", p99)
	}
	// Seen from the other side, the same row is better and the why is A's.
	back := deltaByID(Compare(en, b, a), "duplicates")
	if back.Verdict != Better || !strings.HasPrefix(back.Why, "A: "+want) {
		t.Errorf("reversed: %+v", back)
	}
	for _, d := range ds {
		if d.Verdict == Same && d.Why != "" {
			t.Errorf("%s is the same but says why: %q", d.ID, d.Why)
		}
	}
}

func TestChangesKeepTheirUnitAndAReadableForm(t *testing.T) {
	for _, c := range []struct {
		id   string
		a, b float64
		want string
	}{
		{"p99", 6.75, 1190.75, "+1,184 ms ×176 (worse)"},
		{"pause", 1.2, 0.53, "−0.67 s ÷2.3 (better)"},
		{"lag", 100, 410, "+310 ×4.1 (worse)"},
		{"load", 1.08, 1.73, "+0.65 ×1.6 (worse)"},
		{"lag", 0, 344, "+344 (worse)"},
		{"lag", 100, 120, "+20 (worse)"},
	} {
		d := Diff([]Card{{ID: c.id, Raw: c.a, Better: Lower}}, []Card{{ID: c.id, Raw: c.b, Better: Lower}})[0]
		if got := d.Words(en); got != c.want {
			t.Errorf("%s %g → %g: %q, want %q", c.id, c.a, c.b, got, c.want)
		}
	}
}

// Failed auto-commits are logged by Kafka's client, not thrown: the why
// of records processed twice must not call them CommitFailedException
// (issue 10, finding 5), and it names the rebalance by its generation, as
// the rebalance table's Gen. column does.
func TestWhyOfDuplicatesNamesFailedAutoCommitsAsLogged(t *testing.T) {
	b := presetRun(t, "gc-pause")
	a := b
	a.Scenario.Timeline = nil
	r, err := sim.Run(a.Scenario)
	if err != nil {
		t.Fatal(err)
	}
	a.Result = r
	dup := deltaByID(Compare(en, a, b), "duplicates")
	last := b.Result.Group.Rebalances[len(b.Result.Group.Rebalances)-1]
	for _, want := range []string{Plural(b.Result.Group.Totals.FailedCommits, "commit") + " failed (auto-commits, logged and not retried)",
		fmt.Sprintf("last, generation %d at", last.Generation)} {
		if !strings.Contains(dup.Why, want) {
			t.Errorf("duplicates' why %q lacks %q", dup.Why, want)
		}
	}
	if strings.Contains(dup.Why, "CommitFailedException") {
		t.Errorf("duplicates' why %q calls failed auto-commits CommitFailedException", dup.Why)
	}
}

// Every row that got better or worse says why, for pairs a review meets.
func TestEveryBetterOrWorseRowSaysWhy(t *testing.T) {
	pairs := [][2]string{{"thread-pool", "per-key-queues"}, {"hot-customer", "hot-customer-salted"}, {"add-partitions", "add-partitions-drained"},
		{"rolling-restart-dynamic", "rolling-restart-static"}, {"crash-duplicates", "order-events"}, {"order-id-key", "country-key"}}
	for _, p := range pairs {
		for _, d := range Compare(en, presetRun(t, p[0]), presetRun(t, p[1])) {
			if (d.Verdict == Better || d.Verdict == Worse) && d.Why == "" {
				t.Errorf("%s → %s: %s is %s without a why", p[0], p[1], d.ID, d.Verdict)
			}
		}
	}
}

// Compare speaks the page's language: the changes with the language's
// numbers, the verdicts and every why in words of the catalog (never a
// catalog id), with the same verdicts as in English.
func TestCompareInEveryLanguage(t *testing.T) {
	a, b := presetRun(t, "scale-out-eager"), presetRun(t, "scale-out-cooperative")
	english := Compare(en, a, b)
	for _, l := range i18n.Langs() {
		c := i18n.For(l)
		ds := Compare(c, a, b)
		for i, d := range ds {
			if d.Verdict != english[i].Verdict || d.Arrow != english[i].Arrow {
				t.Errorf("%s: %s is %s %s, in English %s %s", l, d.ID, d.Verdict, d.Arrow, english[i].Verdict, english[i].Arrow)
			}
			if w := d.Words(c); strings.Contains(w+d.Why, "compare.") {
				t.Errorf("%s: %s shows a catalog id: %q %q", l, d.ID, w, d.Why)
			}
			if l != i18n.English && d.Why != "" && d.Why == english[i].Why {
				t.Errorf("%s: %s's why is English: %q", l, d.ID, d.Why)
			}
		}
	}
	pt := i18n.For(i18n.Portuguese)
	dup := deltaByID(Compare(pt, a, b), "duplicates")
	if want := i18n.Portuguese.Int(b.Result.Duplicates) + " registros processados duas vezes"; !strings.HasPrefix(dup.Why, "B: "+want) {
		t.Errorf("Portuguese why %q, want it to start %q", dup.Why, want)
	}
	d := DiffIn(i18n.Portuguese, []Card{{ID: "p99", Raw: 6.75, Better: Lower}}, []Card{{ID: "p99", Raw: 1190.75, Better: Lower}})[0]
	if got, want := d.Words(pt), "+1.184 ms ×176 (pior)"; got != want {
		t.Errorf("Portuguese change %q, want %q", got, want)
	}
	d = DiffIn(i18n.French, []Card{{ID: "lag", Raw: 100, Better: Lower}}, []Card{{ID: "lag", Raw: 410, Better: Lower}})[0]
	if got, want := d.Words(i18n.For(i18n.French)), "+310 ×4,1 (moins bon)"; got != want {
		t.Errorf("French change %q, want %q", got, want)
	}
}
