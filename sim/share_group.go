package sim

import (
	"fmt"

	"partitionlab/sim/coordinator"
	"partitionlab/sim/scenario"
	"partitionlab/sim/sharepartition"
)

// shareGroup is the engine's side of a share group (KIP-932): the group
// coordinator's Share (heartbeats, sessions, the SimpleAssignor), a
// SharePartition per partition (the broker's record locks and delivery
// counts), and each member's id, epoch and acquired records. Members of a
// share group own no partition: s.owner stays -1, so the sender wakes
// nobody, and an idle member polls again after fetch.max.wait.ms, as a
// share fetch waiting in the broker's purgatory comes back empty.
type shareGroup struct {
	coord      *coordinator.Share
	parts      []*sharepartition.SharePartition // one per partition slot
	ids        []string                         // member id of each member
	epochs     []int32                          // each member's epoch, 0 out of the group
	sessions   []int32                          // each member's share session epoch (fetches made)
	acked      [][]record                       // implicit mode: the previous poll's records, accepted at the next
	explicit   bool
	onFailure  string
	hbNs       int64
	lockNs     int64
	order      []int32
	events     []sharepartition.Event
	totals     ShareTotals
	knownParts int32
	refused    int64 // acknowledgements refused: INVALID_RECORD_STATE
	observe    func(ShareEvent)
}

// ShareTotals counts what happened to records in a share group, summed over
// its partitions (SharePartition's states and transitions).
type ShareTotals struct {
	Acquired    int64 `json:"acquired"`
	Redelivered int64 `json:"redelivered"`
	Accepted    int64 `json:"accepted"`
	Released    int64 `json:"released"`
	Rejected    int64 `json:"rejected"`
	// Archived counts records given up after their last delivery
	// (share.delivery.count.limit) and rejected ones.
	Archived        int64 `json:"archived"`
	LockExpiries    int64 `json:"lock_expiries"`
	SessionReleased int64 `json:"released_on_leave"`
}

// shareFetchWaitNs is fetch.max.wait.ms (500 ms): how long a share fetch
// that finds nothing to acquire waits before it returns empty.
const shareFetchWaitNs = 500_000_000

func (s *Sim) setUpShare() {
	k := s.sc.Consumer.Share
	g := &shareGroup{explicit: k.AcknowledgementMode == "explicit", onFailure: k.OnFailure,
		hbNs: msToNs(k.HeartbeatIntervalMs), lockNs: msToNs(k.RecordLockDurationMs), knownParts: s.partitions}
	g.coord = coordinator.NewShare(coordinator.ShareConfig{Topic: topicName, Partitions: s.partitions,
		SessionTimeoutNs: msToNs(k.SessionTimeoutMs), HeartbeatIntervalNs: g.hbNs,
		AssignmentIntervalNs: msToNs(k.AssignmentIntervalMs), MaxSize: coordinator.DefaultShareMaxSize})
	g.parts = make([]*sharepartition.SharePartition, len(s.logs))
	g.ids = make([]string, len(s.members))
	g.epochs = make([]int32, len(s.members))
	g.sessions = make([]int32, len(s.members))
	g.acked = make([][]record, len(s.members))
	for i := range g.ids {
		g.ids[i] = s.threadNames[s.members[i].thread] // KIP-1082: the client makes its member id
	}
	s.share = g
}

// sharePartition is partition p's share partition, initialised at its first
// fetch by share.auto.offset.reset (latest: the end of the log then).
func (s *Sim) sharePartition(p int32) *sharepartition.SharePartition {
	g := s.share
	if sp := g.parts[p]; sp != nil {
		return sp
	}
	k := s.sc.Consumer.Share
	l := &s.logs[p]
	start := l.base
	if k.AutoOffsetReset == "latest" {
		start = l.appendedBy(s.now)
		if start > l.base {
			s.materialize(p, start-1)
			for o := l.base; o < start; o++ {
				r := l.at(o)
				s.loseRecord(&r)
			}
			s.groupEvent(-1, "offset reset", fmt.Sprintf("p%d: share.auto.offset.reset=latest skips %d records", p, start-l.base))
		}
	}
	sp, err := sharepartition.New(sharepartition.Config{MaxInFlight: k.PartitionMaxRecordLocks,
		DeliveryLimit: k.DeliveryCountLimit, LockNs: g.lockNs}, start)
	if err != nil {
		// Validation keeps every setting in range; a share partition that
		// cannot be made is a bug, and its records stay unconsumed.
		s.groupEvent(-1, "share partition", err.Error())
		return nil
	}
	g.parts[p] = sp
	return sp
}

// startShare starts the first instances; their members join at once.
func (s *Sim) startShare() {
	for i := range s.sc.Consumer.Instances {
		s.startInstance(i)
	}
}

// shareStart (re)starts member m: it joins with epoch 0 at once and polls.
func (s *Sim) shareStart(m *member) {
	m.up, m.stopping, m.fenced = true, false, false
	m.joins++ // a new member id (KIP-1082): the result lists it from now on, crashed or not
	m.state = wPolling
	m.batch, m.batchNext = m.batch[:0], 0
	s.share.acked[m.idx] = s.share.acked[m.idx][:0]
	s.share.epochs[m.idx] = coordinator.JoinEpoch
	s.shareHeartbeat(m)
	s.sched.set(m.actor, s.now)
}

// shareHeartbeat is the member's ShareGroupHeartbeat, sent every
// share.heartbeat.interval.ms by its background thread while it runs.
func (s *Sim) shareHeartbeat(m *member) {
	g := s.share
	if !m.up {
		return
	}
	if s.now < m.frozenTill {
		s.at(m.frozenTill, ctlShareHeartbeat, int(m.idx)) // a GC pause stops the heartbeat thread too
		return
	}
	r := g.coord.Step(s.now, coordinator.ShareGroupHeartbeat{MemberID: g.ids[m.idx], MemberEpoch: g.epochs[m.idx]})
	s.shareCoordinatorEvents(r.Events)
	if r.Err != coordinator.None {
		// FENCED_MEMBER_EPOCH or UNKNOWN_MEMBER_ID: it gives up its partitions
		// and rejoins with epoch 0.
		s.groupEvent(m.idx, r.Err.Exception(), r.Err.String()+": rejoins with epoch 0")
		m.parts, g.epochs[m.idx] = m.parts[:0], coordinator.JoinEpoch
		s.noteAssignment(m, true)
		s.at(s.now, ctlShareHeartbeat, int(m.idx))
		return
	}
	g.epochs[m.idx] = r.MemberEpoch
	if r.HasAssignment {
		m.parts = append(m.parts[:0], r.Assignment...)
		s.noteAssignment(m, true)
		s.groupEvent(m.idx, "assignment", fmt.Sprintf("epoch %d: partitions %v", r.MemberEpoch, r.Assignment))
	}
	s.at(s.now+r.HeartbeatIntervalNs, ctlShareHeartbeat, int(m.idx))
	s.at(r.SessionDeadline, ctlShareSession, int(m.idx))
}

// shareSessionCheck expires the member's session if no heartbeat came
// since the check was set: the broker releases the records it held.
func (s *Sim) shareSessionCheck(m *member) {
	g := s.share
	r := g.coord.Step(s.now, coordinator.SessionExpired{MemberID: g.ids[m.idx],
		Reason: fmt.Sprintf("no heartbeat for share.session.timeout.ms (%s ms)", scenario.FormatFloat(s.sc.Consumer.Share.SessionTimeoutMs))})
	if len(r.Events) > 0 {
		s.shareCoordinatorEvents(r.Events)
		g.epochs[m.idx] = coordinator.JoinEpoch
		s.shareReleaseMember(m)
	}
}

// shareLeave is a clean close(): the records not acknowledged are released
// and the member leaves with epoch -1.
func (s *Sim) shareLeave(m *member) {
	g := s.share
	m.up, m.state = false, wIdle
	s.sched.set(m.actor, never)
	if !g.explicit {
		s.shareAcknowledgePrevious(m)
	}
	r := g.coord.Step(s.now, coordinator.ShareGroupHeartbeat{MemberID: g.ids[m.idx], MemberEpoch: coordinator.LeaveEpoch})
	s.shareCoordinatorEvents(r.Events)
	g.epochs[m.idx] = coordinator.JoinEpoch
	s.shareReleaseMember(m)
}

// shareCrash kills member m's process: the records it holds stay locked
// until their locks expire or its session does. Those it had not finished
// will be delivered again, so a later record of their key that completes
// first is out of order because of that redelivery, not because two
// consumers share the partition.
func (s *Sim) shareCrash(m *member) {
	s.groupEvent(m.idx, "crashed", "the process died: its records stay locked until share.record.lock.duration.ms or the session expires")
	for i := range m.batch {
		s.checker.Redelivered(m.batch[i].seq, false)
	}
	m.up, m.state = false, wIdle
	m.batch, m.batchNext = m.batch[:0], 0
	s.share.acked[m.idx] = s.share.acked[m.idx][:0]
	s.sched.set(m.actor, never)
}

// shareReleaseMember releases every record member m holds
// (SharePartitionManager's onMemberLeave) and forgets its assignment.
func (s *Sim) shareReleaseMember(m *member) {
	g := s.share
	for _, sp := range g.parts {
		if sp != nil {
			sp.ExpireLocks(s.now)
			sp.ReleaseMember(m.idx)
		}
	}
	m.parts = m.parts[:0]
	s.noteAssignment(m, true)
	s.shareTakeEvents()
}

// shareSetPartitions is the coordinator seeing the new partition count.
func (s *Sim) shareSetPartitions() {
	g := s.share
	if g.knownParts == s.partitions {
		return
	}
	g.knownParts = s.partitions
	g.coord.Step(s.now, coordinator.SetPartitions{Partitions: s.partitions})
}

// shareCoordinatorEvents reports the coordinator's events in the result.
func (s *Sim) shareCoordinatorEvents(es []coordinator.Event) {
	for _, e := range es {
		switch e.Kind {
		case coordinator.MemberJoined:
			s.groupEvent(s.shareMemberIdx(e.MemberID), "joined", fmt.Sprintf("group epoch %d", e.Generation))
		case coordinator.MemberRemoved:
			s.groupEvent(s.shareMemberIdx(e.MemberID), "left", fmt.Sprintf("%s; group epoch %d", e.Reason, e.Generation))
		case coordinator.TargetAssignmentComputed:
			s.group.res.Totals.Rebalances++
			s.groupEvent(-1, "target assignment", fmt.Sprintf("epoch %d (SimpleAssignor)", e.Generation))
		}
	}
}

func (s *Sim) shareMemberIdx(id string) int32 {
	for i, x := range s.share.ids {
		if x == id {
			return int32(i)
		}
	}
	return -1
}

// shareResult fills the group's result for a share group: its protocol
// and assignor, the target assignments counted as rebalances, and the
// record totals.
func (s *Sim) shareResult(r *GroupResult) {
	g := s.share
	r.Protocol, r.Assignor = "share", "simple"
	n := 0
	for _, e := range r.Events {
		if e.Event == "target assignment" {
			n++
		}
	}
	r.Totals.Rebalances = n
	r.Totals.Refused = int(g.refused)
	t := g.totals
	r.Totals.Share = &t
}

// Summary is the share totals in words: "1200 acquired, 30 redelivered, …".
func (t ShareTotals) Summary() string {
	return fmt.Sprintf("%d acquired, %d redelivered, %d accepted, %d released, %d rejected, %d archived, %d lock expiries, %d released on leave",
		t.Acquired, t.Redelivered, t.Accepted, t.Released, t.Rejected, t.Archived, t.LockExpiries, t.SessionReleased)
}
