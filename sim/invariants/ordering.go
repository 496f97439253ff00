package invariants

import (
	"fmt"
	"slices"
	"strconv"

	"partitionlab/sim"
	"partitionlab/sim/scenario"
)

// causeCatalog is every cause the engine may give a violation (sim's
// causes.go, in its order). A cause outside it is one nobody explains.
var causeCatalog = []string{
	"concurrent processing", "retry topic", "producer retry", "partition count changed", "client mismatch",
	"salting", "no key", "key does not cover the scope", "rebalance",
	"shared partition", "redelivery", "given up",
}

// shareCauses are the causes only a share group gives (a record of a
// partition several members fetch from, one that came back, one on its
// last delivery).
var shareCauses = []string{"shared partition", "redelivery", "given up"}

// examplesPerScope is how many violations of each scope the result
// explains: the first ones.
const examplesPerScope = 20

func orderingInvariants() []Invariant {
	return []Invariant{
		{Name: "ordering.evidence", check: orderingEvidence,
			Why: "Every violation example agrees with itself: the earlier event was sent no later than the later " +
				"one and completed after it (or never); both belong to the scope's key; the cause is in the " +
				"catalog and matches the evidence (concurrent processing: one partition; partition count " +
				"changed: two counts; client mismatch: two producers; retry topic: the earlier went through it; " +
				"producer retry: the earlier was appended after the later or not at all; shared partition: one " +
				"partition; shared partition, redelivery and given up only in a share group)."},
		{Name: "ordering.counts", check: orderingCounts,
			Why: "Each scope's violations are its causes' counts summed; keys affected are at least one when " +
				"there is a violation and never more than the violations; the result explains the first " +
				"violations of each scope, up to 20."},
		{Name: "ordering.quiet", check: orderingQuiet,
			Why: "One partition, one sequential consumer thread, no failed produce or processing and no timeline: " +
				"records are appended in the order they are sent and processed one after another in offset " +
				"order, so no event can overtake one sent earlier. Such a run has no violation in any scope."},
		oracleInvariant(),
	}
}

func orderingEvidence(r *Run) Verdict {
	keyless := map[string]bool{}
	for _, p := range r.Scenario.Producers {
		keyless[p.Name] = p.Key == scenario.KeyNull
	}
	share := r.Scenario.Consumer.IsShare()
	for i, v := range r.Result.Ordering.Examples {
		if !share && slices.Contains(shareCauses, v.Cause) {
			return broken("examples[%d] (%s %q): cause %q in a consumer group", i, v.Scope, v.Key, v.Cause)
		}
		if why := exampleProblem(v, keyless); why != "" {
			return broken("examples[%d] (%s %q, cause %q): %s", i, v.Scope, v.Key, v.Cause, why)
		}
	}
	return held()
}

// exampleProblem is what is wrong with one violation's evidence, or "".
func exampleProblem(v sim.Violation, keyless map[string]bool) string {
	e, l := v.Earlier, v.Later
	if !slices.Contains(causeCatalog, v.Cause) {
		return "the cause is not in the catalog"
	}
	if l.CompletedS == nil || l.Thread == "" {
		return "the later event has no completion"
	}
	if e.SentS > l.SentS {
		return fmt.Sprintf("the earlier event was sent at %g s, after the later one (%g s)", e.SentS, l.SentS)
	}
	if e.CompletedS != nil && *e.CompletedS < *l.CompletedS {
		return fmt.Sprintf("the earlier event completed at %g s, before the later one (%g s)", *e.CompletedS, *l.CompletedS)
	}
	for _, ev := range []sim.Evidence{e, l} {
		if ev.PartitionCount < 1 || ev.Partition < 0 || ev.Partition >= ev.PartitionCount {
			return fmt.Sprintf("%s is on partition %d of a topic of %d", ev.Event, ev.Partition, ev.PartitionCount)
		}
	}
	switch v.Scope {
	case "order":
		if e.Order != l.Order || v.Key != "order-"+strconv.FormatInt(l.Order, 10) {
			return fmt.Sprintf("orders %d and %d in the scope of %s", e.Order, l.Order, v.Key)
		}
	case "customer":
		if e.Customer != l.Customer || v.Key != "customer-"+strconv.Itoa(l.Customer) {
			return fmt.Sprintf("customers %d and %d in the scope of %s", e.Customer, l.Customer, v.Key)
		}
	case "key":
		if e.Key != l.Key || v.Key != l.Key || keyless[e.Producer] || keyless[l.Producer] {
			return fmt.Sprintf("keys %q and %q in the scope of %q", e.Key, l.Key, v.Key)
		}
	default:
		return "the scope is not order, customer or key"
	}
	samePartition := e.Partition == l.Partition
	// A retried record is appended later, at a higher offset, or not by the
	// end; the evidence shows where it ended up.
	appendedFirst := samePartition && e.Offset >= 0 && e.Offset < l.Offset
	switch v.Cause {
	case "retry topic":
		if e.Via != "retry topic" {
			return "the earlier event did not go through the retry topic"
		}
	case "producer retry":
		if appendedFirst {
			return fmt.Sprintf("the earlier event is at p%d offset %d, before the later one (p%d offset %d)", e.Partition, e.Offset, l.Partition, l.Offset)
		}
	case "concurrent processing", "shared partition":
		if !samePartition {
			return fmt.Sprintf("the events are on partitions %d and %d", e.Partition, l.Partition)
		}
	case "partition count changed":
		if e.PartitionCount == l.PartitionCount || e.Key != l.Key {
			return fmt.Sprintf("keys %q and %q, both sent with %d partitions", e.Key, l.Key, e.PartitionCount)
		}
	case "client mismatch":
		if e.Producer == l.Producer || e.Key != l.Key {
			return fmt.Sprintf("keys %q and %q from producers %s and %s", e.Key, l.Key, e.Producer, l.Producer)
		}
	case "no key":
		if !keyless[e.Producer] && !keyless[l.Producer] {
			return fmt.Sprintf("both producers (%s, %s) key their records", e.Producer, l.Producer)
		}
	case "salting":
		if e.Customer != l.Customer {
			return fmt.Sprintf("customers %d and %d", e.Customer, l.Customer)
		}
	}
	if appendedFirst && e.Via == "" && v.Cause != "concurrent processing" && !slices.Contains(shareCauses, v.Cause) {
		return "one partition, no retry: only concurrent processing can explain it"
	}
	return ""
}

func orderingCounts(r *Run) Verdict {
	o := r.Result.Ordering
	examples := map[string]int64{}
	for _, v := range o.Examples {
		examples[v.Scope]++
	}
	for _, name := range []string{"order", "customer", "key"} {
		s := o.Scopes.ByName(name)
		var sum int64
		for _, c := range s.ByCause {
			if !slices.Contains(causeCatalog, c.Cause) || c.Violations <= 0 {
				return broken("scope %s: %d violations of cause %q", name, c.Violations, c.Cause)
			}
			sum += c.Violations
		}
		if sum != s.Violations {
			return broken("scope %s: %d violations, its causes add up to %d", name, s.Violations, sum)
		}
		if s.KeysAffected < 0 || s.KeysAffected > s.Violations || (s.Violations > 0) != (s.KeysAffected > 0) {
			return broken("scope %s: %d violations on %d keys", name, s.Violations, s.KeysAffected)
		}
		if want := min(s.Violations, examplesPerScope); examples[name] != want {
			return broken("scope %s: %d violations, %d explained (want %d)", name, s.Violations, examples[name], want)
		}
	}
	return held()
}

// quiet says why a scenario may have violations, or "" when it may not.
func quiet(sc scenario.Scenario) string {
	k := sc.Consumer
	switch {
	case sc.Topic.Partitions != 1:
		return "more than one partition"
	case len(sc.Timeline) > 0:
		return "a timeline"
	case k.Instances != 1 || k.Concurrency != 1 || k.Mode != scenario.ModeSequential:
		return "more than one sequential consumer thread"
	case k.FailureRate > 0:
		return "processing fails"
	}
	for _, p := range sc.Producers {
		if p.FailureRate > 0 {
			return "produce requests fail"
		}
	}
	return ""
}

func orderingQuiet(r *Run) Verdict {
	if why := quiet(r.Scenario); why != "" {
		return notApplicable(why)
	}
	s := r.Result.Ordering.Scopes
	if n := s.Order.Violations + s.Customer.Violations + s.Key.Violations; n > 0 {
		first := ""
		if len(r.Result.Ordering.Examples) > 0 {
			first = ": " + r.Result.Ordering.Examples[0].Explanation
		}
		return broken("%d violations (order %d, customer %d, key %d)%s", n, s.Order.Violations, s.Customer.Violations, s.Key.Violations, first)
	}
	return held()
}
