package results

import (
	"sort"

	"partitionlab/sim"
)

// Snapshot is the run as it stood at a moment: what the cards show while
// a person scrubs through time. It is computed from the result's series
// and evidence, without running anything again.
type Snapshot struct {
	// T is the moment, the end of series bucket Bucket.
	T      float64
	Bucket int
	// Produced and Processed count records up to T.
	Produced, Processed int64
	// Lag sums, over partitions, the most records waiting during the
	// bucket; Hottest is the partition with the most.
	Lag, HottestLag int64
	Hottest         int
	// Violations counts each scope's violations up to T (order, customer,
	// key); Examples counts the kept examples whose overtaking event had
	// completed by T.
	Violations [3]int64
	Examples   int
	Rebalances int
	Marks      int
}

// Steps is how many moments the scrubber offers: one per series bucket.
func Steps(r *sim.Result) int {
	if len(r.Series.Lag) == 0 {
		return 1
	}
	return max(len(r.Series.Lag[0]), 1)
}

// TimeOf is the moment at the end of bucket b, never past the run's end.
func TimeOf(r *sim.Result, b int) float64 {
	return min(float64(b+1)*r.Series.BucketS, r.DurationS)
}

// At is the snapshot at the end of bucket b (clamped to the run).
func At(r *sim.Result, b int) Snapshot {
	b = min(max(b, 0), Steps(r)-1)
	s := Snapshot{T: TimeOf(r, b), Bucket: b, Hottest: -1}
	se := r.Series
	for p := range se.Lag {
		for i := 0; i <= b && i < len(se.Produced[p]); i++ {
			s.Produced += int64(se.Produced[p][i])
			s.Processed += int64(se.Processed[p][i])
		}
		if b < len(se.Lag[p]) {
			lag := int64(se.Lag[p][b])
			s.Lag += lag
			if lag > s.HottestLag || s.Hottest < 0 {
				s.HottestLag, s.Hottest = lag, p
			}
		}
	}
	for i, per := range [][]int64{se.Violations.Order, se.Violations.Customer, se.Violations.Key} {
		for j := 0; j <= b && j < len(per); j++ {
			s.Violations[i] += per[j]
		}
	}
	for _, v := range r.Ordering.Examples {
		if CompletedBy(v, s.T) {
			s.Examples++
		}
	}
	for _, rb := range r.Group.Rebalances {
		if rb.StartS <= s.T {
			s.Rebalances++
		}
	}
	s.Marks = sort.Search(len(r.Timeline), func(i int) bool { return r.Timeline[i].AtS > s.T })
	return s
}

// CompletedBy reports whether a violation had happened by t: its
// overtaking event had completed.
func CompletedBy(v sim.Violation, t float64) bool {
	return v.Later.CompletedS != nil && *v.Later.CompletedS <= t
}
