package app

import (
	"slices"
	"testing"

	"partitionlab/app/embedlink"
	"partitionlab/sim/sweep"
)

// A sweep's settings become the embed's controls in a form the embed's
// address reads back: evenly spaced numbers a range, a list its choices.
func TestAxisControl(t *testing.T) {
	for _, tc := range []struct{ vary, want string }{
		{"topic.partitions=1..24", "topic.partitions:1..24"},
		{"workload.customer_skew.hot_share=0.1..0.5:0.1", "workload.customer_skew.hot_share:0.1..0.5:0.1"},
		{"topic.partitions=6,12,24,48", "topic.partitions:6|12|24|48"},
		{"consumer.group_type=consumer,share", "consumer.group_type:consumer|share"},
		{"topic.partitions=1,2,3,5,8,13,21,34,55,89", "topic.partitions:1..89"},
	} {
		a, err := sweep.ParseVary(tc.vary)
		if err != nil {
			t.Fatal(err)
		}
		c := axisControl(a)
		if c.String() != tc.want {
			t.Errorf("%s: control %s, want %s", tc.vary, c, tc.want)
		}
		back, err := embedlink.ParseControl(c.String())
		if err != nil || back.String() != c.String() || (!c.Number() && !slices.Equal(back.Choices, c.Choices)) {
			t.Errorf("%s: the address reads %s back as %+v (%v)", tc.vary, c, back, err)
		}
	}
}
