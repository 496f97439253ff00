package app

import (
	"strings"
	"testing"

	"partitionlab/app/i18n"
	"partitionlab/app/importconfig"
	"partitionlab/app/scenarioform"
	"partitionlab/sim"
)

// editorData are the editor's words that live in code, by catalog id: the
// sections and fields of scenarioform, Spring's names, the timeline's
// actions, the import's reasons. The English catalog must say exactly
// these; the other languages translate them.
func editorData() map[string]string {
	m := map[string]string{}
	for _, s := range scenarioform.Sections() {
		m[s.TitleID()] = s.Title
		m[s.IntroID()] = s.Intro
		for _, f := range s.Fields {
			for _, p := range scenarioform.Parts() {
				if f.Text(p) != "" {
					m[s.MessageID(f, p)] = f.Text(p)
				}
			}
			for _, o := range f.Options {
				m[s.OptionID(f, o.Value)] = o.Label
			}
		}
	}
	for k, v := range springNames {
		m[springID(k)] = v
	}
	for _, a := range sim.Actions() {
		m[actionID(a)] = strings.ReplaceAll(a, "_", " ")
	}
	for id, v := range importconfig.Reasons() {
		m[reasonID(id)] = v
	}
	return m
}

// Every word of the editor that lives in code is in the catalog, in
// English as the code says it, and in every other language.
func TestEditorCatalogCoversTheEditor(t *testing.T) {
	en := i18n.For(i18n.English)
	for id, want := range editorData() {
		if got := en.T(id); got != want {
			t.Errorf("en: %s is %q, the editor says %q", id, got, want)
		}
		for _, l := range i18n.Langs()[1:] {
			if !i18n.For(l).Has(id) {
				t.Errorf("%s: %s is missing", l, id)
			}
		}
	}
}
