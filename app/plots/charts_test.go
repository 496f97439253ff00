package plots

import (
	"math"
	"strings"
	"testing"

	"partitionlab/app/chart"

	"partitionlab/app/i18n"
	"partitionlab/app/runner"
	"partitionlab/sim"
	"partitionlab/sim/scenario"
)

// runPreset runs a built-in scenario, with the trace of its violating keys.
func runPreset(t *testing.T, name string) *runner.Job {
	t.Helper()
	sc, err := scenario.Preset(name)
	if err != nil {
		t.Fatal(err)
	}
	j, err := runner.RunAll(sc)
	if err != nil {
		t.Fatal(err)
	}
	return j
}

func has(t *testing.T, svg string, texts ...string) {
	t.Helper()
	for _, s := range texts {
		if !strings.Contains(svg, ">"+s+"<") {
			t.Errorf("the chart has no text %q", s)
		}
	}
}

// polylines counts stroked paths in a colour: one per line series, plus
// its legend swatch.
func polylines(svg, hex string) int {
	return strings.Count(svg, "stroke:"+hex)
}

func TestRecordsPerPartitionHighlightsTheHottest(t *testing.T) {
	r := runPreset(t, "add-partitions").Result()
	c, err := RecordsPerPartition(en, r)
	if err != nil {
		t.Fatal(err)
	}
	got := fills(t, c.SVG)
	if got[chart.Hex(hottestColor)] != 1 || got[chart.Hex(normalColor)] != len(r.Partitions) {
		t.Errorf("%d hottest and %d other bars for %d partitions", got[chart.Hex(hottestColor)], got[chart.Hex(normalColor)], len(r.Partitions))
	}
	has(t, c.SVG, "hottest: p3, 14.4 %", "mean", "Records per partition")

	// 700 partitions: grouped bars, still one highlighted.
	many := &sim.Result{Partitions: make([]sim.PartitionResult, 700), Load: sim.Load{HottestPartition: 650, HottestShare: 0.01}}
	for i := range many.Partitions {
		many.Partitions[i] = sim.PartitionResult{Partition: i, Produced: int64(100 + i%7)}
	}
	c, err = RecordsPerPartition(en, many)
	if err != nil {
		t.Fatal(err)
	}
	if g := GroupingFor(700); fills(t, c.SVG)[chart.Hex(normalColor)] != g.Bars || fills(t, c.SVG)[chart.Hex(hottestColor)] != 1 {
		t.Errorf("700 partitions: want %d bars, one highlighted", g.Bars)
	}
}

func TestLagShowsTheWorstPartitionsAndTheRest(t *testing.T) {
	r := runPreset(t, "add-partitions").Result()
	c, err := Lag(en, r, chart.MarksOf(r))
	if err != nil {
		t.Fatal(err)
	}
	top, rest := topPartitions(r.Series.Lag, TopLagLines)
	if len(top) != TopLagLines || len(rest) != 12-TopLagLines {
		t.Fatalf("top %v rest %v", top, rest)
	}
	has(t, c.SVG, "highest of the other 7 partitions", "p3", "records waiting", "time (s)", "1")
	for i := range TopLagLines {
		if n := polylines(c.SVG, chart.Hex(i)); n < 2 {
			t.Errorf("colour %d is drawn %d times, want a line and its legend", i, n)
		}
	}
	// Few partitions: every one its own line, no "others".
	top, rest = topPartitions(make([][]int32, 6), TopLagLines)
	if len(top) != 6 || len(rest) != 0 {
		t.Errorf("six partitions: top %v rest %v, want all six drawn", top, rest)
	}
}

// The cursor's position comes from where the chart really draws its data.
func TestTimeChartsPlaceTheCursor(t *testing.T) {
	r := runPreset(t, "scale-out-eager").Result()
	m := chart.MarksOf(r)
	if len(m.Marks) != 1 || len(m.Rebalances) == 0 {
		t.Fatalf("scale-out-eager: %d marks, %d rebalances", len(m.Marks), len(m.Rebalances))
	}
	for name, draw := range map[string]func() (Chart, error){
		"lag":         func() (Chart, error) { return Lag(en, r, m) },
		"throughput":  func() (Chart, error) { return Throughput(en, r, m) },
		"assignments": func() (Chart, error) { return Assignments(en, r, m) },
	} {
		c, err := draw()
		if err != nil {
			t.Fatal(err)
		}
		if !(0 < c.Left && c.Left < c.Right && c.Right <= 1 && 0 <= c.Top && c.Top < c.Bottom && c.Bottom < 1) {
			t.Errorf("%s: data area %+v is not inside the picture", name, c)
		}
		if c.X(0) != c.Left || c.X(r.DurationS) != c.Right || c.X(-1) != c.Left || c.X(1e9) != c.Right {
			t.Errorf("%s: X(0) %v X(end) %v, want the data area's edges %v %v", name, c.X(0), c.X(r.DurationS), c.Left, c.Right)
		}
		if mid := c.X(r.DurationS / 2); math.Abs(mid-(c.Left+c.Right)/2) > 1e-9 {
			t.Errorf("%s: the middle of the run is drawn at %v", name, mid)
		}
		// The rebalance is shaded, the mark numbered.
		if !strings.Contains(c.SVG, "fill-opacity:0.188") {
			t.Errorf("%s: no shaded rebalance", name)
		}
	}
}

func TestBusyShareAndAssignmentsNameEveryThread(t *testing.T) {
	r := runPreset(t, "scale-out-eager").Result()
	c, err := BusyShare(en, r)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range r.Consumers.Members {
		has(t, c.SVG, memberName(en, m))
	}
	if got := fills(t, c.SVG)[chart.Hex(normalColor)]; got != len(r.Consumers.Members) {
		t.Errorf("%d bars for %d threads", got, len(r.Consumers.Members))
	}
	c, err = Assignments(en, r, chart.MarksOf(r))
	if err != nil {
		t.Fatal(err)
	}
	last := r.Consumers.Members[0].Assignments
	has(t, c.SVG, chart.PartitionList(last[len(last)-1].Partitions))

	many := make([]sim.MemberResult, 100)
	for i := range many {
		many[i] = sim.MemberResult{Name: "c", Running: true, BusyShare: float64(i) / 100}
	}
	shown, note := shownMembers(en, many)
	if len(shown) != MaxLanes || !strings.Contains(note, "of 100") || shown[0] != 0 || shown[len(shown)-1] != 99 {
		t.Errorf("100 threads: %d shown (%q), first %d last %d", len(shown), note, shown[0], shown[len(shown)-1])
	}
}

func TestViolationTimelineShowsThePairAmongItsNeighbours(t *testing.T) {
	j := runPreset(t, "thread-pool")
	r := j.Result()
	for _, trace := range [][]sim.TraceEvent{j.Trace(), nil} {
		w := chart.WindowFor(r, trace, 0)
		v := r.Ordering.Examples[0]
		var sel *chart.Overtake
		for i := range w.Overtakes {
			if w.Overtakes[i].Selected {
				sel = &w.Overtakes[i]
			}
		}
		if sel == nil || sel.Later.Offset != v.Later.Offset || sel.Earlier.Offset != v.Earlier.Offset {
			t.Fatalf("the selected violation is not in the window: %+v", w.Overtakes)
		}
		if w.Keys[0] != v.Key || w.From > v.Later.SentS || w.To < *v.Earlier.CompletedS {
			t.Errorf("window %v..%v keys %v does not frame %s", w.From, w.To, w.Keys, v.Explanation)
		}
		names, _, _ := w.Lanes()
		lanes := strings.Join(names, " ")
		for _, want := range []string{"p3", v.Later.Thread, v.Earlier.Thread} {
			if !strings.Contains(lanes, want) {
				t.Errorf("no lane %s in %v", want, names)
			}
		}
		c, err := ViolationTimeline(en, w, chart.MarksOf(r))
		if err != nil {
			t.Fatal(err)
		}
		has(t, c.SVG, v.Later.Event+" (sent later, done first)", v.Earlier.Event+" (sent earlier)")
		// The key is named: in the title when it is the only one, in the
		// legend ("key …") beside others.
		if !strings.Contains(c.SVG, "key "+v.Key) {
			t.Errorf("the chart does not name key %s", v.Key)
		}
		if trace != nil && len(w.Journeys) <= 2 {
			t.Errorf("with the trace the window shows only %d records", len(w.Journeys))
		}
	}
	if w := chart.WindowFor(r, j.Trace(), len(r.Ordering.Examples)); len(w.Journeys) != 0 {
		t.Errorf("an example out of range gives a window")
	}
	if _, err := ViolationTimeline(en, chart.ViolationWindow{}, chart.TimeMarks{}); err == nil {
		t.Errorf("an empty window draws")
	}
}

// Every text of every chart is Liberation Sans: app.wasm carries that font
// alone (app/plots/fonts), so another one would be measured with the wrong
// metrics. The Hangul face named before it holds Hangul only (its
// unicode-range), so Latin text stays Liberation Sans.
func TestChartsUseLiberationSansOnly(t *testing.T) {
	for name, c := range everyChart(t, en) {
		texts := strings.Count(c.SVG, "<text")
		sans := strings.Count(c.SVG, "font-family:'Partition Lab Hangul','Liberation Sans'")
		if texts == 0 || sans != texts {
			t.Errorf("%s: %d of %d texts are in Liberation Sans", name, sans, texts)
		}
		if strings.Contains(c.SVG, "font-weight:bold") || strings.Contains(c.SVG, "font-style:italic") {
			t.Errorf("%s: bold or italic text", name)
		}
	}
}

// everyChart draws every kind of chart with c's words: the Simulate
// page's for scale-out-eager, the violation timeline of thread-pool, a
// Key → partition chart and the three comparison charts.
func everyChart(t *testing.T, c *i18n.Catalog) map[string]Chart {
	t.Helper()
	r := runPreset(t, "scale-out-eager").Result()
	m := chart.MarksOf(r)
	tp := runPreset(t, "thread-pool").Result()
	a, b := chart.Side{Name: "A: scale-out-eager", Result: r}, chart.Side{Name: "B: thread-pool", Result: tp}
	draws := map[string]func() (Chart, error){
		"records":     func() (Chart, error) { return RecordsPerPartition(c, r) },
		"lag":         func() (Chart, error) { return Lag(c, r, m) },
		"throughput":  func() (Chart, error) { return Throughput(c, r, m) },
		"busy":        func() (Chart, error) { return BusyShare(c, r) },
		"assignments": func() (Chart, error) { return Assignments(c, r, m) },
		"violations": func() (Chart, error) {
			return ViolationTimeline(c, chart.WindowFor(tp, nil, 0), chart.MarksOf(tp))
		},
		"keys": func() (Chart, error) {
			s, err := KeysPerPartition(c, "t", 3, []chart.Series{{Name: "java", Counts: []int{1, 2, 3}}})
			return Chart{SVG: s}, err
		},
		"compare-records":    func() (Chart, error) { return CompareRecords(c, a, b) },
		"compare-lag":        func() (Chart, error) { return CompareLag(c, a, b) },
		"compare-throughput": func() (Chart, error) { return CompareThroughput(c, a, b) },
	}
	out := map[string]Chart{}
	for name, draw := range draws {
		ch, err := draw()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out[name] = ch
	}
	return out
}

func TestStandaloneSVGHasItsSize(t *testing.T) {
	r := runPreset(t, "order-events").Result()
	c, err := Throughput(en, r, chart.MarksOf(r))
	if err != nil {
		t.Fatal(err)
	}
	s := chart.Standalone(c)
	if !strings.HasPrefix(s, "<?xml") || !strings.Contains(s, `<svg width="640" height="240"`) {
		t.Errorf("standalone SVG starts %.120q", s)
	}
}

// Counts on the axes have thousands separators, and a violation's window
// of a few milliseconds is marked in milliseconds.
func TestTicksReadWell(t *testing.T) {
	for _, tk := range wholeTicksIn(i18n.English, 0, 30925) {
		if tk.Value >= 1000 && !strings.Contains(tk.Label, ",") {
			t.Errorf("tick %+v has no thousands separator", tk)
		}
	}
	ticks := msTicksIn(i18n.English, 0.0775, 0.0975)
	if len(ticks) < 4 || len(ticks) > 9 {
		t.Fatalf("%d ticks over 20 ms: %+v", len(ticks), ticks)
	}
	for _, tk := range ticks {
		if strings.Contains(tk.Label, "0.0") || tk.Value < 0.0775 || tk.Value > 0.0975+1e-9 {
			t.Errorf("tick %+v over 77.5..97.5 ms", tk)
		}
	}
	fine := msTicksIn(i18n.English, 0.0870, 0.0885)
	if len(fine) < 3 {
		t.Errorf("1.5 ms span gets %d ticks: %+v", len(fine), fine)
	}
}

// en is the English catalog, the words most tests read.
var en = i18n.For(i18n.English)
