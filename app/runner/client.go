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
// flight, and replies about any other run are stale and ignored.
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
}

// Start starts run id (a number unique for the page) of sc, traced after
// its result when traced, named key in the browser's storage, with the
// result's charts named charts drawn by the worker in c.Lang, and returns
// what to do: post the request, mark it, note it in flight. Call Cancel
// first when a run may be in flight.
func (c *Client) Start(id int, key string, sc scenario.Scenario, traced bool, charts []string, now time.Time) []Effect {
	req, _ := json.Marshal(Request{Kind: KindRun, ID: id, Scenario: scenario.MarshalScenario(sc), Traced: traced,
		Charts: charts, Lang: c.Lang})
	c.id, c.key = id, key
	c.running, c.share, c.phase, c.partial = true, 0, Simulating, nil
	c.started, c.drawn, c.simMs, c.traceMs, c.engineMs = now, now, 0, 0, 0
	// The in-flight note comes once the worker has the run, which goes on
	// meanwhile: the reply waits for the page's task to end, and a run
	// that kills the tab takes far longer than this.
	return []Effect{{Kind: ClearMarks}, {Kind: Post, Request: string(req)},
		{Kind: Mark, Mark: MarkPosted}, {Kind: NoteInFlight, Key: key}}
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
		return c.crash(r.Error)
	}
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
		return c.result(r, now)
	case KindDone:
		c.traceMs = ms(now.Sub(c.started)) - c.simMs
		c.running, c.share, c.phase, c.drawn = false, 1, Done, now
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
	return append(out, Effect{Kind: LearnSpeed, Events: events, EngineMs: r.EngineMs},
		Effect{Kind: ShowResult, Result: r.Result, Charts: r.Charts, ChartErrors: r.ChartErrors})
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
