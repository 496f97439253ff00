package sim

import (
	"math/rand/v2"
	"testing"
)

// TestRecordQueueKeepsOrderAndLetsGo: an executor's queue gives its records
// back in the order they came, through growing, draining and filtering, and
// its memory follows what it holds: a per-key queue that stays a hundred
// records long once kept over a thousand records already taken, and a
// drained one kept its longest length.
func TestRecordQueueKeepsOrderAndLetsGo(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	var q recordQueue
	var want []int64
	next := int64(1)
	check := func(step int) {
		t.Helper()
		if q.len() != len(want) {
			t.Fatalf("step %d: holds %d, want %d", step, q.len(), len(want))
		}
		if n := len(q.ring); n > queueMin && n > 4*q.len() {
			t.Fatalf("step %d: a ring of %d for %d records", step, n, q.len())
		}
	}
	for step := range 200_000 {
		switch k := r.IntN(100); {
		case k < 52 || len(want) == 0 && k < 99: // push, a little more often than pop
			q.push(record{seq: next})
			want = append(want, next)
			next++
		case k < 99:
			if got := q.pop(); got.seq != want[0] {
				t.Fatalf("step %d: popped %d, want %d", step, got.seq, want[0])
			}
			want = want[1:]
		default: // drop the odd ones
			q.filter(func(r *record) bool { return r.seq%2 == 0 })
			kept := want[:0]
			for _, g := range want {
				if g%2 == 0 {
					kept = append(kept, g)
				}
			}
			want = kept
		}
		check(step)
		if step == 100_000 { // drain it
			for len(want) > 0 {
				if got := q.pop(); got.seq != want[0] {
					t.Fatalf("draining: popped %d, want %d", got.seq, want[0])
				}
				want = want[1:]
				check(step)
			}
			if len(q.ring) > queueMin {
				t.Fatalf("drained, the ring is %d long", len(q.ring))
			}
		}
	}
	// A queue of one record takes one record's room.
	q, want = recordQueue{}, nil
	if q.push(record{seq: 1}); len(q.ring) != 1 {
		t.Errorf("a queue of one record keeps a ring of %d", len(q.ring))
	}
	// A queue that stays about a hundred records long while thousands pass.
	q = recordQueue{}
	for i := range 100_000 {
		q.push(record{seq: int64(i)})
		if q.len() > 100 {
			if got := q.pop(); got.seq != int64(i-100) {
				t.Fatalf("popped %d, want %d", got.seq, i-100)
			}
		}
	}
	if len(q.ring) > 256 {
		t.Errorf("a queue of %d keeps a ring of %d records", q.len(), len(q.ring))
	}
}
