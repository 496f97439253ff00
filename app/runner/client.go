package runner

import (
	"encoding/json"
	"strings"
	"time"

	"partitionlab/app/chart"
	"partitionlab/sim"
	"partitionlab/sim/scenario"
)

// Client is the page's side of the protocol with the engine's worker, as
// plain Go: Service's twin. It starts runs, cancels them and hears the
// worker's replies, and says what the page must do about each as Effects
// (post this request, draw the progress, show the result...). It does no
// I/O and reads no clock: the caller passes the time, posts the requests
// and draws. app's runLoop is the glue between it, go-app and the worker.
//
// A client runs one run at a time: starting a run replaces the one in
// flight, and replies about any other run are stale and ignored. It keeps
// the replies to its last runs (replays) and gives them back when the same
// run is asked for again; while no run is in flight it may make one ahead
// of its asking (Prefetch), whose replies it only keeps.
type Client struct {
	id       int // the run in flight, or the last one
	key      string
	running  bool
	share    float64 // of the run done, 0..1
	phase    Phase
	partial  *Partial
	started  time.Time
	drawn    time.Time // when the page was last drawn during the run
	simMs    float64
	traceMs  float64
	engineMs float64
	// replays are the replies of the last runs that ended; request is the
	// run in flight's key there, charts how many charts it asked for, and
	// kept its result reply until its end. replayed says the run's
	// replies came from replays, not from the engine.
	replays  replays
	request  string
	charts   int
	kept     string
	replayed bool
	// ahead is a run made ahead of its asking (Prefetch), while no run is
	// in flight: its replies go to replays only.
	ahead *aheadRun
	// Unreadable words a reply that is not JSON, which ends the run like a
	// crash of the engine; the error's own text when nil.
	Unreadable func(err error) string
	// Lang is the page's language, in which the worker draws the charts a
	// run asks for (Start).
	Lang string
}

// RedrawEvery is how often the page draws a run's progress: drawing it at
// every message from the engine would cost more than the messages.
const RedrawEvery = 100 * time.Millisecond

// RestartAfter is how long a run goes on before cancelling it replaces the
// worker instead of asking it: a fresh worker costs tens of milliseconds
// (engine.wasm is compiled and cached), a stuck one much more.
const RestartAfter = time.Second

// EffectKind is what the page must do.
type EffectKind int

// The effects, each with the Effect fields it reads.
const (
	// Post sends Request (a JSON document) to the worker.
	Post EffectKind = iota + 1
	// RestartWorker throws the worker away for a fresh one.
	RestartWorker
	// ClearMarks drops the performance marks of the run before.
	ClearMarks
	// Mark sets performance mark Mark, now or at At (milliseconds since
	// the Unix epoch) when it is not zero, with Detail when not nil.
	Mark
	// NoteInFlight keeps Key as the run in flight in the tab's storage, so
	// a page that dies mid-run knows on its reload.
	NoteInFlight
	// ClearInFlight says no run is in flight any more.
	ClearInFlight
	// RememberCrash keeps that run Key stopped the engine, and Why.
	RememberCrash
	// LearnSpeed teaches the page this browser's speed: Events simulated
	// in EngineMs (storage that can wait for the paint).
	LearnSpeed
	// ShowProgress draws the run's progress (Progress, Phase, Partial).
	ShowProgress
	// ShowResult draws Result; the trace follows.
	ShowResult
	// ShowDone ends the run, with Trace when it was traced.
	ShowDone
	// ShowError ends a run the engine refused, saying Error.
	ShowError
	// ShowCrash ends a run whose engine stopped, saying Why.
	ShowCrash
	// Replay hands the page Replies, the worker's replies to the same run
	// made before, to give back to HearReplay with ID, each after the page's
	// update, as it hears the worker's.
	Replay
)

// PerfMark names a point of a run's way from the request to its result on
// screen; the page maps each onto a Performance API mark.
type PerfMark int

// The marks the client sets, in order (the page sets the others).
const (
	MarkPosted   PerfMark = iota + 1 // the request went to the worker
	MarkReceived                     // the worker's engine had it (At)
	MarkResult                       // the worker had the result (At, Detail)
	MarkDecoded                      // the page had read the result
)

// Effect is one thing the page must do; Kind says which fields count.
type Effect struct {
	Kind    EffectKind
	Request string
	Mark    PerfMark
	At      float64
	Detail  map[string]any
	Key     string
	Why     string
	Events  int64
	// EngineMs is the engine's own time for Events.
	EngineMs float64
	Result   *sim.Result
	// Charts are Result's charts the worker drew, by id, and
	// ChartErrors why any it was asked for could not be (ShowResult).
	Charts      map[string]chart.Chart
	ChartErrors map[string]string
	Trace       []sim.TraceEvent
	Error       string
	// Refused is Error as the engine's field errors, when it stopped the
	// run at its limits (ShowError); nil otherwise.
	Refused error
	// ID and Replies are a Replay's.
	ID      int
	Replies []string
}

// Start starts run id (a number unique for the page) of sc, traced after
// its result when traced, named key in the browser's storage, with the
// result's charts named charts drawn by the worker in c.Lang, and returns
// what to do: post the request, mark it, note it in flight. A run that
// ended before with the same request is not posted: its replies are given
// back (Replay); the same run made ahead and still short of its result
// is taken over, under its own id. Call Cancel first when a run may be in
// flight.
func (c *Client) Start(id int, key string, sc scenario.Scenario, traced bool, charts []string, now time.Time) []Effect {
	c.id, c.key = id, key
	c.running, c.share, c.phase, c.partial = true, 0, Simulating, nil
	c.started, c.drawn, c.simMs, c.traceMs, c.engineMs = now, now, 0, 0, 0
	var req Request
	req, c.request = requestFor(sc, traced, charts, c.Lang)
	c.charts, c.kept = len(charts), ""
	if r, ok := c.replays.find(c.request); ok {
		c.replayed = true
		return []Effect{{Kind: ClearMarks}, {Kind: Replay, ID: id, Replies: []string{r.result, r.done}}}
	}
	c.replayed = false
	if a := c.ahead; a != nil && a.key == c.request && !a.result {
		// Made ahead and not at its result yet: it becomes this run, going
		// on where it is in the worker.
		c.id, c.ahead = a.id, nil
		return []Effect{{Kind: ClearMarks}, {Kind: Mark, Mark: MarkPosted}, {Kind: NoteInFlight, Key: key}}
	}
	c.ahead = nil // the worker replaces a run made ahead with this one
	// The in-flight note comes once the worker has the run, which goes on
	// meanwhile: the reply waits for the page's task to end, and a run
	// that kills the tab takes far longer than this.
	return []Effect{{Kind: ClearMarks}, post(req, id), {Kind: Mark, Mark: MarkPosted}, {Kind: NoteInFlight, Key: key}}
}

// Seen reports whether a run of sc with these settings ended before and
// would be shown again without the engine (Start).
func (c *Client) Seen(sc scenario.Scenario, traced bool, charts []string) bool {
	_, key := requestFor(sc, traced, charts, c.Lang)
	return c.replays.has(key)
}

// Replayed reports whether the last run started was shown from the replies
// to the same run before, not run by the engine.
func (c *Client) Replayed() bool { return c.replayed }

// HearReplay takes one of a Replay's replies, for run id: what Hear does
// with the worker's, without the worker's timings (the run took no time
// now) and without learning the browser's speed from it.
func (c *Client) HearReplay(id int, data string, now time.Time) []Effect {
	if !c.running || id != c.id || !c.replayed {
		return nil
	}
	var r Reply
	if err := json.Unmarshal([]byte(data), &r); err != nil {
		return nil // cannot happen: the page read it before
	}
	r.ID, r.Timing, r.EngineMs = id, nil, 0
	return c.handle(r, data, now)
}

// Cancel stops the run in flight, if any. A short run is asked to stop
// (the worker looks between slices); a run that has gone on for
// RestartAfter is stopped by replacing the worker, so a step that holds
// it for long, or much memory, goes at once.
func (c *Client) Cancel(now time.Time) []Effect {
	if !c.running {
		return nil
	}
	c.running = false
	if c.replayed {
		return nil // given back, not run: the worker has nothing to stop
	}
	if now.Sub(c.started) >= RestartAfter {
		return []Effect{{Kind: RestartWorker}}
	}
	req, _ := json.Marshal(Request{Kind: KindCancel, ID: c.id})
	return []Effect{{Kind: Post, Request: string(req)}}
}

// IsResult reports whether data, a reply as the worker sends it, is a
// result, without reading it: the page marks the moment it hears one,
// before reading it costs anything. (Kind is Reply's first field.)
func IsResult(data string) bool {
	return strings.HasPrefix(data, `{"kind":"`+KindResult+`"`)
}

// Hear takes one reply from the worker, as it sent it, and returns what to
// do. A crash ends whatever run is in flight and always replaces the
// worker; a reply about a run replaced or cancelled since does nothing.
func (c *Client) Hear(data string, now time.Time) []Effect {
	var r Reply
	if err := json.Unmarshal([]byte(data), &r); err != nil {
		why := err.Error()
		if c.Unreadable != nil {
			why = c.Unreadable(err)
		}
		r = Reply{Kind: KindCrash, Error: why}
	}
	if r.Kind == KindCrash {
		c.ahead = nil
	}
	if a := c.ahead; a != nil && r.ID == a.id {
		c.hearAhead(r, data)
		return nil
	}
	if c.replayed {
		// The run in flight is given back, not run: the worker has nothing
		// of it, and a fresh worker replaces one that died meanwhile.
		if r.Kind == KindCrash {
			return []Effect{{Kind: RestartWorker}}
		}
		return nil
	}
	if r.Kind == KindCrash {
		return c.crash(r.Error)
	}
	return c.handle(r, data, now)
}

// handle is Hear's, and HearReplay's, work on reply r (data as sent).
func (c *Client) handle(r Reply, data string, now time.Time) []Effect {
	if !c.running || r.ID != c.id {
		return nil
	}
	switch r.Kind {
	case KindProgress:
		c.share, c.phase = r.Progress, r.Phase
		if r.Partial != nil {
			c.partial = r.Partial
		}
		if now.Sub(c.drawn) < RedrawEvery {
			return nil
		}
		c.drawn = now
		return []Effect{{Kind: ShowProgress}}
	case KindResult:
		// Kept for a replay once the run ends, when it has every chart.
		if c.kept = ""; !c.replayed && everyChart(r, c.charts) {
			c.kept = data
		}
		return c.result(r, now)
	case KindDone:
		c.traceMs = ms(now.Sub(c.started)) - c.simMs
		c.running, c.share, c.phase, c.drawn = false, 1, Done, now
		if c.kept != "" {
			c.replays.keep(replay{key: c.request, result: c.kept, done: data})
			c.kept = ""
		}
		return []Effect{{Kind: ClearInFlight}, {Kind: ShowDone, Trace: r.Trace}}
	case KindError:
		c.running, c.drawn = false, now
		return []Effect{{Kind: ClearInFlight}, {Kind: ShowError, Error: r.Error, Refused: r.Refusal.Errors()}}
	}
	return nil
}

func (c *Client) result(r Reply, now time.Time) []Effect {
	out := []Effect{{Kind: Mark, Mark: MarkDecoded}}
	if t := r.Timing; t != nil {
		out = append(out, Effect{Kind: Mark, Mark: MarkReceived, At: t.Received},
			Effect{Kind: Mark, Mark: MarkResult, At: t.Result,
				Detail: map[string]any{"start_ms": t.StartMs, "slices": t.Slices, "engine_ms": r.EngineMs, "draw_ms": t.DrawMs}})
	}
	c.simMs = ms(now.Sub(c.started))
	c.engineMs, c.share, c.phase, c.drawn = r.EngineMs, r.Progress, r.Phase, now
	var events int64
	if r.Result != nil {
		events = r.Result.EventsProduced
	}
	if !c.replayed {
		out = append(out, Effect{Kind: LearnSpeed, Events: events, EngineMs: r.EngineMs})
	}
	return append(out, Effect{Kind: ShowResult, Result: r.Result, Charts: r.Charts, ChartErrors: r.ChartErrors})
}

// crash is the worker gone: a fresh one replaces it, and the run in flight,
// if any, ends, remembered so that a reload does not run it again.
func (c *Client) crash(why string) []Effect {
	out := []Effect{{Kind: RestartWorker}}
	if !c.running {
		return out
	}
	c.running = false
	return append(out, Effect{Kind: RememberCrash, Key: c.key, Why: why},
		Effect{Kind: ClearInFlight}, Effect{Kind: ShowCrash, Why: why})
}

// Running reports whether a run is in flight.
func (c *Client) Running() bool { return c.running }

// Phase is what the run is doing (Done once it ended).
func (c *Client) Phase() Phase { return c.phase }

// Progress is the share of the run done, from 0 to 1.
func (c *Client) Progress() float64 { return c.share }

// Percent is the progress bar's value, never above 100.
func (c *Client) Percent() int { return min(int(c.share*100), 100) }

// Partial is the run so far, from the last progress reply that had one
// (nil before).
func (c *Client) Partial() *Partial { return c.partial }

// SimMs is the time from the request to the result, TraceMs from the
// result to the trace, and EngineMs the engine's own time in the worker,
// for the performance figures (zero until known).
func (c *Client) SimMs() float64 { return c.simMs }

// TraceMs is the time from the result to the end of the trace.
func (c *Client) TraceMs() float64 { return c.traceMs }

// EngineMs is the engine's own time for the result, in the worker.
func (c *Client) EngineMs() float64 { return c.engineMs }
