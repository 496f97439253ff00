package sweep

import (
	"slices"
	"strconv"
	"strings"
	"testing"
)

// handMade is a point with one run per (load, order violations) pair and
// the given cost.
func handMade(index int, cost Cost, runs ...[2]float64) Point {
	pt := Point{Index: index, Cost: cost, Values: Values{{"topic.partitions", Value(strconv.Itoa(cost.Partitions))}}}
	for _, lv := range runs {
		var r Run
		r.Load.MaxOverMean = lv[0]
		r.Ordering.Scopes.Order.Violations = int64(lv[1])
		pt.Runs = append(pt.Runs, r)
	}
	pt.Spread = spreadOf(pt.Runs)
	return pt
}

func itoa(n int) string {
	return strings.TrimSpace(strings.Repeat(" ", 0) + formatNumber(float64(n), true))
}

func TestFrontierIsThePointsNoneBeatsOnBoth(t *testing.T) {
	points := []Point{
		handMade(0, Cost{Partitions: 1}, [2]float64{3.0, 0}),  // most balanced-worst, no violations: on it
		handMade(1, Cost{Partitions: 2}, [2]float64{2.0, 10}), // on it
		handMade(2, Cost{Partitions: 3}, [2]float64{2.5, 20}), // beaten by 1 on both
		handMade(3, Cost{Partitions: 4}, [2]float64{1.2, 50}), // on it
		handMade(4, Cost{Partitions: 5}, [2]float64{1.2, 60}), // same load as 3, more violations: beaten
		handMade(5, Cost{Partitions: 6}, [2]float64{2.0, 10}), // equal to 1: neither beats the other
		handMade(6, Cost{Partitions: 7}, [2]float64{3.0, 1}),  // beaten by 0
	}
	got := Frontier(points, "order")
	if want := []int{3, 1, 5, 0}; !slices.Equal(got, want) {
		t.Errorf("frontier %v, want %v (by balance, then violations, then order)", got, want)
	}
}

// The frontier uses each point's median over its seeds: one unlucky seed
// does not move a point off it.
func TestFrontierUsesTheMedianOfTheSeeds(t *testing.T) {
	points := []Point{
		handMade(0, Cost{}, [2]float64{1.5, 0}, [2]float64{1.6, 0}, [2]float64{9, 0}),
		handMade(1, Cost{}, [2]float64{1.55, 0}, [2]float64{1.55, 0}, [2]float64{1.55, 0}),
	}
	if got := Frontier(points, "order"); !slices.Equal(got, []int{1}) {
		t.Errorf("frontier %v; the medians are 1.6 and 1.55, want [1]", got)
	}
	if s := points[0].Spread["load.max_over_mean"]; s != (Spread{1.5, 1.6, 9}) {
		t.Errorf("spread %+v", s)
	}
	even := handMade(2, Cost{}, [2]float64{1, 1}, [2]float64{2, 4})
	if s := even.Spread["ordering.scopes.order.violations"]; s != (Spread{1, 2.5, 4}) {
		t.Errorf("the median of two is their mean: %+v", s)
	}
}

func TestPendingPointsAreOnNoFrontier(t *testing.T) {
	points := []Point{handMade(0, Cost{}, [2]float64{1, 0}), handMade(1, Cost{}, [2]float64{2, 0})}
	points[0].Pending = true
	if got := Frontier(points, "order"); !slices.Equal(got, []int{1}) {
		t.Errorf("frontier %v", got)
	}
}

func sweepOf(reqs []string, points ...Point) *Sweep {
	s := &Sweep{Scope: "order", Points: points}
	for _, r := range reqs {
		q, _ := ParseRequirement(r)
		s.Require = append(s.Require, q)
	}
	for i := range s.Points {
		s.Points[i].judge(s.Require)
	}
	s.markFrontier()
	s.recommend()
	return s
}

// The recommended point is the cheapest that meets every requirement:
// fewest partitions, then threads, then salt buckets, then sweep order.
func TestRecommendedIsTheCheapestThatMeetsAll(t *testing.T) {
	s := sweepOf([]string{"violations.order=0", "load<=1.3"},
		handMade(0, Cost{Partitions: 6, Threads: 6}, [2]float64{1.5, 0}),                                        // load too high
		handMade(1, Cost{Partitions: 24, Threads: 6}, [2]float64{1.1, 0}),                                       // meets
		handMade(2, Cost{Partitions: 12, Threads: 12}, [2]float64{1.2, 0}),                                      // meets, fewer partitions
		handMade(3, Cost{Partitions: 12, Threads: 6, SaltBuckets: 8}, [2]float64{1.2, 0}),                       // meets, fewer threads
		handMade(4, Cost{Partitions: 12, Threads: 6, SaltBuckets: 4}, [2]float64{1.25, 0}, [2]float64{1.31, 0}), // one seed misses
		handMade(5, Cost{Partitions: 12, Threads: 6, SaltBuckets: 8}, [2]float64{1.0, 0}),                       // same cost as 3, later
	)
	if s.Recommended == nil || s.Recommended.Index != 3 {
		t.Fatalf("recommended %+v, want point 4 (index 3)", s.Recommended)
	}
	if s.Closest != nil {
		t.Errorf("a closest point beside a recommendation")
	}
	if s.Points[4].Meets || !slices.Equal(s.Points[4].Misses, []string{"load 1.31 > 1.3"}) {
		t.Errorf("a point meets a requirement when every seed does: %+v", s.Points[4].Misses)
	}
	for _, want := range []string{"topic.partitions=12 is the cheapest of the 4 points of 6 that meet every requirement (violations.order=0, load<=1.3)",
		"12 partitions, 6 consumer threads, 8 salt buckets", "fewest partitions, then fewest consumer threads, then fewest salt buckets"} {
		if !strings.Contains(s.Why, want) {
			t.Errorf("why %q lacks %q", s.Why, want)
		}
	}
}

// When none meets them, the closest point is named with what it misses:
// fewest requirements missed, then by the least.
func TestNoneMeetsNamesTheClosest(t *testing.T) {
	s := sweepOf([]string{"violations.order=0", "load<=1.3"},
		handMade(0, Cost{Partitions: 6}, [2]float64{2.0, 5}),  // misses both
		handMade(1, Cost{Partitions: 12}, [2]float64{1.9, 0}), // misses load by 0.6
		handMade(2, Cost{Partitions: 24}, [2]float64{1.4, 0}), // misses load by 0.1
		handMade(3, Cost{Partitions: 48}, [2]float64{1.0, 3}), // misses violations by 3
	)
	if s.Recommended != nil || s.Closest == nil || s.Closest.Index != 2 {
		t.Fatalf("recommended %v, closest %+v; want none and point 3", s.Recommended, s.Closest)
	}
	want := "No point meets every requirement (violations.order=0, load<=1.3); the closest is topic.partitions=24, which misses load 1.4 > 1.3."
	if s.Why != want {
		t.Errorf("why %q\nwant %q", s.Why, want)
	}
	if !slices.Equal(s.Points[0].Misses, []string{"violations.order 5 > 0", "load 2 > 1.3"}) {
		t.Errorf("misses %v", s.Points[0].Misses)
	}
}

func TestNoRequirementsNoRecommendation(t *testing.T) {
	s := sweepOf(nil, handMade(0, Cost{Partitions: 6}, [2]float64{2.0, 5}))
	if s.Recommended != nil || s.Closest != nil || !s.Points[0].Meets || !strings.Contains(s.Why, "No requirements were given") {
		t.Errorf("%+v", s)
	}
}
