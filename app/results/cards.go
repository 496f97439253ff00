// Package results turns an engine result into what the pages show: the
// headline numbers, the state of the run at a moment (for the time
// scrubber), the differences between two runs (for Compare) and each
// violation's evidence in plain words.
//
// results is plain Go with no UI: it must never import go-app (or
// net/http), so it tests natively and under node.
package results

import (
	"strconv"
	"strings"

	"partitionlab/app/i18n"
	"partitionlab/app/results/sentences"
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

// Cards are the headline numbers of a result, in the order shown, in
// English (the review, the command line).
func Cards(r *sim.Result) []Card { return CardsIn(i18n.For(i18n.English), r) }

// CardsIn are the headline numbers of a result in c's language.
func CardsIn(c *i18n.Catalog, r *sim.Result) []Card {
	l := c.Lang()
	o := r.Ordering.Scopes
	g := r.Group.Totals
	maxLag, lagPart := int64(0), 0
	for _, p := range r.Partitions {
		if p.MaxLag > maxLag {
			maxLag, lagPart = p.MaxLag, p.Partition
		}
	}
	cards := []Card{
		{ID: "load", Label: c.T("results.card.load"), Value: l.Float(r.Load.MaxOverMean, 2) + "×", Raw: r.Load.MaxOverMean,
			Detail: c.T("results.card.load.detail", i18n.S("partition", strconv.Itoa(r.Load.HottestPartition)),
				i18n.S("share", PercentIn(l, r.Load.HottestShare)), i18n.S("cv", l.Float(r.Load.CV, 2)),
				i18n.N("empty", r.Load.EmptyPartitions)),
			Better: Lower, Bad: r.Load.MaxOverMean >= 1.5},
	}
	for _, s := range []struct {
		id  string
		res sim.ScopeResult
	}{{"order", o.Order}, {"customer", o.Customer}, {"key", o.Key}} {
		cards = append(cards, Card{ID: "violations-" + s.id, Label: c.T("results.card." + s.id), Value: CountIn(l, s.res.Violations),
			Raw: float64(s.res.Violations), Detail: c.T("results.card."+s.id+".detail", i18n.Count(int(s.res.KeysAffected))) + causes(c, s.res.ByCause),
			Better: Lower, Bad: s.res.Violations > 0})
	}
	cards = append(cards,
		Card{ID: "duplicates", Label: c.T("results.card.duplicates"), Value: CountIn(l, r.Duplicates), Raw: float64(r.Duplicates),
			Detail: c.T("results.card.duplicates.detail"), Better: Lower, Bad: r.Duplicates > 0},
		Card{ID: "lost", Label: c.T("results.card.lost"), Value: CountIn(l, r.Lost), Raw: float64(r.Lost),
			Detail: c.T("results.card.lost.detail"), Better: Lower, Bad: r.Lost > 0},
		Card{ID: "lag", Label: c.T("results.card.lag"), Value: CountIn(l, maxLag), Raw: float64(maxLag),
			Detail: c.T("results.card.lag.detail", i18n.S("partition", strconv.Itoa(lagPart))), Better: Lower, Bad: lagging(r, maxLag)},
		Card{ID: "p99", Label: c.T("results.card.p99"), Value: MillisIn(l, r.LatencyMs.P99), Raw: r.LatencyMs.P99,
			Detail: c.T("results.card.p99.detail", i18n.S("p50", MillisIn(l, r.LatencyMs.P50)), i18n.S("max", MillisIn(l, r.LatencyMs.Max))),
			Better: Lower, Bad: r.LatencyMs.P99 >= slowP99Ms},
		Card{ID: "idle", Label: c.T("results.card.idle"),
			Value: c.T("results.nOfM", i18n.N("n", r.Consumers.IdleThreads), i18n.N("m", r.Consumers.Threads)),
			Raw:   float64(r.Consumers.IdleThreads), Detail: c.T("results.card.idle.detail"), Better: Lower, Bad: r.Consumers.IdleThreads > 0},
		Card{ID: "pause", Label: c.T("results.card.pause"), Value: SecondsIn(l, g.StopTheWorldS), Raw: g.StopTheWorldS,
			Detail: c.T("results.card.pause.detail", i18n.S("rebalances", c.T("results.rebalances", i18n.Count(g.Rebalances))),
				i18n.S("paused", SecondsIn(l, g.PartitionPauseS))), Better: Lower},
		Card{ID: "records", Label: c.T("results.card.records"), Value: CountIn(l, r.EventsProduced), Raw: float64(r.EventsProduced),
			Detail: c.T("results.card.records.detail", i18n.S("processed", CountIn(l, r.EventsProcessed))) + heldBack(c, l, r),
			Better: Neither},
	)
	return append(cards, shareCards(c, r)...)
}

// heldBack says, after "; ", how many records sent are in no partition: still
// in the producers at the end, or given up. Nothing when there are none.
func heldBack(c *i18n.Catalog, l i18n.Lang, r *sim.Result) string {
	var held, failed int64
	for _, p := range r.Producers {
		held, failed = held+p.InFlightAtEnd, failed+p.Failed
	}
	if held == 0 && failed == 0 {
		return ""
	}
	return c.T("results.card.records.held", i18n.S("held", CountIn(l, held)), i18n.S("failed", CountIn(l, failed)))
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

// causes lists a scope's violations by cause, after "; ", or nothing.
func causes(c *i18n.Catalog, cs []sim.CauseCount) string {
	if len(cs) == 0 {
		return ""
	}
	parts := make([]string, len(cs))
	for i, k := range cs {
		parts[i] = c.T("results.causeCount", i18n.S("cause", sentences.Cause(c, k.Cause)), i18n.S("count", CountIn(c.Lang(), k.Violations)))
	}
	return c.T("results.causes", i18n.S("causes", strings.Join(parts, c.T("results.listSeparator"))))
}
