package app

import (
	"testing"

	"partitionlab/app/i18n"
	"partitionlab/app/scenarioform"
)

// A timeline action's title writes its time the language's way, as the
// results do: "Em 22,5 s" in Portuguese, "500,000,000초" in Korean; what is
// not a number stays as typed.
func TestTimelineTitleWritesTheTimeTheLanguagesWay(t *testing.T) {
	for _, tc := range []struct {
		lang        i18n.Lang
		typed, want string
	}{
		{i18n.Portuguese, "22.5", "22,5"},
		{i18n.Korean, "500000000", "500,000,000"},
		{i18n.French, "1234.25", "1\u202f234,25"},
		{i18n.English, "22.5", "22.5"},
		{i18n.Spanish, "soon", "soon"},
		{i18n.Portuguese, "1e3", "1.000"},
	} {
		if got := secondsText(tc.lang, tc.typed); got != tc.want {
			t.Errorf("%s %q: %q, want %q", tc.lang, tc.typed, got, tc.want)
		}
	}
	d, err := scenarioform.ParseDoc([]byte(`{"timeline":[{"at_s":22.5,"action":"crash_consumer","instance":1}]}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range scenarioform.Sections() {
		if s.Array != "timeline" {
			continue
		}
		pt := i18n.For(i18n.Portuguese)
		if got, want := itemTitle(pt, s, d, 0), pt.T("editor.timeline.item", i18n.S("at", "22,5"), i18n.S("action", pt.T(actionID("crash_consumer")))); got != want {
			t.Errorf("pt: %q, want %q", got, want)
		}
		return
	}
	t.Error("no timeline section")
}
