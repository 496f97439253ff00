package invariants

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"strconv"

	"partitionlab/sim"
)

func determinismInvariants() []Invariant {
	return []Invariant{
		{Name: "determinism.digest", check: digestIsCanonical,
			Why: "The digest is the SHA-256 of the result's canonical JSON with the digest left empty, so anyone " +
				"can recompute it from the JSON they were given."},
		{Name: "determinism.rerun", check: rerunGivesSameDigest,
			Why: "The same scenario and seed give the same result, bit for bit: a second run has the same digest."},
		{Name: "determinism.slices", check: slicesGiveSameDigest,
			Why: "Advance in slices of any size (the browser's progress steps) runs the same simulation as Run: " +
				"stopping between steps changes nothing."},
		{Name: "determinism.fork", check: forkGivesSameDigest,
			Why: "Forking the record stream (keeping few records and sending the rest again when a consumer " +
				"reaches them, to bound memory) changes nothing a person sees: the same digest with the fork " +
				"forced early (sim.Options.ForkAfterRecords: after 1 and after 100 records kept)."},
		{Name: "determinism.spill", check: spillGivesSameDigest,
			Why: "Spilling the partitions (each partition's records waiting in a few bytes, without their " +
				"ordering-checker entries, until a consumer reaches them, to bound memory on many partitions) " +
				"changes nothing a person sees: the same digest with every partition spilled early " +
				"(sim.Options.SpillPartitions, with and without the fork after 100 records), where the run " +
				"allows it (sim.PartitionsSeparable: every record keyed by customer id by one client and " +
				"serializer, no VIP partitioner, no partition increase, no producer retries)."},
		{Name: "determinism.detach", check: detachGivesSameDigest,
			Why: "Detaching the partitions (each with its own copy of the record stream, which sends its " +
				"records again when its consumer reaches them, to bound memory when partitions drift apart) " +
				"changes nothing a person sees: the same digest with each partition detached as soon as its " +
				"log keeps a record (sim.Options.DetachPartitions, with and without the fork after 100 " +
				"records), where the run allows it (sim.PartitionsDetachable: every record keyed by one " +
				"thing each order keeps, by one client and serializer, no VIP partitioner, no partition " +
				"increase, no producer retries). With keys other than the customer id, the checker follows " +
				"each customer across the partitions detached, and the run detaches at most four, each once " +
				"the customer scope has its examples: a run that detached none is not counted."},
	}
}

// detachGivesSameDigest runs the scenario again with every partition
// detached as soon as its log keeps a record, unforked and forked after
// 100 records, advancing in slices.
func detachGivesSameDigest(r *Run) Verdict {
	if !sim.PartitionsDetachable(r.Scenario) {
		return notApplicable("keys an order does not keep, producers that route keys apart, a partition increase or producer retries")
	}
	detached := 0
	for _, keep := range []int64{0, 100} {
		v, s := runInSlices(r, sim.Options{DetachPartitions: true, ForkAfterRecords: keep})
		if v.Outcome != Held {
			v.Detail = "detached, forked after " + strconv.FormatInt(keep, 10) + " records: " + v.Detail
			return v
		}
		detached += s.PartitionsDetached()
	}
	if detached == 0 {
		return notApplicable("no partition detached (nothing kept, or too few violations of the customer scope)")
	}
	return held()
}

// digestOf is the SHA-256 of a result's JSON with its digest left empty,
// as the engine computes it.
func digestOf(res sim.Result) string {
	res.Digest = ""
	b, err := json.Marshal(&res)
	if err != nil {
		return "unmarshalable: " + err.Error()
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

func digestIsCanonical(r *Run) Verdict {
	if got := digestOf(*r.Result); got != r.Result.Digest {
		return broken("digest %s, its JSON hashes to %s", r.Result.Digest, got)
	}
	return held()
}

func rerunGivesSameDigest(r *Run) Verdict {
	again, err := sim.Run(r.Scenario)
	if err != nil {
		return broken("the second run failed: %v", err)
	}
	if again.Digest != r.Result.Digest {
		return broken("digest %s, then %s", r.Result.Digest, again.Digest)
	}
	return held()
}

func slicesGiveSameDigest(r *Run) Verdict {
	return advanceInSlices(r, sim.Options{})
}

// advanceInSlices runs the scenario again with opts, advancing by slices
// that grow from one step, and compares the digests.
func advanceInSlices(r *Run, opts sim.Options) Verdict {
	v, _ := runInSlices(r, opts)
	return v
}

// runInSlices is advanceInSlices, also returning the run (nil if it did
// not start).
func runInSlices(r *Run, opts sim.Options) (Verdict, *sim.Sim) {
	s, err := sim.NewWithOptions(r.Scenario, opts)
	if err != nil {
		return broken("the run in slices does not start: %v", err), nil
	}
	step := 1
	for !s.Advance(step) {
		step = step*3/2 + 1
	}
	if err := s.Err(); err != nil {
		return broken("the run in slices stopped: %v", err), s
	}
	if got := s.Result().Digest; got != r.Result.Digest {
		return broken("digest %s run at once, %s advanced in slices", r.Result.Digest, got), s
	}
	return held(), s
}

// spillGivesSameDigest runs the scenario again with every partition
// spilled at the engine's first look, unforked and forked after 100
// records, advancing in slices.
func spillGivesSameDigest(r *Run) Verdict {
	if !sim.PartitionsSeparable(r.Scenario) {
		return notApplicable("keys that span partitions, a partition increase or producer retries")
	}
	for _, keep := range []int64{0, 100} {
		if v := advanceInSlices(r, sim.Options{SpillPartitions: true, ForkAfterRecords: keep}); v.Outcome != Held {
			v.Detail = "spilled, forked after " + strconv.FormatInt(keep, 10) + " records: " + v.Detail
			return v
		}
	}
	return held()
}

// forkGivesSameDigest runs the scenario again with the stream forked once
// the logs keep 1 record, and again at 100, advancing in slices.
func forkGivesSameDigest(r *Run) Verdict {
	for _, keep := range []int64{1, 100} {
		if v := advanceInSlices(r, sim.Options{ForkAfterRecords: keep}); v.Outcome != Held {
			v.Detail = "forked after " + strconv.FormatInt(keep, 10) + " records: " + v.Detail
			return v
		}
	}
	return held()
}
