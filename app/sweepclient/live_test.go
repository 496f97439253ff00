package sweepclient

import (
	"strings"
	"testing"
)

// The live scatter draws a dot per point, fills and joins the frontier's,
// and says what it is to a screen reader.
func TestLiveScatter(t *testing.T) {
	svg := LiveScatter([]LivePoint{{Load: 2, Violations: 0, OnFrontier: true}, {Load: 1.2, Violations: 30, OnFrontier: true}, {Load: 1.8, Violations: 40}}, `a "label"`)
	if n := strings.Count(svg, "<circle"); n != 3 {
		t.Errorf("%d dots for 3 points", n)
	}
	if n := strings.Count(svg, `fill="#0072B2"`); n != 2 || !strings.Contains(svg, "<polyline") {
		t.Errorf("the frontier's 2 points are not filled and joined:\n%s", svg)
	}
	if !strings.Contains(svg, `aria-label="a &#34;label&#34;"`) || !strings.Contains(svg, `role="img"`) {
		t.Errorf("no escaped label:\n%s", svg)
	}
	if strings.Contains(LiveScatter(nil, "x"), "<circle") {
		t.Error("dots with no point")
	}
}
