package plots

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"partitionlab/app/chart"

	"partitionlab/app/i18n"
)

// A and B share one chart per measure: both names in the legend, both
// colours drawn, and text at 12 pt or more.
func TestComparisonChartsDrawBothSidesOnOneAxis(t *testing.T) {
	a := chart.Side{Name: "A: scale-out-eager", Result: runPreset(t, "scale-out-eager").Result()}
	b := chart.Side{Name: "B: scale-out-cooperative", Result: runPreset(t, "scale-out-cooperative").Result()}
	for name, draw := range map[string]func(c *i18n.Catalog, a, b chart.Side) (Chart, error){
		"records": CompareRecords, "lag": CompareLag, "throughput": CompareThroughput,
	} {
		c, err := draw(en, a, b)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		has(t, c.SVG, a.Name, b.Name)
		for _, hex := range []string{chart.Hex(0), chart.Hex(1)} {
			if !strings.Contains(strings.ToUpper(c.SVG), hex) {
				t.Errorf("%s: colour %s is not drawn", name, hex)
			}
		}
		sizes := regexp.MustCompile(`font-size:([0-9.]+)px`).FindAllStringSubmatch(c.SVG, -1)
		if len(sizes) == 0 {
			t.Errorf("%s: no text sizes", name)
		}
		for _, m := range sizes {
			if v, _ := strconv.ParseFloat(m[1], 64); v < 12 {
				t.Errorf("%s: text of %s px in a %g px wide picture", name, m[1], c.Width)
			}
		}
	}
}
