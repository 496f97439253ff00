package sim

import (
	"encoding/binary"
	"slices"
	"strconv"

	"partitionlab/hashcore"
	"partitionlab/sim/ordering"
	"partitionlab/sim/scenario"
)

// producerRuntime is one producer service while the engine runs: its key
// strategy, its client's partitioner and, per instance, the partition count
// it believes in and its keyless (sticky) state.
type producerRuntime struct {
	cfg       scenario.Producer
	index     uint8
	hash      hashcore.Partitioner
	long      bool
	instances []producerInstance
	cache     map[cacheKey][]int32 // partition+1 of a dense key id, per kind and count
	last      []int32              // the cache used last, to skip the map lookup
	lastKey   cacheKey
	saltHot   int
	buckets   int
	stride    int     // salted key ids: hot index × stride + bucket, the same for every producer
	vip       []bool  // by customer id
	vipParts  []int32 // reserved partitions, ascending
	customers int
	skus      int
	buf       []byte
	sent      int64 // records sent, each once (a forked stream's replay not counted)
	appended  int64 // of them, appended to a partition
	failed    int64 // of them, given up after delivery.timeout.ms
	retries   int64
	rng       *rng                           // keyless choices, random salts, produce failures
	keyOf     uint8                          // the key strategy as a kind (kindSalted: salted customer id)
	cached    [ordering.KindCountry + 1]bool // kinds whose partitions are cached
	maxAgeNs  int64
	keys      *scenario.KeyDistribution // the customers' own keys, or nil
}

// A producer caches the partition of every key of a small key space, one
// cache per partition count it has seen; at most maxPartitionCaches of them,
// for key spaces up to maxCachedKeys (4 MB each).
const (
	maxPartitionCaches = 8
	maxCachedKeys      = 1 << 20
)

type cacheKey struct {
	kind       uint8
	partitions int32
}

// producerInstance is one running copy of a producer service.
type producerInstance struct {
	knownPartitions int32 // partitions this instance's metadata shows
	nextRefresh     int64 // when it next refreshes its metadata
	sticky          int32 // keyless: current sticky partition, -1 before the first
	stickyBytes     int   // keyless: bytes sent to it since the switch
	batchOpened     int64 // keyless KIP-480: when the current batch was opened
	roundRobin      int   // keyless round robin counter
}

func newProducerRuntime(cfg scenario.Producer, index int, sc scenario.Scenario, r *rng) *producerRuntime {
	h, _ := hashcore.PartitionerByName(cfg.Client)
	p := &producerRuntime{cfg: cfg, index: uint8(index), hash: h, long: cfg.Serializer == "long",
		cache: map[cacheKey][]int32{}, buf: make([]byte, 0, 32),
		customers: sc.Workload.Customers, skus: sc.Workload.Skus, rng: r, keys: sc.Workload.KeyDistribution}
	partitions := sc.Topic.Partitions
	p.maxAgeNs = msToNs(cfg.MetadataMaxAgeMs)
	p.keyOf = map[string]uint8{scenario.KeyOrderID: ordering.KindOrder, scenario.KeyCustomerID: ordering.KindCustomer, scenario.KeySKU: ordering.KindSKU,
		scenario.KeyCountry: ordering.KindCountry, scenario.KeySaltedCustomerID: ordering.KindSalted, scenario.KeyNull: ordering.KindNone}[cfg.Key]
	maxAge := msToNs(cfg.MetadataMaxAgeMs)
	for range cfg.Instances {
		// Each instance last refreshed its metadata at some unknown moment.
		p.instances = append(p.instances, producerInstance{knownPartitions: int32(partitions), sticky: -1,
			nextRefresh: int64(r.float64() * float64(maxAge))})
	}
	if cfg.Salting != nil {
		p.saltHot, p.buckets = cfg.Salting.HotCustomers, cfg.Salting.Buckets
	}
	p.stride = saltStride(sc)
	for _, k := range []uint8{ordering.KindCustomer, ordering.KindSalted, ordering.KindSKU, ordering.KindCountry} {
		p.cached[k] = p.keySpace(k) <= maxCachedKeys
	}
	if cfg.VIP != nil {
		for _, q := range cfg.VIP.Partitions {
			p.vipParts = append(p.vipParts, int32(q))
		}
		slices.Sort(p.vipParts)
		maxID := slices.Max(cfg.VIP.Customers)
		p.vip = make([]bool, maxID+1)
		for _, c := range cfg.VIP.Customers {
			p.vip[c] = true
		}
	}
	return p
}

// routingSignature is what decides where a key goes: two producers with the
// same signature put the same key on the same partition.
func (p *producerRuntime) routingSignature() string {
	sig := p.cfg.Client + "/" + p.cfg.Serializer
	if p.cfg.VIP != nil {
		sig += "/vip" + strconv.Itoa(len(p.vipParts))
		for _, q := range p.vipParts {
			sig += "," + strconv.Itoa(int(q))
		}
		for _, c := range p.cfg.VIP.Customers {
			sig += ";" + strconv.Itoa(c)
		}
	}
	return sig
}

// key is the key an order event gets from this producer.
func (p *producerRuntime) key(o *order) (kind uint8, id int64) {
	switch p.keyOf {
	case ordering.KindOrder:
		return ordering.KindOrder, o.id
	case ordering.KindCustomer:
		return ordering.KindCustomer, int64(o.customer)
	case ordering.KindSKU:
		return ordering.KindSKU, int64(o.sku)
	case ordering.KindCountry:
		return ordering.KindCountry, int64(o.country)
	case ordering.KindSalted:
		if int(o.customer) > p.saltHot {
			return ordering.KindCustomer, int64(o.customer)
		}
		var b int
		if p.cfg.Salting.BucketSource == "random" {
			b = p.rng.intn(p.buckets)
		} else {
			p.buf = strconv.AppendInt(p.buf[:0], o.id, 10)
			b = int(hashcore.FloorMod(hashcore.JavaStringHashCode(string(p.buf)), int32(p.buckets)))
		}
		return ordering.KindSalted, int64(o.customer-1)*int64(p.stride) + int64(b)
	}
	return ordering.KindNone, 0
}

// saltStride is the stride of salted key ids: the most buckets any producer
// salts with. With each producer's own bucket count, producers salting with
// different counts would give different keys (3#0 with 2 buckets, 2#0 with
// 4) one id, and the ordering checker would take them for one key.
func saltStride(sc scenario.Scenario) int {
	n := 1
	for _, p := range sc.Producers {
		if p.Salting != nil && p.Key == scenario.KeySaltedCustomerID {
			n = max(n, p.Salting.Buckets)
		}
	}
	return n
}

// keyBytes serializes a key as the producer's serializer would.
func (p *producerRuntime) keyBytes(kind uint8, id int64) []byte {
	b := p.buf[:0]
	switch kind {
	case ordering.KindCustomer:
		if !p.long {
			b = appendCustomerKey(b, id, p.keys)
			break
		}
		b = binary.BigEndian.AppendUint64(b, uint64(id))
	case ordering.KindOrder:
		if p.long {
			b = binary.BigEndian.AppendUint64(b, uint64(id))
		} else {
			b = strconv.AppendInt(b, id, 10)
		}
	default:
		b = appendKeyText(b, kind, id, p.stride, p.keys)
	}
	p.buf = b
	return b
}

// appendKeyText writes a key as a person reads it; keys names the
// customers' own keys (nil: their decimal ids).
func appendKeyText(b []byte, kind uint8, id int64, buckets int, keys *scenario.KeyDistribution) []byte {
	switch kind {
	case ordering.KindOrder:
		return strconv.AppendInt(b, id, 10)
	case ordering.KindCustomer:
		return appendCustomerKey(b, id, keys)
	case ordering.KindSalted:
		b = appendCustomerKey(b, id/int64(buckets)+1, keys)
		b = append(b, '#')
		return strconv.AppendInt(b, id%int64(buckets), 10)
	case ordering.KindSKU:
		return strconv.AppendInt(append(b, "sku-"...), id, 10)
	case ordering.KindCountry:
		return append(b, countryCodes[id]...)
	}
	return append(b, "(null)"...)
}

// cachedPartition is the usual case of partitionOf, without a call: the
// partition of a key seen before, from the cache used last; -1 otherwise.
func (p *producerRuntime) cachedPartition(kind uint8, id int64, n int32) int32 {
	if c := p.last; c != nil && p.lastKey == (cacheKey{kind, n}) {
		return c[id] - 1
	}
	return -1
}

// partitionOf is where a keyed record goes on n partitions.
func (p *producerRuntime) partitionOf(kind uint8, id int64, customer int32, n int32) int32 {
	if !p.cached[kind] {
		return p.route(p.keyBytes(kind, id), customer, n)
	}
	ck := cacheKey{kind, n}
	c := p.last
	if ck != p.lastKey || c == nil {
		c = p.cache[ck]
		if c == nil {
			if len(p.cache) == maxPartitionCaches {
				// Each partition count the producer has seen has a cache
				// of its own; a timeline of many increases would keep
				// them all. They are pure functions: start afresh.
				p.cache = map[cacheKey][]int32{}
			}
			c = make([]int32, p.keySpace(kind))
			p.cache[ck] = c
		}
		p.last, p.lastKey = c, ck
	}
	if c[id] == 0 {
		// A cached partition depends only on the key, except under the VIP
		// partitioner, whose routing depends on the customer. There the
		// cache is still right: a dense key never spans two customers.
		c[id] = p.route(p.keyBytes(kind, id), customer, n) + 1
	}
	return c[id] - 1
}

func (p *producerRuntime) keySpace(kind uint8) int {
	switch kind {
	case ordering.KindSalted:
		return p.saltHot * p.stride
	case ordering.KindCustomer:
		return p.customers + 1
	case ordering.KindSKU:
		return p.skus
	}
	return len(countryCodes)
}

// route applies the client's partitioner, or the VIP custom partitioner.
func (p *producerRuntime) route(key []byte, customer int32, n int32) int32 {
	if p.vip == nil {
		return int32(p.hash.Partition(key, int(n)))
	}
	if int(customer) < len(p.vip) && p.vip[customer] {
		return p.vipParts[p.hash.Partition(key, len(p.vipParts))]
	}
	others := int(n) - len(p.vipParts)
	i := int32(p.hash.Partition(key, others))
	// The i-th partition that is not reserved.
	for _, q := range p.vipParts {
		if q <= i {
			i++
		}
	}
	return i
}
