// Package app is Partition Lab's user interface: go-app components, one file
// per page or part of a page, sharing the layout in layout.go. Components
// hold UI state only; the work is done by plain Go packages that tests run
// without a browser: hashcore and sim (the engine), keyplacement (Key →
// partition), scenarioform (the editor's fields), share (links), runner
// (runs in slices, and both sides of the worker protocol), results
// (numbers and words) and plots (the charts).
//
// app must never import net/http or the command-line code: it is compiled
// into app.wasm; the server side lives in internal/site.
package app
