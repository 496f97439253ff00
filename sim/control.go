package sim

import (
	"container/heap"
	"fmt"

	"partitionlab/sim/scenario"
)

// The control actor runs timeline actions and group events at their times.

type controlKind uint8

const (
	ctlTimeline          controlKind = iota // arg: index into the timeline
	ctlGroupMetadata                        // the group leader refreshes metadata
	ctlDrained                              // producers paused and everything processed
	ctlDiscover                             // arg: member; a heartbeat tells it to rejoin
	ctlPollCheck                            // arg: member; is poll() overdue?
	ctlSessionCheck                         // arg: member; has its session expired?
	ctlRebalanceDeadline                    // arg: rebalance; the rebalance timeout
	ctlJoinCheck                            // a new group's initial delay is over
	ctlUnfreeze                             // arg: member; a GC pause ends
	ctlHeartbeat                            // arg: member; a KIP-848 heartbeat
	ctlStartInstance                        // arg: instance; it (re)starts
	ctlStopInstance                         // arg: instance; clean shutdown
	ctlSlowEnd                              // slow processing ends
	ctlSync                                 // arg: rebalance; SyncGroup completes
	ctlShareHeartbeat                       // arg: member; a share group heartbeat
	ctlShareSession                         // arg: member; has its share session expired?
)

type controlEvent struct {
	at   int64
	seq  int64
	kind controlKind
	arg  int
}

type controlQueue struct {
	items []controlEvent
	seq   int64
}

func (q *controlQueue) Len() int { return len(q.items) }
func (q *controlQueue) Less(i, j int) bool {
	a, b := &q.items[i], &q.items[j]
	return a.at < b.at || (a.at == b.at && a.seq < b.seq)
}
func (q *controlQueue) Swap(i, j int) { q.items[i], q.items[j] = q.items[j], q.items[i] }
func (q *controlQueue) Push(x any)    { q.items = append(q.items, x.(controlEvent)) }
func (q *controlQueue) Pop() any {
	x := q.items[len(q.items)-1]
	q.items = q.items[:len(q.items)-1]
	return x
}

func (s *Sim) at(t int64, kind controlKind, arg int) {
	s.control.seq++
	heap.Push(&s.control, controlEvent{at: t, seq: s.control.seq, kind: kind, arg: arg})
	s.sched.set(actorControl, s.control.items[0].at)
}

func (s *Sim) runControl() {
	for len(s.control.items) > 0 && s.control.items[0].at <= s.now {
		e := heap.Pop(&s.control).(controlEvent)
		switch e.kind {
		case ctlTimeline:
			s.runAction(e.arg)
		case ctlGroupMetadata:
			s.groupSeesPartitions()
		case ctlDrained:
			s.finishDrain()
		case ctlDiscover:
			s.members[e.arg].discover(s)
		case ctlPollCheck:
			s.members[e.arg].pollCheck(s)
		case ctlSessionCheck:
			s.members[e.arg].sessionCheck(s)
		case ctlRebalanceDeadline:
			s.rebalanceDeadline(e.arg)
		case ctlJoinCheck:
			s.maybeCompleteJoin()
		case ctlUnfreeze:
			s.members[e.arg].unfreeze(s)
		case ctlHeartbeat:
			s.members[e.arg].heartbeat848(s)
		case ctlStartInstance:
			s.startInstance(e.arg)
		case ctlStopInstance:
			s.shutdownInstance(e.arg)
		case ctlSync:
			s.sync(e.arg)
		case ctlShareHeartbeat:
			s.shareHeartbeat(s.members[e.arg])
		case ctlShareSession:
			s.shareSessionCheck(s.members[e.arg])
		case ctlSlowEnd:
			s.procMeanNs = s.sc.Consumer.ProcessingMs * 1e6
			s.mark(scenario.ActionSlowProcessing, "processing back to %s ms", scenario.FormatFloat(s.sc.Consumer.ProcessingMs))
		}
	}
	if len(s.control.items) > 0 {
		s.sched.set(actorControl, s.control.items[0].at)
	} else {
		s.sched.set(actorControl, never)
	}
}

func (s *Sim) scheduleTimeline() {
	for i, a := range s.sc.Timeline {
		s.at(msToNs(a.AtS*1000), ctlTimeline, i)
	}
}

// Mark is a timeline action as it happened, for markers on time axes.
type Mark struct {
	AtS    float64 `json:"at_s"`
	Action string  `json:"action"`
	Label  string  `json:"label"`
}

func (s *Sim) mark(action, format string, args ...any) {
	s.marks = append(s.marks, Mark{AtS: nsToS(s.now), Action: action, Label: fmt.Sprintf(format, args...)})
}

// increasePartitions adds partitions. Producers see them at their next
// metadata refresh; the group at its leader's.
func (s *Sim) increasePartitions(n int32) {
	s.mark(scenario.ActionSetPartitions, "partitions %d → %d", s.partitions, n)
	s.partitions = n
	s.history = append(s.history, partitionChange{s.now, n})
	maxAge := msToNs(s.sc.Consumer.MetadataMaxAgeMs)
	next := s.group.leaderSees
	for next < s.now {
		next += maxAge
	}
	s.at(next, ctlGroupMetadata, 0)
}

// checkDrained notices, during a drain, that every record appended has been
// processed (or lost) and none waits in a producer.
func (s *Sim) checkDrained() {
	if s.draining && s.appendedCount() == s.processed+s.lost && len(s.front.deferred.items) == 0 {
		s.draining = false
		s.at(s.now, ctlDrained, 0)
	}
}

// finishDrain increases the partition count once the backlog is empty, and
// has the group pick it up at once (as restarting the consumers would). The
// producers resume only when every partition has an owner: otherwise, with
// auto.offset.reset=latest, what they wrote to a new partition before the
// group took it would be skipped.
//
// A later increase may have raised the count past the target while the
// drain waited. A topic's partition count never goes down (the controller
// rejects CreatePartitions with a count not above the current one:
// InvalidPartitionsException, see ZkAdminManager / ReplicationControlManager
// .createPartitions), so then the count stays and only the producers resume.
func (s *Sim) finishDrain() {
	if s.drainTarget <= s.partitions {
		s.mark(scenario.ActionSetPartitions, "drained; partitions stay %d (not above them: %d)", s.partitions, s.drainTarget)
	} else {
		s.mark(scenario.ActionSetPartitions, "drained; partitions %d → %d", s.partitions, s.drainTarget)
		s.partitions = s.drainTarget
		s.history = append(s.history, partitionChange{s.now, s.partitions})
	}
	s.awaitingOwners = true
	s.groupSeesPartitions()
	s.maybeResume()
}

// maybeResume restarts the paused producers once the group owns every
// partition.
func (s *Sim) maybeResume() {
	if !s.awaitingOwners {
		return
	}
	for p := range s.partitions {
		if s.owner[p] < 0 {
			return
		}
	}
	s.awaitingOwners = false
	s.restartProducers() // restarted: fresh metadata
	s.paused = false
	s.mark(scenario.ActionSetPartitions, "the group owns all %d partitions; producers resumed", s.partitions)
	s.scheduleSender()
}
