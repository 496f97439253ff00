package runner

import (
	"encoding/json"
	"fmt"
	"time"

	"partitionlab/app/chart"
	"partitionlab/app/i18n"
	"partitionlab/sim"
	"partitionlab/sim/scenario"
	"partitionlab/sim/sweep"
)

// The engine runs in a Web Worker, away from the page's thread: the page
// sends Requests and the worker answers with Replies, each a JSON document.
// Service is the worker's side as plain Go, so the protocol tests natively;
// app/engineworker only carries its messages.

// Request kinds.
const (
	// KindRun starts a run, replacing the one in flight.
	KindRun = "run"
	// KindCancel stops run ID, if it is the one in flight.
	KindCancel = "cancel"
	// KindWords gives the worker the page's language's catalog (Lang,
	// Words), for the words of the charts it draws. It answers nothing.
	KindWords = "words"
	// KindDraw asks for one chart (Draw) in language Lang; the worker
	// answers with a KindDrawn reply of the same ID.
	KindDraw = "draw"
)

// Reply kinds.
const (
	// KindProgress says how far run ID is, with a partial result now and then.
	KindProgress = "progress"
	// KindResult carries the run's result; the trace follows (Tracing).
	KindResult = "result"
	// KindDone ends run ID, with the trace when it was traced.
	KindDone = "done"
	// KindError says run ID could not start; nothing follows.
	KindError = "error"
	// KindDrawn answers KindDraw request ID with its Chart, or the Error
	// that kept it from being drawn.
	KindDrawn = "drawn"
	// KindCrash says the engine itself stopped (out of memory, a panic),
	// with what it last wrote. web/engine-worker.js sends it, with no ID:
	// it ends whatever run was in flight.
	KindCrash = "crash"
)

// Request is what the page asks the engine.
type Request struct {
	Kind string `json:"kind"`
	ID   int    `json:"id"`
	// Scenario is a complete scenario document (scenario.MarshalScenario).
	Scenario json.RawMessage `json:"scenario,omitempty"`
	// Traced asks for the second, traced run after the result.
	Traced bool `json:"traced,omitempty"`
	// Charts are the ids of the result's charts to draw with it
	// (Reply.Charts; see chart.ResultIDs), in language Lang, once the
	// worker has its words (KindWords; English's are compiled in).
	Charts []string `json:"charts,omitempty"`
	Lang   string   `json:"lang,omitempty"`
	// Words are a KindWords request's: the catalog's files by name, as
	// i18n.Install takes them.
	Words map[string]json.RawMessage `json:"words,omitempty"`
	// Draw is a KindDraw request's chart.
	Draw *chart.Job `json:"draw,omitempty"`
	// Sweep and Runs are a KindSweep request's: the whole sweep and the
	// indices of the runs this worker makes.
	Sweep *sweep.Definition `json:"sweep,omitempty"`
	Runs  []int             `json:"runs,omitempty"`
}

// Reply is what the engine tells the page about run ID.
type Reply struct {
	Kind     string  `json:"kind"`
	ID       int     `json:"id"`
	Phase    Phase   `json:"phase"`
	Progress float64 `json:"progress"`
	// Partial is the run so far, in a progress reply now and then.
	Partial *Partial `json:"partial,omitempty"`
	// Result is in the result reply only, with its charts by id (see
	// chart.ResultIDs) when the worker could draw them in the request's
	// language; the page asks for any left out (see ChartErrors).
	Result      *sim.Result            `json:"result,omitempty"`
	Charts      map[string]chart.Chart `json:"charts,omitempty"`
	ChartErrors map[string]string      `json:"chart_errors,omitempty"`
	// Chart is a KindDrawn reply's. Retry says its Error is the worker's
	// death (web/engine.js writes it), not the chart's: asked again, a
	// fresh worker may draw it.
	Chart *chart.Chart `json:"chart,omitempty"`
	Retry bool         `json:"retry,omitempty"`
	// Trace is in the done reply of a traced run with violations.
	Trace []sim.TraceEvent `json:"trace,omitempty"`
	Error string           `json:"error,omitempty"`
	// Refusal is Error as its code and arguments, when the engine stopped
	// a run at its limits (an error reply), so the page says it in its own
	// language.
	Refusal *Refusal `json:"refusal,omitempty"`
	// EngineMs is the time spent inside the engine in the first phase, and
	// Events the events it simulated: the page learns this browser's speed
	// from them, for the estimates of long runs.
	EngineMs float64 `json:"engine_ms,omitempty"`
	Events   int64   `json:"events,omitempty"`
	// Timing says when the worker heard the request and had the result,
	// in the result reply, for the page's performance marks.
	Timing *Timing `json:"timing,omitempty"`
	// Index and SweepRun are a KindSweepRun reply's: which run of the
	// sweep, and its headline numbers (Index also in its KindError).
	Index    int        `json:"index,omitempty"`
	SweepRun *sweep.Run `json:"sweep_run,omitempty"`
	// Link is a KindSweepRun reply's, for a point's first seed.
	Link string `json:"link,omitempty"`
	// Checked and Problems are a KindPlanned reply's.
	Checked  *sweep.Checked `json:"checked,omitempty"`
	Problems []string       `json:"problems,omitempty"`
}

// Timing is when things happened in the worker, as milliseconds since the
// Unix epoch with a fraction (performance.timeOrigin + performance.now(),
// which the page maps onto its own clock). The worker fills it in.
type Timing struct {
	// Received is when the request reached the worker's engine.
	Received float64 `json:"received"`
	// StartMs is how long the worker took to read the request and prepare
	// the run (scenario.ParseScenarioWithin and sim.New), before the first slice.
	StartMs float64 `json:"start_ms"`
	// Result is when the result was ready, before it is encoded and sent.
	Result float64 `json:"result"`
	// Slices is how many slices the first phase took.
	Slices int `json:"slices"`
	// DrawMs is how long drawing the result's charts took, after Result.
	DrawMs float64 `json:"draw_ms,omitempty"`
}

// Partial is a run so far: what the page shows while a long run goes on.
type Partial struct {
	SimulatedS      float64 `json:"simulated_s"`
	EventsProduced  int64   `json:"events_produced"`
	EventsProcessed int64   `json:"events_processed"`
	// Violations counts ordering violations in the order and customer scopes.
	OrderViolations    int64 `json:"order_violations"`
	CustomerViolations int64 `json:"customer_violations"`
}

// How often a run reports. A partial result costs a Result of the engine
// (a few milliseconds for a big topic), so it comes at most every
// partialEvery, and less often when it is dear.
const (
	progressEvery = 50 * time.Millisecond
	partialEvery  = time.Second
)

// Service runs one job at a time for the page: a new run replaces the one
// in flight, as the page's latest edit replaces the one before.
type Service struct {
	job      *Job
	id       int
	engine   time.Duration // inside the engine, first phase
	slices   int           // steps of the first phase
	reported time.Time     // the last progress reply
	partial  time.Time     // the last partial result
	// partialGap grows when partial results are dear.
	partialGap time.Duration
	// warm is the warm-up (KindWarm); runs counts the runs whose first
	// phase ended, and warmed says the engine needs no more warming.
	warm   warm
	runs   int
	warmed bool
	// sweep is the sweep runs this worker makes (KindSweep).
	sweep sweepJob
	// maxHeld, for tests, lowers the browser's limit of events a run holds
	// (0: the browser's, scenario.BrowserLimits).
	maxHeld int64
	// charts and lang are the run in flight's Charts and Lang.
	charts []string
	lang   i18n.Lang
	// Draw draws a chart in c's language; nil draws none. The worker's
	// main sets it (app/plots.Draw), so this package, which the page
	// links too, does not link the charts' drawing.
	Draw func(c *i18n.Catalog, job chart.Job) (chart.Chart, error)
}

// limits are the browser's, with the tests' lower limit of events held.
func (s *Service) limits() scenario.Limits {
	l := scenario.BrowserLimits()
	if s.maxHeld > 0 {
		l.MaxHeld = s.maxHeld
	}
	return l
}

// Busy reports whether a run or a warm-up is in flight (the worker keeps
// stepping).
func (s *Service) Busy() bool { return s.job != nil || s.warm.left > 0 || s.sweep.busy() }

// Handle takes one request and returns the replies it causes at once.
func (s *Service) Handle(req Request, now time.Time) []Reply {
	switch req.Kind {
	case KindSweep:
		return s.handleSweep(req)
	case KindPlan:
		return handlePlan(req)
	case KindCancel:
		s.cancelSweep(req.ID)
		if s.job != nil && req.ID == s.id && !s.warm.busy {
			s.job = nil
		}
		return nil
	case KindWarm:
		s.handleWarm()
		return nil
	case KindWords:
		return s.handleWords(req)
	case KindDraw:
		return []Reply{s.handleDraw(req)}
	case KindRun:
		s.job, s.warm.busy = nil, false
		sc, err := scenario.ParseScenarioWithin(req.Scenario, nil, scenario.BrowserLimits())
		if err != nil {
			return []Reply{{Kind: KindError, ID: req.ID, Error: err.Error()}}
		}
		j, err := StartWithin(sc, s.limits())
		if err != nil {
			return []Reply{{Kind: KindError, ID: req.ID, Error: err.Error()}}
		}
		j.noTrace = !req.Traced
		s.job, s.id, s.engine, s.slices = j, req.ID, 0, 0
		s.charts, s.lang = req.Charts, i18n.Lang(req.Lang)
		s.reported, s.partial, s.partialGap = now, now, partialEvery
		return nil
	default:
		return []Reply{{Kind: KindError, ID: req.ID, Error: fmt.Sprintf("unknown request %q", req.Kind)}}
	}
}

// Step runs the job in flight for about budget and returns what the page
// should hear: the result when the first phase ends, done at the end, and
// progress (with a partial result now and then) in between.
func (s *Service) Step(budget time.Duration, now func() time.Time) []Reply {
	if s.stepWarm(budget, now) {
		return nil // a warm-up says nothing
	}
	j := s.job
	if j == nil {
		if s.sweep.busy() {
			return s.stepSweep(budget, now)
		}
		return nil
	}
	before := j.Phase()
	t0 := now()
	changed := j.Step(budget, now)
	t1 := now()
	if before == Simulating {
		s.engine += t1.Sub(t0)
		s.slices++
	}
	var out []Reply
	if err := j.Err(); err != nil {
		s.job = nil
		return []Reply{{Kind: KindError, ID: s.id, Error: err.Error(), Refusal: refusalOf(err)}}
	}
	if changed && before == Simulating {
		s.ranOne()
		r := j.Result()
		t2 := now()
		charts, failed := s.drawCharts(r)
		out = append(out, Reply{Kind: KindResult, ID: s.id, Phase: j.Phase(), Progress: j.Progress(),
			Result: r, Charts: charts, ChartErrors: failed, EngineMs: ms(s.engine), Events: r.EventsProduced + r.EventsProcessed,
			Timing: &Timing{Slices: s.slices, DrawMs: ms(now().Sub(t2))}})
	}
	if j.Phase() == Done {
		out = append(out, Reply{Kind: KindDone, ID: s.id, Phase: Done, Progress: 1, Trace: j.Trace()})
		s.job = nil
		return out
	}
	if changed || t1.Sub(s.reported) < progressEvery {
		return out
	}
	s.reported = t1
	p := Reply{Kind: KindProgress, ID: s.id, Phase: j.Phase(), Progress: j.Progress()}
	if j.Phase() == Simulating && t1.Sub(s.partial) >= s.partialGap {
		p.Partial = j.partial()
		s.partial = now()
		// Keep partial results under a twentieth of the run's time.
		s.partialGap = max(partialEvery, 20*s.partial.Sub(t1))
	}
	return append(out, p)
}

// handleWords installs the page's language's catalog. A catalog that does
// not read is an error reply (ID 0: no run ends); the results then come
// without charts, and the page asks for each.
func (s *Service) handleWords(req Request) []Reply {
	files := make(map[string][]byte, len(req.Words))
	for name, b := range req.Words {
		files[name] = b
	}
	if err := i18n.Install(i18n.Lang(req.Lang), files); err != nil {
		return []Reply{{Kind: KindError, ID: req.ID, Error: "the page's words could not be installed: " + err.Error()}}
	}
	return nil
}

// drawCharts draws the charts of r the run asked for, in its language, when
// the worker draws charts and has that language's words.
func (s *Service) drawCharts(r *sim.Result) (map[string]chart.Chart, map[string]string) {
	if s.Draw == nil || len(s.charts) == 0 || !i18n.Ready(s.lang) {
		return nil, nil
	}
	c := i18n.For(s.lang)
	return chart.DrawResult(func(j chart.Job) (chart.Chart, error) { return s.draw(c, j) }, r, s.charts)
}

// draw is Draw, with a panic in the drawing as its error: a chart that
// cannot be drawn must not take the engine, and the run in flight, with
// it.
func (s *Service) draw(c *i18n.Catalog, j chart.Job) (ch chart.Chart, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("the chart could not be drawn: %v", p)
		}
	}()
	return s.Draw(c, j)
}

// handleDraw draws one chart for the page.
func (s *Service) handleDraw(req Request) Reply {
	out := Reply{Kind: KindDrawn, ID: req.ID}
	switch l := i18n.Lang(req.Lang); {
	case s.Draw == nil:
		out.Error = "this engine draws no charts"
	case req.Draw == nil:
		out.Error = "no chart to draw"
	case !i18n.Ready(l):
		out.Error = fmt.Sprintf("no words in language %q to draw a chart with", req.Lang)
	default:
		ch, err := s.draw(i18n.For(l), *req.Draw)
		if err != nil {
			out.Error = err.Error()
		} else {
			out.Chart = &ch
		}
	}
	return out
}

// partial is the run so far. The engine's Result reads its state without
// changing it, so asking for one mid-run leaves the run as it was (a test
// checks the digest).
func (j *Job) partial() *Partial {
	r := j.s.Result()
	return &Partial{SimulatedS: j.s.Progress() * j.sc.DurationS, EventsProduced: r.EventsProduced,
		EventsProcessed: r.EventsProcessed, OrderViolations: r.Ordering.Scopes.Order.Violations,
		CustomerViolations: r.Ordering.Scopes.Customer.Violations}
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
