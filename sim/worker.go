package sim

import "partitionlab/sim/ordering"

// Worker states.
const (
	wIdle       uint8 = iota // nothing to do until woken
	wProcessing              // an attempt ends at the actor's time
	wBackoff                 // a blocking retry starts at the actor's time
	wPolling                 // (members) poll at the actor's time
)

// worker is a thread that processes records one at a time: a consumer
// thread in sequential mode, an executor thread, or the retry topic's
// consumer.
type worker struct {
	actor   int32
	thread  int32 // index into Sim.threadNames
	rng     *rng  // its own stream: processing times and failures
	state   uint8
	cur     record
	fail    bool  // the current attempt will fail
	attempt int64 // duration of the current attempt
	busy    int64 // time spent processing
	done    int64 // records completed by this thread
}

// start begins an attempt at r (which may be w.cur itself, for a retry)
// at time now.
func (w *worker) start(s *Sim, r *record, now int64) {
	w.cur = *r
	w.attempt = s.processingTime(w.rng)
	w.fail = s.consumerFailureRate > 0 && w.rng.float64() < s.consumerFailureRate
	w.state = wProcessing
	s.sched.set(w.actor, now+w.attempt)
}

// finish ends the current attempt. It reports whether the thread is free for
// the next record: after a success, or after handing a failure to the retry
// topic. After a failure under blocking retries the thread backs off and
// retries the same record.
func (w *worker) finish(s *Sim) (free bool) {
	w.busy += w.attempt
	if !w.fail {
		s.completeRecord(&w.cur, w.thread)
		w.done++
		return true
	}
	s.consumerFailures++
	if s.sc.Consumer.Retry == "retry_topic" {
		s.retry.push(s, w.cur)
		return true
	}
	w.state = wBackoff
	s.sched.set(w.actor, s.now+msToNs(s.sc.Consumer.RetryBackoffMs))
	return false
}

// processingTime draws how long one attempt takes.
func (c *consumers) processingTime(r *rng) int64 {
	mean := c.procMeanNs
	switch c.procDist {
	case distExponential:
		return int64(r.exp(mean))
	case distUniform:
		return int64(mean * (0.5 + r.float64()))
	}
	return int64(mean)
}

// Processing time distributions.
const (
	distConstant uint8 = iota
	distUniform
	distExponential
)

// completeRecord is the end of a record's processing: the ordering checker,
// lag and latency.
func (s *Sim) completeRecord(r *record, thread int32) {
	c := s.checker
	d := c.Entry(r.seq)
	sent := d.SentAt
	if s.tracer != nil {
		var td *ordering.Entry
		if c.Tracked(r.seq) {
			td = d
		}
		s.traceNote(r, td, thread, td == nil || d.Flags&ordering.FlagDone != 0)
	}
	if c.Completed(r.seq, d, ordering.Completion{At: s.now, Thread: thread}) {
		s.duplicates++
		return
	}
	s.processed++
	l := &s.logs[r.partition]
	l.done++
	s.metrics.onProcess(r.partition, s.now-sent)
	if s.draining {
		s.checkDrained()
	}
}

// loseRecord marks a record that will never be processed.
func (s *Sim) loseRecord(r *record) {
	if s.checker.Completed(r.seq, s.checker.Entry(r.seq), ordering.Completion{At: s.now, Thread: -1, Lost: true}) {
		return
	}
	s.lost++
	s.logs[r.partition].done++
}
