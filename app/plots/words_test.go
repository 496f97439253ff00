package plots

import (
	"math"
	"regexp"
	"strings"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"

	"partitionlab/app/i18n"
)

// texts are the words of a chart's <text> elements, as a reader sees them.
func texts(svg string) []string {
	var out []string
	for _, m := range regexp.MustCompile(`<text[^>]*>([^<]*)</text>`).FindAllStringSubmatch(svg, -1) {
		out = append(out, strings.ReplaceAll(m[1], "&#39;", "’"))
	}
	return out
}

// A chart drawn for a page in Portuguese has Portuguese titles, axes and
// legends, and its numbers are written the Brazilian way; no chart of any
// language shows a catalog id instead of words.
func TestChartWordsComeFromTheCatalog(t *testing.T) {
	pt := i18n.For(i18n.Portuguese)
	charts := everyChart(t, pt)
	has(t, charts["records"].SVG, "Registros por partição", "partição", "registros", "média")
	has(t, charts["lag"].SVG, "Lag por partição", "tempo (s)", "registros aguardando")
	has(t, charts["throughput"].SVG, "produzidos", "processados", "registros/s")
	has(t, charts["compare-lag"].SVG, "Máximo de registros aguardando em uma partição, A e B")
	for _, w := range texts(charts["records"].SVG + charts["lag"].SVG) {
		for _, english := range []string{"records", "time (s)", "mean", "hottest"} {
			if strings.Contains(w, english) {
				t.Errorf("the Portuguese chart shows %q", w)
			}
		}
	}
	// Thousands are grouped with a dot: 1.000, not 1,000.
	grouped := false
	for _, w := range texts(charts["throughput"].SVG) {
		if regexp.MustCompile(`^\d{1,3}(\.\d{3})+$`).MatchString(w) {
			grouped = true
		}
		if regexp.MustCompile(`^\d{1,3}(,\d{3})+$`).MatchString(w) {
			t.Errorf("a Portuguese tick reads %q", w)
		}
	}
	if !grouped {
		t.Errorf("no tick of the throughput chart is in the thousands: %q", texts(charts["throughput"].SVG))
	}
	// The aria-label a screen reader announces is in the language too.
	if !strings.Contains(charts["records"].SVG, `aria-label="Gráfico de barras dos registros por partição`) {
		t.Errorf("the chart's label is not Portuguese: %.200q", charts["records"].SVG)
	}
	for _, l := range i18n.Langs() {
		for name, c := range everyChart(t, i18n.For(l)) {
			if strings.Contains(c.SVG, "plots.") {
				t.Errorf("%s %s: a catalog id is shown: %q", l, name, texts(c.SVG))
			}
		}
	}
}

// Korean chart words are Korean, and the SVG names Korean faces after
// Liberation Sans, so the browser draws Hangul with a face the chart was
// measured for.
func TestKoreanChartsNameKoreanFaces(t *testing.T) {
	c := everyChart(t, i18n.For(i18n.Korean))["lag"]
	has(t, c.SVG, "partition별 lag", "시간(s)", "대기 중인 레코드")
	if !strings.Contains(c.SVG, "'Noto Sans CJK KR'") || !strings.Contains(c.SVG, "'Malgun Gothic'") {
		t.Errorf("the chart's fonts name no Korean face")
	}
}

// Liberation Sans has no Hangul: gonum/plot's plain handler measures each
// syllable as its missing-glyph box, narrower than the Korean faces draw
// it; wideText measures HangulAdvance em, an ideograph an em, and the rest
// as before.
func TestWideTextMeasuresHangulAsKoreanFacesDrawIt(t *testing.T) {
	fnt := font.From(plot.DefaultFont, 10)
	fnt.Variant = "Sans"
	plain := text.Plain{Fonts: font.DefaultCache}
	wt := wideText{plain}
	w, _, _ := wt.Box("레코드", fnt)
	if want := 3 * fnt.Size * HangulAdvance; math.Abs(float64(w-want)) > 1e-9 {
		t.Errorf("three syllables measure %v, want %v", w, want)
	}
	if w, _, _ := wt.Box("東京", fnt); w != 2*fnt.Size {
		t.Errorf("two ideographs measure %v, want 2 em", w)
	}
	if pw, _, _ := plain.Box("레코드", fnt); pw >= w {
		t.Errorf("the plain handler measures %v, not narrower than an em each (%v): the handler is not needed", pw, w)
	}
	latin, _, _ := plain.Box("p3 ", fnt)
	mixed, _, _ := wt.Box("p3 레코드", fnt)
	if want := latin + 3*fnt.Size*HangulAdvance; math.Abs(float64(mixed-want)) > 1e-9 {
		t.Errorf("mixed text measures %v, want %v", mixed, want)
	}
}

// Ticks are written the language's way: 0,5 in French and Portuguese, 0.5 in English and Korean.
func TestTicksInTheLanguage(t *testing.T) {
	for _, tc := range []struct {
		l         i18n.Lang
		mark, not string
	}{{i18n.Portuguese, ",", "."}, {i18n.French, ",", "."}, {i18n.English, ".", ","}, {i18n.Korean, ".", ","}} {
		fractional := false
		for _, tk := range (localTicks{tc.l, plot.DefaultTicks{}}).Ticks(0, 1) {
			if strings.Contains(tk.Label, tc.not) {
				t.Errorf("%s: tick %q", tc.l, tk.Label)
			}
			fractional = fractional || strings.Contains(tk.Label, tc.mark)
		}
		if !fractional {
			t.Errorf("%s: no tick between whole numbers on 0..1", tc.l)
		}
	}
}
