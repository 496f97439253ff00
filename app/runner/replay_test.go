package runner

import (
	"encoding/json"
	"slices"
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
			for _, data := range serve(t, f) {
				heard = append(heard, c.Hear(data, t0)...)
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

// serve runs the request a Post effect carries in a real Service and
// returns the worker's replies, as the worker sends them.
func serve(t *testing.T, f Effect) []string {
	t.Helper()
	var req Request
	if err := json.Unmarshal([]byte(f.Request), &req); err != nil {
		t.Fatal(err)
	}
	s := Service{Draw: plots.Draw}
	clock := &fakeClock{t: t0, tick: time.Millisecond}
	s.Handle(req, clock.t)
	var out []string
	for _, r := range drain(t, &s, clock) {
		out = append(out, reply(t, r))
	}
	return out
}

// A run made ahead while the page reads (a lesson's next step) is kept and
// given back at once when the page asks for it; the page sees nothing of it
// before.
func TestARunMadeAheadIsGivenBackWhenAskedFor(t *testing.T) {
	c := &Client{Lang: "en"}
	sc := preset(t, "retry-topic")
	charts := []string{chart.Records}
	fx := c.Prefetch(5, sc, true, charts)
	expectKinds(t, "prefetch", fx, Post)
	if !c.Ahead() || c.Running() {
		t.Errorf("after the prefetch: ahead %v, running %v", c.Ahead(), c.Running())
	}
	if again := c.Prefetch(6, other(sc), true, charts); again != nil {
		t.Errorf("a second prefetch while one is in flight: %v", kinds(again))
	}
	for _, data := range serve(t, fx[0]) {
		if got := c.Hear(data, t0); got != nil {
			t.Errorf("a reply to the run made ahead made %v", kinds(got))
		}
	}
	if c.Ahead() || !c.Seen(sc, true, charts) {
		t.Fatalf("after its end: ahead %v, kept %v", c.Ahead(), c.Seen(sc, true, charts))
	}
	if c.Prefetch(7, sc, true, charts) != nil {
		t.Error("a run kept is made ahead again")
	}
	start, heard := runThrough(t, c, 8, sc, charts)
	expectKinds(t, "the start of the run made ahead", start, ClearMarks, Replay)
	if r, trace := shown(t, heard); r.Digest != cliDigest(t, sc) || len(trace) == 0 {
		t.Errorf("given back: digest %s, %d traced events", r.Digest, len(trace))
	}
}

// A run started while a run made ahead is in flight replaces it in the
// worker: what the latter still sends is not kept. No run is made ahead
// while one is in flight, and a crash ends the one made ahead.
func TestARunMadeAheadGivesWayToTheRunsAskedFor(t *testing.T) {
	c := &Client{Lang: "en"}
	sc := preset(t, "order-events")
	fx := c.Prefetch(1, sc, true, nil)
	c.Start(2, "k", other(sc), true, nil, t0)
	if c.Ahead() {
		t.Error("a start left the run made ahead in flight")
	}
	for _, data := range serve(t, fx[0]) {
		c.Hear(data, t0)
	}
	if c.Seen(sc, true, nil) {
		t.Error("the replies of a run made ahead and replaced were kept")
	}
	if c.Prefetch(3, sc, true, nil) != nil {
		t.Error("a run made ahead while another is in flight")
	}
	c.Hear(reply(t, Reply{Kind: KindDone, ID: 2, Phase: Done}), at(10))
	c.Prefetch(4, sc, true, nil)
	expectKinds(t, "a crash during a run made ahead", c.Hear(reply(t, Reply{Kind: KindCrash, Error: "out of memory"}), at(20)), RestartWorker)
	if c.Ahead() {
		t.Error("the crash left the run made ahead in flight")
	}
}

// cliDigest is sc's digest as the engine gives it.
func cliDigest(t *testing.T, sc scenario.Scenario) string {
	t.Helper()
	r, err := sim.Run(sc)
	if err != nil {
		t.Fatal(err)
	}
	return r.Digest
}

// Asked for while it is made ahead and short of its result, the run goes
// on in the worker as the run asked for: nothing is posted again, and its
// replies, under the id it was made ahead with, are shown and kept.
func TestARunAskedForWhileMadeAheadGoesOn(t *testing.T) {
	c := &Client{Lang: "en"}
	sc := preset(t, "order-events")
	fx := c.Prefetch(1, sc, true, nil)
	replies := serve(t, fx[0])
	i := slices.IndexFunc(replies, IsResult)
	for _, data := range replies[:i] { // progress, heard before the start
		c.Hear(data, t0)
	}
	start := c.Start(2, "k", sc, true, nil, t0)
	expectKinds(t, "start of the run made ahead", start, ClearMarks, Mark, NoteInFlight)
	if c.Ahead() || !c.Running() || c.Replayed() {
		t.Errorf("after the start: ahead %v, running %v, replayed %v", c.Ahead(), c.Running(), c.Replayed())
	}
	var heard []Effect
	for _, data := range replies[i:] {
		heard = append(heard, c.Hear(data, at(100))...)
	}
	if r, _ := shown(t, heard); r.Digest != cliDigest(t, sc) {
		t.Errorf("shown digest %s", r.Digest)
	}
	if !c.Seen(sc, true, nil) {
		t.Error("the run taken over is not kept")
	}
	// Once its result is heard, a run made ahead is not taken over: it is
	// posted again (its result went to nobody).
	c2 := &Client{Lang: "en"}
	fx = c2.Prefetch(1, sc, true, nil)
	replies = serve(t, fx[0])
	for _, data := range replies[:slices.IndexFunc(replies, IsResult)+1] {
		c2.Hear(data, t0)
	}
	expectKinds(t, "start after the result made ahead", c2.Start(2, "k", sc, true, nil, t0), ClearMarks, Post, Mark, NoteInFlight)
	// Nor when its result came without a chart (so it is not kept).
	c3 := &Client{Lang: "en"}
	c3.Prefetch(1, sc, true, []string{chart.Records})
	c3.Hear(reply(t, Reply{Kind: KindResult, ID: 1, Result: &sim.Result{}, ChartErrors: map[string]string{chart.Records: "no words"}}), t0)
	expectKinds(t, "start after a result without its chart", c3.Start(2, "k", sc, true, []string{chart.Records}, t0), ClearMarks, Post, Mark, NoteInFlight)
}
