package results

import (
	"fmt"
	"strings"

	"partitionlab/app/i18n"
	"partitionlab/sim"
)

// why says, for one headline number, what in the run that is worse on it
// made it so: the violations' causes, the rebalances and commits behind
// records processed twice, the partition that holds the load or the lag.
// The text names the side ("B: …") so it reads on its own.
func why(id string, worse Run, side string) string {
	r, sc := worse.Result, worse.Scenario
	var parts []string
	switch id {
	case "load":
		parts = append(parts, fmt.Sprintf("p%d receives %s of the records over %d partitions", r.Load.HottestPartition,
			Percent(r.Load.HottestShare), len(r.Partitions)))
		parts = append(parts, keyAndSkew(sc))
	case "violations-order", "violations-customer", "violations-key":
		s := r.Ordering.Scopes.ByName(strings.TrimPrefix(id, "violations-"))
		parts = append(parts, fmt.Sprintf("%s violations, by cause: %s", Count(s.Violations), strings.TrimPrefix(causes(i18n.For(i18n.English), s.ByCause), "; ")))
		for _, c := range s.ByCause {
			if c.Cause == "concurrent processing" && sc.Consumer.Mode != "" {
				parts = append(parts, "records of one partition are processed in parallel (consumer.mode "+sc.Consumer.Mode+")")
			}
		}
		if e, ok := firstExample(r, strings.TrimPrefix(id, "violations-")); ok {
			parts = append(parts, fmt.Sprintf("first: %s on p%d overtook %s on p%d", e.Later.Event, e.Later.Partition, e.Earlier.Event, e.Earlier.Partition))
		}
	case "duplicates":
		parts = append(parts, fmt.Sprintf("%s records processed twice", Count(r.Duplicates)))
		parts = append(parts, duplicateCauses(sc, r)...)
	case "lost":
		parts = append(parts, fmt.Sprintf("%s records never processed", Count(r.Lost)))
		if sc.Consumer.OnRevoke == "drop_queued" {
			parts = append(parts, "queued records of revoked partitions are dropped (on_revoke drop_queued)")
		}
		if sc.Consumer.AutoOffsetReset == "latest" && r.Group.Totals.Rebalances > 0 {
			parts = append(parts, "a partition without a committed offset starts at the end (auto.offset.reset latest)")
		}
		parts = append(parts, rebalanceSummary(r)...)
	case "lag":
		p, lag := worstLag(r)
		parts = append(parts, fmt.Sprintf("%s records waited on p%d", Count(lag), p))
		parts = append(parts, capacity(sc, r, p)...)
	case "p99":
		p, lag := worstLag(r)
		parts = append(parts, fmt.Sprintf("p99 %s, max %s; up to %s records waited on p%d", Millis(r.LatencyMs.P99),
			Millis(r.LatencyMs.Max), Count(lag), p))
		parts = append(parts, capacity(sc, r, p)...)
	case "idle":
		parts = append(parts, fmt.Sprintf("%d consumer threads for %d partitions: %d own none", r.Consumers.Threads,
			len(r.Partitions), r.Consumers.IdleThreads))
	case "pause":
		parts = append(parts, rebalanceSummary(r)...)
	}
	if len(parts) == 0 {
		return ""
	}
	return side + ": " + strings.Join(nonEmpty(parts), "; ")
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
func keyAndSkew(sc sim.Scenario) string {
	if len(sc.Producers) == 0 {
		return ""
	}
	s := "key " + sc.Producers[0].Key
	if d := sc.Workload.KeyDistribution; d != nil && len(d.Keys) > 0 {
		total, hot := d.TailCount, d.Keys[0]
		for _, k := range d.Keys { // a scenario written by hand need not list the hottest first
			total += k.Count
			if k.Count > hot.Count {
				hot = k
			}
		}
		return s + fmt.Sprintf(", the hottest of your keys, %s, sends %s of the orders", hot.Key, Percent(float64(hot.Count)/float64(total)))
	}
	switch k := sc.Workload.CustomerSkew; k.Kind {
	case "hot":
		s += fmt.Sprintf(", %d hot customers send %s of the orders", k.HotCustomers, Percent(k.HotShare))
	case "zipf":
		s += fmt.Sprintf(", customers zipf-skewed (s %g)", k.S)
	}
	return s
}

// duplicateCauses names what makes a consumer read records again: a
// revocation without a commit, members kicked out or crashed, failed
// commits, and the rebalances themselves.
func duplicateCauses(sc sim.Scenario, r *sim.Result) []string {
	var out []string
	g := r.Group
	cooperative := false
	for _, rb := range g.Rebalances {
		cooperative = cooperative || rb.Protocol == "cooperative"
	}
	if cooperative && !sc.Consumer.CommitOnRevoke {
		out = append(out, "a cooperative revocation does not commit (commit_on_revoke off)")
	}
	if n := g.Totals.KickedOut; n > 0 {
		out = append(out, fmt.Sprintf("%d members kicked out", n))
	}
	if n := g.Totals.FailedCommits; n > 0 {
		// An auto-commit's failure is logged; commitSync throws.
		how := "commitSync threw CommitFailedException"
		if sc.Consumer.EnableAutoCommit {
			how = "auto-commits, logged and not retried"
		}
		out = append(out, fmt.Sprintf("%s (%s)", Plural(n, "commit")+" failed", how))
	}
	for _, a := range sc.Timeline {
		if a.Action == "crash_consumer" {
			out = append(out, fmt.Sprintf("instance %d crashes at %g s", a.Instance, a.AtS))
		}
	}
	if !sc.Consumer.EnableAutoCommit && !sc.Consumer.CommitAfterBatch {
		out = append(out, "nothing commits (enable.auto.commit off)")
	}
	return append(out, rebalanceSummary(r)...)
}

// rebalanceSummary is the group's rebalances in a phrase: how many, which
// protocol, the stop-the-world time and the last one's generation and
// cause (the Gen. column of the rebalance table).
func rebalanceSummary(r *sim.Result) []string {
	g := r.Group
	if g.Totals.Rebalances == 0 {
		return nil
	}
	protocol := g.Protocol
	if len(g.Rebalances) > 0 {
		protocol = g.Rebalances[0].Protocol
	}
	s := fmt.Sprintf("%s (%s, %s): stop-the-world %s, partitions paused %s in all", Plural(g.Totals.Rebalances, "rebalance"), protocol,
		g.Assignor, Seconds(g.Totals.StopTheWorldS), Seconds(g.Totals.PartitionPauseS))
	if len(g.Rebalances) > 0 {
		rb := g.Rebalances[len(g.Rebalances)-1]
		s += fmt.Sprintf("; last, generation %d at %s: %s, %s moved", rb.Generation, Seconds(rb.StartS), rb.Cause, Plural(rb.PartitionsMoved, "partition"))
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
func capacity(sc sim.Scenario, r *sim.Result, p int) []string {
	var out []string
	if p < len(r.Partitions) && r.DurationS > 0 && sc.Consumer.ProcessingMs > 0 {
		in := float64(r.Partitions[p].Produced) / r.DurationS
		can := 1000 / sc.Consumer.ProcessingMs
		out = append(out, fmt.Sprintf("p%d receives %s records/s; one thread processes about %s/s (%s each, %s)", p,
			Count(int64(in+0.5)), Count(int64(can+0.5)), Millis(sc.Consumer.ProcessingMs), sc.Consumer.Mode))
	}
	for _, a := range sc.Timeline {
		switch a.Action {
		case "slow_processing":
			out = append(out, fmt.Sprintf("processing slows to %s from %g s for %g s", Millis(a.ProcessingMs), a.AtS, a.DurationS))
		case "gc_pause":
			out = append(out, fmt.Sprintf("instance %d freezes %g s at %g s (GC pause)", a.Instance, a.DurationS, a.AtS))
		}
	}
	return append(out, rebalanceSummary(r)...)
}

// Plural writes a count and its noun: "1 partition", "2 partitions",
// "1,184 records".
func Plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return Count(n) + " " + word + "s"
}
