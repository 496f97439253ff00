//go:build !unix

package sweep

import "time"

// cpuTime cannot be read here (js/wasm).
func cpuTime() time.Duration { return 0 }
