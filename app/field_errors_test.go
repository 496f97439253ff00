package app

import (
	"errors"
	"strings"
	"testing"

	"partitionlab/app/i18n"
	"partitionlab/sim/scenario"
)

// The browser's work budget refuses a day at a million orders a second,
// naming the fields, the estimate and the limit in the page's language;
// in English exactly as the engine says it.
func TestBudgetRefusalInTheReadersLanguage(t *testing.T) {
	sc, err := scenario.ParseScenarioWithSets([]byte(`{}`), []string{"duration_s=3600", "workload.orders_per_s=50000"})
	if err != nil {
		t.Fatal(err)
	}
	refusal := scenario.EstimateWork(sc).Check(scenario.BrowserLimits())
	if refusal == nil {
		t.Fatal("the browser accepts 5.4e8 events")
	}
	if got := fieldErrorsText(i18n.For(i18n.English), refusal); got != refusal.Error() {
		t.Errorf("en: %q, the engine says %q", got, refusal.Error())
	}
	for l, want := range map[i18n.Lang]string{
		i18n.Portuguese: "duration_s: duration_s × workload.orders_per_s × 3 eventos por pedido = 3.600 × 50.000 × 3 = 540.000.000 eventos; o limite no navegador é 250.000.000 (reduza duration_s ou workload.orders_per_s)",
		i18n.Korean:     "duration_s: duration_s × workload.orders_per_s × 주문당 이벤트 3개 = 3,600 × 50,000 × 3 = 이벤트 540,000,000개입니다. 브라우저의 한도는 250,000,000입니다(duration_s를 줄이거나 workload.orders_per_s를 낮추세요)",
	} {
		if got := fieldErrorsText(i18n.For(l), refusal); got != want {
			t.Errorf("%s: %q, want %q", l, got, want)
		}
	}
	if got := fieldErrorsText(i18n.For(i18n.French), errors.New("offline")); got != "offline" {
		t.Errorf("another error: %q", got)
	}
}

// A decimal comma is read where the language writes one; elsewhere, and
// for anything but one plain number, the text stays as typed for the
// engine to explain.
func TestDecimalComma(t *testing.T) {
	for _, tc := range []struct {
		lang     i18n.Lang
		in, want string
	}{
		{i18n.Portuguese, "0,5", "0.5"},
		{i18n.French, " 12,25 ", "12.25"},
		{i18n.Spanish, "-1,5", "-1.5"},
		{i18n.English, "0,5", "0,5"},
		{i18n.Korean, "0,5", "0,5"},
		{i18n.Portuguese, "1,000,5", "1,000,5"},
		{i18n.Portuguese, "1.5", "1.5"},
		{i18n.Portuguese, "abc", "abc"},
	} {
		if got := decimalPoint(tc.lang, tc.in); got != tc.want {
			t.Errorf("%s: %q → %q, want %q", tc.lang, tc.in, got, tc.want)
		}
	}
}

// A change the Compare page cannot read (path=value) is said in the
// page's language, the command line's English unchanged.
func TestMalformedChangeInTheReadersLanguage(t *testing.T) {
	_, err := scenario.ParseScenarioWithSets([]byte(`{}`), []string{"nonsense"})
	if err == nil {
		t.Fatal("nonsense is a change")
	}
	const en = `--set "nonsense": want path=value, such as topic.partitions=24`
	if err.Error() != en {
		t.Errorf("the command line says %q, want %q", err.Error(), en)
	}
	if got := fieldErrorsText(i18n.For(i18n.English), err); got != en {
		t.Errorf("en: %q", got)
	}
	for _, l := range i18n.Langs()[1:] {
		if got := fieldErrorsText(i18n.For(l), err); got == en || !strings.Contains(got, "topic.partitions=24") {
			t.Errorf("%s: %q", l, got)
		}
	}
	_, err = scenario.ParseScenarioWithSets([]byte(`{}`), []string{"timeline.5.at_s=1"})
	if got := fieldErrorsText(i18n.For(i18n.Portuguese), err); got != `--set timeline.5.at_s: "5" não é um índice entre 0 e 0` {
		t.Errorf("pt: %q", got)
	}
}

// Bad JSON (an import, a link) names the line, the column and what was
// wrong in the page's language, not in encoding/json's English.
func TestBadJSONInTheReadersLanguage(t *testing.T) {
	for _, tc := range []struct {
		doc  string
		lang i18n.Lang
		want string
	}{
		{`nonsense`, i18n.Portuguese, "JSON inválido na linha 1, coluna 3: caractere 'o' inesperado no literal null (esperava 'u')"},
		{`{"a": x}`, i18n.Spanish, "JSON no válido en la línea 1, columna 5: carácter 'x' inesperado donde debería empezar un valor"},
		{`{"a":1 x}`, i18n.French, "JSON non valide ligne 1, colonne 8\u00a0: caractère 'x' inattendu après un champ (il manque une virgule ou l’accolade })"},
		{`{x}`, i18n.Korean, "1행 2열에서 올바른 JSON이 아닙니다: 예상하지 못한 문자 'x'이(가) 있습니다"},
		{`{"a": 1.x}`, i18n.English, "not valid JSON at line 1, column 7: invalid character 'x' after decimal point in numeric literal"},
	} {
		_, err := scenario.ParseScenario([]byte(tc.doc))
		if got := fieldErrorsText(i18n.For(tc.lang), err); got != tc.want {
			t.Errorf("%s %s: %q, want %q", tc.lang, tc.doc, got, tc.want)
		}
		for _, l := range i18n.Langs()[1:] {
			if got := fieldErrorsText(i18n.For(l), err); strings.Contains(got, "invalid character") || strings.Contains(got, "literal null (") && l == i18n.Korean {
				t.Errorf("%s %s: %q", l, tc.doc, got)
			}
		}
	}
}

// The Key → partition page's partition count out of range reads as the
// editor's range message does, numbers grouped the language's way.
func TestKeysPartitionRangeLikeTheEditor(t *testing.T) {
	for l, want := range map[i18n.Lang]string{
		i18n.English:    "Partitions: -1 is not in 1..100000",
		i18n.Portuguese: "Partições: -1 não está entre 1 e 100.000",
		i18n.Korean:     "partition 수: -1은(는) 허용 범위(1~100,000)를 벗어납니다",
	} {
		c := i18n.For(l)
		if _, got := partitionCount(c, c.T("keys.partitions"), "-1"); got != want {
			t.Errorf("%s: %q, want %q", l, got, want)
		}
	}
}
