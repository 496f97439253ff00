package sim

import (
	"fmt"
	"strconv"

	"partitionlab/sim/ordering"
)

// Violation is one ordering violation with its evidence: the later-sent
// event that completed first, and the earlier-sent one it overtook.
type Violation struct {
	Scope       string   `json:"scope"`
	Key         string   `json:"key"`
	Cause       string   `json:"cause"`
	Explanation string   `json:"explanation"`
	Later       Evidence `json:"later"`
	Earlier     Evidence `json:"earlier"`
}

// Evidence is where one event was and who processed it when.
type Evidence struct {
	Event          string   `json:"event"`
	Order          int64    `json:"order"`
	Customer       int      `json:"customer"`
	Key            string   `json:"key"`
	Producer       string   `json:"producer"`
	Partition      int      `json:"partition"`
	Offset         int64    `json:"offset"`
	PartitionCount int      `json:"partition_count"`
	SentS          float64  `json:"sent_s"`
	CompletedS     *float64 `json:"completed_s"`
	Thread         string   `json:"thread"`
	Via            string   `json:"via,omitempty"`
}

func (s *Sim) orderingResult() Ordering {
	c := s.checker
	var o Ordering
	for i, dst := range []*ScopeResult{&o.Scopes.Order, &o.Scopes.Customer, &o.Scopes.Key} {
		st := c.Stats(i)
		*dst = ScopeResult{Violations: st.Violations, KeysAffected: st.KeysAffected, ByCause: []CauseCount{}}
		for k, n := range st.ByCause {
			if n > 0 {
				dst.ByCause = append(dst.ByCause, CauseCount{Cause: ordering.Cause(k).String(), Violations: n})
			}
		}
	}
	o.Examples = []Violation{}
	for _, e := range c.Examples() {
		o.Examples = append(o.Examples, s.violation(e))
	}
	return o
}

func (s *Sim) violation(e ordering.Example) Violation {
	later := s.evidence(&e.Later, &e.LaterCompletion, true)
	earlier := s.evidence(&e.Earlier, &e.EarlierCompletion, e.EarlierCompleted)
	v := Violation{Scope: ordering.ScopeName(e.Scope), Cause: e.Cause.String(), Later: later, Earlier: earlier}
	switch e.Scope {
	case ordering.ScopeOrder:
		v.Key = "order-" + strconv.FormatInt(e.Later.Order, 10)
	case ordering.ScopeCustomer:
		v.Key = "customer-" + strconv.Itoa(int(e.Later.Customer))
	default:
		v.Key = later.Key
	}
	done := "had not completed by the end of the run"
	if earlier.CompletedS != nil {
		done = fmt.Sprintf("completed at %.3f s on p%d (%s)", *earlier.CompletedS, earlier.Partition, earlier.Thread)
	}
	v.Explanation = fmt.Sprintf("%s: %s (order-%d) completed at %.3f s on p%d (%s) before %s (order-%d), sent earlier at %.3f s, which %s — cause: %s",
		v.Key, later.Event, later.Order, *later.CompletedS, later.Partition, later.Thread,
		earlier.Event, earlier.Order, earlier.SentS, done, v.Cause)
	return v
}

func (s *Sim) evidence(d *ordering.Entry, how *ordering.Completion, completed bool) Evidence {
	p := s.producers[d.Producer]
	ev := Evidence{
		Event:          s.sc.Workload.EventsPerOrder[d.Event],
		Order:          d.Order,
		Customer:       int(d.Customer),
		Key:            string(appendKeyText(nil, d.KeyKind, d.KeyID, p.buckets, p.keys)),
		Producer:       p.cfg.Name,
		Partition:      int(d.Partition),
		Offset:         d.Offset,
		PartitionCount: int(d.PartitionCount),
		SentS:          nsToS(d.SentAt),
	}
	if d.Flags&ordering.FlagRetryTopic != 0 {
		ev.Via = "retry topic"
	}
	if completed && !how.Lost {
		t := nsToS(how.At)
		ev.CompletedS = &t
		ev.Thread = s.threadNames[how.Thread]
	}
	return ev
}
