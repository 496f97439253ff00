package lessons

import (
	"encoding/hex"
	"fmt"
	"strings"

	"partitionlab/hashcore"
	"partitionlab/sim/scenario"
)

// KeyTableInput asks where keys land: each key, serialized by each
// serializer, partitioned by each client's default partitioner.
type KeyTableInput struct {
	Keys       []string `json:"keys"`
	Partitions int      `json:"partitions"`
	// Serializers are hashcore's names: string, long, int, hex.
	Serializers []string `json:"serializers"`
	// Clients are hashcore's names: java, librdkafka, sarama.
	Clients []string `json:"clients"`
}

// KeyTable is where the keys land, computed with hashcore.
type KeyTable struct {
	Input KeyTableInput `json:"input"`
	// Rows are one per key, serializer and client, in that nesting order.
	Rows []KeyRow `json:"rows"`
	// Partition is the same as Rows, looked up by key, serializer and
	// client: partition.1001.long.java.
	Partition map[string]map[string]map[string]int `json:"partition"`
}

// KeyRow is one key, serialized one way and partitioned by one client.
type KeyRow struct {
	Key        string `json:"key"`
	Serializer string `json:"serializer"`
	Client     string `json:"client"`
	// Bytes are the serialized key in hex, as the partitioner sees it.
	Bytes     string `json:"bytes"`
	Partition int    `json:"partition"`
}

const maxTableKeys = 100

func (in KeyTableInput) validate() error {
	var errs fieldErrors
	if n := len(in.Keys); n < 1 || n > maxTableKeys {
		errs.add("keys", "has %d keys, want 1..%d", n, maxTableKeys)
	}
	if in.Partitions < 1 || in.Partitions > scenario.MaxPartitions {
		errs.add("partitions", "%d is not in 1..%d", in.Partitions, scenario.MaxPartitions)
	}
	if len(in.Serializers) == 0 {
		errs.add("serializers", "must list at least one of string, long, int, hex")
	}
	for i, name := range in.Serializers {
		s, err := hashcore.ParseSerializer(name)
		if err != nil {
			errs.add(fmt.Sprintf("serializers[%d]", i), "%v", err)
			continue
		}
		for j, k := range in.Keys {
			if _, err := s.Serialize(k); err != nil {
				errs.add(fmt.Sprintf("keys[%d]", j), "cannot be serialized as %s: %v", name, err)
			}
		}
	}
	if len(in.Clients) == 0 {
		errs.add("clients", "must list at least one of %s", strings.Join(hashcore.ClientNames(), ", "))
	}
	for i, name := range in.Clients {
		if _, err := hashcore.PartitionerByName(name); err != nil {
			errs.add(fmt.Sprintf("clients[%d]", i), "%v", err)
		}
	}
	return errs.err()
}

// ComputeKeyTable computes where every key lands. The input must be valid.
func ComputeKeyTable(in KeyTableInput) (*KeyTable, error) {
	if err := in.validate(); err != nil {
		return nil, err
	}
	t := &KeyTable{Input: in, Rows: []KeyRow{}, Partition: map[string]map[string]map[string]int{}}
	for _, k := range in.Keys {
		bySer := t.Partition[k]
		if bySer == nil {
			bySer = map[string]map[string]int{}
			t.Partition[k] = bySer
		}
		for _, sname := range in.Serializers {
			s, _ := hashcore.ParseSerializer(sname)
			b, _ := s.Serialize(k)
			byClient := map[string]int{}
			bySer[sname] = byClient
			for _, cname := range in.Clients {
				p, _ := hashcore.PartitionerByName(cname)
				q := p.Partition(b, in.Partitions)
				byClient[cname] = q
				t.Rows = append(t.Rows, KeyRow{Key: k, Serializer: sname, Client: cname, Bytes: hex.EncodeToString(b), Partition: q})
			}
		}
	}
	return t, nil
}
