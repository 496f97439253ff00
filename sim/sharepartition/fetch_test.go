package sharepartition

import (
	"slices"
	"testing"
)

// After PartitionRotateStrategyTest: testRoundRobinStrategy,
// testRoundRobinStrategyWithSpecialSessionEpochs and
// testRoundRobinStrategyWithEmptyPartitions.
func TestFetchOrder(t *testing.T) {
	parts := []int32{1, 2, 3, 4, 5}
	for _, c := range []struct {
		epoch int32
		want  []int32
	}{
		{-1, []int32{1, 2, 3, 4, 5}}, // the final epoch
		{0, []int32{1, 2, 3, 4, 5}},  // the initial epoch
		{1, []int32{2, 3, 4, 5, 1}},
		{4, []int32{5, 1, 2, 3, 4}},
		{5, []int32{1, 2, 3, 4, 5}},
		{7, []int32{3, 4, 5, 1, 2}},
		{2147483647, []int32{3, 4, 5, 1, 2}},
	} {
		if got := FetchOrder(nil, parts, c.epoch); !slices.Equal(got, c.want) {
			t.Errorf("epoch %d: %v, want %v", c.epoch, got, c.want)
		}
	}
	if got := FetchOrder(nil, []int32{9}, 3); !slices.Equal(got, []int32{9}) {
		t.Errorf("one partition: %v", got)
	}
	if got := FetchOrder(nil, nil, 5); len(got) != 0 {
		t.Errorf("no partitions: %v", got)
	}
}
