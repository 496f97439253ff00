//go:build !js

package app

import "partitionlab/app/plots"

// The server pre-renders the pages with their charts drawn: it draws them
// itself (the browser asks the engine's worker; see chart_draw.go).
func init() { drawNow = plots.Draw }
