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
	var sp spill
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
	for len(want) > 0 {
		if got := sp.get(); got != want[0] {
			t.Fatalf("read back %+v, written as %+v", got, want[0])
		}
		want = want[1:]
	}
	if sp.n != 0 || len(sp.buf) != 0 || cap(sp.buf) > spillKeep {
		t.Errorf("an empty spill holds %d records in %d bytes, and keeps %d", sp.n, len(sp.buf), cap(sp.buf))
	}
}
