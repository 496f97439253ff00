// Package results turns an engine result into what the pages show: the
// headline numbers, the state of the run at a moment (for the time
// scrubber), the differences between two runs (for Compare) and each
// violation's evidence in plain words.
//
// results is plain Go with no UI: it must never import go-app (or
// net/http), so it tests natively and under node.
package results

import (
	"fmt"
	"strings"

	"partitionlab/sim"
)

// Direction says which way a number should move for a design to improve.
type Direction int

// Directions of improvement.
const (
	Neither Direction = iota // a fact, not a goal (records produced)
	Lower
	Higher
)

// Card is one headline number.
type Card struct {
	// ID names the card in element ids and tests ("load", "violations-order").
	ID    string
	Label string
	// Value is the number as shown ("1.08×", "431", "4.65 ms").
	Value string
	// Raw is the number itself, for comparisons and tests.
	Raw    float64
	Detail string
	Better Direction
	// Bad marks a number a reviewer should look at (violations, lost
	// records); the page marks it with words and an icon, not colour only.
	Bad bool
}

// Cards are the headline numbers of a result, in the order shown.
func Cards(r *sim.Result) []Card {
	o := r.Ordering.Scopes
	g := r.Group.Totals
	maxLag, lagPart := int64(0), 0
	for _, p := range r.Partitions {
		if p.MaxLag > maxLag {
			maxLag, lagPart = p.MaxLag, p.Partition
		}
	}
	cards := []Card{
		{ID: "load", Label: "Load, busiest ÷ mean partition", Value: fmt.Sprintf("%.2f×", r.Load.MaxOverMean), Raw: r.Load.MaxOverMean,
			Detail: fmt.Sprintf("p%d has %s of the records; CV %.2f; %d empty", r.Load.HottestPartition, Percent(r.Load.HottestShare),
				r.Load.CV, r.Load.EmptyPartitions),
			Better: Lower, Bad: r.Load.MaxOverMean >= 1.5},
	}
	for _, s := range []struct {
		id, label, unit string
		res             sim.ScopeResult
	}{
		{"order", "Out of order, per order", "orders", o.Order},
		{"customer", "Out of order, per customer", "customers", o.Customer},
		{"key", "Out of order, per key", "keys", o.Key},
	} {
		cards = append(cards, Card{ID: "violations-" + s.id, Label: s.label, Value: Count(s.res.Violations), Raw: float64(s.res.Violations),
			Detail: fmt.Sprintf("%s %s affected%s", Count(s.res.KeysAffected), s.unit, causes(s.res.ByCause)),
			Better: Lower, Bad: s.res.Violations > 0})
	}
	cards = append(cards,
		Card{ID: "duplicates", Label: "Processed twice", Value: Count(r.Duplicates), Raw: float64(r.Duplicates),
			Detail: "records processed again after a crash or a rebalance", Better: Lower, Bad: r.Duplicates > 0},
		Card{ID: "lost", Label: "Never processed", Value: Count(r.Lost), Raw: float64(r.Lost),
			Detail: "records skipped or dropped", Better: Lower, Bad: r.Lost > 0},
		Card{ID: "lag", Label: "Most records waiting", Value: Count(maxLag), Raw: float64(maxLag),
			Detail: fmt.Sprintf("on p%d; lag in records not yet processed", lagPart), Better: Lower, Bad: lagging(r, maxLag)},
		Card{ID: "p99", Label: "Latency p99", Value: Millis(r.LatencyMs.P99), Raw: r.LatencyMs.P99,
			Detail: fmt.Sprintf("send to processed; p50 %s, max %s", Millis(r.LatencyMs.P50), Millis(r.LatencyMs.Max)), Better: Lower,
			Bad: r.LatencyMs.P99 >= slowP99Ms},
		Card{ID: "idle", Label: "Idle consumer threads", Value: fmt.Sprintf("%d of %d", r.Consumers.IdleThreads, r.Consumers.Threads),
			Raw: float64(r.Consumers.IdleThreads), Detail: "members with no partition at the end", Better: Lower, Bad: r.Consumers.IdleThreads > 0},
		Card{ID: "pause", Label: "Rebalance stop-the-world", Value: Seconds(g.StopTheWorldS), Raw: g.StopTheWorldS,
			Detail: fmt.Sprintf("%s; partitions paused %s in all", Plural(g.Rebalances, "rebalance"), Seconds(g.PartitionPauseS)), Better: Lower},
		Card{ID: "records", Label: "Records produced", Value: Count(r.EventsProduced), Raw: float64(r.EventsProduced),
			Detail: fmt.Sprintf("%s processed", Count(r.EventsProcessed)), Better: Neither},
	)
	return cards
}

// slowP99Ms is the p99 latency flagged as worth a look: a second from send
// to processed is past what an order pipeline usually promises.
const slowP99Ms = 1000

// lagging reports whether a partition's backlog ever held more than a
// second of the whole topic's records: its consumer fell well behind.
func lagging(r *sim.Result, maxLag int64) bool {
	if r.DurationS <= 0 {
		return false
	}
	perS := float64(r.EventsProduced) / r.DurationS
	return maxLag > 0 && float64(maxLag) > perS
}

func causes(cs []sim.CauseCount) string {
	if len(cs) == 0 {
		return ""
	}
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = fmt.Sprintf("%s %s", c.Cause, Count(c.Violations))
	}
	return "; " + strings.Join(parts, ", ")
}

// Count writes a whole number with thousands separators: 180,000.
func Count[T ~int | ~int64](n T) string {
	s := fmt.Sprint(int64(n))
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

// Percent writes a share (0.0899) as 9.0 %.
func Percent(share float64) string { return fmt.Sprintf("%.1f %%", share*100) }

// Millis writes milliseconds with three significant digits.
func Millis(ms float64) string {
	switch {
	case ms >= 100:
		return fmt.Sprintf("%s ms", Count(int64(ms+0.5)))
	case ms >= 10:
		return fmt.Sprintf("%.1f ms", ms)
	}
	return fmt.Sprintf("%.2f ms", ms)
}

// Seconds writes seconds to the millisecond: 12.310 s reads as 12.31 s.
func Seconds(s float64) string {
	t := strings.TrimRight(strings.TrimRight(fmt.Sprintf("%.3f", s), "0"), ".")
	if t == "" || t == "-0" {
		t = "0"
	}
	return t + " s"
}
