package sim

import (
	"slices"
	"testing"
)

// TestLogKeepsWhatThreadPoolsWaitFor: a thread pool's queue holds offsets,
// so the log must keep every record a pool still waits for, even below the
// committed offset, and only those. After a rebalance two members' pools
// can wait for the same partition, and one of them for offsets it already
// holds (fetched again from an older commit); each takes its own in the
// order it fetched them.
func TestLogKeepsWhatThreadPoolsWaitFor(t *testing.T) {
	l := &partitionLog{held: never}
	for o := range int64(100) {
		l.end++
		l.keep(&record{seq: 1000 + o})
	}
	a, b := &executor{}, &executor{}
	l.hold(a, 10, 20)
	l.hold(a, 20, 25) // one run
	l.hold(b, 15, 18)
	l.hold(a, 12, 14) // a's member fetched 12 and 13 again
	if len(l.waiting) != 3 {
		t.Fatalf("%d runs, want 3 (a's two fetches in a row are one)", len(l.waiting))
	}
	l.trim(60) // committed past everything waiting
	if l.base != 60 || l.keepFrom != 10 || l.kept() != 90 {
		t.Fatalf("base %d, keeping from %d (%d records), want 60, 10 (90)", l.base, l.keepFrom, l.kept())
	}
	take := func(e *executor) int64 {
		t.Helper()
		o := l.heldBy(e)
		if r := l.at(o); r.seq != 1000+o {
			t.Fatalf("offset %d reads seq %d", o, r.seq)
		}
		l.letGo(e)
		return o
	}
	var got []int64
	for range 15 {
		got = append(got, take(a))
	}
	if want := []int64{10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24}; !slices.Equal(got, want) {
		t.Fatalf("a took %v, want %v", got, want)
	}
	if l.keepFrom != 12 {
		t.Fatalf("keeping from %d, want 12 (a's refetch and b's run wait)", l.keepFrom)
	}
	if o := take(b); o != 15 || l.keepFrom != 12 {
		t.Fatalf("b took %d, keeping from %d; want 15, 12", o, l.keepFrom)
	}
	take(a)
	take(a)
	if l.keepFrom != 16 {
		t.Fatalf("keeping from %d, want 16 (b's 16 and 17 wait)", l.keepFrom)
	}
	take(b)
	take(b)
	if len(l.waiting) != 0 || l.held != never || l.keepFrom != 60 {
		t.Fatalf("nothing waits: %d runs, held %d, keeping from %d; want 0, never, 60", len(l.waiting), l.held, l.keepFrom)
	}
}
