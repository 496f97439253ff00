package runner

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"partitionlab/app/chart"
	"partitionlab/app/i18n"
	"partitionlab/app/plots"
	"partitionlab/sim"
)

// resultReply runs req through a worker's service that draws charts as
// the worker's main has it draw them, and returns its result reply.
func resultReply(t *testing.T, s *Service, req Request) Reply {
	t.Helper()
	clock := &fakeClock{t: time.Unix(0, 0), tick: 10 * time.Millisecond}
	if got := s.Handle(req, clock.now()); got != nil {
		t.Fatalf("the run answered %+v at once", got)
	}
	for _, r := range drain(t, s, clock) {
		if r.Kind == KindResult {
			return r
		}
	}
	t.Fatal("no result reply")
	return Reply{}
}

// A result comes with the charts the run asked for, drawn in the page's
// language, as the page would have drawn them: the page then draws none.
func TestServiceSendsTheChartsARunAsksForInItsLanguage(t *testing.T) {
	sc := preset(t, "order-events")
	sc.DurationS = 5
	s := Service{Draw: plots.Draw}
	for _, lang := range []i18n.Lang{i18n.English, i18n.Korean} {
		req := runRequest(3, sc, false)
		req.Charts, req.Lang = []string{chart.Records, chart.Lag}, string(lang)
		res := resultReply(t, &s, req)
		var ids []string
		for id := range res.Charts {
			ids = append(ids, id)
		}
		slices.Sort(ids)
		if want := []string{chart.Lag, chart.Records}; !slices.Equal(ids, want) {
			t.Fatalf("%s: the result came with charts %v, want %v", lang, ids, want)
		}
		c := i18n.For(lang)
		want, err := plots.RecordsPerPartition(c, res.Result)
		if err != nil {
			t.Fatal(err)
		}
		if got := res.Charts[chart.Records]; got != want {
			t.Errorf("%s: the worker's chart differs from the page's drawing of the same result", lang)
		}
		if title := c.T("plots.records.title"); !strings.Contains(res.Charts[chart.Records].SVG, title) {
			t.Errorf("%s: the records chart does not say %q", lang, title)
		}
	}
}

// No charts when none are asked for, when the worker does not draw, or in
// a language whose words it lacks (it would draw English's): the page
// asks for each then.
func TestServiceSendsNoChartsItCannotDrawInThePagesLanguage(t *testing.T) {
	sc := preset(t, "order-events")
	sc.DurationS = 5
	for _, c := range []struct {
		what string
		s    Service
		ids  []string
		lang string
	}{
		{"none asked for", Service{Draw: plots.Draw}, nil, "en"},
		{"a worker that draws nothing", Service{}, chart.ResultIDs, "en"},
		{"a language it has no words for", Service{Draw: plots.Draw}, chart.ResultIDs, "xx"},
		{"no language", Service{Draw: plots.Draw}, chart.ResultIDs, ""},
	} {
		req := runRequest(4, sc, false)
		req.Charts, req.Lang = c.ids, c.lang
		if res := resultReply(t, &c.s, req); res.Charts != nil {
			t.Errorf("%s: the result came with %d charts", c.what, len(res.Charts))
		}
	}
}

// The page's words reach the worker as a request: a catalog that does not
// read installs nothing and says so; one that reads answers nothing.
func TestServiceInstallsThePagesWords(t *testing.T) {
	files, err := i18n.Files(i18n.Spanish)
	if err != nil {
		t.Fatal(err)
	}
	words := map[string]json.RawMessage{}
	for name, b := range files {
		words[name] = b
	}
	var s Service
	if got := s.Handle(Request{Kind: KindWords, Lang: "es", Words: words}, time.Unix(0, 0)); got != nil {
		t.Errorf("installing Spanish's catalog answered %+v", got)
	}
	if !i18n.Ready(i18n.Spanish) {
		t.Error("Spanish is not ready after its words")
	}
	broken := map[string]json.RawMessage{"core.json": json.RawMessage(`{"core.x": 3}`)}
	got := s.Handle(Request{Kind: KindWords, ID: 9, Lang: "es", Words: broken}, time.Unix(0, 0))
	if len(got) != 1 || got[0].Kind != KindError || !strings.Contains(got[0].Error, "words") || !strings.Contains(got[0].Error, "core.json") {
		t.Errorf("a catalog that does not read answered %+v", got)
	}
	got = s.Handle(Request{Kind: KindWords, Lang: "en", Words: words}, time.Unix(0, 0))
	if len(got) != 1 || got[0].Kind != KindError {
		t.Errorf("words for English, which is compiled in, answered %+v", got)
	}
}

// The client hands the page the charts that came with a result.
func TestClientShowsTheResultWithItsCharts(t *testing.T) {
	c, _ := started(t)
	drawn := map[string]chart.Chart{chart.Busy: {SVG: "<svg></svg>", Width: 4, Height: 3}}
	b, err := json.Marshal(Reply{Kind: KindResult, ID: 7, Result: &sim.Result{Digest: "d"}, Charts: drawn})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range c.Hear(string(b), t0) {
		if f.Kind == ShowResult {
			if f.Result.Digest != "d" || len(f.Charts) != 1 || f.Charts[chart.Busy] != drawn[chart.Busy] {
				t.Errorf("ShowResult carries %+v and charts %v", f.Result, f.Charts)
			}
			return
		}
	}
	t.Error("no ShowResult")
}

// Any chart a page shows is drawn on request, in the page's language, as
// app/plots draws it; a request the worker cannot draw says why.
func TestServiceDrawsAChartOnRequest(t *testing.T) {
	s := Service{Draw: plots.Draw}
	job := chart.Job{Kind: chart.KindKeys, Title: "keys", Partitions: 3,
		Series: []chart.Series{{Name: "murmur2", Counts: []int{4, 0, 2}}}}
	got := s.Handle(Request{Kind: KindDraw, ID: 5, Lang: "fr", Draw: &job}, time.Unix(0, 0))
	want, err := plots.Draw(i18n.For(i18n.French), job)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].Kind != KindDrawn || got[0].ID != 5 || got[0].Error != "" || got[0].Chart == nil || *got[0].Chart != want {
		t.Fatalf("a keys chart answered %+v", got)
	}
	if back := roundTrip(t, got[0]); back.Chart == nil || *back.Chart != want {
		t.Error("the chart does not come through JSON whole")
	}
	for _, c := range []struct {
		what string
		s    Service
		req  Request
		says string
	}{
		{"no chart", s, Request{Kind: KindDraw, ID: 6, Lang: "en"}, "no chart"},
		{"an unknown kind", s, Request{Kind: KindDraw, ID: 6, Lang: "en", Draw: &chart.Job{Kind: "pie"}}, `"pie"`},
		{"a result chart without its result", s, Request{Kind: KindDraw, ID: 6, Lang: "en", Draw: &chart.Job{Kind: chart.Lag}}, "no result"},
		{"a language without words", s, Request{Kind: KindDraw, ID: 6, Lang: "xx", Draw: &job}, `"xx"`},
		{"a worker that draws nothing", Service{}, Request{Kind: KindDraw, ID: 6, Lang: "en", Draw: &job}, "no charts"},
	} {
		got := c.s.Handle(c.req, time.Unix(0, 0))
		if len(got) != 1 || got[0].Kind != KindDrawn || got[0].ID != 6 || got[0].Chart != nil || !strings.Contains(got[0].Error, c.says) {
			t.Errorf("%s: answered %+v, want an error saying %s", c.what, got, c.says)
		}
	}
}

// A chart whose drawing panics is an error for that chart: the worker,
// and the run in flight, go on.
func TestServiceSurvivesAChartThatPanics(t *testing.T) {
	s := Service{Draw: func(*i18n.Catalog, chart.Job) (chart.Chart, error) { panic("a bad chart") }}
	job := chart.Job{Kind: chart.KindKeys}
	got := s.Handle(Request{Kind: KindDraw, ID: 2, Lang: "en", Draw: &job}, time.Unix(0, 0))
	if len(got) != 1 || got[0].Kind != KindDrawn || !strings.Contains(got[0].Error, "a bad chart") {
		t.Fatalf("a panicking chart answered %+v", got)
	}
	sc := preset(t, "order-events")
	sc.DurationS = 5
	req := runRequest(3, sc, false)
	req.Charts, req.Lang = []string{chart.Lag}, "en"
	res := resultReply(t, &s, req)
	if res.Result == nil || res.Charts[chart.Lag].SVG != "" || !strings.Contains(res.ChartErrors[chart.Lag], "a bad chart") {
		t.Errorf("a run whose chart panics gave result %v, errors %v", res.Result != nil, res.ChartErrors)
	}
}
