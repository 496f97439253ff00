package app

import (
	"strconv"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/runner"
	"partitionlab/sim"
)

// A cooperative round moves nothing itself: the rebalance table must show
// what it revoked, and the follow-up round must show no revocation.
func TestRebalanceTableShowsCooperativeRevocations(t *testing.T) {
	sc, err := sim.Preset("scale-out-cooperative")
	if err != nil {
		t.Fatal(err)
	}
	j, err := runner.RunAll(sc)
	if err != nil {
		t.Fatal(err)
	}
	rbs := j.Result().Group.Rebalances
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
