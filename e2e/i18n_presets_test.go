package e2e

import (
	"testing"

	"github.com/chromedp/chromedp"

	"partitionlab/app/i18n"
	"partitionlab/sim/scenario"
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
		sc, err := scenario.Preset(name)
		if err != nil {
			t.Fatal(err)
		}
		if want == sc.Description || want == pt.T("presetline."+name) {
			t.Fatalf("presetdesc.%s in Portuguese is the English or only the first sentence: %q", name, want)
		}
		waitFor(t, ctx, `document.getElementById("preset-help") !== null && document.getElementById("preset-help").textContent === `+js(want))
	}
}

// Compare in Korean: each side's preset help is its preset's whole
// description in Korean.
func TestComparePresetHelpInKorean(t *testing.T) {
	ko := i18n.For(i18n.Korean)
	ctx := newTab(t, chromedp.WithNewBrowserContext())
	open(t, ctx, env.baseURL+"compare?lang=ko#a.preset=thread-pool&b.preset=per-key-queues")
	for side, name := range map[string]string{"a-": "thread-pool", "b-": "per-key-queues"} {
		id := side + "preset-help"
		waitFor(t, ctx, `document.getElementById(`+js(id)+`) !== null && document.getElementById(`+js(id)+`).textContent === `+js(ko.T("presetdesc."+name)))
	}
}
