package flow

import (
	"fmt"
	"sort"

	"partitionlab/sim"
)

// Return is a share group's records on one partition that came back to be
// delivered again (a lock that expired, a record released) or were given
// up after their last delivery (share.delivery.count.limit), with how
// strongly the mark still shows.
type Return struct {
	Partition int
	GivenUp   bool
	Records   int64
	Strength  float64
}

// returnFade is how many buckets a return stays on the picture.
const returnFade = 1.5

// returnsAt gathers, per partition, the records that came back or were
// given up in the last returnFade buckets before pos: from the group's
// "lock expired" and "given up" events (SharePartition's transitions, as
// the engine logs them: "p3 offsets 10..12 …") and from the redelivered
// records the ordering evidence names. A consumer group has none.
func returnsAt(r *sim.Result, pos float64) []Return {
	bs := r.Series.BucketS
	if bs <= 0 || r.Group.Totals.Share == nil {
		return nil
	}
	type at struct {
		p       int
		givenUp bool
	}
	sum := map[at]*Return{}
	add := func(p int, givenUp bool, n int64, s float64) {
		if p < 0 || p >= len(r.Series.Lag) {
			return
		}
		k := at{p, givenUp}
		if sum[k] == nil {
			sum[k] = &Return{Partition: p, GivenUp: givenUp}
		}
		sum[k].Records += n
		sum[k].Strength = max(sum[k].Strength, s)
	}
	strength := func(t float64) (float64, bool) {
		age := pos - t/bs
		return 1 - age/returnFade, age >= 0 && age <= returnFade
	}
	for _, e := range r.Group.Events {
		if e.Event != "lock expired" && e.Event != "given up" {
			continue
		}
		var p int
		var first, last int64
		if n, _ := fmt.Sscanf(e.Detail, "p%d offsets %d..%d", &p, &first, &last); n != 3 {
			continue
		}
		if s, ok := strength(e.AtS); ok {
			add(p, e.Event == "given up", last-first+1, s)
		}
	}
	seen := map[[2]int64]bool{} // one record is evidence in several scopes
	for _, v := range r.Ordering.Examples {
		e := v.Earlier
		if v.Cause != "redelivery" || e.CompletedS == nil || seen[[2]int64{int64(e.Partition), e.Offset}] {
			continue
		}
		seen[[2]int64{int64(e.Partition), e.Offset}] = true
		if s, ok := strength(*e.CompletedS); ok {
			add(e.Partition, false, 1, s)
		}
	}
	out := make([]Return, 0, len(sum))
	for _, v := range sum {
		out = append(out, *v)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Partition != out[j].Partition {
			return out[i].Partition < out[j].Partition
		}
		return !out[i].GivenUp && out[j].GivenUp
	})
	return out
}
