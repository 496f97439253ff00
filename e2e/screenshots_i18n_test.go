package e2e

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// TestScreenshotsInPortugueseAndKorean takes the README's pictures of a
// Learn step and of Simulate in Portuguese and Korean (make screenshots).
func TestScreenshotsInPortugueseAndKorean(t *testing.T) {
	dir := os.Getenv(screenshotsEnv)
	if dir == "" {
		t.Skip("set " + screenshotsEnv + "=DIR to write the screenshots (make screenshots)")
	}
	ctx := newTab(t, chromedp.WithNewBrowserContext())
	if _, err := chromedp.Call(ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{
		Width: 1280, Height: 900, DeviceScaleFactor: 1}); err != nil {
		t.Fatal(err)
	}
	for _, lang := range []string{"pt", "ko"} {
		for _, s := range []struct{ file, path, ready string }{
			{"learn-" + lang + ".png", "learn?lang=" + lang + "&lesson=hot-customer&step=1",
				`document.getElementById("learn-step").dataset.state === "done"`},
			{"simulate-" + lang + ".png", "?lang=" + lang + "#preset=hot-customer",
				`document.getElementById("run-status").dataset.state === "done" && document.getElementById("results") !== null`},
		} {
			open(t, ctx, env.baseURL+s.path)
			waitFor(t, ctx, s.ready)
			waitFor(t, ctx, `document.fonts.status === "loaded"`)
			time.Sleep(300 * time.Millisecond) // layout settles
			png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, s.file), png, 0o644); err != nil {
				t.Fatal(err)
			}
			t.Logf("wrote %s (%d bytes)", s.file, len(png))
		}
	}
}
