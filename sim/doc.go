// Package sim is Partition Lab's deterministic simulation engine: a topic under
// an order workload, the producers that key and partition its records, the
// consumer group that processes them, and the checker that finds every
// ordering violation and explains it.
//
// The engine is pure in the way etcd's raft is: a scenario.Scenario (with its seed)
// goes in, a Result comes out. It reads no clock, does no I/O, starts no
// goroutines and draws every random number from PCG streams derived from the
// scenario's one seed (one stream for the workload, each producer, each
// consumer thread and the group), so the same scenario gives the same Result,
// bit for bit, natively, under node and in the browser. Floating-point functions that may differ between platforms
// (math.Log, math.Exp, math.Pow) are replaced by our own in detmath.go.
//
// The scenario language (the document, parsing, validation, defaults,
// presets) is the package partitionlab/sim/scenario; the engine imports it
// and runs what it describes.
//
// sim imports only partitionlab/hashcore, its own subpackages and the
// standard library. It must never import go-app, gonum/plot or net/http.
package sim
