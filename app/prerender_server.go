//go:build !js

package app

import (
	"partitionlab/app/runner"
	"partitionlab/sim"
	"partitionlab/sim/scenario"
)

// runOnServer runs sc to the end for the pre-rendered page. Only the
// server pre-renders: in the browser the engine runs in its worker
// (engine.wasm), and app.wasm carries none of it (see prerender_browser.go).
func runOnServer(sc scenario.Scenario) (*sim.Result, error) {
	j, err := runner.RunAll(sc)
	if err != nil {
		return nil, err
	}
	return j.Result(), nil
}
