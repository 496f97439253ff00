package sim

import (
	"strconv"

	"partitionlab/sim/scenario"
)

// keyDraw draws an order's customer from a key distribution: a named key
// with the weight of its count, or the tail with the weight of its total
// count and then one of its keys evenly. Customer ids keep the workload's
// numbering (named keys first, 1-based), so everything keyed by customer
// id works unchanged; only the key's bytes are the team's strings.
type keyDraw struct {
	table       *aliasTable
	named, tail int
}

func newKeyDraw(d *scenario.KeyDistribution) *keyDraw {
	if d == nil {
		return nil
	}
	return &keyDraw{table: newAliasTable(d.Weights()), named: len(d.Keys), tail: d.TailKeys}
}

func (k *keyDraw) customer(r *rng) int {
	i := k.table.sample(r)
	if i < k.named {
		return 1 + i
	}
	return 1 + k.named + r.intn(k.tail)
}

// appendCustomerKey writes customer id's key: its string in the key
// distribution, or its decimal id without one.
func appendCustomerKey(b []byte, id int64, d *scenario.KeyDistribution) []byte {
	if d == nil {
		return strconv.AppendInt(b, id, 10)
	}
	return append(b, d.Key(int(id))...)
}
