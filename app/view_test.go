package app

import (
	"testing"

	"partitionlab/app/runner"
	"partitionlab/sim/scenario"
)

// Every preset's result draws: every chart, and the violation timeline of
// every example, with and without the trace.
func TestEveryPresetDraws(t *testing.T) {
	for _, name := range scenario.PresetNames() {
		sc, err := scenario.Preset(name)
		if err != nil {
			t.Fatal(err)
		}
		j, err := runner.RunAll(sc)
		if err != nil {
			t.Fatal(err)
		}
		v := newResultView(sc, j.Result(), 1)
		for _, c := range append(v.charts, v.assign) {
			if c = c.resolve(nil); c.err != "" || c.chart.SVG == "" {
				t.Errorf("%s: %s: %q", name, c.id, c.err)
			}
		}
		for pass := range 2 {
			for i := range j.Result().Ordering.Examples {
				if c := v.violationChart(i).resolve(nil); c.err != "" || c.chart.SVG == "" {
					t.Errorf("%s: violation %d: %s", name, i, c.err)
				}
			}
			v.setTrace(j.Trace())
			_ = pass
		}
	}
}
