package sim

import "partitionlab/sim/scenario"

// A run whose partitions cannot be detached holds an entry in the ordering
// checker for every event from the oldest one not yet processed to the
// newest one sent, with the records and queues beside them, so its memory
// grows with a backlog (see scenario.HeldError). The sender counts them at
// the end of each of its runs, which fall at the same simulated times
// wherever the engine runs, and the run stops there once they pass the
// limit of the place it runs (scenario.Limits.MaxHeld): under one limit a
// scenario stops at the same simulated time natively, under node and in
// the browser, however its steps are sliced, or not at all.

// stopIfHoldingTooMuch stops the run, saying why, when it holds more
// events than its limits allow. It comes last in the sender's run, after
// the lines whose places the profile (default.pgo) knows.
func (s *Sim) stopIfHoldingTooMuch() {
	if s.checker.InFlight() <= s.limits.MaxHeld {
		return
	}
	s.stopped = scenario.HeldError(float64(s.now)/1e9, s.limits)
	s.finished = true
	s.sched.set(actorSender, never)
}

// Err is why the run stopped before its end (a scenario.FieldErrors naming
// duration_s), or nil. A stopped run has no result.
func (s *Sim) Err() error { return s.stopped }
