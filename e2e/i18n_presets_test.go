package e2e

import (
	"testing"

	"github.com/chromedp/chromedp"

	"partitionlab/app/i18n"
	"partitionlab/sim"
)

// Simulate in Portuguese: the preset's help under the menu is its whole
// description in Portuguese (not the English one, nor only its first
// sentence), and it follows the preset chosen.
func TestPresetHelpInPortuguese(t *testing.T) {
	pt := i18n.For(i18n.Portuguese)
	ctx := newTab(t, chromedp.WithNewBrowserContext())
	open(t, ctx, env.baseURL+"/?lang=pt#preset=hot-customer")
	for _, name := range []string{"hot-customer", "gc-pause"} {
		if name != "hot-customer" {
			setField(t, ctx, "preset", name, "change")
		}
		want := pt.T("presetdesc." + name)
		sc, err := sim.Preset(name)
		if err != nil {
			t.Fatal(err)
		}
		if want == sc.Description || want == pt.T("presetline."+name) {
			t.Fatalf("presetdesc.%s in Portuguese is the English or only the first sentence: %q", name, want)
		}
		waitFor(t, ctx, `document.getElementById("preset-help") !== null && document.getElementById("preset-help").textContent === `+js(want))
	}
}
