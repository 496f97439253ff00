package lessons

import "math"

// SizingInput is the rule of thumb for a partition count: enough
// partitions that enough consumer threads can share the target throughput,
// times a safety factor for growth and bursts.
type SizingInput struct {
	// TargetPerS is the records per second the topic must carry at peak.
	TargetPerS float64 `json:"target_per_s"`
	// ConsumerPerS is what one consumer thread processes per second.
	ConsumerPerS float64 `json:"consumer_per_s"`
	SafetyFactor float64 `json:"safety_factor"`
}

// Sizing is the calculator's answer.
type Sizing struct {
	Input SizingInput `json:"input"`
	// ConsumersNeeded is ceil(target ÷ one consumer): the threads the load
	// needs with no margin.
	ConsumersNeeded int `json:"consumers_needed"`
	// Partitions is ceil(target ÷ one consumer × safety factor): one
	// partition is consumed by at most one thread of a group, so this is
	// also the most threads the group can use.
	Partitions int `json:"partitions"`
	// Utilization is how busy each of Partitions threads would be.
	Utilization float64 `json:"utilization"`
}

func (in SizingInput) validate() error {
	var errs fieldErrors
	if !(in.TargetPerS > 0 && in.TargetPerS <= 1e9) {
		errs.add("target_per_s", "%s is not in (0, 1e9]", show(in.TargetPerS))
	}
	if !(in.ConsumerPerS > 0 && in.ConsumerPerS <= 1e9) {
		errs.add("consumer_per_s", "%s is not in (0, 1e9]", show(in.ConsumerPerS))
	}
	if !(in.SafetyFactor >= 1 && in.SafetyFactor <= 10) {
		errs.add("safety_factor", "%s is not in 1..10", show(in.SafetyFactor))
	}
	if in.TargetPerS/in.ConsumerPerS*in.SafetyFactor > 1e6 {
		errs.add("target_per_s", "needs more than a million partitions: check the units")
	}
	return errs.err()
}

// ComputeSizing applies the rule.
func ComputeSizing(in SizingInput) (*Sizing, error) {
	if err := in.validate(); err != nil {
		return nil, err
	}
	need := in.TargetPerS / in.ConsumerPerS
	s := &Sizing{Input: in, ConsumersNeeded: ceil(need), Partitions: ceil(need * in.SafetyFactor)}
	s.Utilization = round(in.TargetPerS/(float64(s.Partitions)*in.ConsumerPerS), 4)
	return s, nil
}

// ceil forgives float noise: 3000 ÷ 500 × 1.5 is 9, not 10.
func ceil(x float64) int { return int(math.Ceil(x - 1e-9)) }

// round keeps d decimals so outputs read well.
func round(x float64, d int) float64 {
	p := math.Pow10(d)
	return math.Round(x*p) / p
}
