package app

import (
	"strconv"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/i18n"
	"partitionlab/app/runner"
	"partitionlab/sim"
	"partitionlab/sim/scenario"
)

// A cooperative round moves nothing itself: the rebalance table must show
// what it revoked, and the follow-up round must show no revocation.
func TestRebalanceTableShowsCooperativeRevocations(t *testing.T) {
	rbs := runGroupPreset(t, "scale-out-cooperative").Rebalances
	html := app.HTMLString((&resultsPanel{}).renderRebalances(rbs))
	if !strings.Contains(html, ">Revoked</th>") {
		t.Fatalf("no Revoked column in %s", html)
	}
	body := html[strings.Index(html, "<tbody"):]
	rows := strings.Split(body, "<tr")[1:]
	if len(rows) != len(rbs) {
		t.Fatalf("%d rows for %d rebalances", len(rows), len(rbs))
	}
	sawRevocation := false
	for i, rb := range rbs {
		cells := strings.Split(rows[i], "<td")
		cell := cells[6] // When, Cause, Protocol, Gen., Moved, Revoked
		if len(rb.Revoked) == 0 {
			if !strings.Contains(cell, ">—<") {
				t.Errorf("rebalance %d revoked nothing but its cell reads %q", i+1, cell)
			}
			continue
		}
		sawRevocation = true
		if rb.PartitionsMoved != 0 {
			t.Errorf("rebalance %d revokes %v and moves %d in the same round", i+1, rb.Revoked, rb.PartitionsMoved)
		}
		for _, p := range rb.Revoked {
			if !strings.Contains(cell, ">p"+strconv.Itoa(p)) && !strings.Contains(cell, " p"+strconv.Itoa(p)) {
				t.Errorf("rebalance %d revoked p%d, its cell reads %q", i+1, p, cell)
			}
		}
	}
	if !sawRevocation {
		t.Fatal("scale-out-cooperative revokes nothing: the preset no longer shows a cooperative round")
	}
}

func runGroupPreset(t *testing.T, name string) sim.GroupResult {
	t.Helper()
	sc, err := scenario.Preset(name)
	if err != nil {
		t.Fatal(err)
	}
	j, err := runner.RunAll(sc)
	if err != nil {
		t.Fatal(err)
	}
	return j.Result().Group
}

// The group's summary counts in words (issue 10: "1 rebalances") and
// names fenced members.
func TestGroupSummaryCounts(t *testing.T) {
	for _, c := range []struct{ preset, want, not string }{
		{"planned-rebalance", ": 1 rebalance,", "1 rebalances"},
		{"gc-pause", "2 failed commits", "1 failed commits"},
		{"fenced-instance", "2 fenced", "0 fenced"},
	} {
		s := groupSummary(i18n.For(i18n.English), runGroupPreset(t, c.preset))
		if !strings.Contains(s, c.want) || strings.Contains(s, c.not) {
			t.Errorf("%s: %q; want %q", c.preset, s, c.want)
		}
	}
}
