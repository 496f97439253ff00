package results

import (
	"strconv"
	"strings"

	"partitionlab/app/i18n"
	"partitionlab/sim"
)

// why says, for one headline number, what in the run that is worse on it
// made it so, in c's language: the violations' causes, the rebalances and
// commits behind records processed twice, the partition that holds the
// load or the lag. The text names the side ("B: …") so it reads on its own.
func why(c *i18n.Catalog, id string, worse Run, side string) string {
	r, sc := worse.Result, worse.Scenario
	w := whyWords{c: c, n: inLang(c.Lang())}
	var parts []string
	switch id {
	case "load":
		parts = append(parts, c.T("compare.why.load", p(r.Load.HottestPartition), i18n.S("share", w.n.percent(r.Load.HottestShare)),
			i18n.Count(len(r.Partitions))))
		parts = append(parts, w.keyAndSkew(sc))
	case "violations-order", "violations-customer", "violations-key":
		s := r.Ordering.Scopes.ByName(strings.TrimPrefix(id, "violations-"))
		parts = append(parts, c.T("compare.why.violations", i18n.Count(int(s.Violations)), i18n.S("causes", w.causes(s.ByCause))))
		for _, cc := range s.ByCause {
			if cc.Cause == "concurrent processing" && sc.Consumer.Mode != "" {
				parts = append(parts, c.T("compare.why.parallel", i18n.S("mode", sc.Consumer.Mode)))
			}
		}
		if e, ok := firstExample(r, strings.TrimPrefix(id, "violations-")); ok {
			parts = append(parts, c.T("compare.why.first", i18n.S("later", e.Later.Event), i18n.S("laterPartition", strconv.Itoa(e.Later.Partition)),
				i18n.S("earlier", e.Earlier.Event), i18n.S("earlierPartition", strconv.Itoa(e.Earlier.Partition))))
		}
	case "duplicates":
		parts = append(parts, c.T("compare.why.duplicates", i18n.Count(int(r.Duplicates))))
		parts = append(parts, w.duplicateCauses(sc, r)...)
	case "lost":
		parts = append(parts, c.T("compare.why.lost", i18n.Count(int(r.Lost))))
		if sc.Consumer.OnRevoke == "drop_queued" {
			parts = append(parts, c.T("compare.why.dropQueued"))
		}
		if sc.Consumer.AutoOffsetReset == "latest" && r.Group.Totals.Rebalances > 0 {
			parts = append(parts, c.T("compare.why.resetLatest"))
		}
		parts = append(parts, w.rebalanceSummary(r)...)
	case "lag":
		part, lag := worstLag(r)
		parts = append(parts, c.T("compare.why.lag", i18n.Count(int(lag)), p(part)))
		parts = append(parts, w.capacity(sc, r, part)...)
	case "p99":
		part, lag := worstLag(r)
		parts = append(parts, c.T("compare.why.p99", i18n.S("p99", w.n.millis(r.LatencyMs.P99)), i18n.S("max", w.n.millis(r.LatencyMs.Max)),
			i18n.Count(int(lag)), p(part)))
		parts = append(parts, w.capacity(sc, r, part)...)
	case "idle":
		parts = append(parts, c.T("compare.why.idle", i18n.Count(r.Consumers.Threads), i18n.N("partitions", len(r.Partitions)),
			i18n.N("idle", r.Consumers.IdleThreads)))
	case "pause":
		parts = append(parts, w.rebalanceSummary(r)...)
	}
	if len(parts) == 0 {
		return ""
	}
	return c.T("compare.why.side", i18n.S("side", side), i18n.S("parts", strings.Join(nonEmpty(parts), c.T("compare.why.join"))))
}

// p is a partition's number for a placeholder: an identifier, written
// without separators (p1234).
func p(partition int) i18n.Arg { return i18n.S("partition", strconv.Itoa(partition)) }

// whyWords writes the phrases of a why in one language.
type whyWords struct {
	c *i18n.Catalog
	n inLang
}

// causes lists violation causes with their counts ("rebalance 3, salting
// 1"), each cause in the language (the engine names them in English).
func (w whyWords) causes(cs []sim.CauseCount) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = w.c.T("compare.why.cause", i18n.S("cause", w.cause(c.Cause)), i18n.N("violations", int(c.Violations)))
	}
	return strings.Join(parts, ", ")
}

// cause is the engine's name of a violation cause in the language.
func (w whyWords) cause(name string) string {
	id := "compare.cause." + strings.ReplaceAll(name, " ", "-")
	if w.c.Has(id) {
		return w.c.T(id)
	}
	return name
}

func nonEmpty(ss []string) []string {
	out := ss[:0]
	for _, s := range ss {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

func firstExample(r *sim.Result, scope string) (sim.Violation, bool) {
	for _, e := range r.Ordering.Examples {
		if e.Scope == scope {
			return e, true
		}
	}
	return sim.Violation{}, false
}

// keyAndSkew names what decides where the records go: the first producer's
// key and the customers' skew.
func (w whyWords) keyAndSkew(sc sim.Scenario) string {
	if len(sc.Producers) == 0 {
		return ""
	}
	key := i18n.S("key", sc.Producers[0].Key)
	if d := sc.Workload.KeyDistribution; d != nil && len(d.Keys) > 0 {
		total, hot := d.TailCount, d.Keys[0]
		for _, k := range d.Keys { // a scenario written by hand need not list the hottest first
			total += k.Count
			if k.Count > hot.Count {
				hot = k
			}
		}
		return w.c.T("compare.why.key.hotKey", key, i18n.S("hot", hot.Key), i18n.S("share", w.n.percent(float64(hot.Count)/float64(total))))
	}
	switch k := sc.Workload.CustomerSkew; k.Kind {
	case "hot":
		return w.c.T("compare.why.key.hot", key, i18n.Count(k.HotCustomers), i18n.S("share", w.n.percent(k.HotShare)))
	case "zipf":
		return w.c.T("compare.why.key.zipf", key, i18n.S("s", w.n.number(k.S)))
	}
	return w.c.T("compare.why.key", key)
}

// duplicateCauses names what makes a consumer read records again: a
// revocation without a commit, members kicked out or crashed, failed
// commits, and the rebalances themselves.
func (w whyWords) duplicateCauses(sc sim.Scenario, r *sim.Result) []string {
	var out []string
	g := r.Group
	cooperative := false
	for _, rb := range g.Rebalances {
		cooperative = cooperative || rb.Protocol == "cooperative"
	}
	if cooperative && !sc.Consumer.CommitOnRevoke {
		out = append(out, w.c.T("compare.why.cooperativeNoCommit"))
	}
	if n := g.Totals.KickedOut; n > 0 {
		out = append(out, w.c.T("compare.why.kickedOut", i18n.Count(n)))
	}
	if n := g.Totals.FailedCommits; n > 0 {
		// An auto-commit's failure is logged; commitSync throws.
		id := "compare.why.failedCommitSync"
		if sc.Consumer.EnableAutoCommit {
			id = "compare.why.failedAutoCommits"
		}
		out = append(out, w.c.T(id, i18n.Count(n)))
	}
	for _, a := range sc.Timeline {
		if a.Action == "crash_consumer" {
			out = append(out, w.c.T("compare.why.crash", i18n.N("instance", a.Instance), i18n.S("at", w.n.number(a.AtS))))
		}
	}
	if !sc.Consumer.EnableAutoCommit && !sc.Consumer.CommitAfterBatch {
		out = append(out, w.c.T("compare.why.noCommits"))
	}
	return append(out, w.rebalanceSummary(r)...)
}

// rebalanceSummary is the group's rebalances in a phrase: how many, which
// protocol, the stop-the-world time and the last one's generation and
// cause (the Gen. column of the rebalance table; the cause is the
// engine's words).
func (w whyWords) rebalanceSummary(r *sim.Result) []string {
	g := r.Group
	if g.Totals.Rebalances == 0 {
		return nil
	}
	protocol := g.Protocol
	if len(g.Rebalances) > 0 {
		protocol = g.Rebalances[0].Protocol
	}
	s := w.c.T("compare.why.rebalances", i18n.Count(g.Totals.Rebalances), i18n.S("protocol", protocol), i18n.S("assignor", g.Assignor),
		i18n.S("stw", w.n.seconds(g.Totals.StopTheWorldS)), i18n.S("paused", w.n.seconds(g.Totals.PartitionPauseS)))
	if len(g.Rebalances) > 0 {
		rb := g.Rebalances[len(g.Rebalances)-1]
		s += w.c.T("compare.why.lastRebalance", i18n.N("generation", int(rb.Generation)), i18n.S("at", w.n.seconds(rb.StartS)),
			i18n.S("cause", rb.Cause), i18n.Count(rb.PartitionsMoved))
	}
	return []string{s}
}

func worstLag(r *sim.Result) (partition int, lag int64) {
	for _, p := range r.Partitions {
		if p.MaxLag > lag {
			partition, lag = p.Partition, p.MaxLag
		}
	}
	return partition, lag
}

// capacity compares what a partition receives with what one thread can
// process, and adds the pauses, which is where lag and latency come from.
func (w whyWords) capacity(sc sim.Scenario, r *sim.Result, part int) []string {
	var out []string
	if part < len(r.Partitions) && r.DurationS > 0 && sc.Consumer.ProcessingMs > 0 {
		in := float64(r.Partitions[part].Produced) / r.DurationS
		can := 1000 / sc.Consumer.ProcessingMs
		out = append(out, w.c.T("compare.why.capacity", p(part), i18n.S("in", w.n.count(int64(in+0.5))), i18n.S("can", w.n.count(int64(can+0.5))),
			i18n.S("each", w.n.millis(sc.Consumer.ProcessingMs)), i18n.S("mode", sc.Consumer.Mode)))
	}
	for _, a := range sc.Timeline {
		switch a.Action {
		case "slow_processing":
			out = append(out, w.c.T("compare.why.slow", i18n.S("ms", w.n.millis(a.ProcessingMs)), i18n.S("at", w.n.number(a.AtS)),
				i18n.S("duration", w.n.number(a.DurationS))))
		case "gc_pause":
			out = append(out, w.c.T("compare.why.gcPause", i18n.N("instance", a.Instance), i18n.S("duration", w.n.number(a.DurationS)),
				i18n.S("at", w.n.number(a.AtS))))
		}
	}
	return append(out, w.rebalanceSummary(r)...)
}

// Plural writes a count and its noun: "1 partition", "2 partitions",
// "1,184 records".
func Plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return Count(n) + " " + word + "s"
}
