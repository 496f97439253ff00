package app

import (
	"fmt"
	"strings"
	"testing"

	"partitionlab/app/chart"
	"partitionlab/app/i18n"
)

// Where the page is rendered on the server, a chart is drawn at once, once
// per key: the same chart shown again is not drawn again.
func TestResolveDrawsOnceByKey(t *testing.T) {
	draws, inner := 0, drawNow
	drawNow = func(c *i18n.Catalog, job chart.Job) (chart.Chart, error) {
		draws++
		return inner(c, job)
	}
	t.Cleanup(func() { drawNow = inner })
	job := chart.Job{Kind: chart.KindKeys, Title: "keys", Partitions: 2, Series: []chart.Series{{Name: "murmur2", Counts: []int{3, 1}}}}
	nc := jobChart("chart", "", job)
	drawn.Lock()
	delete(drawn.byKey, string(tr().Lang())+"|"+nc.key) // as if never drawn
	drawn.Unlock()
	for range 3 {
		got := nc.resolve(nil)
		if got.pending || got.err != "" || !strings.HasPrefix(got.chart.SVG, "<svg") || got.job != nil {
			t.Fatalf("resolved to pending %v, error %q, %.40q", got.pending, got.err, got.chart.SVG)
		}
	}
	if draws != 1 {
		t.Errorf("drawn %d times for one key", draws)
	}
	bad := jobChart("chart", "", chart.Job{Kind: "pie"}).resolve(nil)
	if bad.err == "" || bad.pending {
		t.Errorf("a job no one can draw resolved without its error: %+v", bad)
	}
}

// The drawings kept stay within their bound, the oldest forgotten first.
func TestDrawnChartsStayBounded(t *testing.T) {
	for i := range maxDrawn + 10 {
		keepDrawn(fmt.Sprintf("test|%d", i), drawnChart{chart: chart.Chart{SVG: "<svg/>"}})
	}
	drawn.Lock()
	defer drawn.Unlock()
	if len(drawn.byKey) > maxDrawn || len(drawn.order) != len(drawn.byKey) {
		t.Errorf("%d drawings kept (%d in order), bound %d", len(drawn.byKey), len(drawn.order), maxDrawn)
	}
	if _, ok := drawn.byKey["test|0"]; ok {
		t.Error("the oldest drawing was kept")
	}
	if _, ok := drawn.byKey[fmt.Sprintf("test|%d", maxDrawn+9)]; !ok {
		t.Error("the newest drawing was forgotten")
	}
}
