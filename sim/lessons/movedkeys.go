package lessons

import (
	"fmt"
	"strconv"
	"strings"

	"partitionlab/hashcore"
	"partitionlab/sim/scenario"
)

// MovedKeysInput asks how many keys change partition when a topic goes
// from From partitions to each count in To. The keys are the customer ids
// 1..Keys, serialized and partitioned as one producer would.
type MovedKeysInput struct {
	From       int    `json:"from"`
	To         []int  `json:"to"`
	Keys       int    `json:"keys"`
	Serializer string `json:"serializer"`
	Client     string `json:"client"`
}

// MovedKeys is, for each target partition count, how many keys move.
type MovedKeys struct {
	Input   MovedKeysInput `json:"input"`
	Targets []MovedTarget  `json:"targets"`
}

// MovedTarget is one change of partition count.
type MovedTarget struct {
	From       int     `json:"from"`
	To         int     `json:"to"`
	Moved      int     `json:"moved"`
	Stayed     int     `json:"stayed"`
	MovedShare float64 `json:"moved_share"`
	// ExpectedShare is what a uniform hash gives: a key stays when
	// h mod From equals h mod To, true for min(From, To) residues out of
	// every lcm(From, To), so 1 − min/lcm of the keys move (1/2 for 6 → 12,
	// 6/7 for 6 → 7).
	ExpectedShare float64 `json:"expected_share"`
	// Multiple is true when To is a multiple of From: then a key either
	// stays or moves to its old partition + k × From.
	Multiple bool `json:"multiple"`
	// MovedByMultiple is the share of moved keys whose new partition is
	// their old one + k × From (1 when To is a multiple of From).
	MovedByMultiple float64 `json:"moved_by_multiple"`
}

const maxMovedKeys = 1_000_000

func (in MovedKeysInput) validate() error {
	var errs fieldErrors
	if in.From < 1 || in.From > scenario.MaxPartitions {
		errs.add("from", "%d is not in 1..%d", in.From, scenario.MaxPartitions)
	}
	if len(in.To) == 0 || len(in.To) > 8 {
		errs.add("to", "has %d partition counts, want 1..8", len(in.To))
	}
	for i, n := range in.To {
		if n < 1 || n > scenario.MaxPartitions {
			errs.add(fmt.Sprintf("to[%d]", i), "%d is not in 1..%d", n, scenario.MaxPartitions)
		}
	}
	if in.Keys < 1 || in.Keys > maxMovedKeys {
		errs.add("keys", "%d is not in 1..%d", in.Keys, maxMovedKeys)
	}
	if in.Serializer != "string" && in.Serializer != "long" {
		errs.add("serializer", "%q is not string or long (the keys are numeric customer ids)", in.Serializer)
	}
	if _, err := hashcore.PartitionerByName(in.Client); err != nil {
		errs.add("client", "%v (want one of %s)", err, strings.Join(hashcore.ClientNames(), ", "))
	}
	return errs.err()
}

// ComputeMovedKeys counts, key by key with hashcore, the keys that change
// partition.
func ComputeMovedKeys(in MovedKeysInput) (*MovedKeys, error) {
	if err := in.validate(); err != nil {
		return nil, err
	}
	ser, _ := hashcore.ParseSerializer(in.Serializer)
	part, _ := hashcore.PartitionerByName(in.Client)
	out := &MovedKeys{Input: in}
	for _, to := range in.To {
		t := MovedTarget{From: in.From, To: to, Multiple: to%in.From == 0,
			ExpectedShare: round(1-float64(min(in.From, to))/float64(lcm(in.From, to)), 4)}
		byMultiple := 0
		for id := 1; id <= in.Keys; id++ {
			b, _ := ser.Serialize(strconv.Itoa(id))
			before, after := part.Partition(b, in.From), part.Partition(b, to)
			if before == after {
				t.Stayed++
				continue
			}
			t.Moved++
			if after%in.From == before {
				byMultiple++
			}
		}
		t.MovedShare = round(float64(t.Moved)/float64(in.Keys), 4)
		if t.Moved > 0 {
			t.MovedByMultiple = round(float64(byMultiple)/float64(t.Moved), 4)
		}
		out.Targets = append(out.Targets, t)
	}
	return out, nil
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

func lcm(a, b int) int { return a / gcd(a, b) * b }
