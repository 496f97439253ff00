package sim

import (
	"math/rand/v2"
	"testing"

	"partitionlab/sim/ordering"
)

// TestSpillGivesBackWhatWasPut: a spill reads back every record as it was
// written, in order, while records are still being written: order ids and
// times that go back as well as forward, keys that are not the customer,
// a partition count that changes, the last event index; it takes about
// nine bytes for a customer-keyed record, and gives its memory back once
// drained.
func TestSpillGivesBackWhatWasPut(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	sp := newSpill(0, 0)
	var want []spilledRecord
	order, at := int64(1), int64(0)
	for i := range 200_000 {
		order += r.Int64N(2000) - 300
		at += r.Int64N(40_000_000) - 1_000_000
		rec := spilledRecord{order: order, at: at, customer: int32(r.IntN(100_000)), partitions: 1000,
			event: uint8(r.IntN(16)), keyKind: ordering.KindCustomer}
		rec.keyID = int64(rec.customer)
		if i%97 == 0 {
			rec.keyKind, rec.keyID = ordering.KindSalted, r.Int64N(1<<40)
		}
		if i%1001 == 0 {
			rec.partitions = int32(1 + r.IntN(10_000))
		}
		sp.put(&rec)
		want = append(want, rec)
		if r.IntN(3) == 0 { // read some back while writing
			if got := sp.get(); got != want[0] {
				t.Fatalf("record %d read back as %+v, written as %+v", i, got, want[0])
			}
			want = want[1:]
		}
	}
	if per := float64(len(sp.buf)-sp.head) / float64(sp.n); per > 10.5 {
		t.Errorf("%.1f bytes a record held, want about nine", per)
	}
	readBack(t, sp, want)
	if sp.n != 0 || len(sp.buf) != 0 || cap(sp.buf) > spillKeep {
		t.Errorf("an empty spill holds %d records in %d bytes, and keeps %d", sp.n, len(sp.buf), cap(sp.buf))
	}
}

// TestSpillRefersBackToTheOrdersEarlierEvent: on a partition's records as
// the workload sends them (each order's three events a gap apart, orders
// interleaved, now and then one held back by a pause, now and then one
// keyed by something else), the events after an order's first refer back
// to the one before: the records read back are the ones written, at about
// five bytes a record against nine or ten for records all written in full.
func TestSpillRefersBackToTheOrdersEarlierEvent(t *testing.T) {
	const gap = 50_000_000
	r := rand.New(rand.NewPCG(5, 6))
	sp := newSpill(gap, 30) // 600 records a second, as on 100 partitions at 20,000 orders a second
	var due []spilledRecord // events not yet sent, by time
	var want []spilledRecord
	order, at := int64(100), int64(0)
	for len(want) < 100_000 {
		// The next order arrives; its events fall due a gap apart.
		order += 1 + r.Int64N(200)
		at += r.Int64N(10_000_000)
		customer := int32(r.IntN(100_000))
		for j := range 3 {
			rec := spilledRecord{order: order, at: at + int64(j)*gap, customer: customer, keyID: int64(customer),
				partitions: 100, event: uint8(j), keyKind: ordering.KindCustomer}
			if r.IntN(50) == 0 {
				rec.at += r.Int64N(1_000_000) // held back by a pause
			}
			if r.IntN(100) == 0 {
				rec.keyKind, rec.keyID = ordering.KindSKU, r.Int64N(5000)
			}
			due = append(due, rec)
		}
		// Send what is due before the next arrival, in time order.
		for {
			k := -1
			for i := range due {
				if due[i].at <= at && (k < 0 || due[i].at < due[k].at) {
					k = i
				}
			}
			if k < 0 {
				break
			}
			sp.put(&due[k])
			want = append(want, due[k])
			due = append(due[:k], due[k+1:]...)
			if r.IntN(4) == 0 {
				if got := sp.get(); got != want[0] {
					t.Fatalf("read back %+v, written as %+v", got, want[0])
				}
				want = want[1:]
			}
		}
	}
	if per := float64(len(sp.buf)-sp.head) / float64(sp.n); per > 6 {
		t.Errorf("%.1f bytes a record held, want about five", per)
	}
	readBack(t, sp, want)
}

// readBack reads every record sp holds and fails unless they are want.
func readBack(t *testing.T, sp *spill, want []spilledRecord) {
	t.Helper()
	for len(want) > 0 {
		if got := sp.get(); got != want[0] {
			t.Fatalf("read back %+v, written as %+v", got, want[0])
		}
		want = want[1:]
	}
}
