package results

import (
	"strings"
	"testing"

	"partitionlab/app/i18n"
)

// A share group's cards show group.totals.share as the engine counted it,
// and a record given up is marked as one to look at.
func TestShareCardsShowTheShareTotals(t *testing.T) {
	r := run(t, "share-poison-record")
	tot := r.Group.Totals.Share
	cards := Cards(r)
	for id, want := range map[string]int64{
		"share-acquired": tot.Acquired, "share-redelivered": tot.Redelivered,
		"share-archived": tot.Archived, "share-lock-expiries": tot.LockExpiries,
	} {
		if c := card(t, cards, id); c.Raw != float64(want) || c.Value != Count(want) {
			t.Errorf("%s: %+v, want %d", id, c, want)
		}
	}
	if tot.Released == 0 || tot.Archived == 0 {
		t.Fatalf("share-poison-record released %d, archived %d: the preset no longer shows both", tot.Released, tot.Archived)
	}
	re := card(t, cards, "share-redelivered")
	if !re.Bad || !strings.Contains(re.Detail, Count(tot.Released)+" released") {
		t.Errorf("redelivered card %+v, want released %d in its detail", re, tot.Released)
	}
	ar := card(t, cards, "share-archived")
	limit := tot.Archived - tot.Rejected
	if !ar.Bad || !strings.Contains(ar.Detail, Count(limit)+" after their last delivery") {
		t.Errorf("archived card %+v, want %d after the last delivery", ar, limit)
	}
	ko := CardsIn(i18n.For(i18n.Korean), r)
	if c := card(t, ko, "share-archived"); c.Label == ar.Label || c.Raw != ar.Raw {
		t.Errorf("Korean archived card %+v", c)
	}
}

// A consumer group has no share cards.
func TestConsumerGroupHasNoShareCards(t *testing.T) {
	for _, c := range Cards(run(t, "queue-consumer-group")) {
		if strings.HasPrefix(c.ID, "share-") {
			t.Errorf("a consumer group shows %s", c.ID)
		}
	}
}

// Comparing a consumer group with a share group pairs the cards by id and
// shows the share totals against a blank: no arrow and no change, since
// the consumer group has no such number, and judged changed rather than
// better, worse or the same (even a share total of 0 is not "same" as a
// number that does not exist).
func TestCompareConsumerGroupWithShareGroup(t *testing.T) {
	a, b := run(t, "queue-consumer-group"), run(t, "queue-share-group")
	deltas := Diff(Cards(a), Cards(b))
	seen := map[string]Delta{}
	zero := 0
	for _, d := range deltas {
		seen[d.ID] = d
		if d.A.Value != "—" && d.B.Value != "—" {
			continue
		}
		if d.B.Raw == 0 {
			zero++
		}
		if d.Verdict != Changed || d.Arrow != "" || d.Change != "" || d.Factor != "" {
			t.Errorf("one-sided %s: verdict %s, arrow %q, change %q %q", d.ID, d.Verdict, d.Arrow, d.Change, d.Factor)
		}
		if w := d.WordsIn(i18n.For(i18n.English)); w != "changed" {
			t.Errorf("one-sided %s reads %q", d.ID, w)
		}
	}
	if zero == 0 {
		t.Fatal("queue-share-group has no share total of 0 left to compare against a blank")
	}
	acq, ok := seen["share-acquired"]
	if !ok || acq.A.Value != "—" || acq.B.Raw != float64(b.Group.Totals.Share.Acquired) || acq.Verdict != Changed {
		t.Errorf("share-acquired delta %+v", acq)
	}
	if idle := seen["idle"]; idle.Verdict != Better {
		t.Errorf("idle threads: %s (A %s, B %s); the share group should leave none idle", idle.Verdict, idle.A.Value, idle.B.Value)
	}
	if key := seen["violations-key"]; key.Verdict != Worse {
		t.Errorf("key order: %s; the share group should break it", key.Verdict)
	}
}
