package app

import (
	"reflect"
	"strconv"
	"strings"
	"testing"

	"partitionlab/app/changes"
	"partitionlab/app/i18n"
	"partitionlab/app/keyplacement"
	"partitionlab/hashcore"
	"partitionlab/sim"
	"partitionlab/sim/scenario"
	"partitionlab/sim/scenario/keydist"
)

// Everything Compare and Key → partition name from data has its words in
// the catalog: every change of the picker (in English, the label B's
// scenario is named with), every client and serializer, every ordering
// scope.
func TestCompareAndKeysNamesAreInTheCatalog(t *testing.T) {
	en := i18n.For(i18n.English)
	for _, ch := range changes.List() {
		if got := changeLabel(en, ch); got != ch.Label {
			t.Errorf("change %s reads %q, its label %q", ch.ID, got, ch.Label)
		}
	}
	for _, p := range hashcore.Partitioners() {
		if got := en.T("keys.client." + p.Name()); got != p.Describe() {
			t.Errorf("client %s reads %q, it describes itself %q", p.Name(), got, p.Describe())
		}
	}
	for _, s := range hashcore.Serializers() {
		if !en.Has("keys.serializer." + string(s)) {
			t.Errorf("serializer %s has no label", s)
		}
	}
	scopes := reflect.TypeOf(sim.Scopes{})
	for i := range scopes.NumField() {
		scope, _, _ := strings.Cut(scopes.Field(i).Tag.Get("json"), ",")
		if !en.Has("report.scope." + scope) {
			t.Errorf("scope %s has no name", scope)
		}
	}
}

// The key page's messages in Portuguese: a bad partition count, a key its
// serializer refuses, the share of keys that move.
func TestKeysMessagesInPortuguese(t *testing.T) {
	pt := i18n.For(i18n.Portuguese)
	if _, msg := partitionCount(pt, pt.T("keys.partitions"), "0"); msg != "Partições: 0 não está entre 1 e 100.000" {
		t.Errorf("partitions 0: %q", msg)
	}
	if _, msg := partitionCount(pt, pt.T("keys.compare"), "muitas"); !strings.Contains(msg, `"muitas" não é um número inteiro`) {
		t.Errorf("partitions \"muitas\": %q", msg)
	}
	_, errs := keyplacement.Serialize(keyplacement.Lines("12\nx"), hashcore.Int, "line", keyplacement.Blank)
	if len(errs) != 1 {
		t.Fatalf("errors %v", errs)
	}
	if got := keyError(pt, hashcore.Int, errs[0]); !strings.HasPrefix(got, `linha 2: a key "x" não é um Integer`) {
		t.Errorf("key error %q", got)
	}
	if got := movedShare(pt, 3, 8); got != "3 de 8 keys (37,5%) mudam" {
		t.Errorf("moved share %q", got)
	}
	if got := movedShare(i18n.For(i18n.English), 3, 8); !strings.HasPrefix(got, "3 of 8 keys (37.5%)") {
		t.Errorf("English moved share %q", got)
	}
}

// A key,count line the page cannot read is explained in the page's
// language, every problem keydist finds; English says what keydist says.
func TestKeyCountLinesExplainedInEveryLanguage(t *testing.T) {
	bad := []string{"no comma here", "k,0", `"a"b",3`, ",5"}
	for _, l := range i18n.Langs() {
		c := i18n.For(l)
		_, _, errs := weightedTexts(c, bad)
		if len(errs) != len(bad) {
			t.Fatalf("%s: %d errors for %d bad lines: %q", l, len(errs), len(bad), errs)
		}
		for i, e := range errs {
			_, _, err := keydist.CSVLine(bad[i])
			if strings.Contains(e, "keys.error") {
				t.Errorf("%s: line %d shows a catalog id: %q", l, i+1, e)
			}
			if english := "line " + strconv.Itoa(i+1) + ": " + err.Error(); (l == i18n.English) != (e == english) {
				t.Errorf("%s: line %d reads %q (the English is %q)", l, i+1, e, english)
			}
		}
	}
}

// A field change B refuses is explained in the page's language by the
// engine's own message, naming the field and the value.
func TestCompareFieldChangeRefusedInPortuguese(t *testing.T) {
	a, _ := scenario.Preset("order-events")
	custom, _ := changes.Find(changes.Custom)
	_, err := changes.Apply(a, custom, "topic.partitions=0")
	pt := i18n.For(i18n.Portuguese)
	got := fieldErrorsText(pt, err)
	if !strings.Contains(got, "topic.partitions") || got == err.Error() {
		t.Errorf("the refusal reads %q in Portuguese, %q in English", got, err.Error())
	}
}

// B made from A with a change keeps being named in the page's language
// once it is edited (the page no longer holds the change) or a new change
// cannot be made: its heading, its picker's option and the charts'
// legends never show the English name its scenario keeps for the digest.
// The review's file names come from ids, the same in every language.
func TestEditedChangedBNamedInKorean(t *testing.T) {
	ko := i18n.For(i18n.Korean)
	p := newComparePage()
	a, _ := scenario.Preset("scale-out-eager")
	if err := p.sides[0].loadJSON(scenario.MarshalScenario(a)); err != nil {
		t.Fatal(err)
	}
	p.change = "partitions-x2"
	p.deriveB()
	if p.changeErr != "" || p.sides[1].sc.Name != "scale-out-eager with twice the partitions" {
		t.Fatalf("B is %q (%s)", p.sides[1].sc.Name, p.changeErr)
	}
	want := "scale-out-eager + " + ko.T("compare.change.partitions-x2")
	if got := p.sideTitle(ko, 1); got != want {
		t.Errorf("B with its change is titled %q, want %q", got, want)
	}
	// Edited: B is now a scenario of its own, whose name says where it
	// came from.
	p.change, p.changeErr = "", ""
	b := p.sides[1].sc
	b.Consumer.Instances++
	if err := p.sides[1].loadJSON(scenario.MarshalScenario(b)); err != nil {
		t.Fatal(err)
	}
	if got := p.sideTitle(ko, 1); got != want {
		t.Errorf("edited B is titled %q, want %q", got, want)
	}
	// A change that cannot be made leaves B as it was, still in Korean.
	p.change = "instance-plus-1"
	p.sides[0].sc.Consumer.Instances = 10000
	p.changeErr = "cannot"
	if got := p.sideTitle(ko, 1); got != want {
		t.Errorf("B after a refused change is titled %q, want %q", got, want)
	}
	p.sides[0].sc = a
	r, err := sim.Run(a)
	if err != nil {
		t.Fatal(err)
	}
	rb, err := sim.Run(p.sides[1].sc)
	if err != nil {
		t.Fatal(err)
	}
	rv := newReviewView(ko, newResultView(a, r, 1), newResultView(p.sides[1].sc, rb, 2), [2]string{p.sideTitle(ko, 0), p.sideTitle(ko, 1)})
	_, sb := rv.input(ko).Sides()
	if sb.Name != "B: "+want {
		t.Errorf("B's legend reads %q", sb.Name)
	}
	for _, ch := range rv.charts {
		if ch = ch.resolve(nil); strings.Contains(ch.chart.SVG, "with twice") || !strings.Contains(ch.chart.SVG, want) {
			t.Errorf("chart %s does not name B in Korean", ch.id)
		}
	}
	for _, ch := range rv.charts { // the download buttons' names
		if got := chartName(ko, ch.id); strings.Contains(got, "chart") || !hasHangul(got) {
			t.Errorf("chart %s is named %q for its downloads", ch.id, got)
		}
	}
	if got := fileName(p.sides[1].sc.Name, "b"); got != "scale-out-eager-partitions-x2" {
		t.Errorf("B's file name stem is %q", got)
	}
	if got := fileName("order-events with consumer.concurrency=3", "b"); got != "order-events-field-consumer-concurrency3" {
		t.Errorf("a field change's file name stem is %q", got)
	}
}
