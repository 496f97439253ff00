package sim

import (
	"fmt"
	"slices"

	"partitionlab/sim/assignor"
)

// GroupResult is what the consumer group did: every rebalance with its
// cause and cost, the totals, and the notable events.
type GroupResult struct {
	Protocol   string            `json:"protocol"`
	Assignor   string            `json:"assignor"`
	Rebalances []RebalanceResult `json:"rebalances"`
	Totals     GroupTotals       `json:"totals"`
	Events     []GroupEvent      `json:"events"`

	KickedOut, FailedCommits, Fenced, Refused int `json:"-"`

	pausedPartitionNs int64
	stopTheWorldNs    int64
	pausedMemberNs    int64
	eventsDropped     int
}

// RebalanceResult is one rebalance (classic) or one new target assignment
// (KIP-848).
type RebalanceResult struct {
	StartS          float64 `json:"start_s"`
	EndS            float64 `json:"end_s"`
	Cause           string  `json:"cause"`
	Protocol        string  `json:"protocol"` // eager, cooperative or consumer
	Generation      int32   `json:"generation"`
	Assignor        string  `json:"assignor"`
	PartitionsMoved int     `json:"partitions_moved"`
	// Revoked lists what cooperative members gave up in this round, to be
	// handed out in the follow-up round.
	Revoked []int         `json:"revoked,omitempty"`
	Moves   []Move        `json:"moves"`
	Paused  []MemberPause `json:"paused"`
}

// Move is a partition changing owner in a rebalance.
type Move struct {
	Partition int    `json:"partition"`
	From      string `json:"from"`
	To        string `json:"to"`
}

// MemberPause is how long a member had nothing to process because of a
// rebalance (eager: from revoking everything to the new assignment).
type MemberPause struct {
	Member  string  `json:"member"`
	PausedS float64 `json:"paused_s"`
}

// GroupTotals sums the group's trouble over the run.
type GroupTotals struct {
	Rebalances int `json:"rebalances"`
	// StopTheWorldS is, over eager rebalances, the time from the first
	// member revoking everything to the new assignment.
	StopTheWorldS float64 `json:"stop_the_world_s"`
	// MemberPauseS sums every member's paused time.
	MemberPauseS float64 `json:"member_pause_s"`
	// PartitionPauseS sums, over partitions that moved, the time from
	// revocation by the old owner to assignment to the new one.
	PartitionPauseS float64 `json:"partition_pause_s"`
	KickedOut       int     `json:"kicked_out"`
	FailedCommits   int     `json:"failed_commits"`
	Fenced          int     `json:"fenced"`
	Refused         int     `json:"refused"`
}

// GroupEvent is a notable moment in the group's life: a member removed, a
// failed commit, an exception.
type GroupEvent struct {
	AtS    float64 `json:"at_s"`
	Member string  `json:"member,omitempty"`
	Event  string  `json:"event"`
	Detail string  `json:"detail"`
}

const maxGroupEvents = 200

func (s *Sim) groupEvent(m int32, event, detail string) { s.groupEventAt(s.now, m, event, detail) }

// groupEventAt notes a group event at time t.
func (c *consumers) groupEventAt(t int64, m int32, event, detail string) {
	r := &c.group.res
	if len(r.Events) >= maxGroupEvents {
		r.eventsDropped++
		return
	}
	e := GroupEvent{AtS: nsToS(t), Event: event, Detail: detail}
	if m >= 0 {
		e.Member = c.threadNames[c.members[m].thread]
	}
	r.Events = append(r.Events, e)
}

// recordRebalance notes a finished rebalance (or target assignment).
func (s *Sim) recordRebalance(rb *rebalanceRun, asg assignor.Assignment, chosen string) {
	g := &s.group
	if rb == nil || rb.quiet {
		return
	}
	r := RebalanceResult{StartS: nsToS(rb.start), EndS: nsToS(s.now), Cause: joinCauses(rb.causes),
		Generation: g.generation, Assignor: chosen, Moves: []Move{}, Paused: []MemberPause{}}
	switch {
	case g.kip848:
		r.Protocol = "consumer"
	case len(rb.stopped) > 0:
		r.Protocol = "eager"
	default:
		r.Protocol = "cooperative"
		for _, m := range s.members {
			if m.inGroup && m.eager {
				r.Protocol = "eager"
			}
		}
	}
	owners := map[int32]string{}
	befores := make([]int32, 0, len(rb.before))
	for idx := range rb.before {
		befores = append(befores, idx)
	}
	slices.Sort(befores)
	for _, idx := range befores {
		for _, p := range rb.before[idx] {
			owners[p] = s.threadNames[s.members[idx].thread]
		}
	}
	// A partition a cooperative member revoked before this round moves
	// from that member.
	for p, idx := range g.revokedBy {
		if _, ok := owners[p]; !ok {
			owners[p] = s.threadNames[s.members[idx].thread]
		}
	}
	clear(g.revokedBy)
	for id, tps := range asg {
		to := s.threadNames[s.members[g.byID[id]].thread]
		for _, tp := range tps {
			if from := owners[tp.Partition]; from != to {
				r.Moves = append(r.Moves, Move{Partition: int(tp.Partition), From: from, To: to})
			}
		}
	}
	slices.SortFunc(r.Moves, func(a, b Move) int { return a.Partition - b.Partition })
	r.PartitionsMoved = len(r.Moves)
	for _, p := range rb.revoked {
		r.Revoked = append(r.Revoked, int(p))
	}
	slices.Sort(r.Revoked)
	r.Revoked = slices.Compact(r.Revoked)
	var idxs []int32
	for idx := range rb.stopped {
		idxs = append(idxs, idx)
	}
	slices.Sort(idxs)
	for _, idx := range idxs {
		d := s.now - rb.stopped[idx]
		g.res.pausedMemberNs += d
		g.res.pausedPartitionNs += d * int64(len(rb.before[idx]))
		r.Paused = append(r.Paused, MemberPause{Member: s.threadNames[s.members[idx].thread], PausedS: nsToS(d)})
	}
	if rb.firstStop > 0 {
		g.res.stopTheWorldNs += s.now - rb.firstStop
	}
	g.res.Rebalances = append(g.res.Rebalances, r)
}

func (s *Sim) groupResult() GroupResult {
	g := &s.group
	r := g.res
	r.Protocol = s.sc.Consumer.GroupProtocol
	r.Assignor = g.chosen
	if g.kip848 {
		r.Assignor = "uniform"
	}
	if r.Rebalances == nil {
		r.Rebalances = []RebalanceResult{}
	}
	if r.Events == nil {
		r.Events = []GroupEvent{}
	}
	r.Totals = GroupTotals{Rebalances: len(r.Rebalances), StopTheWorldS: nsToS(r.stopTheWorldNs),
		MemberPauseS: nsToS(r.pausedMemberNs), PartitionPauseS: nsToS(r.pausedPartitionNs),
		KickedOut: r.KickedOut, FailedCommits: r.FailedCommits, Fenced: r.Fenced, Refused: r.Refused}
	return r
}

// Summary is the group's trouble in words, for a terminal or a caption:
// "1 rebalance, 0.7 s stop-the-world, 0 kicked out, 2 failed commits, 2 fenced, 0 refused".
func (t GroupTotals) Summary() string {
	return fmt.Sprintf("%s, %.1f s stop-the-world, %d kicked out, %s, %d fenced, %d refused",
		plural(t.Rebalances, "rebalance", "rebalances"), t.StopTheWorldS, t.KickedOut,
		plural(t.FailedCommits, "failed commit", "failed commits"), t.Fenced, t.Refused)
}

// Summary is one rebalance in words: "cooperative, 0 partitions moved, 3 revoked".
func (r RebalanceResult) Summary() string {
	s := r.Protocol + ", " + plural(r.PartitionsMoved, "partition moved", "partitions moved")
	if len(r.Revoked) > 0 {
		s += fmt.Sprintf(", %d revoked", len(r.Revoked))
	}
	return s
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
