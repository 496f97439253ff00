// Package ordering is the engine's ordering checker: it finds every event
// whose processing completes while an earlier-sent event of the same order,
// customer or key is still waiting, counts these violations by scope and
// cause, and keeps the first ones with the evidence of both events.
//
// The engine tells it three things, on its per-event path: a record is sent
// (Reserve hands out the record's sequence number g and its Entry, which
// the engine fills in place, then Sent links it), a record is completed
// (Completed, processed or lost; it reports a duplicate), and, at the end,
// the result (Violations, Stats, Examples). Memory follows the events in
// flight, not the events of the run.
//
// ordering imports only partitionlab/sim/scenario, sim/internal/ring and
// the standard library. It must never import the engine (partitionlab/sim).
package ordering
