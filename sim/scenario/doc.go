// Package scenario is Partition Lab's scenario language: the version-1
// document (Scenario and its parts), reading it from JSON with --set
// changes (parse*.go), the defaults every field starts from, validation
// with its messages (FieldError, one per field, with a code and arguments
// a page can translate), the presets, a team's own key distribution, and
// the estimate of the work a run will be (budget.go).
//
// Packages that only read, edit or check scenarios import scenario, not
// the engine; the engine (partitionlab/sim) imports scenario and runs it.
//
// scenario imports only the standard library. It must never import the
// engine (partitionlab/sim), go-app, gonum/plot or net/http.
package scenario
