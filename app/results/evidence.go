package results

import (
	"fmt"

	"partitionlab/sim"
)

// Fact is one line of evidence: "Partition", "p3 at offset 36 (of 12 partitions)".
type Fact struct {
	Label string
	Value string
}

// Facts lays out where an event was and who processed it when, in words.
func Facts(e sim.Evidence) []Fact {
	done := "not completed by the end of the run"
	if e.CompletedS != nil {
		done = fmt.Sprintf("%s by %s", Seconds(*e.CompletedS), e.Thread)
	}
	where := fmt.Sprintf("p%d at offset %s (the topic had %d partitions for its producer)", e.Partition, Count(e.Offset), e.PartitionCount)
	if e.Via != "" {
		where += ", via the " + e.Via
	}
	return []Fact{
		{"Event", fmt.Sprintf("%s of order-%d (customer-%d)", e.Event, e.Order, e.Customer)},
		{"Key", keyText(e.Key)},
		{"Sent", fmt.Sprintf("%s by %s", Seconds(e.SentS), e.Producer)},
		{"Written to", where},
		{"Completed", done},
	}
}

func keyText(k string) string {
	if k == "" {
		return "none (keyless)"
	}
	return fmt.Sprintf("%q", k)
}

// Gap is how long the overtaken event completed after the one that
// overtook it, in words ("5.1 ms later", "never").
func Gap(v sim.Violation) string {
	if v.Earlier.CompletedS == nil || v.Later.CompletedS == nil {
		return "never completed"
	}
	return Millis((*v.Earlier.CompletedS-*v.Later.CompletedS)*1000) + " later"
}
