package app

import (
	"encoding/json"
	"hash/fnv"
	"slices"
	"strconv"
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
		nc.pending = true
		return nc
	}
	nc.chart, nc.err, nc.job = d.chart, d.err, nil
	return nc
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
		keepDrawn(a.key, d)
		for _, o := range a.owners {
			o.Update()
		}
		return nil
	})
	e.Call("listenDrawn", drawn.listener)
}
