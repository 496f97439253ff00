package scenario

import (
	"fmt"
	"strconv"
	"strings"
)

// KeyDistribution is a team's own customer keys: named keys with their
// record counts, plus a tail of further distinct keys that share a count
// evenly. With it, the workload's customers are these keys (named first,
// in order, then the tail), each order draws its customer with a weight
// equal to the key's count, and producers keyed by customer_id send these
// exact strings.
type KeyDistribution struct {
	Keys []KeyCount `json:"keys"`
	// TailKeys is how many further distinct keys there are; TailCount is
	// the records they send together, spread evenly.
	TailKeys  int   `json:"tail_keys,omitempty"`
	TailCount int64 `json:"tail_count,omitempty"`
}

// KeyCount is one named key and how many records it sends.
type KeyCount struct {
	Key   string `json:"key"`
	Count int64  `json:"count"`
}

// MaxNamedKeys bounds the named keys of a distribution: the hottest
// keys matter one by one; the others are a tail.
const MaxNamedKeys = 100_000

// Customers is how many customers the distribution stands for.
func (d *KeyDistribution) Customers() int { return len(d.Keys) + d.TailKeys }

// TailKey is the name of tail key i (0-based): the tail's keys are not
// known one by one, so they get names of their own.
func TailKey(i int) string { return "tail-" + strconv.Itoa(i+1) }

// isTailKey says whether key is the name TailKey gives one of n tail keys.
func isTailKey(key string, n int) bool {
	num, ok := strings.CutPrefix(key, "tail-")
	i, err := strconv.Atoi(num)
	return ok && err == nil && i >= 1 && i <= n && TailKey(i-1) == key
}

// validateKeyDistribution checks a workload's key distribution against
// the rest of the scenario.
func validateKeyDistribution(c *checker, sc Scenario) {
	d := sc.Workload.KeyDistribution
	if d == nil {
		return
	}
	const f = "workload.key_distribution"
	if n := len(d.Keys); n > MaxNamedKeys {
		c.add(f+".keys", "key_distribution.keys.count", argInt("count", n), argInt("max", MaxNamedKeys))
		return
	}
	seen := make(map[string]int, len(d.Keys))
	for i, k := range d.Keys {
		kf := fmt.Sprintf("%s.keys[%d]", f, i)
		switch j, dup := seen[k.Key]; {
		case k.Key == "":
			c.add(kf+".key", "empty")
		case dup:
			c.add(kf+".key", "key_distribution.key_twice", argQuoted("value", k.Key), argIndex("index", j))
		case isTailKey(k.Key, d.TailKeys):
			c.add(kf+".key", "key_distribution.tail_name", argQuoted("value", k.Key), argText("tail", strconv.Itoa(d.TailKeys)))
		default:
			seen[k.Key] = i
		}
		if k.Count < 1 {
			c.add(kf+".count", "at_least_one", argInt64("value", k.Count))
		}
	}
	if d.TailKeys < 0 || d.TailKeys > MaxCustomers {
		c.add(f+".tail_keys", "range", argInt("value", d.TailKeys), argInt("min", 0), argInt("max", MaxCustomers))
	}
	if (d.TailKeys > 0) != (d.TailCount > 0) {
		c.add(f+".tail_count", "key_distribution.tail_pair", argInt64("count", d.TailCount), argInt("keys", d.TailKeys))
	}
	if d.Customers() == 0 {
		c.add(f, "key_distribution.no_keys")
	}
	if w := sc.Workload; w.Customers != d.Customers() {
		c.add("workload.customers", "key_distribution.customers", argInt("value", w.Customers), argInt("keys", d.Customers()),
			argInt("named", len(d.Keys)), argInt("tail", d.TailKeys))
	}
	if k := sc.Workload.CustomerSkew.Kind; k != "uniform" {
		c.add("workload.customer_skew.kind", "key_distribution.skew", argQuoted("value", k))
	}
	for i, p := range sc.Producers {
		if p.Serializer == "long" && (p.Key == KeyCustomerID || p.Key == KeySaltedCustomerID) {
			c.add(fmt.Sprintf("producers[%d].serializer", i), "key_distribution.long")
		}
	}
}

// Weights are the draw weights of the customers: the named keys' counts,
// then one entry standing for the whole tail (drawn evenly inside).
func (d *KeyDistribution) Weights() []float64 {
	w := make([]float64, len(d.Keys), len(d.Keys)+1)
	for i, k := range d.Keys {
		w[i] = float64(k.Count)
	}
	if d.TailKeys > 0 {
		w = append(w, float64(d.TailCount))
	}
	return w
}

// Key is customer id's key (1-based, as the workload numbers customers).
func (d *KeyDistribution) Key(customer int) string {
	if customer <= len(d.Keys) {
		return d.Keys[customer-1].Key
	}
	return TailKey(customer - 1 - len(d.Keys))
}
