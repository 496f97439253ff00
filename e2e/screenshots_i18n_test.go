package e2e

import (
	"context"
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
	for _, lang := range []string{"pt", "ko"} {
		for _, s := range []struct{ file, path, ready string }{
			{"learn-" + lang + ".png", "learn?lang=" + lang + "&lesson=hot-customer&step=1",
				`document.getElementById("learn-step").dataset.state === "done"`},
			{"simulate-" + lang + ".png", "?lang=" + lang + "#preset=hot-customer",
				`(document.getElementById("results") || {dataset: {}}).dataset.digest === ` + js(cliResult(t, "hot-customer").Digest)},
		} {
			// A browser of its own for each: a run on one page would
			// teach the next that runs are slow, and it would ask first.
			ctx := newTab(t, chromedp.WithNewBrowserContext())
			if _, err := chromedp.Call(ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{
				Width: 1280, Height: 900, DeviceScaleFactor: 1}); err != nil {
				t.Fatal(err)
			}
			open(t, ctx, env.baseURL+s.path)
			if _, err := chromedp.Run(ctx, chromedp.Poll[bool](s.ready, chromedp.WithPollingTimeout(time.Minute))); err != nil {
				t.Fatalf("%s: %v (run status %q)", s.file, err, eval[string](t, ctx, `(document.getElementById("run-status") || {textContent: ""}).textContent`))
			}
			waitFor(t, ctx, `document.fonts.status === "loaded"`)
			saveScreenshot(t, ctx, dir, s.file)
		}
	}
}

// saveScreenshot writes what the tab shows, once fonts and layout have
// settled, to dir/file.
func saveScreenshot(t *testing.T, ctx context.Context, dir, file string) {
	t.Helper()
	time.Sleep(300 * time.Millisecond)
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, file), png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s (%d bytes)", file, len(png))
}
