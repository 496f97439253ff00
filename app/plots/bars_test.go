package plots

import (
	"encoding/xml"
	"io"
	"strings"
	"testing"

	"partitionlab/app/chart"

	"partitionlab/app/i18n"
)

// fills counts the filled shapes of each colour in an SVG document, which is
// how a person would count bars: one filled rectangle per bar, plus one
// swatch per legend entry.
func fills(t *testing.T, svg string) map[string]int {
	t.Helper()
	counts := map[string]int{}
	d := xml.NewDecoder(strings.NewReader(svg))
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return counts
		}
		if err != nil {
			t.Fatalf("the chart is not well-formed XML: %v", err)
		}
		if el, ok := tok.(xml.StartElement); ok && el.Name.Local == "path" {
			for _, a := range el.Attr {
				if a.Name.Local == "style" && strings.HasPrefix(a.Value, "fill:#") {
					counts[strings.TrimPrefix(a.Value, "fill:")[:7]]++
				}
			}
		}
	}
}

func TestKeysPerPartitionDrawsOneBarPerPartitionAndClient(t *testing.T) {
	series := []chart.Series{
		{Name: "java", ColorIndex: 0, Counts: []int{1, 0, 3, 2, 1, 1}},
		{Name: "sarama", ColorIndex: 2, Counts: []int{0, 4, 1, 1, 1, 1}},
	}
	svg, err := KeysPerPartition(en, "Keys per partition", 6, series)
	if err != nil {
		t.Fatal(err)
	}
	got := fills(t, svg)
	// Six bars (zero-height ones included, so every partition has its slot)
	// and one legend swatch per client.
	for _, s := range series {
		if n := got[chart.Hex(s.ColorIndex)]; n != 6+1 {
			t.Errorf("%s: %d shapes in %s, want 6 bars + 1 legend swatch", s.Name, n, chart.Hex(s.ColorIndex))
		}
	}
	if n := got[chart.Hex(1)]; n != 0 {
		t.Errorf("a client that is not drawn has %d shapes in its colour", n)
	}
	for _, label := range []string{">java<", ">sarama<", ">Keys per partition<", ">partition<"} {
		if !strings.Contains(svg, label) {
			t.Errorf("the chart has no text %s", label)
		}
	}
}

func TestKeysPerPartitionIsInlineSVG(t *testing.T) {
	svg, err := KeysPerPartition(en, "t", 3, []chart.Series{{Name: "java", Counts: []int{1, 2, 3}}})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(svg, "<svg") {
		t.Errorf("the chart starts with %.40q, want <svg: a prolog or comment would not render inside HTML", svg)
	}
	open := svg[:strings.Index(svg, ">")]
	if strings.Contains(open, ` width="`) || strings.Contains(open, ` height="`) {
		t.Errorf("the <svg> element has a fixed size, so CSS cannot scale it: %s", open)
	}
	if !strings.Contains(open, `viewBox="0 0 640 300"`) || !strings.Contains(open, `role="img"`) {
		t.Errorf("the <svg> element lacks its viewBox or its role: %s", open)
	}
}

func TestKeysPerPartitionGroupsManyPartitions(t *testing.T) {
	counts := make([]int, 1000)
	counts[999] = 5
	svg, err := KeysPerPartition(en, "t", 1000, []chart.Series{{Name: "java", Counts: counts}})
	if err != nil {
		t.Fatal(err)
	}
	g := GroupingFor(1000)
	if g.Bars > MaxBars || g.Bars*g.Size < 1000 {
		t.Fatalf("GroupingFor(1000) = %+v: more than %d bars or not every partition covered", g, MaxBars)
	}
	if n := fills(t, svg)[chart.Hex(0)]; n != g.Bars+1 {
		t.Errorf("%d shapes, want %d bars + 1 legend swatch", n, g.Bars)
	}
	if want := g.Label(g.Bars-1, 1000); !strings.HasSuffix(want, "–999") {
		t.Errorf("the last bar is labelled %q, want it to end at partition 999", want)
	}
	if !strings.Contains(svg, ">partitions, 21 per bar<") {
		t.Errorf("the axis does not say partitions are grouped")
	}
}

func TestKeysPerPartitionRejectsBadInput(t *testing.T) {
	cases := map[string]struct {
		n      int
		series []chart.Series
	}{
		"no partitions":   {0, []chart.Series{{Name: "java"}}},
		"no series":       {3, nil},
		"counts mismatch": {3, []chart.Series{{Name: "java", Counts: []int{1}}}},
	}
	for name, c := range cases {
		if _, err := KeysPerPartition(en, "t", c.n, c.series); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func TestWholeTicksAreWholeNumbers(t *testing.T) {
	for _, hi := range []float64{1, 2, 5, 7, 13, 99, 1234, 250000} {
		ticks := wholeTicksIn(i18n.English, 0, hi)
		if len(ticks) < 2 || len(ticks) > 7 {
			t.Errorf("wholeTicksIn(i18n.English, 0, %v) gives %d ticks, want 2..7", hi, len(ticks))
		}
		for _, tk := range ticks {
			if tk.Value != float64(int(tk.Value)) || tk.Value > hi {
				t.Errorf("wholeTicksIn(i18n.English, 0, %v) has tick %v", hi, tk.Value)
			}
		}
	}
}
