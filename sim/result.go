package sim

import (
	"encoding/hex"
	"encoding/json"
	"math"

	"partitionlab/sim/internal/sha256"
	"partitionlab/sim/ordering"
)

// Result is what a run shows: load per partition, lag and throughput over
// time, every ordering violation counted and the first ones explained, and
// the consumer threads' share of the work. Its Digest is the SHA-256 of its
// canonical JSON (with Digest empty), so two runs can be compared exactly.
type Result struct {
	Scenario        string            `json:"scenario"`
	Seed            uint64            `json:"seed"`
	Digest          string            `json:"digest"`
	DurationS       float64           `json:"duration_s"`
	EventsProduced  int64             `json:"events_produced"`
	EventsProcessed int64             `json:"events_processed"`
	Partitions      []PartitionResult `json:"partitions"`
	Load            Load              `json:"load"`
	Ordering        Ordering          `json:"ordering"`
	Consumers       Consumers         `json:"consumers"`
	LatencyMs       Latency           `json:"latency_ms"`
	Duplicates      int64             `json:"duplicates"`
	Lost            int64             `json:"lost"`
	Producers       []ProducerResult  `json:"producers"`
	Group           GroupResult       `json:"group"`
	Trace           []TraceEvent      `json:"trace,omitempty"`
	// TraceDropped counts traced events left out beyond Options.TraceLimit.
	TraceDropped int    `json:"trace_dropped,omitempty"`
	Series       Series `json:"series"`
	Timeline     []Mark `json:"timeline"`
}

// PartitionResult is one partition over the whole run.
type PartitionResult struct {
	Partition int   `json:"partition"`
	Produced  int64 `json:"produced"`
	Processed int64 `json:"processed"`
	MaxLag    int64 `json:"max_lag"`
	EndLag    int64 `json:"end_lag"`
}

// Load is how evenly records spread over the partitions the topic has at
// the end: the busiest partition against the mean, the coefficient of
// variation, and how many received nothing.
type Load struct {
	MaxOverMean      float64 `json:"max_over_mean"`
	CV               float64 `json:"cv"`
	EmptyPartitions  int     `json:"empty_partitions"`
	HottestPartition int     `json:"hottest_partition"`
	HottestShare     float64 `json:"hottest_share"`
}

// Ordering counts violations per scope and keeps the first ones with their
// evidence.
type Ordering struct {
	Scopes   Scopes      `json:"scopes"`
	Examples []Violation `json:"examples"`
}

// Scopes are the three ways to ask "in order?": per order, per customer and
// per Kafka key.
type Scopes struct {
	Order    ScopeResult `json:"order"`
	Customer ScopeResult `json:"customer"`
	Key      ScopeResult `json:"key"`
}

// ByName is the scope the engine names "order", "customer" or "key" (the
// names the result's JSON uses); any other name is the key scope.
func (s Scopes) ByName(name string) ScopeResult {
	switch name {
	case "order":
		return s.Order
	case "customer":
		return s.Customer
	}
	return s.Key
}

// ScopeResult counts one scope's violations and the keys (orders,
// customers, Kafka keys) that had at least one.
type ScopeResult struct {
	Violations   int64        `json:"violations"`
	KeysAffected int64        `json:"keys_affected"`
	ByCause      []CauseCount `json:"by_cause"`
}

// CauseCount is how many violations one cause explains.
type CauseCount struct {
	Cause      string `json:"cause"`
	Violations int64  `json:"violations"`
}

// Consumers describes the consumer threads (group members).
type Consumers struct {
	Threads     int `json:"threads"`
	IdleThreads int `json:"idle_threads"`
	PoolThreads int `json:"pool_threads"`
	// FailedAttempts counts processing attempts that failed (and were
	// retried in place or sent to the retry topic).
	FailedAttempts int64          `json:"failed_attempts"`
	Members        []MemberResult `json:"members"`
}

// MemberResult is one consumer thread: its partitions at the end, how many
// records it (or its executor) processed and how busy it was.
type MemberResult struct {
	Name       string  `json:"name"`
	InstanceID string  `json:"instance_id,omitempty"`
	Running    bool    `json:"running"`
	Partitions []int   `json:"partitions"`
	Processed  int64   `json:"processed"`
	BusyShare  float64 `json:"busy_share"`
	// Assignments is the member's partitions over time.
	Assignments []AssignmentChange `json:"assignments"`
}

// Latency is the time from send() to the end of processing.
type Latency struct {
	P50 float64 `json:"p50"`
	P99 float64 `json:"p99"`
	Max float64 `json:"max"`
}

// ProducerResult is one producer service and where every record it sent
// went: Sent = Appended + InFlightAtEnd + Failed.
type ProducerResult struct {
	Name     string `json:"name"`
	Sent     int64  `json:"sent"`
	Appended int64  `json:"appended"`
	// InFlightAtEnd is what the producer still holds when the run ends: a
	// record in a batch, in flight or waiting for a retry (retry.backoff.ms).
	InFlightAtEnd int64 `json:"in_flight_at_end"`
	// Failed is what the producer gave up on, for FailedReason: records not
	// appended within delivery.timeout.ms (Kafka's default, 120 s) of their
	// send. retries is Integer.MAX_VALUE by default, so only the timeout
	// gives a record up.
	Failed       int64  `json:"failed"`
	FailedReason string `json:"failed_reason,omitempty"`
	Retries      int64  `json:"retries"`
}

// Series are per-partition counts in equal time buckets: records produced
// and processed, and the most records waiting at any moment (lag).
type Series struct {
	BucketS   float64   `json:"bucket_s"`
	Produced  [][]int32 `json:"produced"`
	Processed [][]int32 `json:"processed"`
	Lag       [][]int32 `json:"lag"`
	// Violations counts, per bucket, the violations found in it in each
	// scope: the events of the scope that completed then, overtaking one
	// sent earlier.
	Violations ScopeSeries `json:"violations"`
}

// ScopeSeries is one count per bucket for each ordering scope.
type ScopeSeries struct {
	Order    []int64 `json:"order"`
	Customer []int64 `json:"customer"`
	Key      []int64 `json:"key"`
}

// Result gathers the run's result. Call it once Advance has returned true.
func (s *Sim) Result() *Result {
	r := &Result{Scenario: s.sc.Name, Seed: s.sc.Seed, DurationS: s.sc.DurationS,
		EventsProduced: s.producedCount(), EventsProcessed: s.processed, Duplicates: s.duplicates, Lost: s.lost,
		Timeline: s.marks}
	if r.Timeline == nil {
		r.Timeline = []Mark{}
	}
	m := s.metrics
	produced, processed, maxLag := m.totals(int(s.partitions))
	for p := range int(s.partitions) {
		r.Partitions = append(r.Partitions, PartitionResult{Partition: p, Produced: produced[p],
			Processed: processed[p], MaxLag: maxLag[p], EndLag: s.logs[p].lagAt(s.now)})
	}
	r.Load = loadOf(produced)
	r.Ordering = s.orderingResult()
	r.Consumers = s.consumersResult()
	r.LatencyMs = Latency{P50: nsToMs(m.latency.quantile(0.5)), P99: nsToMs(m.latency.quantile(0.99)), Max: nsToMs(m.latency.max)}
	r.Producers = s.producersResult()
	r.Group = s.groupResult()
	if s.tracer != nil {
		r.Trace, r.TraceDropped = s.tracer.events, s.tracer.dropped
	}
	r.Series = s.seriesResult()
	r.Digest = digest(r)
	return r
}

func loadOf(produced []int64) Load {
	var l Load
	var sum, hot int64
	for p, c := range produced {
		sum += c
		if c > hot {
			hot, l.HottestPartition = c, p
		}
		if c == 0 {
			l.EmptyPartitions++
		}
	}
	if sum == 0 {
		return l
	}
	mean := float64(sum) / float64(len(produced))
	var ss float64
	for _, c := range produced {
		d := float64(c) - mean
		ss += d * d
	}
	l.MaxOverMean = round(float64(hot)/mean, 4)
	l.CV = round(math.Sqrt(ss/float64(len(produced)))/mean, 4)
	l.HottestShare = round(float64(hot)/float64(sum), 4)
	return l
}

func (s *Sim) consumersResult() Consumers {
	c := Consumers{PoolThreads: len(s.pool), FailedAttempts: s.consumerFailures}
	for _, m := range s.members {
		if m.joins == 0 && !m.up {
			continue // an instance slot the timeline never started
		}
		c.Threads++
		mr := MemberResult{Name: s.threadNames[m.thread], InstanceID: m.instanceID, Running: m.up && !m.fenced,
			Partitions: []int{}, Processed: m.done, Assignments: m.history}
		if mr.Assignments == nil {
			mr.Assignments = []AssignmentChange{}
		}
		busy := m.busy
		if m.exec != nil {
			for _, w := range m.exec.threads {
				mr.Processed += w.done
				busy += w.busy
			}
			busy /= int64(len(m.exec.threads))
		}
		for _, p := range m.parts {
			mr.Partitions = append(mr.Partitions, int(p))
		}
		if len(m.parts) == 0 && mr.Running {
			c.IdleThreads++
		}
		mr.BusyShare = round(float64(busy)/float64(max(s.now, 1)), 4)
		c.Members = append(c.Members, mr)
	}
	return c
}

func (t *topic) producersResult() []ProducerResult {
	out := make([]ProducerResult, len(t.producers))
	for i, p := range t.producers {
		out[i] = ProducerResult{Name: p.cfg.Name, Sent: p.sent, Appended: p.appended, Failed: p.failed, Retries: p.retries}
		if p.failed > 0 {
			out[i].FailedReason = deliveryTimeoutReason
		}
	}
	// The front stream's retried records still waiting are in the producers.
	for _, d := range t.front.deferred.items {
		out[d.rec.producer].InFlightAtEnd++
	}
	return out
}

func (s *Sim) seriesResult() Series {
	m := s.metrics
	se := Series{BucketS: nsToS(m.bucketNs)}
	for p := range int(s.partitions) {
		prod, proc, lag := make([]int32, m.buckets), make([]int32, m.buckets), make([]int32, m.buckets)
		for b := range m.buckets {
			prod[b], proc[b], lag[b] = m.sProduced[b*m.parts+p], m.sProcessed[b*m.parts+p], m.sLag[b*m.parts+p]
		}
		se.Produced = append(se.Produced, prod)
		se.Processed = append(se.Processed, proc)
		se.Lag = append(se.Lag, lag)
	}
	total := s.checker.Violations()
	per := [ordering.NumScopes][]int64{make([]int64, m.buckets), make([]int64, m.buckets), make([]int64, m.buckets)}
	var before [ordering.NumScopes]int64
	for b := range m.buckets {
		upto := total
		if b < m.cur {
			upto = m.violationsBefore[b]
		}
		for sc := range ordering.NumScopes {
			per[sc][b] = upto[sc] - before[sc]
		}
		before = upto
	}
	se.Violations = ScopeSeries{Order: per[ordering.ScopeOrder], Customer: per[ordering.ScopeCustomer], Key: per[ordering.ScopeKey]}
	return se
}

func digest(r *Result) string {
	c := *r
	c.Digest = ""
	b, _ := json.Marshal(&c)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// round keeps d decimals, so results read well and stay canonical.
func round(x float64, d int) float64 {
	p := math.Pow10(d)
	return math.Round(x*p) / p
}
