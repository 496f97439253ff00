package sweepclient

import (
	"net/url"
	"strconv"
	"strings"

	"partitionlab/app/share"
	"partitionlab/sim/scenario"
)

// Link parameters of a sweep besides the scenario's (share's s= or
// preset=).
const (
	VaryParam    = "vary"    // PATH=SPEC, once per varied setting
	SeedsParam   = "seeds"   // 1..10
	RequireParam = "require" // an expression, once per requirement
	ScopeParam   = "scope"   // order, customer or key
)

// Vary is one varied setting as the form holds it: its path and its
// values as typed (a..b, a..b:step or a list).
type Vary struct {
	Path, Spec string
}

// String writes it as --vary takes it.
func (v Vary) String() string { return v.Path + "=" + v.Spec }

// Form is a sweep as the page's form holds it: text as typed, checked
// only when the sweep is made (see Form.Definition).
type Form struct {
	Vary    []Vary
	Seeds   int
	Require []string
	Scope   string
}

// Values are the form's link parameters.
func (f Form) Values() url.Values {
	v := url.Values{}
	for _, a := range f.Vary {
		v.Add(VaryParam, a.String())
	}
	if f.Seeds != 0 {
		v.Set(SeedsParam, strconv.Itoa(f.Seeds))
	}
	for _, r := range f.Require {
		v.Add(RequireParam, r)
	}
	if f.Scope != "" {
		v.Set(ScopeParam, f.Scope)
	}
	return v
}

// Fragment is the address's fragment (without #) for a sweep of sc.
func Fragment(sc scenario.Scenario, f Form) string {
	return FragmentWith(share.Values(sc, ""), f)
}

// FragmentWith is Fragment with the scenario's link parameters made
// already (share.Values, a compression), for a page that writes its
// address at every edit of the same scenario.
func FragmentWith(scenario url.Values, f Form) string {
	v := f.Values()
	for k, vs := range scenario {
		v[k] = vs
	}
	return v.Encode()
}

// ReadForm reads the form's parameters from a link's values. A seeds
// parameter that is not a number reads as 0, which Definition refuses by
// name.
func ReadForm(v url.Values) Form {
	f := Form{Require: v[RequireParam], Scope: v.Get(ScopeParam)}
	for _, a := range v[VaryParam] {
		path, spec, _ := strings.Cut(a, "=")
		f.Vary = append(f.Vary, Vary{Path: path, Spec: spec})
	}
	f.Seeds = 1
	if s := v.Get(SeedsParam); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			n = 0
		}
		f.Seeds = n
	}
	return f
}

// Parse reads a sweep's address (or its fragment alone): the scenario's
// link (share.ErrNoScenario when it names none) and the form.
func Parse(raw string) (share.Link, Form, error) {
	link, err := share.Parse(raw, "")
	var f Form
	if u, perr := url.Parse(strings.TrimSpace(raw)); perr == nil {
		if v, perr := url.ParseQuery(u.Fragment); perr == nil {
			f = ReadForm(v)
		}
	}
	return link, f, err
}
