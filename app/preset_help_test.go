package app

import (
	"testing"

	"partitionlab/app/i18n"
	"partitionlab/sim/scenario"
)

// The editor's help under the preset menu is the chosen preset's whole
// description in the page's language: the file's own in English, the
// catalog's translation in every other language; with no preset chosen,
// the catalog's hint.
func TestPresetHelpIsTheWholeDescriptionInThePagesLanguage(t *testing.T) {
	for _, l := range i18n.Langs() {
		c := i18n.For(l)
		for _, name := range scenario.PresetNames() {
			sc, err := scenario.Preset(name)
			if err != nil {
				t.Fatal(err)
			}
			got := presetHelp(c, name)
			switch {
			case l == i18n.English && got != sc.Description:
				t.Errorf("en: %s's help is %q, want the preset's description", name, got)
			case l != i18n.English && (got != c.T("presetdesc."+name) || got == sc.Description):
				t.Errorf("%s: %s's help is %q, want presetdesc.%s", l, name, got, name)
			case presetLine(name) != sc.Description && len(got) <= len(presetLineIn(c, name)):
				t.Errorf("%s: %s's help is only its first sentence", l, name)
			}
		}
		if got := presetHelp(c, ""); got != c.T("editor.preset.help") {
			t.Errorf("%s: with no preset the help is %q", l, got)
		}
	}
}
