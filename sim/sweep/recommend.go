package sweep

import (
	"fmt"
	"strings"
)

// costOrder says how the recommendation compares points that meet the
// requirements, for the sentence and the page.
const costOrder = "fewest partitions, then fewest consumer threads, then fewest salt buckets, then the sweep's order"

// CostOrder says how the recommended point is chosen among those that
// meet every requirement.
func CostOrder() string { return costOrder }

// recommend picks the cheapest point that meets every requirement, or,
// when none does, the closest one, and says why.
func (s *Sweep) recommend() {
	if len(s.Require) == 0 {
		s.Why = "No requirements were given, so there is no recommendation: add --require (such as violations.order=0 or load<=1.3) to get one."
		return
	}
	var best, closest *Point
	meeting, done := 0, 0
	for i := range s.Points {
		pt := &s.Points[i]
		if pt.Pending {
			continue
		}
		done++
		if pt.Meets {
			meeting++
			if best == nil || cheaper(pt, best) < 0 {
				best = pt
			}
		} else if closest == nil || nearer(pt, closest) {
			closest = pt
		}
	}
	reqs := requirementsText(s.Require)
	switch {
	case best != nil:
		c := *best
		s.Recommended = &c
		if meeting == 1 {
			s.Why = fmt.Sprintf("%s is the only point of %d that meets every requirement (%s): %s.",
				best.Values, done, reqs, costText(best.Cost))
			break
		}
		s.Why = fmt.Sprintf("%s is the cheapest of the %d points of %d that meet every requirement (%s): %s; cheapest means %s.",
			best.Values, meeting, done, reqs, costText(best.Cost), costOrder)
	case closest != nil:
		c := *closest
		s.Closest = &c
		s.Why = fmt.Sprintf("No point meets every requirement (%s); the closest is %s, which misses %s.",
			reqs, closest.Values, strings.Join(closest.Misses, " and "))
	default:
		s.Why = "No point has run yet."
	}
}

// nearer says a is closer than b to meeting the requirements: it misses
// fewer of them, or misses them by less, or is cheaper.
func nearer(a, b *Point) bool {
	switch {
	case a.missed != b.missed:
		return a.missed < b.missed
	case a.excess != b.excess:
		return a.excess < b.excess
	}
	return cheaper(a, b) < 0
}

func requirementsText(reqs []Requirement) string {
	parts := make([]string, len(reqs))
	for i, q := range reqs {
		parts[i] = q.String()
	}
	return strings.Join(parts, ", ")
}

// costText says a point's cost: "12 partitions, 12 consumer threads, no
// salt buckets".
func costText(c Cost) string {
	buckets := "no salt buckets"
	if c.SaltBuckets > 0 {
		buckets = plural(c.SaltBuckets, "salt bucket", "salt buckets")
	}
	return plural(c.Partitions, "partition", "partitions") + ", " + plural(c.Threads, "consumer thread", "consumer threads") + ", " + buckets
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
