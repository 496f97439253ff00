package invariants

import (
	"strings"
	"testing"

	"partitionlab/sim"
)

// TestShareLogRefusesWhatSharePartitionForbids: the replay behind
// share.ownership names each contradiction of SharePartition's record
// locks (acquiring a held record, an early lock expiry, an acknowledgement
// by another member, a redelivery after ACCEPT, a give-up below the
// delivery limit) and lets a lawful history through.
func TestShareLogRefusesWhatSharePartitionForbids(t *testing.T) {
	const lock = 30e9
	ev := func(at float64, kind, member string, d int) sim.ShareEvent {
		return sim.ShareEvent{AtNs: int64(at * 1e9), Kind: kind, Member: member, Deliveries: d, First: 4, Last: 5}
	}
	cases := []struct {
		name   string
		events []sim.ShareEvent
		wrong  string
	}{
		{"lawful: expiry, redelivery, release, give-up", []sim.ShareEvent{ev(1, "acquired", "a", 1), ev(31, "lock expired", "a", 1),
			ev(31, "acquired", "b", 2), ev(32, "released", "b", 2), ev(32, "given up", "b", 2)}, ""},
		{"acquired while held", []sim.ShareEvent{ev(1, "acquired", "a", 1), ev(2, "acquired", "b", 2)}, "a holds it since 1 s"},
		{"lock expired early", []sim.ShareEvent{ev(1, "acquired", "a", 1), ev(20, "lock expired", "a", 1)}, "its lock runs until 31 s"},
		{"accepted by another", []sim.ShareEvent{ev(1, "acquired", "a", 1), ev(2, "accepted", "b", 1)}, `held by "a"`},
		{"redelivered after accept", []sim.ShareEvent{ev(1, "acquired", "a", 1), ev(2, "accepted", "a", 1),
			ev(3, "acquired", "b", 2)}, "was accepted before"},
		{"delivery count skipped", []sim.ShareEvent{ev(1, "acquired", "a", 1), ev(2, "released", "a", 1),
			ev(3, "acquired", "b", 3)}, "delivery 3, after 1"},
		{"given up early", []sim.ShareEvent{ev(1, "acquired", "a", 1), ev(2, "released", "a", 1),
			ev(2, "given up", "a", 1)}, "given up after 1 deliveries (limit 2)"},
	}
	for _, c := range cases {
		l := newShareLog(lock, 2)
		for _, e := range c.events {
			l.note(e)
		}
		if c.wrong == "" && l.wrong != "" || !strings.Contains(l.wrong, c.wrong) {
			t.Errorf("%s: got %q, want %q", c.name, l.wrong, c.wrong)
		}
	}
}

// TestShareWorldsMeetLocksRunningOut: the first generated worlds include
// share groups whose locks run out and whose records come back, so the
// share invariants are checked where they can break.
func TestShareWorldsMeetLocksRunningOut(t *testing.T) {
	g := NewGenerator(1, TestLimits())
	var shares, expired, redelivered int
	for range 300 {
		w, err := g.Next()
		if err != nil {
			t.Fatal(err)
		}
		if !w.Scenario.Consumer.IsShare() {
			continue
		}
		shares++
		r, err := Simulate(w.Scenario)
		if err != nil {
			t.Fatal(err)
		}
		l, v := r.shareReplay()
		if l == nil {
			t.Fatalf("%s: %s", w.Origin, v.Detail)
		}
		if l.counts["lock expired"] > 0 {
			expired++
		}
		if l.redeliv > 0 {
			redelivered++
		}
	}
	if shares < 30 || expired == 0 || redelivered == 0 {
		t.Errorf("of 300 worlds %d are share groups, %d with a lock run out, %d with records delivered again", shares, expired, redelivered)
	}
}
