package sim

import (
	"partitionlab/sim/scenario"

	"partitionlab/sim/ordering"
)

// Fixed actors; members and executor threads follow.
const (
	actorControl int32 = iota // timeline actions and group events
	actorSender
	actorRetry
	firstMember
)

// Sim is one run of a scenario. Create it with New, drive it with Advance
// (in chunks, so a browser stays responsive) or Run, then read Result.
//
// Its state is in five parts, named after the Kafka concept each models;
// each part's comment says which code changes it, and the rest only reads
// it. The parts are embedded, so s.now reads as before; methods that touch
// one part only are that part's.
type Sim struct {
	sc scenario.Scenario

	clock     // the time and the actors' schedule
	topic     // producers, what they send, the partitions' logs
	consumers // the consumer group: members, assignment, commits
	timeline  // planned changes, group events, a drained increase
	observers // the ordering checker, metrics, trace and counts
}

// clock is the simulated time: where the run is, where it ends, and when
// each actor acts next. Only the engine's loop (Advance) moves now; every
// actor sets its own next time in the schedule.
type clock struct {
	now      int64
	end      int64
	sched    *schedule
	steps    int64
	finished bool
	limits   scenario.Limits // where the run runs: its MaxHeld (see held.go)
	stopped  error           // why the run ended before its end, if it did
}

// topic is the topic and what sends to it: the producers, the streams that
// generate their records (see stream.go), and the partitions' logs. The
// sender (sender.go, stream.go, produce_retry.go) changes it, and a
// partition increase (control.go); consumers move only their positions in
// the logs (consumer.go, worker.go).
type topic struct {
	front          *stream // sends at the clock
	back           *stream // forked: sends again what the logs did not keep (see stream.go)
	replay         []replayMark
	replayNext     int
	backFloor      int64
	forkAt         int64 // records the logs keep before the stream forks; -1: never
	keptSinceCount int64 // records kept since the logs were last counted
	lagFloor       int64 // no lag is asked for before this time any more
	eventProducer  []uint8
	producers      []*producerRuntime // the front stream's
	sentUntil      int64              // every record appended before this is in the logs

	// Partitions far behind, detached from the streams (see detach.go).
	detached      []*detachedLog // by partition; nil: none detached yet
	detachedCount int
	detachAt      int64 // records a log keeps before its partition may be detached; -1: never
	detachAll     bool  // tests: detach every partition keeping detachAt
	detachOne     bool  // tests: detach the one keeping the most, whatever the others keep
	crossing      bool  // customers span the partitions detached (see detach.go)
	senderRuns    int

	// Partitions spilled, on a topic of many (see spill.go).
	spills       []*spill // by partition; nil: none spilled yet
	spilledCount int
	spillEarly   bool // tests: spill every partition at the first look (Options.SpillPartitions)

	logs       []partitionLog // one per partition the topic will ever have
	partitions int32          // partitions now
	history    []partitionChange
}

// consumers is the consumer group and its members: who owns which
// partition, what was committed, the members' threads and executors. The
// group code (group*.go, membership.go) and the members' poll loops and
// threads (consumer.go, executor.go, worker.go, retrytopic.go) change it.
type consumers struct {
	groupRNG  *rng    // the group's random stream
	owner     []int32 // member owning each partition, -1 if none
	committed []int64

	members             []*member
	instances           int              // instance slots: initial and added
	nextInstance        int              // the next slot add_consumer starts
	assignorsOf         map[int][]string // instances running with other assignors
	group               consumerGroup
	revokedAt           []int64   // when each partition was last revoked, for pause times
	pool                []*worker // executor threads of all members
	poolOwner           []int32   // member of each executor thread
	retry               *retryTopic
	procMeanNs          float64
	procDist            uint8
	autoCommitNs        int64
	consumerFailureRate float64
	threadNames         []string
	share               *shareGroup // a share group (share_group.go); nil for a consumer group
}

// timeline is the planned changes and the group's timed events, and what
// a drained partition increase waits for. timeline.go and control.go
// change it.
type timeline struct {
	control        controlQueue
	paused         bool // the producers wait for a drained increase
	draining       bool
	awaitingOwners bool // a drained increase waits for the group to own every partition
	drainTarget    int32
	marks          []Mark
}

// observers watch the run without changing it: the ordering checker, the
// metrics, the trace, and the records' fates counted. The sender tells
// them what is sent and the threads (worker.go) what completes.
type observers struct {
	checker *ordering.Checker
	metrics *metrics
	tracer  *tracer

	processed, duplicates, lost int64 // (the records produced are counted per producer: producedCount)
	consumerFailures            int64
}

type partitionChange struct {
	at         int64
	partitions int32
}

// New prepares a run. The scenario must be complete and valid (as
// ParseScenario returns it); New validates it again and returns the same
// FieldErrors otherwise.
func New(sc scenario.Scenario) (*Sim, error) { return NewWithOptions(sc, Options{}) }

// NewWithOptions prepares a run that also records what opts asks for.
func NewWithOptions(sc scenario.Scenario, opts Options) (*Sim, error) {
	if err := scenario.Validate(sc); err != nil {
		return nil, err
	}
	tr, err := newTracer(opts)
	if err != nil {
		return nil, err
	}
	s := &Sim{sc: sc}
	s.groupRNG, s.end, s.forkAt = newRNG(sc.Seed, streamGroup), int64(sc.DurationS*1e9), forkAt
	s.limits = scenario.CommandLineLimits()
	if opts.Limits != nil && opts.Limits.MaxHeld > 0 {
		s.limits = *opts.Limits
	}
	s.tracer = tr
	if opts.ForkAfterRecords > 0 {
		s.forkAt = opts.ForkAfterRecords
	}
	s.spillEarly = opts.SpillPartitions
	s.detachAt = detachAt
	if opts.DetachPartitions {
		s.detachAt, s.detachAll = 1, true
	}
	if !detachable(sc) && !crossable(sc) {
		s.detachAt = -1
	}
	s.partitions = int32(sc.Topic.Partitions)
	s.history = []partitionChange{{0, s.partitions}}
	slots := sc.Topic.Partitions
	for _, a := range sc.Timeline {
		if a.Action == scenario.ActionSetPartitions {
			slots = max(slots, a.Partitions)
		}
	}
	// Logs start empty and grow with what is appended: nothing is sized
	// for the worst case up front.
	s.logs = make([]partitionLog, slots)
	for p := range s.logs {
		s.logs[p].part, s.logs[p].held = int32(p), never
	}
	s.owner = make([]int32, slots)
	for i := range s.owner {
		s.owner[i] = -1
	}
	s.revokedAt = make([]int64, slots)
	s.assignorsOf = map[int][]string{}
	s.committed = make([]int64, slots)
	s.metrics = newMetrics(slots, s.end)

	s.setUpProducers()
	s.checker = ordering.NewChecker(sc, s.saltedKeys(), s.sameRouting())
	if s.detachAt >= 0 && crossable(sc) {
		if s.crossing = s.checker.Cross(sc.Workload.Customers, slots) > 0; !s.crossing {
			s.detachAt = -1
		}
	}
	s.setUpConsumers()
	if sc.Consumer.IsShare() {
		s.setUpShare()
		s.share.observe = opts.ShareEvents
	}
	s.sched = newSchedule(int(firstMember) + len(s.members) + len(s.pool))
	s.scheduleSender()
	s.scheduleTimeline()
	s.nextInstance = sc.Consumer.Instances
	s.startGroup()
	return s, nil
}

func (s *Sim) setUpProducers() {
	owner := map[string]int{}
	catchAll := -1
	s.front = newStream(s)
	s.producers = s.front.producers
	for i, p := range s.sc.Producers {
		if len(p.Events) == 0 {
			catchAll = i
		}
		for _, e := range p.Events {
			owner[e] = i
		}
	}
	for _, e := range s.sc.Workload.EventsPerOrder {
		i, ok := owner[e]
		if !ok {
			i = catchAll
		}
		s.eventProducer = append(s.eventProducer, uint8(i))
	}
}

func (t *topic) saltedKeys() int {
	n := 0
	for _, p := range t.producers {
		n = max(n, p.saltHot*p.stride)
	}
	return n
}

func (t *topic) sameRouting() func(a, b uint8) bool {
	sig := make([]string, len(t.producers))
	for i, p := range t.producers {
		sig[i] = p.routingSignature()
	}
	return func(a, b uint8) bool { return sig[a] == sig[b] }
}

// partitionsAt is the partition count the topic had at time t.
func (s *topic) partitionsAt(t int64) int32 {
	n := s.history[0].partitions
	for _, c := range s.history {
		if c.at <= t {
			n = c.partitions
		}
	}
	return n
}

// Advance runs at most maxSteps scheduler steps and reports whether the run
// has finished. Progress says how far it got.
func (s *Sim) Advance(maxSteps int) bool {
	for range maxSteps {
		if s.finished {
			return true
		}
		var id int32
		var t int64
		if s.sched.small {
			id, t = s.sched.scan()
		} else {
			id, t = s.sched.nextOfMany()
		}
		if t > s.end {
			s.now = s.end
			s.finished = true
			s.closeMetrics()
			return true
		}
		s.now = t
		s.lagFloor = min(t, s.metrics.bucketEnd)
		if t >= s.metrics.bucketEnd {
			s.metrics.roll(t, s.logs, s.checker.Violations())
		}
		s.steps++
		s.dispatch(id)
	}
	return s.finished
}

// closeMetrics rolls the series to the end of the run, whether or not an
// event was dispatched in its last buckets, and notes the lag at the end:
// the records still waiting when the run ends are a moment's lag too.
func (s *Sim) closeMetrics() {
	m := s.metrics
	if s.now >= m.bucketEnd {
		m.roll(s.now, s.logs, s.checker.Violations())
	}
	for p := range int(s.partitions) {
		m.noteLag(p, s.logs[p].lagAt(s.now))
	}
}

// dispatch runs actor id's step. Consumer threads come first: theirs are
// nearly all the steps, and one unsigned comparison finds them.
func (s *Sim) dispatch(id int32) {
	if k := uint32(id - firstMember); k < uint32(len(s.members)) {
		if s.share != nil {
			s.shareRun(s.members[k])
			return
		}
		s.members[k].run(s)
		return
	}
	switch {
	case id >= firstMember:
		i := id - firstMember - int32(len(s.members))
		s.members[s.poolOwner[i]].exec.run(s, s.pool[i])
	case id == actorSender:
		s.runSender()
	case id == actorRetry:
		s.retry.run(s)
	default:
		s.runControl()
	}
}

// appendedCount is how many records the producers appended to partitions.
func (t *topic) appendedCount() int64 {
	var n int64
	for _, p := range t.producers {
		n += p.appended
	}
	return n
}

// producedCount is the records the producers have sent (each once, not
// counting a forked stream's sending again).
func (t *topic) producedCount() int64 {
	var n int64
	for _, p := range t.producers {
		n += p.sent
	}
	return n
}

// Progress is the share of the simulated duration done, 0..1.
func (s *Sim) Progress() float64 {
	if s.finished {
		return 1
	}
	return float64(s.now) / float64(s.end)
}

// Run simulates a scenario to the end, within the command line's limits.
// (Its lines are as the profile, default.pgo, knows them: the reference
// run's loop is here.)
func Run(sc scenario.Scenario) (*Result, error) {
	s, err := New(sc)
	if err != nil {
		return nil, err
	}
	for !s.Advance(1 << 20) {
	}
	return s.outcome()
}

// RunWithin simulates a scenario to the end, within the limits of the
// place it runs: a run that holds more events than l allows stops with
// scenario.HeldError (see held.go).
func RunWithin(sc scenario.Scenario, l scenario.Limits) (*Result, error) {
	s, err := NewWithOptions(sc, Options{Limits: &l})
	if err != nil {
		return nil, err
	}
	for !s.Advance(1 << 20) {
	}
	return s.outcome()
}

// outcome is a finished run's result, or why it stopped without one.
func (s *Sim) outcome() (*Result, error) {
	if s.stopped != nil {
		return nil, s.stopped
	}
	return s.Result(), nil
}
