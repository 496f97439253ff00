package e2e

import (
	"os"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// screenshotsEnv names the directory TestScreenshots writes to; make
// screenshots sets it to docs/. Without it the test is skipped: the pictures
// are documentation, not a check.
const screenshotsEnv = "PARTITIONLAB_SCREENSHOTS"

// TestScreenshots takes the README's pictures of the main views, at a
// laptop's width and at a phone's.
func TestScreenshots(t *testing.T) {
	dir := os.Getenv(screenshotsEnv)
	if dir == "" {
		t.Skip("set " + screenshotsEnv + "=DIR to write the screenshots (make screenshots)")
	}
	shots := []struct {
		file, path, scrollTo, ready string
		width, height               int64
		mobile                      bool
	}{
		{"simulate.png", "#preset=add-partitions", "", "", 1280, 900, false},
		{"simulate-charts.png", "#preset=add-partitions", "charts-title", "", 1280, 900, false},
		{"violations.png", "#preset=thread-pool", "violations-title", `document.getElementById("trace-status").dataset.traced === "true"`, 1280, 900, false},
		{"group.png", "#preset=scale-out-cooperative", "group-title", "", 1280, 900, false},
		{"compare.png", "compare#a.preset=thread-pool&b.preset=per-key-queues", "review-pickers", "", 1280, 900, false},
		{"keys.png", "keys", "", "", 1280, 800, false},
		{"phone.png", "#preset=hot-customer", "cards", "", 390, 844, true},
	}
	ctx := newTab(t, chromedp.WithNewBrowserContext())
	for _, s := range shots {
		if _, err := chromedp.Call(ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{
			Width: s.width, Height: s.height, DeviceScaleFactor: 1, Mobile: s.mobile}); err != nil {
			t.Fatal(err)
		}
		open(t, ctx, env.baseURL+s.path)
		if s.path != "keys" {
			waitFor(t, ctx, `document.getElementById("run-status").dataset.state === "done" && document.querySelector("#results, #diff") !== null`)
		}
		if s.ready != "" {
			waitFor(t, ctx, s.ready)
		}
		if s.scrollTo != "" {
			eval[bool](t, ctx, `(document.getElementById(`+js(s.scrollTo)+`).scrollIntoView(), window.scrollBy(0, -12), true)`)
		}
		saveScreenshot(t, ctx, dir, s.file)
	}
}
