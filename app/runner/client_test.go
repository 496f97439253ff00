package runner

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"partitionlab/sim"
	"partitionlab/sim/scenario"
)

var t0 = time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)

// at is t0 plus ms milliseconds.
func at(ms int) time.Time { return t0.Add(time.Duration(ms) * time.Millisecond) }

// reply is r as the worker sends it.
func reply(t *testing.T, r Reply) string {
	t.Helper()
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// kinds are the effects' kinds, for comparing with a table's.
func kinds(effects []Effect) []EffectKind {
	out := []EffectKind{}
	for _, f := range effects {
		out = append(out, f.Kind)
	}
	return out
}

func expectKinds(t *testing.T, what string, got []Effect, want ...EffectKind) {
	t.Helper()
	if want == nil {
		want = []EffectKind{}
	}
	if g := kinds(got); !reflect.DeepEqual(g, want) {
		t.Errorf("%s: effects %v, want %v", what, g, want)
	}
}

// started is a client with run 7 of the default preset in flight since t0.
func started(t *testing.T) (*Client, []Effect) {
	t.Helper()
	sc, err := scenario.Preset("order-events")
	if err != nil {
		t.Fatal(err)
	}
	c := &Client{}
	return c, c.Start(7, "k7", sc, true, nil, t0)
}

func TestStartPostsTheRunAndNotesItInFlight(t *testing.T) {
	c, fx := started(t)
	expectKinds(t, "start", fx, ClearMarks, Post, Mark, NoteInFlight)
	var req Request
	if err := json.Unmarshal([]byte(fx[1].Request), &req); err != nil {
		t.Fatal(err)
	}
	if req.Kind != KindRun || req.ID != 7 || !req.Traced {
		t.Errorf("request = %+v, want a traced run 7", req)
	}
	// The request is what the worker's side accepts.
	var s Service
	if out := s.Handle(req, t0); out != nil || !s.Busy() {
		t.Errorf("the worker refused the request: %+v", out)
	}
	if fx[2].Mark != MarkPosted || fx[3].Key != "k7" {
		t.Errorf("start marks %v and notes %q, want MarkPosted and k7", fx[2].Mark, fx[3].Key)
	}
	if !c.Running() || c.Phase() != Simulating || c.Percent() != 0 || c.Partial() != nil {
		t.Errorf("after start: running %v, phase %v, %d%%, partial %v", c.Running(), c.Phase(), c.Percent(), c.Partial())
	}
}

// A run from start to end: progress drawn at most every RedrawEvery, the
// result with its marks and speed, then the trace.
func TestRunFromStartToDone(t *testing.T) {
	c, _ := started(t)
	partial := &Partial{SimulatedS: 3, EventsProduced: 100}
	steps := []struct {
		what string
		at   int
		r    Reply
		want []EffectKind
	}{
		{"progress too soon after the start", 50, Reply{Kind: KindProgress, ID: 7, Progress: 0.2, Partial: partial}, nil},
		{"progress after a while", 120, Reply{Kind: KindProgress, ID: 7, Progress: 0.4}, []EffectKind{ShowProgress}},
		{"progress too soon after the last drawn", 150, Reply{Kind: KindProgress, ID: 7, Progress: 0.5}, nil},
		{"result", 400, Reply{Kind: KindResult, ID: 7, Phase: Tracing, Progress: 0, EngineMs: 250,
			Result: &sim.Result{EventsProduced: 5000}, Timing: &Timing{Received: 1e12, Result: 1e12 + 300, StartMs: 4, Slices: 9}},
			[]EffectKind{Mark, Mark, Mark, LearnSpeed, ShowResult}},
		{"tracing progress too soon after the result", 450, Reply{Kind: KindProgress, ID: 7, Phase: Tracing, Progress: 0.5}, nil},
		{"done", 700, Reply{Kind: KindDone, ID: 7, Phase: Done, Progress: 1, Trace: []sim.TraceEvent{{Key: "c1"}}},
			[]EffectKind{ClearInFlight, ShowDone}},
	}
	for _, s := range steps {
		fx := c.Hear(reply(t, s.r), at(s.at))
		expectKinds(t, s.what, fx, s.want...)
		switch s.r.Kind {
		case KindResult:
			if fx[0].Mark != MarkDecoded || fx[1].Mark != MarkReceived || fx[1].At != 1e12 ||
				fx[2].Mark != MarkResult || fx[2].At != 1e12+300 || fx[2].Detail["slices"] != 9 {
				t.Errorf("result marks = %+v", fx[:3])
			}
			if fx[3].Events != 5000 || fx[3].EngineMs != 250 || fx[4].Result.EventsProduced != 5000 {
				t.Errorf("speed %+v and result %+v", fx[3], fx[4].Result)
			}
			if c.SimMs() != 400 || c.EngineMs() != 250 || c.Phase() != Tracing || !c.Running() {
				t.Errorf("after the result: sim %v ms, engine %v ms, phase %v", c.SimMs(), c.EngineMs(), c.Phase())
			}
		case KindDone:
			if len(fx[1].Trace) != 1 || fx[1].Trace[0].Key != "c1" {
				t.Errorf("done carries trace %+v", fx[1].Trace)
			}
		}
	}
	if c.Running() || c.Phase() != Done || c.Percent() != 100 || c.TraceMs() != 300 {
		t.Errorf("at the end: running %v, phase %v, %d%%, trace %v ms", c.Running(), c.Phase(), c.Percent(), c.TraceMs())
	}
	if c.Partial() == nil || *c.Partial() != *partial {
		t.Errorf("partial = %+v, want the last one sent (%+v)", c.Partial(), partial)
	}
}

// Progress keeps the last partial result when a reply has none, and says
// the progress even when it is not drawn (the next drawing shows it).
func TestProgressKeepsTheLastPartial(t *testing.T) {
	c, _ := started(t)
	c.Hear(reply(t, Reply{Kind: KindProgress, ID: 7, Progress: 0.3, Partial: &Partial{EventsProduced: 10}}), at(10))
	c.Hear(reply(t, Reply{Kind: KindProgress, ID: 7, Progress: 1.7}), at(20))
	if c.Partial() == nil || c.Partial().EventsProduced != 10 {
		t.Errorf("partial = %+v, want the one of the first reply", c.Partial())
	}
	if c.Progress() != 1.7 || c.Percent() != 100 {
		t.Errorf("progress %v, %d%%: want 1.7 as said, never above 100%%", c.Progress(), c.Percent())
	}
}

func TestCancel(t *testing.T) {
	t.Run("a short run is asked to stop", func(t *testing.T) {
		c, _ := started(t)
		fx := c.Cancel(at(999))
		expectKinds(t, "cancel", fx, Post)
		var req Request
		if err := json.Unmarshal([]byte(fx[0].Request), &req); err != nil || req.Kind != KindCancel || req.ID != 7 {
			t.Errorf("cancel request = %s (%v), want cancel 7", fx[0].Request, err)
		}
		if c.Running() {
			t.Error("still running after cancel")
		}
	})
	t.Run("a long run replaces the worker", func(t *testing.T) {
		c, _ := started(t)
		expectKinds(t, "cancel", c.Cancel(at(1000)), RestartWorker)
	})
	t.Run("nothing in flight", func(t *testing.T) {
		c := &Client{}
		expectKinds(t, "cancel before any run", c.Cancel(t0))
		c, _ = started(t)
		c.Cancel(at(10))
		expectKinds(t, "cancel twice", c.Cancel(at(20)))
	})
	t.Run("replies after a cancel do nothing", func(t *testing.T) {
		c, _ := started(t)
		c.Cancel(at(10))
		for _, r := range []Reply{{Kind: KindProgress, ID: 7, Progress: 0.9}, {Kind: KindResult, ID: 7, Result: &sim.Result{}},
			{Kind: KindDone, ID: 7}, {Kind: KindError, ID: 7, Error: "x"}} {
			expectKinds(t, r.Kind+" after cancel", c.Hear(reply(t, r), at(500)))
		}
		if c.Progress() != 0 {
			t.Errorf("progress %v after cancel, want 0", c.Progress())
		}
	})
}

// A run started again replaces the one before: the earlier run's replies,
// which the worker may still send, are stale.
func TestStaleRepliesOfAnEarlierRunAreIgnored(t *testing.T) {
	c, _ := started(t)
	c.Cancel(at(10))
	sc, _ := scenario.Preset("order-events")
	c.Start(8, "k8", sc, false, nil, at(20))
	for _, r := range []Reply{{Kind: KindProgress, ID: 7, Progress: 0.9}, {Kind: KindResult, ID: 7, Result: &sim.Result{}},
		{Kind: KindDone, ID: 7}, {Kind: KindError, ID: 7, Error: "x"}} {
		expectKinds(t, r.Kind+" of run 7", c.Hear(reply(t, r), at(500)))
	}
	if !c.Running() || c.Progress() != 0 {
		t.Errorf("run 8: running %v, progress %v", c.Running(), c.Progress())
	}
	expectKinds(t, "run 8's result", c.Hear(reply(t, Reply{Kind: KindResult, ID: 8, Result: &sim.Result{}}), at(600)),
		Mark, LearnSpeed, ShowResult)
}

func TestErrorEndsTheRun(t *testing.T) {
	c, _ := started(t)
	fx := c.Hear(reply(t, Reply{Kind: KindError, ID: 7, Error: "topic.partitions: 0 is not in 1..100000"}), at(5))
	expectKinds(t, "error", fx, ClearInFlight, ShowError)
	if fx[1].Error != "topic.partitions: 0 is not in 1..100000" || c.Running() {
		t.Errorf("error %q, running %v", fx[1].Error, c.Running())
	}
}

func TestCrash(t *testing.T) {
	t.Run("mid-run", func(t *testing.T) {
		c, _ := started(t)
		fx := c.Hear(reply(t, Reply{Kind: KindCrash, Error: "fatal error: out of memory"}), at(5))
		expectKinds(t, "crash", fx, RestartWorker, RememberCrash, ClearInFlight, ShowCrash)
		if fx[1].Key != "k7" || fx[1].Why != "fatal error: out of memory" || fx[3].Why != fx[1].Why || c.Running() {
			t.Errorf("crash remembered as %q %q, shown %q, running %v", fx[1].Key, fx[1].Why, fx[3].Why, c.Running())
		}
	})
	t.Run("idle: only a fresh worker", func(t *testing.T) {
		c := &Client{}
		expectKinds(t, "crash before any run", c.Hear(`{"kind":"crash","error":"boom"}`, t0), RestartWorker)
		c, _ = started(t)
		c.Hear(reply(t, Reply{Kind: KindDone, ID: 7}), at(5))
		expectKinds(t, "crash after the run", c.Hear(`{"kind":"crash"}`, at(6)), RestartWorker)
	})
	t.Run("an unreadable reply is a crash, in the page's words", func(t *testing.T) {
		c, _ := started(t)
		c.Unreadable = func(err error) string { return "unreadable: " + err.Error() }
		fx := c.Hear("not json", at(5))
		expectKinds(t, "unreadable", fx, RestartWorker, RememberCrash, ClearInFlight, ShowCrash)
		if want := "unreadable: invalid character 'o' in literal null (expecting 'u')"; fx[3].Why != want {
			t.Errorf("why = %q, want %q", fx[3].Why, want)
		}
		c, _ = started(t)
		if fx := c.Hear("{", at(5)); len(fx) != 4 || fx[3].Why != "unexpected end of JSON input" {
			t.Errorf("without words: %+v", fx)
		}
	})
}

// IsResult knows a result reply from its first bytes, as the worker
// encodes it, and nothing else.
func TestIsResult(t *testing.T) {
	for _, k := range []string{KindProgress, KindResult, KindDone, KindError, KindCrash} {
		data := reply(t, Reply{Kind: k, ID: 3, Result: &sim.Result{}})
		if got := IsResult(data); got != (k == KindResult) {
			t.Errorf("IsResult(%.30s…) = %v", data, got)
		}
	}
}

// The client and the worker's Service speak the same protocol: a real run
// through both ends with a result and done, and the client ends idle.
func TestClientAndServiceTogether(t *testing.T) {
	c, fx := started(t)
	var req Request
	if err := json.Unmarshal([]byte(fx[1].Request), &req); err != nil {
		t.Fatal(err)
	}
	var s Service
	clock := &fakeClock{t: t0, tick: time.Millisecond}
	s.Handle(req, clock.t)
	var all []EffectKind
	for _, r := range drain(t, &s, clock) {
		all = append(all, kinds(c.Hear(reply(t, r), clock.t))...)
	}
	if c.Running() || c.Phase() != Done {
		t.Fatalf("after the worker is idle: running %v, phase %v", c.Running(), c.Phase())
	}
	shown := map[EffectKind]int{}
	for _, k := range all {
		shown[k]++
	}
	if shown[ShowResult] != 1 || shown[ShowDone] != 1 || shown[ShowError] != 0 {
		t.Errorf("effects %v: want one result and one done", all)
	}
}
