package invariants

import (
	"math"

	"partitionlab/sim"
)

func seriesInvariants() []Invariant {
	return []Invariant{
		{Name: "series.totals", check: seriesTotals,
			Why: "The series are the run cut into equal time buckets: one row per partition, every row as long, " +
				"the buckets covering the run; a partition's produced and processed are its rows' sums and its " +
				"max_lag its lag row's maximum."},
		{Name: "series.lag", check: seriesLag,
			Why: "Conservation at every sampled moment: the most records waiting in a partition during a bucket " +
				"is at most what was appended up to the bucket's end minus what was processed before the bucket, " +
				"and the lag a bucket starts with is at least what was appended before it minus what was " +
				"processed before it and every record lost in the run."},
		{Name: "offsets.lag", check: offsetsLag,
			Why: "A partition's end_lag is at most its max_lag, which is at most its produced: no more records " +
				"can wait than were written. An offset in the evidence is below its partition's log end: nobody " +
				"processes a record beyond it."},
	}
}

func seriesTotals(r *Run) Verdict {
	res := r.Result
	se := res.Series
	n := len(res.Partitions)
	if len(se.Produced) != n || len(se.Processed) != n || len(se.Lag) != n {
		return broken("%d partitions, but series rows: produced %d, processed %d, lag %d", n, len(se.Produced), len(se.Processed), len(se.Lag))
	}
	if n == 0 {
		return broken("no partitions in the result")
	}
	buckets := len(se.Produced[0])
	if buckets == 0 || se.BucketS <= 0 || float64(buckets)*se.BucketS < res.DurationS*(1-1e-9) {
		return broken("%d buckets of %g s do not cover the run's %g s", buckets, se.BucketS, res.DurationS)
	}
	for p, pr := range res.Partitions {
		if pr.Partition != p {
			return broken("partitions[%d] is partition %d", p, pr.Partition)
		}
		rows := [][]int32{se.Produced[p], se.Processed[p], se.Lag[p]}
		var sums [2]int64
		var most int64
		for i, row := range rows {
			if len(row) != buckets {
				return broken("partition %d: a series row of %d buckets, %d wanted", p, len(row), buckets)
			}
			for _, v := range row {
				if v < 0 {
					return broken("partition %d: a negative count %d in its series", p, v)
				}
				if i < 2 {
					sums[i] += int64(v)
				} else {
					most = max(most, int64(v))
				}
			}
		}
		if sums[0] != pr.Produced || sums[1] != pr.Processed {
			return broken("partition %d: produced %d, processed %d, but its series add up to %d and %d", p, pr.Produced, pr.Processed, sums[0], sums[1])
		}
		if most != pr.MaxLag && !(most == math.MaxInt32 && pr.MaxLag >= most) {
			return broken("partition %d: max_lag %d, its lag series' maximum %d", p, pr.MaxLag, most)
		}
	}
	if v := violationSeries(r); v.Outcome != Held {
		return v
	}
	return held()
}

// violationSeries: each scope's violations per bucket add up to its total.
func violationSeries(r *Run) Verdict {
	o, vs := r.Result.Ordering.Scopes, r.Result.Series.Violations
	for _, s := range []struct {
		name   string
		total  int64
		series []int64
	}{{"order", o.Order.Violations, vs.Order}, {"customer", o.Customer.Violations, vs.Customer}, {"key", o.Key.Violations, vs.Key}} {
		var sum int64
		for _, v := range s.series {
			if v < 0 {
				return broken("scope %s: a negative count %d in its violation series", s.name, v)
			}
			sum += v
		}
		if sum != s.total {
			return broken("scope %s: %d violations, its series adds up to %d", s.name, s.total, sum)
		}
	}
	return held()
}

func seriesLag(r *Run) Verdict {
	if v := seriesTotals(r); v.Outcome != Held {
		return notMeasurable("the series are not well formed: " + v.Detail)
	}
	res := r.Result
	se := res.Series
	for p := range res.Partitions {
		var prodTo, procBefore int64 // appended up to bucket b's end; processed before it
		for b, lag := range se.Lag[p] {
			prodTo += int64(se.Produced[p][b])
			if b > 0 {
				// The lag bucket b starts with: everything appended before it
				// and not processed, minus at most every record lost.
				if floor := prodTo - int64(se.Produced[p][b]) - procBefore - res.Lost; int64(lag) < floor {
					return broken("partition %d, bucket %d (from %g s): lag %d, but %d records were appended before it and only %d processed (%d lost in the whole run)",
						p, b, float64(b)*se.BucketS, lag, prodTo-int64(se.Produced[p][b]), procBefore, res.Lost)
				}
			}
			if ceil := prodTo - procBefore; int64(lag) > ceil && lag != math.MaxInt32 {
				return broken("partition %d, bucket %d (from %g s): lag %d, but only %d records were appended by its end and %d processed before it",
					p, b, float64(b)*se.BucketS, lag, prodTo, procBefore)
			}
			procBefore += int64(se.Processed[p][b])
		}
	}
	return held()
}

func offsetsLag(r *Run) Verdict {
	res := r.Result
	for _, p := range res.Partitions {
		if p.EndLag > p.MaxLag || p.MaxLag > p.Produced {
			return broken("partition %d: end_lag %d, max_lag %d, produced %d", p.Partition, p.EndLag, p.MaxLag, p.Produced)
		}
	}
	for i, ex := range res.Ordering.Examples {
		for _, e := range []struct {
			name string
			ev   sim.Evidence
		}{{"later", ex.Later}, {"earlier", ex.Earlier}} {
			if e.ev.Partition < 0 || e.ev.Partition >= len(res.Partitions) {
				return broken("examples[%d].%s: partition %d, the topic has %d", i, e.name, e.ev.Partition, len(res.Partitions))
			}
			if e.ev.Offset >= res.Partitions[e.ev.Partition].Produced {
				return broken("examples[%d].%s: offset %d on partition %d, whose log ends at %d", i, e.name, e.ev.Offset,
					e.ev.Partition, res.Partitions[e.ev.Partition].Produced)
			}
		}
	}
	return held()
}
