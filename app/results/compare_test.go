package results

import (
	"fmt"
	"strings"
	"testing"

	"partitionlab/app/i18n"
	"partitionlab/sim"
	"partitionlab/sim/scenario"
)

func presetRun(t *testing.T, name string) Run {
	t.Helper()
	sc, err := scenario.Preset(name)
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
	ds := Compare(a, b)
	for _, d := range ds {
		t.Logf("%-20s %-10s %-10s %-24s %s", d.ID, d.A.Value, d.B.Value, d.Words(), d.Why)
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
	back := deltaByID(Compare(b, a), "duplicates")
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
		if got := d.Words(); got != c.want {
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
	dup := deltaByID(Compare(a, b), "duplicates")
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
		for _, d := range Compare(presetRun(t, p[0]), presetRun(t, p[1])) {
			if (d.Verdict == Better || d.Verdict == Worse) && d.Why == "" {
				t.Errorf("%s → %s: %s is %s without a why", p[0], p[1], d.ID, d.Verdict)
			}
		}
	}
}

// In Portuguese the comparison says the same in Portuguese: the verdicts,
// the changes with a decimal comma, and why, with the same numbers and
// Kafka's names (commit_on_revoke) as they are.
func TestCompareInPortuguese(t *testing.T) {
	a, b := presetRun(t, "scale-out-eager"), presetRun(t, "scale-out-cooperative")
	pt := i18n.For(i18n.Portuguese)
	en, got := Compare(a, b), CompareIn(pt, a, b)
	if len(got) != len(en) {
		t.Fatalf("%d rows, English %d", len(got), len(en))
	}
	for i, d := range got {
		if d.ID != en[i].ID || d.Verdict != en[i].Verdict || d.Arrow != en[i].Arrow {
			t.Errorf("%s: %s %s in Portuguese, %s %s in English", d.ID, d.Verdict, d.Arrow, en[i].Verdict, en[i].Arrow)
		}
		if d.Verdict != Same && d.Label == en[i].Label {
			t.Errorf("%s: the label %q is English", d.ID, d.Label)
		}
	}
	dup := deltaByID(got, "duplicates")
	want := CountIn(i18n.Portuguese, b.Result.Duplicates) + " registros processados duas vezes"
	if !strings.HasPrefix(dup.Why, "B: "+want) || !strings.Contains(dup.Why, "commit_on_revoke") {
		t.Errorf("duplicates' why %q, want %q and commit_on_revoke", dup.Why, want)
	}
	if w := dup.WordsIn(pt); !strings.HasSuffix(w, "(pior)") {
		t.Errorf("duplicates read %q, want the verdict pior", w)
	}
	if p99 := deltaByID(got, "p99"); !strings.Contains(p99.Change, ",") && !strings.Contains(p99.Change, ".") {
		t.Errorf("p99 changed by %q", p99.Change)
	}
}
