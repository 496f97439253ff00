package results

import (
	"strconv"
	"strings"

	"partitionlab/app/i18n"
	"partitionlab/app/results/sentences"
	"partitionlab/sim"
	"partitionlab/sim/scenario"
)

// why says, for one headline number, what in the run that is worse on it
// made it so: the violations' causes, the rebalances and commits behind
// records processed twice, the partition that holds the load or the lag.
// The text names the side ("B: …") so it reads on its own; it is in c's
// language.
func why(c *i18n.Catalog, id string, worse Run, side string) string {
	r, sc := worse.Result, worse.Scenario
	l := c.Lang()
	var parts []string
	switch id {
	case "load":
		parts = append(parts, c.T("results.why.load", p(r.Load.HottestPartition), i18n.S("share", PercentIn(l, r.Load.HottestShare)),
			i18n.Count(len(r.Partitions))))
		parts = append(parts, keyAndSkew(c, sc))
	case "violations-order", "violations-customer", "violations-key":
		s := r.Ordering.Scopes.ByName(strings.TrimPrefix(id, "violations-"))
		parts = append(parts, c.T("results.why.violations", i18n.S("count", CountIn(l, s.Violations)),
			i18n.S("causes", strings.TrimPrefix(causes(c, s.ByCause), c.T("results.causes", i18n.S("causes", ""))))))
		for _, k := range s.ByCause {
			if k.Cause == "concurrent processing" && sc.Consumer.Mode != "" {
				parts = append(parts, c.T("results.why.parallel", i18n.S("mode", modeName(c, sc.Consumer.Mode))))
			}
		}
		if e, ok := firstExample(r, strings.TrimPrefix(id, "violations-")); ok {
			parts = append(parts, c.T("results.why.first", i18n.S("later", e.Later.Event), i18n.S("laterPartition", strconv.Itoa(e.Later.Partition)),
				i18n.S("earlier", e.Earlier.Event), i18n.S("earlierPartition", strconv.Itoa(e.Earlier.Partition))))
		}
	case "duplicates":
		parts = append(parts, c.T("results.why.duplicates", i18n.S("count", CountIn(l, r.Duplicates))))
		parts = append(parts, duplicateCauses(c, sc, r)...)
	case "lost":
		parts = append(parts, c.T("results.why.lost", i18n.S("count", CountIn(l, r.Lost))))
		if sc.Consumer.OnRevoke == "drop_queued" {
			parts = append(parts, c.T("results.why.dropQueued"))
		}
		if sc.Consumer.AutoOffsetReset == "latest" && r.Group.Totals.Rebalances > 0 {
			parts = append(parts, c.T("results.why.latest"))
		}
		parts = append(parts, rebalanceSummary(c, r)...)
	case "lag":
		part, lag := worstLag(r)
		parts = append(parts, c.T("results.why.lag", i18n.S("count", CountIn(l, lag)), p(part)))
		parts = append(parts, capacity(c, sc, r, part)...)
	case "p99":
		part, lag := worstLag(r)
		parts = append(parts, c.T("results.why.p99", i18n.S("p99", MillisIn(l, r.LatencyMs.P99)), i18n.S("max", MillisIn(l, r.LatencyMs.Max)),
			i18n.S("count", CountIn(l, lag)), p(part)))
		parts = append(parts, capacity(c, sc, r, part)...)
	case "idle":
		parts = append(parts, c.T("results.why.idle", i18n.N("threads", r.Consumers.Threads), i18n.Count(len(r.Partitions)),
			i18n.N("idle", r.Consumers.IdleThreads)))
	case "pause":
		parts = append(parts, rebalanceSummary(c, r)...)
	}
	if len(parts) == 0 {
		return ""
	}
	return c.T("results.why.side", i18n.S("side", side), i18n.S("why", strings.Join(nonEmpty(parts), c.T("results.why.separator"))))
}

// p is the placeholder {partition}: a partition's number as it is.
func p(n int) i18n.Arg { return i18n.S("partition", strconv.Itoa(n)) }

// g writes x as Go's %g does, with l's decimal mark: a setting's value
// as the scenario gives it.
func g(l i18n.Lang, x float64) string { return gPrec(l, x, -1) }

// gPrec writes x as Go's %.{prec}g does, with l's decimal mark.
func gPrec(l i18n.Lang, x float64, prec int) string {
	s := strconv.FormatFloat(x, 'g', prec, 64)
	return strings.Replace(s, ".", strings.Trim(l.Float(0.5, 1), "05"), 1)
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
func keyAndSkew(c *i18n.Catalog, sc scenario.Scenario) string {
	if len(sc.Producers) == 0 {
		return ""
	}
	l := c.Lang()
	key := i18n.S("key", sc.Producers[0].Key)
	if d := sc.Workload.KeyDistribution; d != nil && len(d.Keys) > 0 {
		total, hot := d.TailCount, d.Keys[0]
		for _, k := range d.Keys { // a scenario written by hand need not list the hottest first
			total += k.Count
			if k.Count > hot.Count {
				hot = k
			}
		}
		return c.T("results.why.keyHottest", key, i18n.S("hot", hot.Key), i18n.S("share", PercentIn(l, float64(hot.Count)/float64(total))))
	}
	switch k := sc.Workload.CustomerSkew; k.Kind {
	case "hot":
		return c.T("results.why.keyHot", key, i18n.N("hot", k.HotCustomers), i18n.S("share", PercentIn(l, k.HotShare)))
	case "zipf":
		return c.T("results.why.keyZipf", key, i18n.S("s", g(l, k.S)))
	}
	return c.T("results.why.key", key)
}

// duplicateCauses names what makes a consumer read records again: a
// revocation without a commit, members kicked out or crashed, failed
// commits, and the rebalances themselves.
func duplicateCauses(c *i18n.Catalog, sc scenario.Scenario, r *sim.Result) []string {
	var out []string
	gr := r.Group
	cooperative := false
	for _, rb := range gr.Rebalances {
		cooperative = cooperative || rb.Protocol == "cooperative"
	}
	if cooperative && !sc.Consumer.CommitOnRevoke {
		out = append(out, c.T("results.why.cooperativeNoCommit"))
	}
	if n := gr.Totals.KickedOut; n > 0 {
		out = append(out, c.T("results.why.kickedOut", i18n.Count(n)))
	}
	if n := gr.Totals.FailedCommits; n > 0 {
		// An auto-commit's failure is logged; commitSync throws.
		id := "results.why.commitsThrew"
		if sc.Consumer.EnableAutoCommit {
			id = "results.why.autoCommitsLogged"
		}
		out = append(out, c.T(id, i18n.Count(n)))
	}
	for _, a := range sc.Timeline {
		if a.Action == "crash_consumer" {
			out = append(out, c.T("results.why.crash", i18n.N("instance", a.Instance), i18n.S("at", g(c.Lang(), a.AtS))))
		}
	}
	if !sc.Consumer.EnableAutoCommit && !sc.Consumer.CommitAfterBatch {
		out = append(out, c.T("results.why.noCommit"))
	}
	return append(out, rebalanceSummary(c, r)...)
}

// rebalanceSummary is the group's rebalances in a phrase: how many, which
// protocol, the stop-the-world time and the last one's generation and
// cause (the Gen. column of the rebalance table).
func rebalanceSummary(c *i18n.Catalog, r *sim.Result) []string {
	gr := r.Group
	if gr.Totals.Rebalances == 0 {
		return nil
	}
	l := c.Lang()
	protocol := gr.Protocol
	if len(gr.Rebalances) > 0 {
		protocol = gr.Rebalances[0].Protocol
	}
	s := c.T("results.why.rebalances", i18n.S("rebalances", c.T("results.rebalances", i18n.Count(gr.Totals.Rebalances))),
		i18n.S("protocol", protocol), i18n.S("assignor", gr.Assignor), i18n.S("stw", SecondsIn(l, gr.Totals.StopTheWorldS)),
		i18n.S("paused", SecondsIn(l, gr.Totals.PartitionPauseS)))
	if len(gr.Rebalances) > 0 {
		rb := gr.Rebalances[len(gr.Rebalances)-1]
		s += c.T("results.why.lastRebalance", i18n.N("generation", int(rb.Generation)), i18n.S("at", SecondsIn(l, rb.StartS)),
			i18n.S("cause", sentences.RebalanceCause(c, rb.Cause)), i18n.Count(rb.PartitionsMoved))
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

// modeName is a consumer's processing mode in c's language
// (results.mode.<mode>; English keeps the value as the scenario writes
// it), or the value itself for a mode the catalog does not know.
func modeName(c *i18n.Catalog, mode string) string {
	if id := "results.mode." + mode; c.Has(id) {
		return c.T(id)
	}
	return mode
}

// capacity compares what a partition receives with what one thread can
// process, and adds the pauses, which is where lag and latency come from.
func capacity(c *i18n.Catalog, sc scenario.Scenario, r *sim.Result, part int) []string {
	var out []string
	l := c.Lang()
	if part < len(r.Partitions) && r.DurationS > 0 && sc.Consumer.ProcessingMs > 0 {
		in := float64(r.Partitions[part].Produced) / r.DurationS
		can := 1000 / sc.Consumer.ProcessingMs
		out = append(out, c.T("results.why.capacity", p(part), i18n.S("in", CountIn(l, int64(in+0.5))),
			i18n.S("can", CountIn(l, int64(can+0.5))), i18n.S("each", MillisIn(l, sc.Consumer.ProcessingMs)), i18n.S("mode", modeName(c, sc.Consumer.Mode))))
	}
	for _, a := range sc.Timeline {
		switch a.Action {
		case "slow_processing":
			out = append(out, c.T("results.why.slow", i18n.S("ms", MillisIn(l, a.ProcessingMs)), i18n.S("at", g(l, a.AtS)),
				i18n.S("seconds", g(l, a.DurationS))))
		case "gc_pause":
			out = append(out, c.T("results.why.gcPause", i18n.N("instance", a.Instance), i18n.S("seconds", g(l, a.DurationS)),
				i18n.S("at", g(l, a.AtS))))
		}
	}
	return append(out, rebalanceSummary(c, r)...)
}

// Plural writes a count and its noun in English: "1 partition", "2
// partitions", "1,184 records".
func Plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return Count(n) + " " + word + "s"
}
