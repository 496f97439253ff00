package sim

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"partitionlab/hashcore"
	"partitionlab/sim/scenario"
)

// withKeys is the add-partitions preset whose customers are a team's own
// keys: merchant-0042 sends half the orders, merchant-0007 a fifth, and
// a tail of 1,000 keys the rest.
func withKeys(t *testing.T) scenario.Scenario {
	t.Helper()
	sc, err := scenario.Preset("add-partitions")
	if err != nil {
		t.Fatal(err)
	}
	sc.Workload.KeyDistribution = &scenario.KeyDistribution{
		Keys:     []scenario.KeyCount{{Key: "merchant-0042", Count: 5000}, {Key: "merchant-0007", Count: 2000}},
		TailKeys: 1000, TailCount: 3000,
	}
	sc.Workload.Customers = 1002
	sc.Workload.CustomerSkew = scenario.Skew{Kind: "uniform"}
	if err := scenario.Validate(sc); err != nil {
		t.Fatal(err)
	}
	return sc
}

// Producers keyed by customer_id send the distribution's strings, hashed
// exactly, and orders follow the counts.
func TestKeyDistributionDrawsCustomersAndSendsTheirKeys(t *testing.T) {
	sc := withKeys(t)
	sc.Timeline = nil
	r, err := Run(sc)
	if err != nil {
		t.Fatal(err)
	}
	n := sc.Topic.Partitions
	hot := hashcore.Java{}.Partition([]byte("merchant-0042"), n)
	second := hashcore.Java{}.Partition([]byte("merchant-0007"), n)
	if r.Load.HottestPartition != hot {
		t.Errorf("the hottest partition is p%d; merchant-0042 hashes to p%d", r.Load.HottestPartition, hot)
	}
	share := float64(r.Partitions[hot].Produced) / float64(r.EventsProduced)
	want := 0.5 + 0.3/float64(n) // the tail spreads evenly
	if hot == second {
		want += 0.2
	}
	if math.Abs(share-want) > 0.03 {
		t.Errorf("p%d has %.3f of the records, want about %.3f", hot, share, want)
	}
	again, _ := Run(sc)
	if again.Digest != r.Digest {
		t.Errorf("two runs differ")
	}
}

// A violation's evidence names the team's key, not a customer number.
func TestKeyDistributionKeysAppearInTheEvidence(t *testing.T) {
	r, err := Run(withKeys(t))
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Ordering.Examples) == 0 {
		t.Fatal("adding partitions broke no order")
	}
	for _, e := range r.Ordering.Examples {
		if e.Scope != "customer" {
			continue
		}
		if !strings.HasPrefix(e.Later.Key, "merchant-") && !strings.HasPrefix(e.Later.Key, "tail-") {
			t.Errorf("a customer violation names key %q", e.Later.Key)
		}
		return
	}
}

func TestKeyDistributionValidation(t *testing.T) {
	sc := withKeys(t)
	sc.Workload.KeyDistribution.Keys = append(sc.Workload.KeyDistribution.Keys, scenario.KeyCount{Key: "merchant-0042", Count: 0})
	sc.Workload.Customers = 1003
	sc.Producers[0].Serializer = "long"
	err := scenario.Validate(sc)
	for _, want := range []string{`workload.key_distribution.keys[2].key: "merchant-0042" is listed twice (also keys[0])`,
		"workload.key_distribution.keys[2].count: 0 is not at least 1", "producers[0].serializer: long"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("the error lacks %q: %v", want, err)
		}
	}
	// The tail's keys are named tail-1..tail-1000: a named key among
	// them would make two customers send the same bytes.
	sc = withKeys(t)
	sc.Workload.KeyDistribution.Keys[1].Key = "tail-7"
	if err := scenario.Validate(sc); err == nil || !strings.Contains(err.Error(), `keys[1].key: "tail-7" is also the name of a tail key`) {
		t.Errorf("a named key that is a tail key: %v", err)
	}
	sc.Workload.KeyDistribution.Keys[1].Key = "tail-1001"
	if err := scenario.Validate(sc); err != nil {
		t.Errorf("tail-1001 is past the tail of 1,000 keys: %v", err)
	}
	sc = withKeys(t)
	sc.Workload.KeyDistribution.TailCount = 0
	if err := scenario.Validate(sc); err == nil || !strings.Contains(err.Error(), "tail_count") {
		t.Errorf("a tail without records: %v", err)
	}
	sc = withKeys(t)
	sc.Workload.CustomerSkew = scenario.Skew{Kind: "zipf", S: 1}
	if err := scenario.Validate(sc); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("%q", "zipf")) {
		t.Errorf("a skew beside the counts: %v", err)
	}
}
