package app

import (
	"encoding/json"
	"hash/fnv"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/chart"
	"partitionlab/app/i18n"
	"partitionlab/app/runner"
)

// Every chart a page shows is drawn in the engine's Web Worker (app/plots
// there, runner.KindDraw), so app.wasm links no drawing: gonum/plot and
// its fonts were a sixth of its download. A run's result comes with its
// charts; any other chart (a violation's timeline, Compare's, the keys',
// a sweep's, a result chart the worker could not draw) is a job a
// namedChart carries until the worker's drawing arrives. On the server,
// which pre-renders the pages, drawNow draws it at once.

// drawNow draws a chart where the page is rendered, in c's language: set
// on the server (chart_draw_server.go); nil in the browser, which asks
// the worker.
var drawNow func(c *i18n.Catalog, job chart.Job) (chart.Chart, error)

// drawnChart is a drawing the worker sent, or why it could not draw it.
type drawnChart struct {
	chart chart.Chart
	err   string
}

// drawn keeps the drawings by key (the language first: the server draws
// pages in every language), the oldest forgotten past maxDrawn, and the
// drawings asked for and still to come, by request id and key.
var drawn struct {
	sync.Mutex
	byKey    map[string]drawnChart
	order    []string
	asked    map[int]*askedChart
	askedKey map[string]*askedChart
	// retried are the drawings asked again after their worker died.
	retried  map[string]bool
	listener app.Func
}

// askedChart is a drawing on its way and the components that wait for it.
type askedChart struct {
	key    string
	owners []app.Composer
}

// maxDrawn bounds the drawings kept: a long session draws ever new ones.
const maxDrawn = 64

// jobKey names a job that has no name of its own (Compare's, the keys',
// a sweep's) by what it draws.
func jobKey(job chart.Job) string {
	b, _ := json.Marshal(job)
	h := fnv.New64a()
	h.Write(b)
	return job.Kind + "-" + strconv.FormatUint(h.Sum64(), 36)
}

// resolve is nc with its picture, or why there is none, once drawn; until
// then it asks for the drawing, once, and says it is pending; owner is
// drawn again when it arrives.
func (nc namedChart) resolve(owner app.Composer) namedChart {
	if nc.job == nil {
		return nc
	}
	key := string(tr().Lang()) + "|" + nc.key
	drawn.Lock()
	d, ok := drawn.byKey[key]
	drawn.Unlock()
	if !ok && drawNow != nil {
		ch, err := drawNow(tr(), *nc.job)
		d, ok = drawnChart{chart: ch}, true
		if err != nil {
			d.err = fieldErrorsText(tr(), err)
		}
		keepDrawn(key, d)
	}
	if !ok {
		askChart(key, *nc.job, owner)
		// Asking can fail at once (no engine, a job that does not write):
		// the error is kept then.
		drawn.Lock()
		d, ok = drawn.byKey[key]
		drawn.Unlock()
	}
	if !ok {
		nc.pending = true
		return nc
	}
	nc.chart, nc.err, nc.job = d.chart, d.err, nil
	return nc
}

// lastShown is the picture each figure showed last, by element id (a
// page's few figures), so a figure whose next picture is on its way keeps
// showing it, faded, rather than jumping to a placeholder and back.
var lastShown = map[string]string{}

// shownLast notes the picture figure id shows.
func shownLast(id, svg string) {
	drawn.Lock()
	defer drawn.Unlock()
	lastShown[id] = svg
}

// pendingFigure is figure id while its picture is drawn: the picture it
// showed last, faded, or a placeholder of a chart's size, with caption;
// data-pending says so.
func pendingFigure(id, caption string) app.UI {
	drawn.Lock()
	svg := lastShown[id]
	drawn.Unlock()
	fig := app.Figure().ID(id).Class("chart pending").DataSet("pending", true)
	if svg == "" {
		return fig.Body(app.P().Class("help").Text(tr().T("results.chart.drawing")), app.FigCaption().Text(caption))
	}
	return fig.Body(app.Div().Class("plot").Body(app.Raw(svg)),
		app.FigCaption().Text(strings.TrimSpace(caption+" "+tr().T("results.chart.drawing"))))
}

// keepDrawn keeps a drawing, forgetting the oldest past maxDrawn.
func keepDrawn(key string, d drawnChart) {
	drawn.Lock()
	defer drawn.Unlock()
	if drawn.byKey == nil {
		drawn.byKey = map[string]drawnChart{}
	}
	if _, ok := drawn.byKey[key]; !ok {
		drawn.order = append(drawn.order, key)
	}
	drawn.byKey[key] = d
	for len(drawn.order) > maxDrawn {
		delete(drawn.byKey, drawn.order[0])
		drawn.order = drawn.order[1:]
	}
}

// askChart sends job to the engine's worker, unless it is on its way
// already; owner is drawn again when it arrives.
func askChart(key string, job chart.Job, owner app.Composer) {
	drawn.Lock()
	if a := drawn.askedKey[key]; a != nil {
		// A component drawn again while it waits asks again: once is enough.
		if owner != nil && !slices.Contains(a.owners, owner) {
			a.owners = append(a.owners, owner)
		}
		drawn.Unlock()
		return
	}
	drawn.Unlock()
	e := engine()
	if !e.Truthy() {
		keepDrawn(key, drawnChart{err: tr().T("engine.notLoaded")})
		return
	}
	listenDrawn(e)
	postWords(e)
	id := e.Call("newID").Int()
	req, err := json.Marshal(runner.Request{Kind: runner.KindDraw, ID: id, Lang: string(tr().Lang()), Draw: &job})
	if err != nil {
		keepDrawn(key, drawnChart{err: fieldErrorsText(tr(), err)}) // a job is plain data: not reached
		return
	}
	a := &askedChart{key: key}
	if owner != nil {
		a.owners = append(a.owners, owner)
	}
	drawn.Lock()
	if drawn.asked == nil {
		drawn.asked, drawn.askedKey = map[int]*askedChart{}, map[string]*askedChart{}
	}
	drawn.asked[id], drawn.askedKey[key] = a, a
	drawn.Unlock()
	e.Call("draw", id, string(req))
}

// retriedOnce says whether the drawing key was asked again already after
// a worker died, and notes that it is now: a chart that kills every
// worker is asked twice, not forever.
func retriedOnce(key string) bool {
	drawn.Lock()
	defer drawn.Unlock()
	if drawn.retried == nil {
		drawn.retried = map[string]bool{}
	}
	done := drawn.retried[key]
	drawn.retried[key] = true
	return done
}

// listenDrawn hears the worker's drawings (web/engine.js sends them apart
// from the runs' replies), once.
func listenDrawn(e app.Value) {
	if drawn.listener != nil {
		return
	}
	drawn.listener = app.FuncOf(func(_ app.Value, args []app.Value) any {
		var r runner.Reply
		if err := json.Unmarshal([]byte(args[0].String()), &r); err != nil {
			return nil // engine.js writes these replies: not reached
		}
		drawn.Lock()
		a := drawn.asked[r.ID]
		delete(drawn.asked, r.ID)
		if a != nil {
			delete(drawn.askedKey, a.key)
		}
		drawn.Unlock()
		if a == nil {
			return nil
		}
		d := drawnChart{err: r.Error}
		if r.Chart != nil {
			d.chart = *r.Chart
		}
		if d.err == "" && r.Chart == nil {
			d.err = tr().T("engine.workerFailed") // the worker always sends one: not reached
		}
		switch {
		case r.Retry && !retriedOnce(a.key):
			// The worker died with it on its way (web/engine.js): the owners,
			// drawn again, ask a fresh worker.
		case r.Retry:
			keepDrawn(a.key, drawnChart{err: tr().T("engine.stopped", i18n.S("why", tr().T("engine.workerFailed")))})
		default:
			keepDrawn(a.key, d)
		}
		for _, o := range a.owners {
			o.Update()
		}
		return nil
	})
	e.Call("listenDrawn", drawn.listener)
}
