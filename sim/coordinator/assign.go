package coordinator

import (
	"partitionlab/sim/assignor"
)

// assign runs the named assignor on one topic for the members, each with
// the partitions it reported owning.
func assign(name, topic string, partitions int32, members []*Member) (assignor.Assignment, error) {
	a, err := assignor.ByName(name)
	if err != nil {
		return nil, err
	}
	in := make([]assignor.Member, len(members))
	for i, m := range members {
		owned := m.Owned
		if name == "sticky" && m.StickyData != nil {
			owned = m.StickyData
		}
		in[i] = assignor.Member{MemberID: m.ID, InstanceID: m.InstanceID, Topics: []string{topic},
			Owned: topicPartitions(topic, owned), Generation: m.OwnedGeneration}
	}
	return a.Assign(map[string]int32{topic: partitions}, in)
}

func topicPartitions(topic string, parts []int32) []assignor.TopicPartition {
	out := make([]assignor.TopicPartition, len(parts))
	for i, p := range parts {
		out[i] = assignor.TopicPartition{Topic: topic, Partition: p}
	}
	return out
}

func partitionsOf(tps []assignor.TopicPartition) []int32 {
	out := make([]int32, len(tps))
	for i, tp := range tps {
		out[i] = tp.Partition
	}
	return out
}
