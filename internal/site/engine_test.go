package site

import (
	"strings"
	"testing"

	"partitionlab/internal/site/sitetest"
)

// The service worker keeps the engine's worker and module, under their
// versioned addresses: without them the app opens offline but runs nothing.
func TestServiceWorkerPrecachesTheEngine(t *testing.T) {
	for _, base := range []string{"/", "/lab/"} {
		h := newServeMux(sitetest.Web(t), site{base: base, version: "v7"})
		worker := string(decode(t, get(t, h, "/app-worker.js", "")))
		for _, want := range []string{"web/engine.js?v=v7", "web/engine-worker.js?v=v7", "web/engine.wasm?v=v7"} {
			if !strings.Contains(worker, `"`+base+want+`"`) {
				t.Errorf("base %s: the service worker does not precache %s%s", base, base, want)
			}
		}
	}
}
