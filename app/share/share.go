// Package share turns a scenario into the few hundred characters a link
// carries, and back: the scenario lives in the page's URL, so a reload or a
// link sent to a colleague reproduces the exact run.
//
// share is plain Go with no UI: it must never import go-app (or net/http),
// so it tests natively and under node.
package share

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"io"
	"net/url"
	"strings"
	"sync"

	"partitionlab/sim/scenario"
)

// Parameters of a link. They go in the URL's fragment (after #), which the
// browser never sends to the server: the service worker then answers from
// its cache even offline, where a query string would miss the cached page.
// Links with the same parameters in the query are read too.
const (
	// ScenarioParam holds a scenario document, compressed (see Encode).
	ScenarioParam = "s"
	// PresetParam names a built-in scenario, for short, readable links.
	PresetParam = "preset"
)

// maxDocument bounds a decoded document, so a crafted link cannot make the
// page inflate gigabytes.
const maxDocument = scenario.MaxDocumentBytes

// Encode compresses a scenario document (raw DEFLATE) and writes it in
// base64url without padding, which needs no escaping in a URL.
func Encode(doc []byte) string {
	var buf bytes.Buffer
	w, _ := flate.NewWriter(&buf, flate.BestCompression) // the level is valid
	w.Write(doc)
	w.Close()
	return base64.RawURLEncoding.EncodeToString(buf.Bytes())
}

// Decode reverses Encode. It says what is wrong with a mangled link (a
// truncated copy, for example) instead of returning half a document.
func Decode(s string) ([]byte, error) {
	packed, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(s, "="))
	if err != nil {
		return nil, &Error{Code: NotBase64, Err: err}
	}
	r := flate.NewReader(bytes.NewReader(packed))
	defer r.Close()
	doc, err := io.ReadAll(io.LimitReader(r, maxDocument+1))
	if err != nil {
		return nil, &Error{Code: NotDeflate, Err: err}
	}
	if len(doc) > maxDocument {
		return nil, &Error{Code: TooLarge, Max: maxDocument}
	}
	return doc, nil
}

// Link is what a link says about a scenario: either a preset's name or a
// document (never both).
type Link struct {
	Preset   string
	Document []byte
}

// Empty reports whether the link names no scenario at all (a plain page
// address, or a fragment such as #main that only scrolls).
func (l Link) Empty() bool { return l.Preset == "" && l.Document == nil }

// ErrNoScenario is returned by Parse for an address that names no scenario.
var ErrNoScenario error = &Error{Code: NoScenario}

// Parse reads the scenario of a page address: its fragment first, then its
// query. prefix distinguishes several scenarios on one page (the Compare
// page has "a." and "b."). A pasted address or a bare fragment both work.
func Parse(raw, prefix string) (Link, error) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil {
		return Link{}, &Error{Code: NotAddress, Err: err}
	}
	for _, part := range []string{u.Fragment, u.RawQuery} {
		v, err := url.ParseQuery(part)
		if err != nil {
			continue // a fragment such as #main is not ours
		}
		if s := v.Get(prefix + ScenarioParam); s != "" {
			doc, err := Decode(s)
			return Link{Document: doc}, err
		}
		if p := v.Get(prefix + PresetParam); p != "" {
			return Link{Preset: p}, nil
		}
	}
	return Link{}, ErrNoScenario
}

// Fragment is the URL fragment (without #) that carries sc under prefix:
// preset=NAME when sc is exactly a built-in scenario, the compressed minimal
// document otherwise.
func Fragment(sc scenario.Scenario, prefix string) string {
	return Values(sc, prefix).Encode()
}

// Values are the link parameters of sc (see Fragment), to combine with
// others.
func Values(sc scenario.Scenario, prefix string) url.Values {
	name, value := Param(sc)
	return url.Values{prefix + name: {value}}
}

// Param is the one link parameter that carries sc, without prefix:
// (PresetParam, name) or (ScenarioParam, compressed document). It is the
// costly part of a link, to compute once for several prefixes.
func Param(sc scenario.Scenario) (name, value string) {
	if p := PresetOf(sc); p != "" {
		return PresetParam, p
	}
	return ScenarioParam, Encode(Minimal(sc))
}

// PresetOf is the name of the built-in scenario sc is exactly, or "".
func PresetOf(sc scenario.Scenario) string {
	if sc.Name == "" {
		return ""
	}
	p := presetDoc(sc.Name)
	if p == nil || !bytes.Equal(p, scenario.MarshalScenario(sc)) {
		return ""
	}
	return sc.Name
}

// presetDocs are the built-in scenarios as MarshalScenario writes them, by
// name, each written once: a page asks PresetOf at every render of its
// editor, and reading the preset each time took 7–17 ms of a cold start
// in the browser (with the profiler on).
var presetDocs sync.Map

// presetDoc is the built-in scenario name as MarshalScenario writes it, or
// nil if there is none of that name.
func presetDoc(name string) []byte {
	if d, ok := presetDocs.Load(name); ok {
		return d.([]byte)
	}
	p, err := scenario.Preset(name)
	if err != nil {
		return nil // not a preset's name (scenario.PresetJSON refuses a path to one): nothing kept
	}
	b := scenario.MarshalScenario(p)
	presetDocs.Store(name, b)
	return b
}
