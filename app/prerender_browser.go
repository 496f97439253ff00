//go:build js

package app

import (
	"errors"

	"partitionlab/sim"
	"partitionlab/sim/scenario"
)

// errServerOnly says the browser does not pre-render: go-app calls
// OnPreRender on the server alone, so app.wasm leaves the engine, which
// only pre-rendering ran on the page's thread, to engine.wasm.
var errServerOnly = errors.New("pre-rendering runs on the server only")

func runOnServer(scenario.Scenario) (*sim.Result, error) { return nil, errServerOnly }
