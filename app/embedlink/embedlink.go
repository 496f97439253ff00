// Package embedlink reads and writes what an embed's address says besides
// its scenario: which headline numbers and charts it shows, whether it
// shows the flow view or the violations' evidence, and the settings its
// reader may change (at most three, each with its range or choices).
//
// The scenario itself is a share link's (package share): /embed followed
// by #preset=NAME or #s=..., then these options, so an embed's address is
// a Simulate link with a few more parameters.
//
// embedlink is plain Go with no UI: it must never import go-app or
// net/http, so it tests natively and under node.
package embedlink

import (
	"net/url"
	"slices"
	"strconv"
	"strings"
)

// Parameters of an embed's address, beside the scenario's.
const (
	// CardsParam lists the headline numbers shown, by card id.
	CardsParam = "cards"
	// ChartsParam lists the charts shown, by chart name.
	ChartsParam = "charts"
	// ShowParam lists the other parts shown: "flow" and "evidence".
	ShowParam = "show"
	// ControlParam is one setting the reader may change (repeated).
	ControlParam = "ctl"
)

// Limits of an embed: it is a compact view.
const (
	MaxCards    = 4
	MaxCharts   = 2
	MaxControls = 3
	// MaxChoices bounds a control's choices.
	MaxChoices = 8
)

// Cards are the headline numbers an embed may show, by card id (package
// results), in the order the full app shows them.
var Cards = []string{"load", "violations-order", "violations-customer", "violations-key", "duplicates", "lost",
	"lag", "p99", "idle", "pause", "records"}

// Charts are the charts an embed may show, by name (the full app's chart
// ids without "chart-").
var Charts = []string{"records", "lag", "throughput", "busy"}

// Parts are the other parts an embed may show.
var Parts = []string{PartFlow, PartEvidence}

// Parts of ShowParam.
const (
	PartFlow     = "flow"
	PartEvidence = "evidence"
)

// Control is a setting the reader may change: a scenario path (as the
// command line's --set names it) with a range of numbers or a list of
// choices.
type Control struct {
	Path string
	// Min, Max and Step bound a number; used when Choices is empty.
	Min, Max, Step float64
	Choices        []string
}

// Number reports whether the control is a number in a range.
func (c Control) Number() bool { return len(c.Choices) == 0 }

// Set is the command line's --set for value v of the control.
func (c Control) Set(v string) string { return c.Path + "=" + v }

// Options are what an embed shows and lets its reader change.
type Options struct {
	Cards    []string
	Charts   []string
	Flow     bool
	Evidence bool
	Controls []Control
}

// Default is what an embed shows when its address says nothing but its
// scenario: the balance and ordering numbers, the lag, and the records
// per partition.
func Default() Options {
	return Options{Cards: []string{"load", "violations-order", "violations-customer", "lag"}, Charts: []string{"records"}}
}

// Error says which parameter of an embed's address is wrong and why: Code
// names the problem (the catalog's "embed.error.<code>"), Value is what
// the address says and Allowed what it may say.
type Error struct {
	Param, Value, Code, Allowed string
}

func (e *Error) Error() string {
	return e.Param + ": " + strconv.Quote(e.Value) + " " + e.Code + " (allowed: " + e.Allowed + ")"
}

// Problem codes of Error.
const (
	Unknown  = "unknown"
	TooMany  = "tooMany"
	BadRange = "badRange"
	BadPath  = "badPath"
)

// Parse reads an embed's options from its address's fragment (or a whole
// address). An address with none of the options gets Default; one that
// names any keeps exactly what it names.
func Parse(raw string) (Options, error) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil {
		return Default(), &Error{Param: "address", Value: raw, Code: Unknown, Allowed: "/embed#preset=NAME"}
	}
	v, _ := url.ParseQuery(u.Fragment)
	if !v.Has(CardsParam) && !v.Has(ChartsParam) && !v.Has(ShowParam) && !v.Has(ControlParam) {
		return Default(), nil
	}
	var o Options
	if o.Cards, err = names(v, CardsParam, Cards, MaxCards); err != nil {
		return o, err
	}
	if o.Charts, err = names(v, ChartsParam, Charts, MaxCharts); err != nil {
		return o, err
	}
	parts, err := names(v, ShowParam, Parts, len(Parts))
	if err != nil {
		return o, err
	}
	o.Flow, o.Evidence = slices.Contains(parts, PartFlow), slices.Contains(parts, PartEvidence)
	specs := v[ControlParam]
	if len(specs) > MaxControls {
		return o, &Error{Param: ControlParam, Value: strconv.Itoa(len(specs)), Code: TooMany, Allowed: "0.." + strconv.Itoa(MaxControls)}
	}
	for _, s := range specs {
		c, err := ParseControl(s)
		if err != nil {
			return o, err
		}
		o.Controls = append(o.Controls, c)
	}
	return o, nil
}

// names reads a comma-separated list of known names, in the order given,
// without repeats.
func names(v url.Values, param string, known []string, most int) ([]string, error) {
	var out []string
	for _, n := range strings.Split(v.Get(param), ",") {
		switch {
		case n == "" || slices.Contains(out, n):
		case !slices.Contains(known, n):
			return nil, &Error{Param: param, Value: n, Code: Unknown, Allowed: strings.Join(known, ", ")}
		default:
			out = append(out, n)
		}
	}
	if len(out) > most {
		return nil, &Error{Param: param, Value: strings.Join(out, ","), Code: TooMany, Allowed: "0.." + strconv.Itoa(most)}
	}
	return out, nil
}

// isPath reports whether p is a scenario path as --set names it: dotted
// names and indexes, led by a name (the regexp
// ^[a-z_]+(\.([a-z_]+|[0-9]+))*$). Written by hand because the pages'
// WebAssembly modules link no regexp (with go-app's router it was about
// 77 kB of app.wasm with brotli); internal/archtest checks it.
func isPath(p string) bool {
	for i, part := range strings.Split(p, ".") {
		if !isName(part) && (i == 0 || !isIndex(part)) {
			return false
		}
	}
	return true
}

// isName reports whether s is a name of a path: lower-case letters and
// underscores.
func isName(s string) bool {
	return s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyz_") == ""
}

// isIndex reports whether s is an index of a path: decimal digits.
func isIndex(s string) bool { return s != "" && strings.Trim(s, "0123456789") == "" }

// ParseControl reads one control: PATH:MIN..MAX (step 1), PATH:MIN..MAX:STEP
// or PATH:A|B|C.
func ParseControl(s string) (Control, error) {
	const form = "PATH:MIN..MAX[:STEP], PATH:A|B|C"
	p, spec, _ := strings.Cut(s, ":")
	if !isPath(p) {
		return Control{}, &Error{Param: ControlParam, Value: s, Code: BadPath, Allowed: form}
	}
	c := Control{Path: p}
	if lo, rest, ok := strings.Cut(spec, ".."); ok {
		hi, step, hasStep := strings.Cut(rest, ":")
		var err1, err2, err3 error
		c.Min, err1 = strconv.ParseFloat(lo, 64)
		c.Max, err2 = strconv.ParseFloat(hi, 64)
		c.Step = 1
		if hasStep {
			c.Step, err3 = strconv.ParseFloat(step, 64)
		}
		if err1 != nil || err2 != nil || err3 != nil || !(c.Min < c.Max) || !(c.Step > 0) || (c.Max-c.Min)/c.Step > 10000 {
			return Control{}, &Error{Param: ControlParam, Value: s, Code: BadRange, Allowed: form}
		}
		return c, nil
	}
	for _, ch := range strings.Split(spec, "|") {
		if ch != "" && !slices.Contains(c.Choices, ch) {
			c.Choices = append(c.Choices, ch)
		}
	}
	if len(c.Choices) < 2 || len(c.Choices) > MaxChoices {
		return Control{}, &Error{Param: ControlParam, Value: s, Code: BadRange, Allowed: form}
	}
	return c, nil
}

// String is the control as its parameter writes it.
func (c Control) String() string {
	if !c.Number() {
		return c.Path + ":" + strings.Join(c.Choices, "|")
	}
	s := c.Path + ":" + Num(c.Min) + ".." + Num(c.Max)
	if c.Step != 1 {
		s += ":" + Num(c.Step)
	}
	return s
}

// Num writes a number as the address and --set write it.
func Num(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

// Values are the options' parameters, to add to the scenario's. Default
// options write nothing: the address stays as short as a Simulate link.
func (o Options) Values() url.Values {
	v := url.Values{}
	if o.Equal(Default()) {
		return v
	}
	v.Set(CardsParam, strings.Join(o.Cards, ","))
	if len(o.Charts) > 0 {
		v.Set(ChartsParam, strings.Join(o.Charts, ","))
	}
	var parts []string
	if o.Flow {
		parts = append(parts, PartFlow)
	}
	if o.Evidence {
		parts = append(parts, PartEvidence)
	}
	if len(parts) > 0 {
		v.Set(ShowParam, strings.Join(parts, ","))
	}
	for _, c := range o.Controls {
		v.Add(ControlParam, c.String())
	}
	return v
}

// Equal reports whether two options show the same.
func (o Options) Equal(p Options) bool {
	if !slices.Equal(o.Cards, p.Cards) || !slices.Equal(o.Charts, p.Charts) || o.Flow != p.Flow ||
		o.Evidence != p.Evidence || len(o.Controls) != len(p.Controls) {
		return false
	}
	for i, c := range o.Controls {
		if c.String() != p.Controls[i].String() {
			return false
		}
	}
	return true
}

// Height is a sensible iframe height in CSS pixels for what the options
// show at a width of about 600 px: the snippet's height attribute, which
// the embed then corrects with its height message.
func (o Options) Height() int {
	h := 120 // the title, the status and the link
	if len(o.Controls) > 0 {
		h += 40 + 56*len(o.Controls)
	}
	if len(o.Cards) > 0 {
		h += 110 * ((len(o.Cards) + 1) / 2)
	}
	h += 340 * len(o.Charts)
	if o.Flow {
		h += 360
	}
	if o.Evidence {
		h += 220
	}
	return h
}
