package cli

import (
	"fmt"
	"io"
	"text/tabwriter"

	"partitionlab/sim"
	"partitionlab/sim/scenario"
)

// examplesShown is how many violations the text summary explains.
const examplesShown = 5

// writeSummary prints a result for a person at a terminal.
func writeSummary(w io.Writer, sc scenario.Scenario, r *sim.Result) {
	name := sc.Name
	if name == "" {
		name = "(unnamed)"
	}
	fmt.Fprintf(w, "scenario %s, seed %d, %g s: %d events produced, %d processed\n", name, r.Seed, r.DurationS, r.EventsProduced, r.EventsProcessed)
	fmt.Fprintf(w, "load        max/mean %.2f, cv %.2f, %d empty partitions, hottest p%d with %.1f%%\n",
		r.Load.MaxOverMean, r.Load.CV, r.Load.EmptyPartitions, r.Load.HottestPartition, 100*r.Load.HottestShare)
	o := r.Ordering.Scopes
	fmt.Fprintf(w, "ordering    violations per order %d (%d orders), per customer %d (%d customers), per key %d (%d keys)\n",
		o.Order.Violations, o.Order.KeysAffected, o.Customer.Violations, o.Customer.KeysAffected, o.Key.Violations, o.Key.KeysAffected)
	fmt.Fprintf(w, "latency     p50 %.1f ms, p99 %.1f ms, max %.1f ms\n", r.LatencyMs.P50, r.LatencyMs.P99, r.LatencyMs.Max)
	fmt.Fprintf(w, "consumers   %d threads, %d idle; %d duplicates, %d lost\n", r.Consumers.Threads, r.Consumers.IdleThreads, r.Duplicates, r.Lost)
	g := r.Group.Totals
	fmt.Fprintf(w, "group       %s, %s: %s\n", r.Group.Protocol, r.Group.Assignor, g.Summary())
	fmt.Fprintf(w, "digest      %s\n\n", r.Digest)

	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "partition\tproduced\tprocessed\tmax lag\tend lag\t")
	for _, p := range r.Partitions {
		fmt.Fprintf(tw, "p%d\t%d\t%d\t%d\t%d\t\n", p.Partition, p.Produced, p.Processed, p.MaxLag, p.EndLag)
	}
	tw.Flush()

	if len(r.Timeline) > 0 {
		fmt.Fprintln(w, "\ntimeline")
		for _, m := range r.Timeline {
			fmt.Fprintf(w, "  %7.2f s  %s\n", m.AtS, m.Label)
		}
	}
	if len(r.Group.Rebalances) > 0 {
		fmt.Fprintln(w, "\nrebalances")
		for _, rb := range r.Group.Rebalances {
			fmt.Fprintf(w, "  %7.2f–%.2f s  %s: %s\n", rb.StartS, rb.EndS, rb.Summary(), rb.Cause)
		}
	}
	if n := len(r.Ordering.Examples); n > 0 {
		fmt.Fprintf(w, "\nfirst violations (%d kept; --json shows all with their evidence)\n", n)
		for _, e := range r.Ordering.Examples[:min(n, examplesShown)] {
			fmt.Fprintf(w, "  [%s] %s\n", e.Scope, e.Explanation)
		}
	}
}
