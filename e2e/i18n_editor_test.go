package e2e

import (
	"errors"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"partitionlab/app/errtext"
	"partitionlab/app/i18n"
	"partitionlab/app/scenarioform"
	"partitionlab/sim/scenario"
)

// engineSays is the engine's message about a value, in l's words as the
// editor shows it next to the field.
func engineSays(t *testing.T, l i18n.Lang, sets ...string) string {
	t.Helper()
	_, err := scenario.ParseScenarioWithSets([]byte(`{}`), sets)
	var fe scenario.FieldErrors
	if !errors.As(err, &fe) || len(fe) != 1 {
		t.Fatalf("%v: %v, want one field error", sets, err)
	}
	return errtext.For(i18n.For(l)).Message(fe[0])
}

// fieldText is the catalog's word for a part of the editor's field.
func fieldText(l i18n.Lang, section, key, part string) string {
	for _, s := range scenarioform.Sections() {
		for _, f := range s.Fields {
			if s.ID == section && f.Key == key {
				return i18n.For(l).T(s.MessageID(f, part))
			}
		}
	}
	return "?"
}

// Simulate opened in Portuguese and in Korean: the editor's labels, hints
// and sections are the catalog's, and a value the engine refuses is
// explained next to its field in the page's language, with the value as
// typed and the allowed range written the language's way. Fixing it
// clears the message.
func TestEditorErrorsInTheReadersLanguage(t *testing.T) {
	for _, tc := range []struct {
		lang i18n.Lang
		// range is how the partitions' range must read.
		partitions string
		// path, typed and want are a second refusal: a number typed the
		// language's way, read, and explained.
		path, typed, shown, want string
	}{
		{lang: i18n.Portuguese, partitions: "0 não está entre 1 e 10.000",
			path: "workload.orders_per_s", typed: "0,0001", shown: "0.0001", want: "0,0001 não está entre 0,001 e 1.000.000"},
		{lang: i18n.Korean, partitions: "0은(는) 허용 범위(1~10,000)를 벗어납니다",
			path: "consumer.failure_rate", typed: "2", shown: "2", want: "2은(는) 허용 범위(0~0.9)를 벗어납니다"},
	} {
		t.Run(string(tc.lang), func(t *testing.T) {
			l := tc.lang
			ctx := newTab(t, chromedp.WithNewBrowserContext())
			open(t, ctx, env.baseURL+"/?lang="+string(l)+"#preset=order-events")
			partitions := field("topic.partitions")
			waitFor(t, ctx, `document.getElementById(`+js(partitions)+`) !== null && document.getElementById("run-status").dataset.state === "done"`)

			label := fieldText(l, "topic", "topic.partitions", scenarioform.PartLabel)
			if got := eval[string](t, ctx, `document.querySelector('label[for=`+js(partitions)+`]').textContent`); !strings.HasPrefix(got, label) || label == "Partitions" && l != i18n.English {
				t.Errorf("the partitions' label reads %q, want %q", got, label)
			}
			hint := fieldText(l, "topic", "topic.partitions", scenarioform.PartHint)
			if got := eval[string](t, ctx, `document.getElementById(`+js(partitions+"-help")+`).textContent`); !strings.Contains(got, hint) {
				t.Errorf("the partitions' hint reads %q, want %q", got, hint)
			}
			if got, want := eval[string](t, ctx, `document.querySelector("#section-topic h2").textContent`), i18n.For(l).T("editor.topic.title"); got != want {
				t.Errorf("the Topic section is titled %q, want %q", got, want)
			}

			// Zero partitions: the message names the value and the range.
			if want := engineSays(t, l, "topic.partitions=0"); want != tc.partitions {
				t.Fatalf("the catalog says %q, the test expects %q", want, tc.partitions)
			}
			setField(t, ctx, partitions, "0", "input")
			errID := partitions + "-error"
			waitFor(t, ctx, `document.getElementById(`+js(errID)+`).innerText.includes(`+js(tc.partitions)+`)`)
			if got := eval[string](t, ctx, `document.getElementById(`+js(partitions)+`).getAttribute("aria-invalid")`); got != "true" {
				t.Errorf("the input is not marked invalid (aria-invalid=%q)", got)
			}
			waitFor(t, ctx, `document.getElementById("run-status").dataset.state === "invalid"`)
			summary := i18n.For(l).T("editor.invalid", i18n.Count(1))
			if got := eval[string](t, ctx, `document.getElementById("editor-errors").innerText`); !strings.Contains(got, summary) {
				t.Errorf("the editor's summary reads %q, want %q", got, summary)
			}
			setField(t, ctx, partitions, "12", "input")
			waitFor(t, ctx, `document.getElementById(`+js(errID)+`).innerText === "" && document.getElementById("run-status").dataset.state !== "invalid"`)

			// A second field, typed as a reader of the language would.
			in := field(tc.path)
			setField(t, ctx, in, tc.typed, "input")
			waitFor(t, ctx, `document.getElementById(`+js(in+"-error")+`).innerText.includes(`+js(tc.want)+`)`)
			if got := eval[string](t, ctx, `document.getElementById(`+js(in)+`).value`); got != tc.shown {
				t.Errorf("the input shows %q, want %q (what the engine read)", got, tc.shown)
			}
			if want := engineSays(t, l, tc.path+"="+tc.shown); want != tc.want {
				t.Errorf("the catalog says %q, the page %q", want, tc.want)
			}
		})
	}
}
