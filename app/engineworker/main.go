//go:build js && wasm

// Command engineworker is the simulation engine for the browser, built as a
// WebAssembly module of its own (web/engine.wasm) that runs in a Web Worker
// (web/engine-worker.js), so the page's thread never waits for a run.
//
// It holds the engine, the runner and the charts' drawing (app/plots: a
// result comes with its charts, and the page asks it for every other
// chart, so the pages' modules link no drawing): no go-app and no
// net/http. English's words are compiled in; the page gives its
// own language's (runner.KindWords). The protocol is runner.Service; this
// file only carries its messages.
package main

import (
	"bytes"
	"encoding/json"
	"sync"
	"syscall/js"
	"time"

	"partitionlab/app/plots"
	"partitionlab/app/runner"
)

// slice is how long the worker runs the engine before it looks at its
// messages again: a new run or a cancel waits at most this long. The pause
// between slices costs a few microseconds.
const slice = 10 * time.Millisecond

// inbox holds the requests the page sent since the worker last looked.
type inbox struct {
	mu   sync.Mutex
	reqs []runner.Request
	// at is when the latest run request arrived (epochMs), by ID, and
	// startMs how long reading and preparing it took.
	at      map[int]float64
	startMs map[int]float64
	// wake is signalled when a request arrives, for an idle worker.
	wake chan struct{}
}

func (in *inbox) put(r runner.Request, at float64) {
	in.mu.Lock()
	in.reqs = append(in.reqs, r)
	if r.Kind == runner.KindRun {
		in.at, in.startMs = map[int]float64{r.ID: at}, map[int]float64{} // only the latest run can end
	}
	in.mu.Unlock()
	select {
	case in.wake <- struct{}{}:
	default:
	}
}

// arrived is when request id arrived, and how long it took to start.
func (in *inbox) arrived(id int) (at, startMs float64) {
	in.mu.Lock()
	defer in.mu.Unlock()
	return in.at[id], in.startMs[id]
}

// started notes how long run id took to start.
func (in *inbox) started(id int, d time.Duration) {
	in.mu.Lock()
	defer in.mu.Unlock()
	if in.startMs != nil {
		in.startMs[id] = float64(d.Microseconds()) / 1000
	}
}

func (in *inbox) take() []runner.Request {
	in.mu.Lock()
	defer in.mu.Unlock()
	r := in.reqs
	in.reqs = nil
	return r
}

func main() {
	self := js.Global()
	perf := self.Get("performance")
	origin := perf.Get("timeOrigin").Float()
	epochMs := func() float64 { return origin + perf.Call("now").Float() }
	in := &inbox{wake: make(chan struct{}, 1)}
	post := func(r runner.Reply) {
		if r.Timing != nil {
			r.Timing.Received, r.Timing.StartMs = in.arrived(r.ID)
			r.Timing.Result = epochMs()
		}
		b, err := marshal(r)
		if err != nil {
			kind := runner.KindError
			if r.Kind == runner.KindDrawn {
				kind = runner.KindDrawn // the page waits for a drawing, not a run
			}
			b, _ = marshal(runner.Reply{Kind: kind, ID: r.ID, Error: "the engine's reply could not be written: " + err.Error()})
		}
		self.Call("postMessage", string(b))
	}
	receive := js.FuncOf(func(_ js.Value, args []js.Value) any {
		at := epochMs()
		var req runner.Request
		if err := json.Unmarshal([]byte(args[0].String()), &req); err != nil {
			post(runner.Reply{Kind: runner.KindError, Error: "the page's request could not be read: " + err.Error()})
			return nil
		}
		in.put(req, at)
		return nil
	})
	// engine-worker.js kept what the page sent while this module compiled.
	self.Call("partitionlabEngineStart", receive)

	yield := newYielder()
	svc := runner.Service{Draw: plots.Draw}
	for {
		for _, req := range in.take() {
			t0 := time.Now()
			replies := svc.Handle(req, t0)
			if req.Kind == runner.KindRun {
				in.started(req.ID, time.Since(t0))
			}
			for _, r := range replies {
				post(r)
			}
		}
		if !svc.Busy() {
			<-in.wake // the worker sleeps until the page asks for something
			continue
		}
		for _, r := range svc.Step(slice, time.Now) {
			post(r)
		}
		yield()
	}
}

// marshal is r as JSON, with <, > and & as they are: the charts' SVG is
// full of them, and json.Marshal's escapes would make it a third longer.
func marshal(r runner.Reply) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(r); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// newYielder returns a function that lets the worker's event loop run (and
// so deliver the page's messages) and returns right after: a message to
// itself through a MessageChannel, which unlike a timer costs no wait.
func newYielder() func() {
	ch := js.Global().Get("MessageChannel").New()
	done := make(chan struct{}, 1)
	ch.Get("port1").Set("onmessage", js.FuncOf(func(js.Value, []js.Value) any {
		done <- struct{}{}
		return nil
	}))
	port := ch.Get("port2")
	return func() {
		port.Call("postMessage", 0)
		<-done
	}
}
