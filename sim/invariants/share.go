package invariants

import (
	"fmt"

	"partitionlab/sim"
)

func shareInvariants() []Invariant {
	return []Invariant{
		{Name: "share.ownership", check: shareOwnership,
			Why: "In a share group a record is acquired by at most one consumer at a time (SharePartition's " +
				"acquisition lock): it is acquired again only after its holder released it, left the group, " +
				"or its lock ran out (share.record.lock.duration.ms after the acquisition), and never after it " +
				"was accepted or archived; each delivery counts one more; only the holder acknowledges it; a " +
				"record given up had reached share.delivery.count.limit."},
		{Name: "share.conservation", check: shareConservation,
			Why: "Every acquisition of a share group's record ends once: accepted, rejected, released, its lock " +
				"expired, released when its holder left, or still held at the end, so acquired adds up; " +
				"archived is the rejected plus those given up; the group's totals are what the share " +
				"partitions did; and a record is accepted only after a consumer processed it, so each " +
				"partition's accepted records are at most its processed ones (produced = processed + lost + " +
				"end_lag is conservation.partitions, for share groups too)."},
	}
}

// shareRecord is one offset's state as the share partition's events tell it.
type shareRecord struct {
	holder     string // "" when nobody holds it
	since      int64  // the acquisition (or renewal) holding it
	until      int64  // its lock's deadline
	deliveries int
	done       bool // accepted or archived
	state      string
}

// shareLog replays a share group's events and remembers the first thing
// that contradicts the record locks.
type shareLog struct {
	lockNs  int64
	limit   int
	recs    []map[int64]*shareRecord // per partition
	counts  map[string]int64         // records per event kind
	redeliv int64
	accept  map[int]int64 // accepted records per partition
	wrong   string
}

func newShareLog(lockNs int64, limit int) *shareLog {
	return &shareLog{lockNs: lockNs, limit: limit, counts: map[string]int64{}, accept: map[int]int64{}}
}

func (l *shareLog) rec(p int, o int64) *shareRecord {
	for len(l.recs) <= p {
		l.recs = append(l.recs, map[int64]*shareRecord{})
	}
	r := l.recs[p][o]
	if r == nil {
		r = &shareRecord{}
		l.recs[p][o] = r
	}
	return r
}

func (l *shareLog) fail(e sim.ShareEvent, o int64, format string, args ...any) {
	if l.wrong == "" {
		l.wrong = fmt.Sprintf("p%d offset %d, %s by %s at %g s: ", e.Partition, o, e.Kind, e.Member, float64(e.AtNs)/1e9) +
			fmt.Sprintf(format, args...)
	}
}

// note applies one event to the records it names.
func (l *shareLog) note(e sim.ShareEvent) {
	n := e.Last - e.First + 1
	l.counts[e.Kind] += n
	if e.Kind == "acquired" && e.Deliveries > 1 {
		l.redeliv += n
	}
	if e.Kind == "accepted" {
		l.accept[e.Partition] += n
	}
	for o := e.First; o <= e.Last; o++ {
		l.noteOne(e, o, l.rec(e.Partition, o))
	}
}

func (l *shareLog) noteOne(e sim.ShareEvent, o int64, r *shareRecord) {
	if r.done && e.Kind != "given up" {
		l.fail(e, o, "the record was %s before", r.state)
		return
	}
	holds := func() bool {
		if r.holder != e.Member {
			l.fail(e, o, "the record is held by %q (since %g s), not by this member", r.holder, float64(r.since)/1e9)
			return false
		}
		return true
	}
	switch e.Kind {
	case "acquired":
		if r.holder != "" {
			l.fail(e, o, "%s holds it since %g s, its lock runs until %g s", r.holder, float64(r.since)/1e9, float64(r.until)/1e9)
		}
		if e.Deliveries != r.deliveries+1 {
			l.fail(e, o, "delivery %d, after %d deliveries", e.Deliveries, r.deliveries)
		}
		r.holder, r.since, r.until, r.deliveries = e.Member, e.AtNs, e.AtNs+l.lockNs, e.Deliveries
	case "renewed":
		if holds() {
			r.since, r.until = e.AtNs, e.AtNs+l.lockNs
		}
	case "accepted", "rejected":
		if holds() {
			r.holder, r.done, r.state = "", true, e.Kind
		}
	case "released", "released on leave":
		if holds() {
			r.holder = ""
		}
	case "lock expired":
		if holds() && e.AtNs < r.until {
			l.fail(e, o, "its lock runs until %g s", float64(r.until)/1e9)
		}
		r.holder = ""
	case "given up":
		if r.holder != "" || r.done || r.deliveries < l.limit {
			l.fail(e, o, "given up after %d deliveries (limit %d), held by %q", r.deliveries, l.limit, r.holder)
		}
		r.done, r.state = true, "given up"
	default:
		l.fail(e, o, "an event of unknown kind")
	}
}

// heldAtEnd counts the records someone still holds.
func (l *shareLog) heldAtEnd() int64 {
	var n int64
	for _, m := range l.recs {
		for _, r := range m {
			if r.holder != "" {
				n++
			}
		}
	}
	return n
}

// shareReplay is the run again with every share partition event replayed,
// made once for the share invariants; nil for a consumer group.
func (r *Run) shareReplay() (*shareLog, Verdict) {
	if !r.Scenario.Consumer.IsShare() {
		return nil, notApplicable("not a share group")
	}
	if r.share != nil {
		return r.share, held()
	}
	k := r.Scenario.Consumer.Share
	l := newShareLog(int64(k.RecordLockDurationMs*1e6), k.DeliveryCountLimit)
	s, err := sim.NewWithOptions(r.Scenario, sim.Options{ShareEvents: l.note})
	if err != nil {
		return nil, broken("the replayed run does not start: %v", err)
	}
	for !s.Advance(1 << 20) {
	}
	if err := s.Err(); err != nil {
		return nil, broken("the replayed run stopped: %v", err)
	}
	if got := s.Result().Digest; got != r.Result.Digest {
		return nil, broken("observing the share events changed the digest: %s, then %s", r.Result.Digest, got)
	}
	r.share = l
	return l, held()
}

func shareOwnership(r *Run) Verdict {
	l, v := r.shareReplay()
	if l == nil {
		return v
	}
	if l.wrong != "" {
		return broken("%s", l.wrong)
	}
	return held()
}

func shareConservation(r *Run) Verdict {
	l, v := r.shareReplay()
	if l == nil {
		return v
	}
	t := r.Result.Group.Totals.Share
	if t == nil {
		return broken("a share group without group.totals.share")
	}
	c := l.counts
	ended := c["accepted"] + c["rejected"] + c["released"] + c["lock expired"] + c["released on leave"]
	if held := l.heldAtEnd(); c["acquired"] != ended+held {
		return broken("%d acquisitions, but %d accepted + %d rejected + %d released + %d lock expiries + %d released on "+
			"leave + %d held at the end = %d", c["acquired"], c["accepted"], c["rejected"], c["released"], c["lock expired"],
			c["released on leave"], held, ended+held)
	}
	for _, f := range []struct {
		name      string
		got, want int64
	}{{"acquired", t.Acquired, c["acquired"]}, {"redelivered", t.Redelivered, l.redeliv},
		{"accepted", t.Accepted, c["accepted"]}, {"released", t.Released, c["released"]},
		{"rejected", t.Rejected, c["rejected"]}, {"archived", t.Archived, c["rejected"] + c["given up"]},
		{"lock_expiries", t.LockExpiries, c["lock expired"]}, {"released_on_leave", t.SessionReleased, c["released on leave"]}} {
		if f.got != f.want {
			return broken("group.totals.share.%s is %d, the share partitions' events count %d", f.name, f.got, f.want)
		}
	}
	for _, p := range r.Result.Partitions {
		if a := l.accept[p.Partition]; a > p.Processed {
			return broken("partition %d: %d records accepted, only %d processed", p.Partition, a, p.Processed)
		}
	}
	return held()
}
