package sim

import "partitionlab/sim/sharepartition"

// ShareEvent is one thing a share partition did to a run of records
// (SharePartition's state transitions), as Options.ShareEvents reports it:
// Kind is "acquired", "accepted", "released", "rejected", "renewed",
// "lock expired", "released on leave" or "given up"; Member is the member
// that acquired, acknowledged or held the records; Deliveries is their
// delivery count after the event.
type ShareEvent struct {
	AtNs        int64
	Partition   int
	Kind        string
	Member      string
	Deliveries  int
	First, Last int64
}

// observeShare hands one share partition event to Options.ShareEvents.
func (s *Sim) observeShare(p int32, e sharepartition.Event) {
	g := s.share
	if g.observe == nil {
		return
	}
	name := ""
	if e.Member >= 0 && int(e.Member) < len(g.ids) {
		name = g.ids[e.Member]
	}
	g.observe(ShareEvent{AtNs: s.now, Partition: int(p), Kind: e.Kind.String(), Member: name,
		Deliveries: e.Deliveries, First: e.First, Last: e.Last})
}
