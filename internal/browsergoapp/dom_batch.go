package main

// The copy's mount builds the DOM in batches (domBatchFile).
//
// go-app mounts an element by asking the browser for it, then for each of
// its attributes, event handlers and children, one syscall/js call each:
// the Simulate page's first mount is 1,195 nodes and 3,774 calls, each
// passing its strings through the boundary and giving every node a
// JavaScript reference with a finalizer. In profiled cold starts the calls
// were about half of the mount. The copy writes what a mount creates as a
// list of operations instead, which the page's script
// (partitionlabDOMBatch, served with app.js: internal/site) carries out in
// one call when the mount ends, or sooner when go-app needs a node it made
// (markup inserted whole, as the charts are, is appended to its parent's
// node): the first mount's 3,774 operations run in 18 calls. Each element
// and text node is a lazyNode until then: anything asked of it after the
// batch has run (an update, an event's target) asks the script for the
// node once, and from then on it is the node's own value. Asked before, it runs what the batch has so far
// first, so the order of the page's changes stays the order go-app made
// them in. A page without the script mounts as go-app does.

// domBatchFile is the batch and the lazy node, in the copy's package app.
const domBatchFile = `//go:build wasm

// Written by partitionlab's internal/browsergoapp (dom_batch.go): go-app's
// mount, with what it creates made by the page's script from lists of
// operations.

package app

import (
	"strconv"
	"strings"
	"syscall/js"
)

// domBatch is what one mount creates, as operations for the page's script
// partitionlabDOMBatch: the nodes it makes are numbered in order, and
// the script keeps them until each is asked for (node) or the mount's
// root is dismounted (release).
type domBatch struct {
	id       int
	ops      []byte
	funcs    []any // event handlers of the operations not yet run
	nodes    int   // nodes numbered so far
	released bool
}

var (
	domScript      js.Value // partitionlabDOMBatch, once looked up
	domScriptKnown bool
	openBatch      *domBatch            // the mount being written, if any
	batchRoots     = map[UI]*domBatch{} // mounts whose nodes the script still keeps
	nextBatch      int
)

func domBatching() bool {
	if !domScriptKnown {
		domScriptKnown = true
		domScript = js.Global().Get("partitionlabDOMBatch")
	}
	return domScript.Type() == js.TypeObject
}

// mountBatched mounts n; an outermost mount writes a batch, run when n is
// mounted.
func mountBatched(d Dispatcher, n UI) error {
	if openBatch != nil || d.isServerSide() || !domBatching() {
		return n.mount(d)
	}
	b := &domBatch{id: nextBatch}
	nextBatch++
	openBatch = b
	defer func() {
		openBatch = nil
		b.run()
		if b.nodes > 0 {
			batchRoots[n] = b
		}
	}()
	return n.mount(d)
}

// dismountBatched lets the script forget the nodes of the mount n was the
// root of.
func dismountBatched(n UI) {
	if b, ok := batchRoots[n]; ok {
		delete(batchRoots, n)
		b.released = true
		domScript.Call("release", b.id)
	}
}

// run has the script carry out the operations written so far.
func (b *domBatch) run() {
	if len(b.ops) == 0 {
		return
	}
	args := append([]any{b.id, string(b.ops)}, b.funcs...)
	b.ops, b.funcs = b.ops[:0], b.funcs[:0]
	domScript.Call("run", args...)
}

// plain says whether s can go in an operation: fields end with a NUL.
func plain(s string) bool { return strings.IndexByte(s, 0) < 0 }

func (b *domBatch) op(code byte, fields ...string) {
	b.ops = append(b.ops, code, 0)
	for _, f := range fields {
		b.ops = append(append(b.ops, f...), 0)
	}
}

func (b *domBatch) newNode() *lazyNode {
	n := &lazyNode{b: b, i: b.nodes}
	b.nodes++
	return n
}

func batchCreateElement(tag, xmlns string) (Value, error) {
	if b := openBatch; b != nil && plain(tag) && plain(xmlns) {
		b.op('E', tag, xmlns)
		return b.newNode(), nil
	}
	return Window().createElement(tag, xmlns)
}

func batchCreateTextNode(v string) Value {
	if b := openBatch; b != nil && plain(v) {
		b.op('T', v)
		return b.newNode()
	}
	return Window().createTextNode(v)
}

// lazyNode is a node a batch makes: its number until it is asked for,
// then its value.
type lazyNode struct {
	b *domBatch
	i int
	v Value
}

// writing says whether what is asked of n can be written in its batch.
func (n *lazyNode) writing() bool { return n.v == nil && n.b == openBatch }

func (n *lazyNode) index() string { return strconv.Itoa(n.i) }

// get is n's value: the batch's operations so far run first.
func (n *lazyNode) get() Value {
	if n.v == nil {
		if n.b.released {
			panic("go-app: a node of a dismounted mount was used (internal/browsergoapp)")
		}
		n.b.run()
		n.v = val(domScript.Call("node", n.b.id, n.i))
	}
	return n.v
}

// writingNode is c as a node the open batch is still writing, or nil.
func writingNode(c Wrapper) *lazyNode {
	if l, ok := c.JSValue().(*lazyNode); ok && l.writing() {
		return l
	}
	return nil
}

func (n *lazyNode) Set(p string, x any) {
	if n.writing() && plain(p) {
		switch x := x.(type) {
		case string:
			if plain(x) {
				n.b.op('S', n.index(), p, x)
				return
			}
		case bool:
			v := "0"
			if x {
				v = "1"
			}
			n.b.op('B', n.index(), p, v)
			return
		}
	}
	n.get().Set(p, x)
}

func (n *lazyNode) Call(m string, args ...any) Value {
	if m == "setAttribute" && n.writing() && len(args) == 2 {
		k, kok := args[0].(string)
		v, vok := args[1].(string)
		if kok && vok && plain(k) && plain(v) {
			n.b.op('A', n.index(), k, v)
			return undefined()
		}
	}
	return n.get().Call(m, args...)
}

func (n *lazyNode) setAttr(k, v string) { n.Call("setAttribute", k, v) }

func (n *lazyNode) appendChild(c Wrapper) {
	if n.writing() {
		if l := writingNode(c); l != nil {
			n.b.op('C', n.index(), l.index())
			return
		}
	}
	n.get().appendChild(c)
}

func (n *lazyNode) addEventListener(event string, fn Func) {
	if n.writing() && plain(event) {
		n.b.op('L', n.index(), event, strconv.Itoa(len(n.b.funcs)))
		n.b.funcs = append(n.b.funcs, jsval(fn))
		return
	}
	n.get().addEventListener(event, fn)
}

func (n *lazyNode) JSValue() Value {
	if n.v != nil {
		return n.v
	}
	return n
}

func (n *lazyNode) Bool() bool                                { return n.get().Bool() }
func (n *lazyNode) Delete(p string)                           { n.get().Delete(p) }
func (n *lazyNode) Equal(w Value) bool                        { return n.get().Equal(w) }
func (n *lazyNode) Float() float64                            { return n.get().Float() }
func (n *lazyNode) Get(p string) Value                        { return n.get().Get(p) }
func (n *lazyNode) Index(i int) Value                         { return n.get().Index(i) }
func (n *lazyNode) InstanceOf(t Value) bool                   { return n.get().InstanceOf(t) }
func (n *lazyNode) Int() int                                  { return n.get().Int() }
func (n *lazyNode) Invoke(args ...any) Value                  { return n.get().Invoke(args...) }
func (n *lazyNode) IsNaN() bool                               { return n.get().IsNaN() }
func (n *lazyNode) IsNull() bool                              { return n.get().IsNull() }
func (n *lazyNode) IsUndefined() bool                         { return n.get().IsUndefined() }
func (n *lazyNode) Length() int                               { return n.get().Length() }
func (n *lazyNode) New(args ...any) Value                     { return n.get().New(args...) }
func (n *lazyNode) SetIndex(i int, x any)                     { n.get().SetIndex(i, x) }
func (n *lazyNode) String() string                            { return n.get().String() }
func (n *lazyNode) Truthy() bool                              { return n.v == nil || n.v.Truthy() }
func (n *lazyNode) Type() Type                                { return n.get().Type() }
func (n *lazyNode) Then(f func(Value))                        { n.get().Then(f) }
func (n *lazyNode) getAttr(k string) string                   { return n.get().getAttr(k) }
func (n *lazyNode) delAttr(k string)                          { n.get().delAttr(k) }
func (n *lazyNode) firstChild() Value                         { return n.get().firstChild() }
func (n *lazyNode) replaceChild(new, old Wrapper)             { n.get().replaceChild(new, old) }
func (n *lazyNode) removeChild(c Wrapper)                     { n.get().removeChild(c) }
func (n *lazyNode) firstElementChild() Value                  { return n.get().firstElementChild() }
func (n *lazyNode) removeEventListener(event string, fn Func) { n.get().removeEventListener(event, fn) }
func (n *lazyNode) setNodeValue(v string)                     { n.get().setNodeValue(v) }
func (n *lazyNode) setInnerHTML(v string)                     { n.Set("innerHTML", v) }
func (n *lazyNode) setInnerText(v string)                     { n.Set("innerText", v) }
`

// domBatchOtherFile is what the edited files call, elsewhere than in a
// browser: go-app's own mount.
const domBatchOtherFile = `//go:build !wasm

// Written by partitionlab's internal/browsergoapp (dom_batch.go).

package app

func mountBatched(d Dispatcher, n UI) error { return n.mount(d) }

func dismountBatched(n UI) {}

func batchCreateElement(tag, xmlns string) (Value, error) { return Window().createElement(tag, xmlns) }

func batchCreateTextNode(v string) Value { return Window().createTextNode(v) }
`

// domBatchEdits make go-app's mount write its batch (see domBatchFile).
var domBatchEdits = []edit{
	{file: "pkg/app/node.go", old: "\tn.setSelf(n)\n\treturn n.mount(d)\n", new: "\tn.setSelf(n)\n\treturn mountBatched(d, n)\n", count: 1},
	{file: "pkg/app/node.go", old: "\tn.dismount()\n\tn.setSelf(nil)\n", new: "\tn.dismount()\n\tdismountBatched(n)\n\tn.setSelf(nil)\n", count: 1},
	{file: "pkg/app/html.go", old: "Window().createElement(e.tag, e.xmlns)", new: "batchCreateElement(e.tag, e.xmlns)", count: 1},
	{file: "pkg/app/text.go", old: "Window().createTextNode(t.value)", new: "batchCreateTextNode(t.value)", count: 1},
	{file: "pkg/app/js_wasm.go", old: "\t\treturn jsval(v.Value)\n\n\tdefault:", new: "\t\treturn jsval(v.Value)\n\n\tcase *lazyNode:\n\t\treturn jsval(v.get())\n\n\tdefault:", count: 1},
	{file: "pkg/app/js_wasm.go", old: "\t\treturn valueOf(t.Value)\n\t}\n", new: "\t\treturn valueOf(t.Value)\n\n\tcase *lazyNode:\n\t\treturn t.get()\n\t}\n", count: 1},
}
