// Package invariants proves the engine never contradicts itself on the
// scenarios nobody wrote. A seeded generator makes random valid scenarios
// ("worlds": every field, every timeline action, in combinations the
// presets never try) within a work budget; each run is checked against
// named invariants (every record accounted for, ordering evidence that
// agrees with itself, lag and offsets, the group's reports, a share
// group's record locks, determinism);
// a scenario that breaks one is shrunk to a small one that still breaks it
// and kept under testdata/, where it becomes a regression test.
//
// The idea is that of TigerBeetle's VOPR and FoundationDB's simulation
// tests: a generator of random worlds, invariants that must hold in every
// one, and a minimal reproducer for each failure.
//
// invariants reads only sim's public API (scenarios, Run, New/Advance,
// Result) and the standard library. sim must never import it, and it must
// never import go-app, gonum/plot or net/http: its tests run under node too.
package invariants
