package sim

import "partitionlab/sim/ordering"

// retryTopic is the non-blocking retry pattern: a record whose processing
// failed is sent to a retry topic and processed again after the retry delay
// by the retry topic's own consumer, while its partition moves on.
//
// Simplification: one retry topic with one partition and one consumer
// thread; a record that fails again goes back to the same retry topic.
type retryTopic struct {
	worker
	queue []retryItem // due times ascending: the delay is constant
	head  int
}

type retryItem struct {
	due int64
	rec record
}

func (t *retryTopic) push(s *Sim, r record) {
	s.checker.Entry(r.seq).Flags |= ordering.FlagRetryTopic
	t.queue = append(t.queue, retryItem{due: s.now + msToNs(s.sc.Consumer.RetryBackoffMs), rec: r})
	if t.state == wIdle {
		s.sched.set(t.actor, max(s.now, t.queue[t.head].due))
	}
}

func (t *retryTopic) run(s *Sim) {
	if t.state == wProcessing {
		t.finish(s) // under retry_topic a failure goes back to the queue
	}
	t.state = wIdle
	if t.head == len(t.queue) {
		t.queue, t.head = t.queue[:0], 0
		s.sched.set(t.actor, never)
		return
	}
	it := &t.queue[t.head]
	if it.due > s.now {
		s.sched.set(t.actor, it.due)
		return
	}
	t.head++
	t.start(s, &it.rec, s.now)
	if t.head > 1024 && 2*t.head > len(t.queue) {
		t.queue = t.queue[:copy(t.queue, t.queue[t.head:])]
		t.head = 0
	}
}
