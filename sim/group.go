package sim

import (
	"fmt"
	"strconv"

	"partitionlab/sim/assignor"
	"partitionlab/sim/coordinator"
	"partitionlab/sim/scenario"
)

// topicName is the one topic the group consumes; assignors want names.
const topicName = "orders"

// consumerGroup is the engine's side of the consumer group: the classic
// protocol's coordinator (package coordinator, a pure state machine) and
// what the engine keeps beside it to apply its answers and report
// rebalances. The consumer protocol (KIP-848) reconciles each member
// towards a target assignment through its heartbeats, without a barrier.
type consumerGroup struct {
	kip848     bool
	classic    *coordinator.Classic
	generation int32             // the last completed generation (KIP-848: the group epoch)
	byID       map[string]int32  // member.id -> member index
	left       map[int32][]int32 // what members removed outside a rebalance held, for the next one's record
	revokedBy  map[int32]int32   // partition -> the cooperative member that revoked it last
	// stoppedEarly: eager members that revoked everything just before the
	// rebalance their JoinGroup starts.
	stoppedEarly map[int32]int64
	// ghosts: a restarted dynamic member's old member id, left in the
	// group until its session expires.
	ghosts          map[int32]ghost
	chosen          string // the assignor the group runs
	rebalance       *rebalanceRun
	knownPartitions int32 // partitions the group knows (its leader's metadata)
	leaderSees      int64 // when the leader first refreshes its metadata

	// KIP-848 (see group_kip848.go)
	consumer   *coordinator.Consumer
	lastAssign assignor.Assignment

	hbNs, sessionNs, pollNs int64

	res GroupResult
}

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
	g.byID, g.left, g.revokedBy, g.stoppedEarly = map[string]int32{}, map[int32][]int32{}, map[int32]int32{}, map[int32]int64{}
	g.ghosts = map[int32]ghost{}
	g.hbNs, g.sessionNs, g.pollNs = msToNs(k.HeartbeatIntervalMs), msToNs(k.SessionTimeoutMs), msToNs(k.MaxPollIntervalMs)
	if g.kip848 {
		g.hbNs, g.sessionNs = kip848HeartbeatNs, msToNs(k.ConsumerSessionTimeoutMs)
	}
	instances := k.Instances
	for _, a := range s.sc.Timeline {
		if a.Action == scenario.ActionAddConsumer {
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
			m.hbPhase = int64(s.groupRNG.float64() * float64(g.hbNs))
			m.noteCommit(s, 0)
			s.members = append(s.members, m)
		}
	}
	s.instances = instances
	if k.Mode != scenario.ModeSequential {
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
			m.exec = newExecutor(k.Mode == scenario.ModePerKeyQueues, threads)
		}
	}
	s.retry = &retryTopic{}
	s.retry.actor, s.retry.thread = actorRetry, int32(len(s.threadNames))
	s.retry.rng = newRNG(s.sc.Seed, streamRetryTopic)
	s.threadNames = append(s.threadNames, "retry-topic-consumer")
	g.leaderSees = int64(s.groupRNG.float64() * float64(msToNs(k.MetadataMaxAgeMs)))
	g.consumer = coordinator.NewConsumer(coordinator.ConsumerConfig{Topic: topicName, NewMemberID: s.newMemberID,
		MemberEpochs: true})
	g.classic = coordinator.NewClassic(s.classicConfig())
}

// classicConfig is the classic coordinator's configuration: the members
// are Java clients since 2.2 (JoinGroup v4 and later), so a dynamic member
// gets MEMBER_ID_REQUIRED first.
func (s *Sim) classicConfig() coordinator.ClassicConfig {
	return coordinator.ClassicConfig{Topic: topicName, RebalanceTimeoutNs: s.group.pollNs,
		InitialDelayNs: msToNs(s.sc.Consumer.InitialRebalanceDelayMs), NewMemberID: s.newMemberID,
		RequireKnownMemberID: true}
}

// ghost is a member id whose process is gone.
type ghost struct {
	id     string
	lastHB int64
}

// stable says the classic group is Stable: no rebalance under way.
func (g *consumerGroup) stable() bool { return g.classic.State() == coordinator.Stable }

// newMemberID is what the coordinator hands a member joining without one:
// its client id (or group.instance.id) and a unique suffix, as Kafka's
// "<client.id>-<UUID>".
func (c *consumers) newMemberID(base string) string {
	return base + "-" + strconv.FormatUint(c.groupRNG.uint64()>>32|1<<31, 16)
}

// startGroup starts the first Instances instances. By default the group
// was already running: its members hold an assignment and offsets are
// committed at the start of the run. With new_group the members join an
// empty group, which waits group.initial.rebalance.delay.ms first.
func (s *Sim) startGroup() {
	if s.share != nil {
		s.startShare()
		return
	}
	g := &s.group
	g.knownPartitions = s.partitions
	for p := range s.committed {
		s.committed[p] = -1 // no committed offset
		if p < int(s.partitions) {
			s.committed[p] = 0
		}
	}
	for i := range s.sc.Consumer.Instances {
		s.startInstance(i)
	}
	g.classic.SetPartitions(g.knownPartitions)
	g.consumer.SetPartitions(g.knownPartitions)
	if s.sc.Consumer.NewGroup {
		return // the members join at their first poll
	}
	if g.kip848 {
		s.startConsumerGroup()
		return
	}
	// The members joined and synced before the run: no delay, not reported.
	var joins []coordinator.JoinGroup
	var up []*member
	for _, m := range s.members {
		if m.up {
			joins = append(joins, coordinator.JoinGroup{InstanceID: m.instanceID, ClientID: s.threadNames[m.thread],
				Protocols: m.assignors, OwnedGeneration: -1})
			up = append(up, m)
		}
	}
	ids := g.classic.Start(s.now, joins)
	for i, m := range up {
		m.admitted(s, ids[i])
		m.rejoin = false
	}
	g.rebalance = quietRebalance()
	s.stepCoordinator(coordinator.SyncGroup{Generation: g.classic.Generation()})
}

// startInstance starts (or restarts) an instance: its members poll at once
// and join the group.
func (s *Sim) startInstance(i int) {
	if s.share != nil {
		for _, m := range s.instanceMembers(i) {
			s.shareStart(m)
		}
		return
	}
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
		m.armPollCheck(s)
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
	l := &s.logs[p]
	if c := s.committed[p]; c >= 0 {
		l.position = max(c, l.base)
		return
	}
	if s.sc.Consumer.AutoOffsetReset == "earliest" {
		l.position = l.base
		return
	}
	// latest: what was written before is skipped.
	end := l.appendedBy(s.now)
	s.materialize(p, end-1)
	for o := l.base; o < end; o++ {
		r := l.at(o)
		s.loseRecord(&r)
	}
	l.position, s.committed[p] = end, end
	l.trim(end)
	s.groupEvent(-1, "offset reset", fmt.Sprintf("p%d has no committed offset: auto.offset.reset=latest skips %d records", p, end))
}

// groupSeesPartitions is the group leader's metadata refresh noticing a new
// partition count: it rejoins, and the group rebalances.
func (s *Sim) groupSeesPartitions() {
	if s.share != nil {
		s.shareSetPartitions()
		return
	}
	g := &s.group
	if g.knownPartitions == s.partitions {
		return
	}
	cause := fmt.Sprintf("partitions %d → %d", g.knownPartitions, s.partitions)
	g.knownPartitions = s.partitions
	if g.kip848 {
		g.consumer.SetPartitions(g.knownPartitions)
		s.retargeted(cause)
		return
	}
	g.classic.SetPartitions(g.knownPartitions)
	// The leader's metadata no longer matches its subscription snapshot:
	// it rejoins at its next poll (ConsumerCoordinator.rejoinNeededOrPending),
	// which rebalances the group.
	if ms := g.classic.Members(); len(ms) > 0 {
		m := s.members[g.byID[ms[0].ID]]
		m.rejoin, m.joinReason = true, cause
		m.wakeAt(s, s.now)
	}
}
