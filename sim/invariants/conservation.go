package invariants

import (
	"fmt"
)

func conservationInvariants() []Invariant {
	return []Invariant{
		{Name: "conservation.partitions", check: partitionsConserve,
			Why: "Every record appended to a partition is processed once, lost (skipped by auto.offset.reset or " +
				"dropped on revocation), or still waiting at the end: per partition produced = processed + lost + " +
				"end_lag. The result counts lost records for the whole run only, so per partition the rest " +
				"(produced - processed - end_lag) must be at least 0 and the rests must add up to lost; " +
				"events_processed is the partitions' processed summed."},
		{Name: "conservation.producers", check: producersConserve,
			Why: "events_produced is what the producers sent: the sum of producers[].sent. A record sent is " +
				"appended at most once, so the partitions' produced add up to at most events_produced, and exactly " +
				"to it when no produce request fails (nothing can wait in a producer for a retry)."},
		{Name: "conservation.producer_accounting", check: producerAccounting,
			Why: "Each producer says where every record it sent went: sent = appended + in_flight_at_end + failed; " +
				"events_produced is the sum of sent, and the partitions' produced add up to the sum of appended; " +
				"a producer that gave records up (delivery.timeout.ms) says why in failed_reason."},
	}
}

func partitionsConserve(r *Run) Verdict {
	res := r.Result
	var processed, rest int64
	for _, p := range res.Partitions {
		processed += p.Processed
		d := p.Produced - p.Processed - p.EndLag
		if p.EndLag < 0 || p.Processed < 0 || d < 0 {
			return broken("partition %d: produced %d, processed %d, end_lag %d: %d records more than were produced",
				p.Partition, p.Produced, p.Processed, p.EndLag, -d)
		}
		rest += d
	}
	if processed != res.EventsProcessed {
		return broken("events_processed is %d, the partitions' processed add up to %d", res.EventsProcessed, processed)
	}
	if rest != res.Lost {
		return broken("lost is %d, but produced - processed - end_lag adds up to %d over the partitions", res.Lost, rest)
	}
	return held()
}

func producersConserve(r *Run) Verdict {
	res := r.Result
	var sent, appended int64
	for _, p := range res.Producers {
		if p.Sent < 0 || p.Retries < 0 {
			return broken("producer %s: sent %d, retries %d", p.Name, p.Sent, p.Retries)
		}
		sent += p.Sent
	}
	for _, p := range res.Partitions {
		appended += p.Produced
	}
	if sent != res.EventsProduced {
		return broken("events_produced is %d, the producers' sent add up to %d", res.EventsProduced, sent)
	}
	if appended > sent {
		return broken("the partitions' produced add up to %d, more than the %d records sent", appended, sent)
	}
	failures := false
	for _, p := range r.Scenario.Producers {
		failures = failures || p.FailureRate > 0
	}
	if !failures && appended != sent {
		return broken("no produce request fails, yet %d records sent are in no partition (%d sent, %d appended)",
			sent-appended, sent, appended)
	}
	return held()
}

// producerFields are the counts each producer reports once the engine
// accounts for every record (JSON names).
var producerFields = []string{"sent", "appended", "in_flight_at_end", "failed"}

func producerAccounting(r *Run) Verdict {
	list, _ := r.json()["producers"].([]any)
	if len(list) == 0 {
		return notMeasurable("the result has no producers")
	}
	var sent, appended int64
	for i, item := range list {
		obj, _ := item.(map[string]any)
		counts := map[string]int64{}
		for _, f := range producerFields {
			v, ok := obj[f].(float64)
			if !ok {
				return notMeasurable(fmt.Sprintf("the result has no producers[].%s count", f))
			}
			counts[f] = int64(v)
		}
		if why, _ := obj["failed_reason"].(string); (counts["failed"] > 0) != (why != "") {
			return broken("producers[%d]: failed %d, failed_reason %q", i, counts["failed"], why)
		}
		if counts["sent"] != counts["appended"]+counts["in_flight_at_end"]+counts["failed"] {
			return broken("producers[%d]: sent %d != appended %d + in_flight_at_end %d + failed %d", i,
				counts["sent"], counts["appended"], counts["in_flight_at_end"], counts["failed"])
		}
		sent += counts["sent"]
		appended += counts["appended"]
	}
	if sent != r.Result.EventsProduced {
		return broken("events_produced is %d, the producers' sent add up to %d", r.Result.EventsProduced, sent)
	}
	var produced int64
	for _, p := range r.Result.Partitions {
		produced += p.Produced
	}
	if produced != appended {
		return broken("the partitions' produced add up to %d, the producers' appended to %d", produced, appended)
	}
	return held()
}
