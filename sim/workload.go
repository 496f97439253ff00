package sim

import "partitionlab/sim/scenario"

// countryCodes are the countries orders come from, most frequent first.
var countryCodes = [scenario.MaxCountries]string{"US", "DE", "GB", "FR", "JP", "BR", "IN", "CA", "AU", "NL", "ES", "IT", "SE", "PL", "MX", "KR"}

// order is one customer order; each of its events is a record.
type order struct {
	id       int64
	arrival  int64 // ns
	customer int32 // 1-based; 1 is the hottest
	sku      int32 // 0-based
	country  int8
}

// workload generates orders: Poisson arrivals, customers drawn from the
// skew, SKUs and countries uniform.
type workload struct {
	rng        *rng
	meanGapNs  float64
	next       int64 // arrival of the next order
	nextID     int64
	customers  int
	hot        int     // hot customers (kind hot)
	hotShare   float64 // their share of orders
	zipf       *aliasTable
	keys       *keyDraw // workload.key_distribution (keydistribution.go)
	skus       int
	countries  int
	eventGapNs int64
}

func newWorkload(w scenario.Workload, r *rng) *workload {
	g := &workload{
		rng:        r,
		meanGapNs:  1e9 / w.OrdersPerS,
		nextID:     1,
		customers:  w.Customers,
		skus:       w.Skus,
		countries:  w.Countries,
		eventGapNs: msToNs(w.EventGapMs),
	}
	switch w.CustomerSkew.Kind {
	case "hot":
		g.hot, g.hotShare = w.CustomerSkew.HotCustomers, w.CustomerSkew.HotShare
	case "zipf":
		weights := make([]float64, w.Customers)
		for i := range weights {
			weights[i] = detPow(float64(i+1), -w.CustomerSkew.S)
		}
		g.zipf = newAliasTable(weights)
	}
	g.keys = newKeyDraw(w.KeyDistribution)
	g.next = int64(r.exp(g.meanGapNs))
	return g
}

// pop returns the next order and schedules the one after.
func (g *workload) pop() order {
	o := order{id: g.nextID, arrival: g.next, customer: int32(g.customer()),
		sku: int32(g.rng.intn(g.skus)), country: int8(g.rng.intn(g.countries))}
	g.nextID++
	g.next += 1 + int64(g.rng.exp(g.meanGapNs))
	return o
}

func (g *workload) customer() int {
	switch {
	case g.keys != nil:
		return g.keys.customer(g.rng)
	case g.zipf != nil:
		return 1 + g.zipf.sample(g.rng)
	case g.hot > 0:
		if g.rng.float64() < g.hotShare {
			return 1 + g.rng.intn(g.hot)
		}
		return 1 + g.hot + g.rng.intn(g.customers-g.hot)
	}
	return 1 + g.rng.intn(g.customers)
}

func msToNs(ms float64) int64 { return int64(ms*1e6 + 0.5) }

func nsToS(ns int64) float64 { return float64(ns) / 1e9 }

func nsToMs(ns int64) float64 { return float64(ns) / 1e6 }
