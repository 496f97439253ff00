package runner

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"partitionlab/app/chart"
	"partitionlab/app/plots"
	"partitionlab/sim"
	"partitionlab/sim/scenario"
)

// runThrough starts run id of sc on c, runs it in a real Service when the
// client posts it, and returns the effects of every reply heard: the
// worker's, or a Replay's given back through HearReplay.
func runThrough(t *testing.T, c *Client, id int, sc scenario.Scenario, charts []string) (start, heard []Effect) {
	t.Helper()
	start = c.Start(id, "k", sc, true, charts, t0)
	for _, f := range start {
		switch f.Kind {
		case Post:
			var req Request
			if err := json.Unmarshal([]byte(f.Request), &req); err != nil {
				t.Fatal(err)
			}
			s := Service{Draw: plots.Draw}
			clock := &fakeClock{t: t0, tick: time.Millisecond}
			s.Handle(req, clock.t)
			for _, r := range drain(t, &s, clock) {
				heard = append(heard, c.Hear(reply(t, r), clock.t)...)
			}
		case Replay:
			for _, data := range f.Replies {
				heard = append(heard, c.HearReplay(f.ID, data, t0)...)
			}
		}
	}
	return start, heard
}

// shown is the result and the trace the effects show.
func shown(t *testing.T, fx []Effect) (*sim.Result, []sim.TraceEvent) {
	t.Helper()
	var r *sim.Result
	var trace []sim.TraceEvent
	var done bool
	for _, f := range fx {
		switch f.Kind {
		case ShowResult:
			r = f.Result
		case ShowDone:
			trace, done = f.Trace, true
		}
	}
	if r == nil || !done {
		t.Fatalf("effects %v: want a result and its end", kinds(fx))
	}
	return r, trace
}

// A run asked for again after it ended is not posted to the worker: its
// result, charts and trace are given back as the engine gave them, and the
// page learns no speed from it.
func TestARunSeenBeforeIsGivenBackWithoutTheEngine(t *testing.T) {
	c := &Client{Lang: "en"}
	sc := preset(t, "retry-topic") // its violations are traced
	_, first := runThrough(t, c, 1, sc, []string{chart.Records})
	want, wantTrace := shown(t, first)
	if len(wantTrace) == 0 {
		t.Fatal("the first run traced nothing: the test needs a run with a trace")
	}
	other := sc
	other.Seed = 2
	runThrough(t, c, 2, other, []string{chart.Records})
	if c.Replayed() {
		t.Error("a new seed was given back, not run")
	}
	if !c.Seen(sc, true, []string{chart.Records}) {
		t.Error("Seen: the first run is not kept")
	}
	start, again := runThrough(t, c, 3, sc, []string{chart.Records})
	expectKinds(t, "start of a run seen before", start, ClearMarks, Replay)
	if !c.Replayed() || c.Running() || c.Phase() != Done {
		t.Errorf("after the replay: replayed %v, running %v, phase %v", c.Replayed(), c.Running(), c.Phase())
	}
	got, gotTrace := shown(t, again)
	if got.Digest != want.Digest || len(gotTrace) != len(wantTrace) {
		t.Errorf("given back: digest %s with %d traced events, want %s with %d", got.Digest, len(gotTrace), want.Digest, len(wantTrace))
	}
	if got == want {
		t.Error("the result given back is the one shown before, not a reading of its own")
	}
	for _, f := range again {
		if f.Kind == LearnSpeed || f.Kind == Post || (f.Kind == Mark && f.Mark != MarkDecoded) {
			t.Errorf("a replay made effect %+v", f)
		}
		if f.Kind == ShowResult && f.Charts[chart.Records].SVG == "" {
			t.Error("the replay lost the chart")
		}
	}
	if c.EngineMs() != 0 {
		t.Errorf("engine time %v ms for a run given back", c.EngineMs())
	}
}

// What the run's replies depend on is its request: another language, other
// charts or a run without its trace is run again.
func TestARunIsGivenBackOnlyForTheSameRequest(t *testing.T) {
	c := &Client{Lang: "en"}
	sc := preset(t, "order-events")
	runThrough(t, c, 1, sc, []string{chart.Records})
	for what, try := range map[string]func() bool{
		"another language": func() bool {
			c.Lang = "ko"
			defer func() { c.Lang = "en" }()
			return c.Seen(sc, true, []string{chart.Records})
		},
		"other charts": func() bool { return c.Seen(sc, true, []string{chart.Lag}) },
		"untraced":     func() bool { return c.Seen(sc, false, []string{chart.Records}) },
		"another field": func() bool {
			o := sc
			o.Topic.Partitions++
			return c.Seen(o, true, []string{chart.Records})
		},
	} {
		if try() {
			t.Errorf("%s: given back", what)
		}
	}
	if !c.Seen(sc, true, []string{chart.Records}) {
		t.Error("the same request: not given back")
	}
}

// A run that ended without its charts, with an error, or cancelled is not
// kept: asking for it again runs it.
func TestOnlyRunsThatEndedWithEveryChartAreKept(t *testing.T) {
	sc := preset(t, "order-events")
	c := &Client{Lang: "en"}
	c.Start(1, "k", sc, true, []string{chart.Records}, t0)
	c.Hear(reply(t, Reply{Kind: KindResult, ID: 1, Result: &sim.Result{}, ChartErrors: map[string]string{chart.Records: "no words"}}), at(10))
	c.Hear(reply(t, Reply{Kind: KindDone, ID: 1, Phase: Done}), at(20))
	if c.Seen(sc, true, []string{chart.Records}) {
		t.Error("a run whose chart failed is kept")
	}
	c.Start(2, "k", sc, true, nil, t0)
	c.Hear(reply(t, Reply{Kind: KindError, ID: 2, Error: "held too much"}), at(10))
	if c.Seen(sc, true, nil) {
		t.Error("a run that ended with an error is kept")
	}
	c.Start(3, "k", sc, true, nil, t0)
	c.Hear(reply(t, Reply{Kind: KindResult, ID: 3, Result: &sim.Result{}}), at(10))
	c.Cancel(at(20))
	c.Hear(reply(t, Reply{Kind: KindDone, ID: 3, Phase: Done}), at(30))
	if c.Seen(sc, true, nil) {
		t.Error("a run cancelled before its end is kept")
	}
}

// A replay heard after the page started another run is dropped, and a
// crash of the worker during a replay replaces the worker without ending
// the run or remembering it as one that stopped the engine.
func TestReplayRepliesOfAnEarlierRunAreIgnored(t *testing.T) {
	sc := preset(t, "order-events")
	c := &Client{Lang: "en"}
	runThrough(t, c, 1, sc, nil)
	fx := c.Start(2, "k", sc, true, nil, t0)
	if c.Cancel(at(5)) != nil {
		t.Error("cancelling a replay asks the worker")
	}
	c.Start(3, "k", other(sc), true, nil, t0)
	if got := c.HearReplay(2, fx[1].Replies[0], at(10)); got != nil {
		t.Errorf("a replay of a run replaced since made %v", kinds(got))
	}
	fx = c.Start(4, "k", sc, true, nil, t0)
	expectKinds(t, "crash during a replay", c.Hear(reply(t, Reply{Kind: KindCrash, Error: "out of memory"}), at(1)), RestartWorker)
	expectKinds(t, "the replay goes on", c.HearReplay(4, fx[1].Replies[0], at(2)), Mark, ShowResult)
}

func other(sc scenario.Scenario) scenario.Scenario {
	sc.Seed++
	return sc
}

// Replays are bounded: the least recently used go first.
func TestReplaysKeepTheMostRecentlyUsed(t *testing.T) {
	var rs replays
	for i := range maxReplays {
		rs.keep(replay{key: string(rune('a' + i)), result: "r", done: "d"})
	}
	rs.find("a") // used again: now kept longer than b
	for i := range 3 {
		rs.keep(replay{key: string(rune('a' + maxReplays + i)), result: "r", done: "d"})
	}
	if len(rs.runs) != maxReplays || !rs.has("a") || rs.has("b") || rs.has("d") || !rs.has("e") {
		t.Errorf("kept %d: a %v, b %v, d %v, e %v", len(rs.runs), rs.has("a"), rs.has("b"), rs.has("d"), rs.has("e"))
	}
	big := strings.Repeat("x", maxReplayOne)
	rs.keep(replay{key: "big", result: big})
	if rs.has("big") {
		t.Error("a run bigger than maxReplayOne is kept")
	}
	var bytes replays
	for i := range 5 {
		bytes.keep(replay{key: string(rune('a' + i)), result: strings.Repeat("x", maxReplayBytes/4)})
	}
	if bytes.bytes > maxReplayBytes || len(bytes.runs) != 3 || bytes.has("b") || !bytes.has("c") {
		t.Errorf("%d bytes in %d runs kept, b %v, c %v", bytes.bytes, len(bytes.runs), bytes.has("b"), bytes.has("c"))
	}
}
