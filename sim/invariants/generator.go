package invariants

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"

	"partitionlab/sim/scenario"
)

// Generator makes random valid scenarios from one seed: the same seed gives
// the same scenarios in the same order. Every scenario it returns passes
// scenario.Validate and fits its Limits (scenario.EstimateWork); a scenario that does
// not is a bug of the generator, returned as an error.
type Generator struct {
	rng    *rand.Rand
	limits scenario.Limits
	seed   uint64
	n      int // scenarios made so far
}

// NewGenerator returns a generator seeded with seed whose scenarios stay
// within l (never above the command line's limits, which Validate applies).
func NewGenerator(seed uint64, l scenario.Limits) *Generator {
	cl := scenario.CommandLineLimits()
	l.MaxEvents = min(l.MaxEvents, cl.MaxEvents)
	l.MaxAssignment = min(l.MaxAssignment, cl.MaxAssignment)
	return &Generator{rng: rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15)), limits: l, seed: seed}
}

// TestLimits keep a generated run to a few milliseconds, so a test runs
// hundreds of them.
func TestLimits() scenario.Limits {
	return scenario.Limits{Where: "in the invariants test", MaxEvents: 30_000, MaxAssignment: 200_000,
		EventsPerS: 3e6, AssignmentPerS: 1e8}
}

// SoakLimits keep a generated run under about a second, so a soak covers
// many worlds rather than a few big ones.
func SoakLimits() scenario.Limits {
	return scenario.Limits{Where: "in the soak", MaxEvents: 1_000_000, MaxAssignment: 5_000_000,
		EventsPerS: 3e6, AssignmentPerS: 1e8}
}

// World is one generated scenario and where it came from.
type World struct {
	Scenario scenario.Scenario
	// Origin names the generator's seed and limits and the scenario's
	// place in its sequence: "generator 7 (at most 30000 events, 200000
	// assignment steps), world 12".
	Origin string
	// Motifs name the situations the timeline was built to provoke.
	Motifs []string
}

// Next returns the next world.
func (g *Generator) Next() (World, error) {
	g.n++
	w := World{Origin: fmt.Sprintf("generator %d (at most %g events, %g assignment steps), world %d",
		g.seed, g.limits.MaxEvents, g.limits.MaxAssignment, g.n)}
	sc := scenario.DefaultScenario()
	sc.Name = "world-" + strconv.FormatUint(g.seed, 10) + "-" + strconv.Itoa(g.n)
	sc.Seed = g.rng.Uint64()
	if g.chance(0.08) {
		g.quietWorld(&sc)
		w.Motifs = []string{"quiet"}
	} else {
		sc.DurationS = g.pick(1, 5, 20, 60, 120, 300, 600) * (0.5 + g.rng.Float64())
		sc.DurationS = roundTo(sc.DurationS, 1)
		sc.Topic = g.topic()
		sc.Workload = g.workload()
		sc.Producers = g.producers(sc)
		sc.Consumer = g.consumer()
		if g.chance(shareWorlds) {
			g.shareGroup(&sc.Consumer)
		}
		w.Motifs = g.timeline(&sc)
	}
	if err := g.fit(&sc); err != nil {
		return w, fmt.Errorf("%s: %w", w.Origin, err)
	}
	if err := scenario.ValidateWithin(sc, g.limits); err != nil {
		return w, fmt.Errorf("%s: the generator made an invalid scenario: %w\n%s", w.Origin, err, scenario.MarshalScenario(sc))
	}
	w.Scenario = sc
	return w, nil
}

// quietWorld is a scenario that must have no ordering violation at all:
// one partition, one sequential consumer thread, no failures, no timeline.
func (g *Generator) quietWorld(sc *scenario.Scenario) {
	sc.DurationS = roundTo(1+g.rng.Float64()*120, 1)
	sc.Topic.Partitions = 1
	sc.Workload = g.workload()
	sc.Producers = g.producers(*sc)
	for i := range sc.Producers {
		sc.Producers[i].FailureRate = 0
		sc.Producers[i].VIP = nil
	}
	sc.Consumer = g.consumer()
	sc.Consumer.Instances, sc.Consumer.Concurrency, sc.Consumer.Mode = 1, 1, scenario.ModeSequential
	sc.Consumer.FailureRate = 0
}

func (g *Generator) chance(p float64) bool { return g.rng.Float64() < p }

func (g *Generator) pick(vs ...float64) float64 { return vs[g.rng.IntN(len(vs))] }

func (g *Generator) oneOf(vs ...string) string { return vs[g.rng.IntN(len(vs))] }

// between is an integer in lo..hi, more often small: log-uniform.
func (g *Generator) between(lo, hi int) int {
	if hi <= lo {
		return lo
	}
	v := math.Exp(math.Log(float64(lo)+0.5) + g.rng.Float64()*(math.Log(float64(hi)+0.5)-math.Log(float64(lo)+0.5)))
	return min(hi, max(lo, int(v)))
}

func roundTo(v float64, decimals int) float64 {
	p := math.Pow10(decimals)
	return math.Round(v*p) / p
}

func (g *Generator) topic() scenario.Topic {
	return scenario.Topic{Partitions: g.between(1, 96), RecordBytes: g.between(1, 4000)}
}

var eventNames = []string{"CREATED", "PAID", "PACKED", "SHIPPED", "DELIVERED", "RETURNED", "REFUNDED", "CLOSED"}

func (g *Generator) workload() scenario.Workload {
	w := scenario.Workload{
		OrdersPerS: 1, // fit sets the rate that fills the budget
		Customers:  g.between(1, 200_000),
		EventGapMs: g.pick(0, 0, 1, 5, 50, 200, 2000),
		Skus:       g.between(1, 5000),
		Countries:  g.between(1, 16),
	}
	w.EventsPerOrder = slices.Clone(eventNames[:g.between(1, len(eventNames))])
	switch g.rng.IntN(4) {
	case 0:
		w.CustomerSkew = scenario.Skew{Kind: "uniform"}
	case 1:
		w.CustomerSkew = scenario.Skew{Kind: "zipf", S: roundTo(0.01+g.rng.Float64()*2, 2)}
	case 2:
		hot := g.between(1, max(1, w.Customers-1))
		share := roundTo(g.rng.Float64(), 2)
		if hot == w.Customers {
			share = 1
		}
		w.CustomerSkew = scenario.Skew{Kind: "hot", HotCustomers: hot, HotShare: share}
	default:
		w.CustomerSkew = scenario.Skew{Kind: "uniform"}
		w.KeyDistribution = g.keyDistribution()
		w.Customers = w.KeyDistribution.Customers()
	}
	return w
}

func (g *Generator) keyDistribution() *scenario.KeyDistribution {
	d := &scenario.KeyDistribution{}
	for i := range g.between(0, 40) {
		d.Keys = append(d.Keys, scenario.KeyCount{Key: "team-key-" + strconv.Itoa(i), Count: int64(g.between(1, 1_000_000))})
	}
	if len(d.Keys) == 0 || g.chance(0.5) {
		d.TailKeys = g.between(1, 50_000)
		d.TailCount = int64(g.between(1, 10_000_000))
	}
	return d
}

// producers splits the order's events over one to four producers, one of
// which may take every event the others do not claim.
func (g *Generator) producers(sc scenario.Scenario) []scenario.Producer {
	events := sc.Workload.EventsPerOrder
	n := g.between(1, min(4, len(events)))
	owner := make([]int, len(events))
	for i := range owner {
		owner[i] = i % n // every producer gets at least one event
	}
	g.rng.Shuffle(len(owner), func(i, j int) { owner[i], owner[j] = owner[j], owner[i] })
	ps := make([]scenario.Producer, n)
	for i := range ps {
		ps[i] = g.producer(sc, i)
		for e, o := range owner {
			if o == i {
				ps[i].Events = append(ps[i].Events, events[e])
			}
		}
	}
	if n == 1 || g.chance(0.4) {
		ps[g.rng.IntN(n)].Events = nil // the catch-all: its events are claimed by nobody else
	}
	return ps
}

func (g *Generator) producer(sc scenario.Scenario, i int) scenario.Producer {
	p := scenario.DefaultProducer()
	p.Name = "producer-" + strconv.Itoa(i+1)
	p.Instances = g.between(1, 8)
	p.Key = g.oneOf(scenario.KeyOrderID, scenario.KeyCustomerID, scenario.KeySKU, scenario.KeyCountry, scenario.KeyNull, scenario.KeySaltedCustomerID)
	p.Client = g.oneOf("java", "librdkafka", "sarama")
	p.Serializer = "string"
	longOK := p.Key == scenario.KeyOrderID || p.Key == scenario.KeyNull ||
		(p.Key == scenario.KeyCustomerID && sc.Workload.KeyDistribution == nil)
	if longOK && g.chance(0.3) {
		p.Serializer = "long"
	}
	p.Keyless = g.oneOf("uniform_sticky", "sticky", "round_robin")
	p.BatchSize = g.between(1, 1<<20)
	p.LingerMs = g.pick(0, 0, 5, 20, 100, 1000)
	if g.chance(0.35) {
		p.FailureRate = roundTo(g.rng.Float64()*0.6, 2)
	}
	p.Idempotence = g.chance(0.5)
	p.MaxInFlight = g.between(1, 10)
	if p.Idempotence {
		p.MaxInFlight = min(p.MaxInFlight, 5)
	}
	// Backoffs of 30 s and more reach delivery.timeout.ms (120 s) in a few
	// retries: records given up (failed).
	p.RetryBackoffMs = g.pick(0, 10, 100, 1000, 5000, 30_000, 130_000)
	p.MetadataMaxAgeMs = g.pick(100, 1000, 5000, 30_000, 300_000)
	if p.Key == scenario.KeySaltedCustomerID {
		s := scenario.Salting{HotCustomers: g.between(1, min(sc.Workload.Customers, 200)), Buckets: g.between(1, 32),
			BucketSource: g.oneOf("order_id", "random")}
		p.Salting = &s
	}
	if p.Key != scenario.KeyNull && sc.Topic.Partitions >= 2 && g.chance(0.15) {
		p.VIP = g.vip(sc)
	}
	return p
}

func (g *Generator) vip(sc scenario.Scenario) *scenario.VIP {
	v := &scenario.VIP{}
	for range g.between(1, 5) {
		if c := g.between(1, sc.Workload.Customers); !slices.Contains(v.Customers, c) {
			v.Customers = append(v.Customers, c)
		}
	}
	parts := g.rng.Perm(sc.Topic.Partitions)[:g.between(1, sc.Topic.Partitions-1)]
	v.Partitions = parts
	return v
}

var assignorNames = []string{"range", "roundrobin", "sticky", "cooperative-sticky"}

// assignors is a random non-empty partition.assignment.strategy.
func (g *Generator) assignors() []string {
	perm := g.rng.Perm(len(assignorNames))
	out := make([]string, g.between(1, len(assignorNames)))
	for i := range out {
		out[i] = assignorNames[perm[i]]
	}
	return out
}

func (g *Generator) consumer() scenario.Consumer {
	k := scenario.DefaultConsumer()
	k.Instances = g.between(1, 8)
	k.Concurrency = g.between(1, 8)
	k.ProcessingMs = g.pick(0, 0.1, 1, 2, 10, 50, 500)
	k.ProcessingDist = g.oneOf("constant", "uniform", "exponential")
	k.Mode = g.oneOf(scenario.ModeSequential, scenario.ModeThreadPool, scenario.ModePerKeyQueues)
	k.PoolThreads = g.between(1, 16)
	k.MaxPollRecords = g.between(1, 2000)
	if g.chance(0.3) {
		k.FailureRate = roundTo(g.rng.Float64()*0.5, 2)
	}
	k.Retry = g.oneOf("blocking", "retry_topic")
	k.RetryBackoffMs = g.pick(0, 10, 100, 1000, 10_000)

	gr := &k.Group
	gr.Assignors = g.assignors()
	gr.GroupProtocol = g.oneOf("classic", "classic", "consumer")
	gr.StaticMembership = g.chance(0.4)
	if gr.GroupProtocol == "classic" {
		gr.SessionTimeoutMs = g.pick(6000, 10_000, 45_000, 120_000)
	}
	gr.HeartbeatIntervalMs = min(g.pick(500, 1000, 3000, 10_000), gr.SessionTimeoutMs/2)
	gr.MaxPollIntervalMs = g.pick(1000, 5000, 30_000, 300_000)
	gr.EnableAutoCommit = g.chance(0.7)
	gr.AutoCommitIntervalMs = g.pick(100, 1000, 5000, 30_000)
	gr.CommitAfterBatch = g.chance(0.3)
	gr.CommitOnRevoke = g.chance(0.4)
	gr.AutoOffsetReset = g.oneOf("latest", "earliest")
	gr.MetadataMaxAgeMs = g.pick(100, 1000, 30_000, 300_000)
	gr.ConsumerSessionTimeoutMs = g.pick(45_000, 50_000, 60_000)
	gr.InitialRebalanceDelayMs = g.pick(0, 100, 3000, 10_000)
	gr.NewGroup = g.chance(0.25)
	gr.OnRevoke = g.oneOf("keep_running", "drop_queued")
	return k
}
