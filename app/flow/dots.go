// Records in flight: the ordinary records as dots spread over each bucket,
// and the traced keys' records at their exact times.

package flow

import (
	"math"
	"sort"

	"partitionlab/sim"
)

// dotsPer is how many dots stand for n records when the busiest partition
// had most in the same kind of bucket: up to per, at least one for any
// record at all.
func dotsPer(n, most int32, per int) int {
	if n <= 0 || most <= 0 {
		return 0
	}
	return max(1, int(math.Round(float64(per)*float64(n)/float64(most))))
}

// dots are the ordinary records in flight: for each bucket of the last
// Travel, each partition's produced and processed counts become a few dots
// spread evenly over the bucket.
func (f *Run) dots(s Scene, pos float64) []Dot {
	r, se := f.r, f.r.Series
	per := 3
	if len(se.Lag) > 24 {
		per = 2
	}
	mostP, mostC := f.mostProduced, f.mostProcessed
	var out []Dot
	first := max(int(math.Floor(pos-Travel)), 0)
	for b := first; float64(b) < pos && b < buckets(r); b++ {
		for p := range se.Produced {
			if b >= len(se.Produced[p]) || p >= len(s.Partitions) || p >= len(se.Processed) {
				continue
			}
			k := dotsPer(se.Produced[p][b], mostP, per)
			for j := range k {
				at := float64(b) + (float64(j)+phase(p))/float64(k)
				if prog := (pos - at) / Travel; prog >= 0 && prog < 1 {
					out = append(out, Dot{Leg: ToPartition, From: (p + j) % len(s.Producers), To: p, Progress: prog, Colour: p})
				}
			}
			owners := s.Partitions[p].Owners
			if len(owners) == 0 || b >= len(se.Processed[p]) {
				continue
			}
			// A shared partition's records go to its readers in turn.
			k = max(dotsPer(se.Processed[p][b], mostC, per), min(len(owners), int(se.Processed[p][b])))
			for j := range k {
				at := float64(b) + (float64(j)+phase(p))/float64(k)
				if prog := (pos - at) / Travel; prog >= 0 && prog < 1 {
					out = append(out, Dot{Leg: ToThread, From: p, To: owners[(b+j)%len(owners)], Progress: prog, Colour: p})
				}
			}
		}
	}
	return out
}

// phase spreads the partitions' dots within a bucket, so they do not all
// leave at once (a fixed offset per partition, in [0, 1)).
func phase(p int) float64 {
	return math.Mod(float64(p)*0.618034, 1)
}

func peak(series [][]int32) int32 {
	var most int32
	for _, s := range series {
		for _, n := range s {
			most = max(most, n)
		}
	}
	return most
}

// tracedDots are the records of the keys with violations, at their exact
// times: written at SentS, arriving at their thread when processing
// completed.
func (f *Run) tracedDots(s Scene, pos float64) []Dot {
	bs := f.r.Series.BucketS
	if bs <= 0 || len(f.trace) == 0 {
		return nil
	}
	var out []Dot
	// Leaving the producer: sent in (pos-Travel, pos].
	from := sort.Search(len(f.bySent), func(i int) bool { return f.trace[f.bySent[i]].SentS/bs > pos-Travel })
	for _, i := range f.bySent[from:] {
		e := f.trace[i]
		prog := (pos - e.SentS/bs) / Travel
		if prog < 0 || len(out) >= maxTraced {
			break
		}
		if e.Partition >= 0 && e.Partition < len(s.Partitions) {
			out = append(out, Dot{Leg: ToPartition, To: e.Partition, Progress: prog, Colour: f.colours[e.Key], Key: e.Key})
		}
	}
	// Arriving at the thread: completing in [pos, pos+Travel).
	from = sort.Search(len(f.byDone), func(i int) bool { return f.trace[f.byDone[i]].CompletedS/bs >= pos })
	n := len(out)
	for _, i := range f.byDone[from:] {
		e := f.trace[i]
		prog := 1 - (e.CompletedS/bs-pos)/Travel
		if prog <= 0 || len(out)-n >= maxTraced {
			break
		}
		th := s.thread(e.Thread)
		if th >= 0 && e.Partition >= 0 && e.Partition < len(s.Partitions) {
			out = append(out, Dot{Leg: ToThread, From: e.Partition, To: th, Progress: prog, Colour: f.colours[e.Key], Key: e.Key})
		}
	}
	return out
}

// keyColours gives each traced key its own palette index, in the order the
// keys first appear, past the partitions' colours so they stand out.
func keyColours(trace []sim.TraceEvent) map[string]int {
	keys := map[string]int{}
	var order []string
	for _, e := range trace {
		if _, ok := keys[e.Key]; !ok {
			keys[e.Key] = 0
			order = append(order, e.Key)
		}
	}
	sort.Strings(order)
	for i, k := range order {
		keys[k] = i
	}
	return keys
}
