package sim

import (
	"fmt"

	"partitionlab/sim/assignor"
)

// topicName is the one topic the group consumes; assignors want names.
const topicName = "orders"

// coordinator is the group coordinator's view of the consumer group. The
// classic protocol (eager or cooperative) runs rebalances with a barrier:
// every member rejoins, the leader assigns, everyone syncs. The consumer
// protocol (KIP-848) reconciles each member towards a target assignment
// through its heartbeats, without a barrier.
type coordinator struct {
	kip848     bool
	state      uint8
	generation int32
	order      assignor.JoinOrder // classic members, in the coordinator's iteration order
	byID       map[string]int32   // member.id -> member index
	chosen     string             // the assignor the group runs
	lastAssign assignor.Assignment
	rb         *rebalanceRun
	rbSeq      int
	syncing    bool  // every member has rejoined; SyncGroup is under way
	delayUntil int64 // a new group's initial rebalance delay
	n          int32 // partitions the group knows (its leader's metadata)
	leaderSees int64 // when the leader first refreshes its metadata

	target map[int32][]int32 // KIP-848 target assignment, by member index

	hbNs, sessionNs, pollNs int64

	res GroupResult
}

// Group states.
const (
	cgEmpty uint8 = iota
	cgPreparing
	cgStable
)

// setUpConsumers creates the members — every instance the timeline will
// ever start, each with Concurrency consumer threads — their executors and
// the retry topic's consumer.
func (s *Sim) setUpConsumers() {
	k := s.sc.Consumer
	s.procMeanNs = k.ProcessingMs * 1e6
	s.procDist = map[string]uint8{"constant": distConstant, "uniform": distUniform, "exponential": distExponential}[k.ProcessingDist]
	s.autoCommitNs = msToNs(k.AutoCommitIntervalMs)
	s.consumerFailureRate = k.FailureRate
	g := &s.group
	g.kip848 = k.GroupProtocol == "consumer"
	g.byID = map[string]int32{}
	g.hbNs, g.sessionNs, g.pollNs = msToNs(k.HeartbeatIntervalMs), msToNs(k.SessionTimeoutMs), msToNs(k.MaxPollIntervalMs)
	if g.kip848 {
		g.hbNs = kip848HeartbeatNs
	}
	instances := k.Instances
	for _, a := range s.sc.Timeline {
		if a.Action == ActionAddConsumer {
			instances += max(1, a.Instances)
		}
	}
	next := firstMember
	for i := range instances {
		for t := range k.Concurrency {
			m := &member{idx: int32(len(s.members)), instance: i, threadNo: t}
			m.actor, m.thread = next, int32(len(s.threadNames))
			m.rng = newRNG(s.sc.Seed, streamThread+uint64(m.thread))
			next++
			name := fmt.Sprintf("consumer-%d-%d", i+1, t+1)
			s.threadNames = append(s.threadNames, name)
			if k.StaticMembership {
				m.instanceID = name
			}
			m.hbPhase = int64(s.grng.float64() * float64(g.hbNs))
			s.members = append(s.members, m)
		}
	}
	s.instances = instances
	if k.Mode != ModeSequential {
		for _, m := range s.members {
			threads := make([]*worker, k.PoolThreads)
			for j := range threads {
				threads[j] = &worker{actor: next, thread: int32(len(s.threadNames))}
				threads[j].rng = newRNG(s.sc.Seed, streamThread+uint64(threads[j].thread))
				next++
				s.threadNames = append(s.threadNames, fmt.Sprintf("%s/pool-%d", s.threadNames[m.thread], j+1))
				s.pool = append(s.pool, threads[j])
				s.poolOwner = append(s.poolOwner, m.idx)
			}
			m.exec = newExecutor(k.Mode == ModePerKeyQueues, threads)
		}
	}
	s.retry = &retryTopic{}
	s.retry.actor, s.retry.thread = actorRetry, int32(len(s.threadNames))
	s.retry.rng = newRNG(s.sc.Seed, streamRetryTopic)
	s.threadNames = append(s.threadNames, "retry-topic-consumer")
	g.leaderSees = int64(s.grng.float64() * float64(msToNs(k.MetadataMaxAgeMs)))
}

// startGroup starts the first Instances instances. By default the group
// was already running: its members hold an assignment and offsets are
// committed at the start of the run. With new_group the members join an
// empty group, which waits group.initial.rebalance.delay.ms first.
func (s *Sim) startGroup() {
	g := &s.group
	g.n = s.n
	for p := range s.committed {
		s.committed[p] = -1 // no committed offset
		if p < int(s.n) {
			s.committed[p] = 0
		}
	}
	for i := range s.sc.Consumer.Instances {
		s.startInstance(i)
	}
	if s.sc.Consumer.NewGroup {
		return // the members join at their first poll
	}
	for _, m := range s.members {
		if m.up {
			m.newMemberID(s)
			m.inGroup, m.rejoin, m.needsNewID = true, false, false
			g.order.Add(m.id)
			g.byID[m.id] = m.idx
		}
	}
	if g.kip848 {
		g.rb = &rebalanceRun{quiet: true}
		s.retarget("the group was already running")
		for _, m := range s.members {
			if m.inGroup {
				m.setParts(s, g.target[m.idx])
			}
		}
		s.maybeReconciled()
		return
	}
	g.state = cgPreparing
	g.rb = &rebalanceRun{start: 0, causes: []string{"the group was already running"}, quiet: true}
	for _, m := range s.members {
		if m.inGroup {
			m.joined = true
		}
	}
	s.completeRebalance()
}

// startInstance starts (or restarts) an instance: its members poll at once
// and join the group.
func (s *Sim) startInstance(i int) {
	for _, m := range s.instanceMembers(i) {
		m.up, m.stopping, m.fenced = true, false, false
		m.assignors = s.instanceAssignors(i)
		proto, _ := assignor.RebalanceProtocolFor(m.assignors)
		m.eager = proto == assignor.Eager
		m.rejoin = true
		m.needsNewID = m.inGroup // a new process has no member id
		m.lastPoll = s.now
		m.state = wPolling
		s.sched.set(m.actor, s.now)
		s.armPollCheck(m)
	}
}

func (s *Sim) instanceMembers(i int) []*member {
	c := s.sc.Consumer.Concurrency
	return s.members[i*c : (i+1)*c]
}

// instanceAssignors is the strategy an instance runs with, which a rolling
// restart may change.
func (s *Sim) instanceAssignors(i int) []string {
	if a, ok := s.assignorsOf[i]; ok {
		return a
	}
	return s.sc.Consumer.Assignors
}

// resume positions a partition a member starts consuming: at the committed
// offset, or by auto.offset.reset when there is none.
func (s *Sim) resume(p int32) {
	if c := s.committed[p]; c >= 0 {
		s.position[p] = max(c, s.logs[p].base)
		return
	}
	l := &s.logs[p]
	if s.sc.Consumer.AutoOffsetReset == "earliest" {
		s.position[p] = l.base
		return
	}
	// latest: what was written before is skipped.
	end := l.appendedBy(s.now)
	s.materialize(p, end-1)
	for o := l.base; o < end; o++ {
		r := l.at(o)
		s.loseRecord(&r)
	}
	s.position[p], s.committed[p] = end, end
	l.trim(end)
	s.groupEvent(-1, "offset reset", fmt.Sprintf("p%d has no committed offset: auto.offset.reset=latest skips %d records", p, end))
}

// groupSeesPartitions is the group leader's metadata refresh noticing a new
// partition count: it rejoins, and the group rebalances.
func (s *Sim) groupSeesPartitions() {
	g := &s.group
	if g.n == s.n {
		return
	}
	cause := fmt.Sprintf("partitions %d → %d", g.n, s.n)
	g.n = s.n
	if g.kip848 {
		s.retarget(cause)
		return
	}
	s.prepareRebalance(cause)
}
