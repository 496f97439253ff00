package app

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"partitionlab/app/i18n"
	"partitionlab/app/importconfig"
	"partitionlab/app/scenarioform"
	"partitionlab/sim/scenario"
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
	for _, a := range scenario.Actions() {
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

// keptInEnglish are the editor's words a language may leave as English
// writes them: Kafka's own terms that the communities keep (see
// shared/seeds), units and Kafka's names. Anything else equal to English
// is a message nobody translated.
var keptInEnglish = regexp.MustCompile(`^(` +
	// settings, values, class and method names, with their notes
	`[a-z0-9_.\-]+( \([A-Za-z0-9#,/ .+–\-]+\))?|[A-Za-z@.()/ →\-]*(Kafka|Spring|Handler|commitSync)[A-Za-z@.()/ →\-]*|` +
	`(librdkafka|round robin|uniform sticky|kafka-topics) [A-Za-z0-9_,()+.\- ]+|SKUs|` +
	`ms|s|bytes|requests|buckets|threads|producers|partition|` +
	`Seed|Topic|Producers|Consumers|Consumer group|Assignors|Retries|Linger|Auto-commit|Static membership|` +
	`Session timeout( \(broker\))?|rolling restart|Spring:|` +
	// placeholders and symbols only
	`[{}a-z0-9 :→]*\{[a-z]+\}[{}a-z0-9 :→]*|Producer \{number\}: \{name\}` +
	`)$`)

// sameWords are English words that are also the language's own, or the
// Kafka terms its engineers say in English.
var sameWords = map[i18n.Lang][]string{
	i18n.French:     {"Instances", "Instance", "Action", "Partitions", "Timeline"},
	i18n.Portuguese: {"Timeline"},
	i18n.Korean:     {"Offset reset", "Idempotent producer", "Key serializer", "VIP partitioner"},
}

// No language leaves an editor message in English unless it is one of
// keptInEnglish or sameWords.
func TestEditorNothingLeftUntranslated(t *testing.T) {
	en := i18n.For(i18n.English)
	for _, l := range i18n.Langs()[1:] {
		c := i18n.For(l)
		for _, id := range en.IDs() {
			if !strings.HasPrefix(id, "editor.") || c.T(id, i18n.Count(2)) != en.T(id, i18n.Count(2)) {
				continue
			}
			if !keptInEnglish.MatchString(en.T(id)) && !slices.Contains(sameWords[l], en.T(id)) {
				t.Errorf("%s: %s is left in English: %q", l, id, en.T(id))
			}
		}
	}
}
