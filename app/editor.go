package app

import (
	"errors"

	"partitionlab/app/errtext"
	"partitionlab/app/i18n"
	"partitionlab/app/scenarioform"
	"partitionlab/app/share"
	"partitionlab/sim/scenario"
)

// editor is one scenario being edited: the document as typed, the last
// scenario the engine accepted and the engine's messages, placed at their
// inputs. The Simulate page has one, the Compare page two (prefix "a-" and
// "b-" keep their element ids apart).
type editor struct {
	prefix string
	doc    *scenarioform.Doc
	// sc is the last scenario the engine accepted; it is what runs.
	sc    scenario.Scenario
	valid bool
	errs  scenarioform.Placement
	// version changes with every edit, so the editor panel re-renders only
	// when there is something new to show.
	version int
	// notice is a message about loading (a broken link or file).
	notice string
	// catalog is the preset menu, read from the presets once.
	catalog []presetTheme
	// words are the page's language: it is read once, since choosing
	// another language loads the page again.
	words *i18n.Catalog
}

// themes is the preset menu grouped by theme.
func (e *editor) themes() []presetTheme {
	if e.catalog == nil {
		e.catalog = presetThemes()
	}
	return e.catalog
}

func newEditor(prefix string, sc scenario.Scenario) *editor {
	e := &editor{prefix: prefix, words: tr()}
	e.load(scenarioform.FromScenario(sc))
	return e
}

// load replaces the document (a preset, an import, a link) and reads it.
func (e *editor) load(d *scenarioform.Doc) {
	e.doc = d
	e.notice = ""
	e.reparse()
}

// loadPreset loads a built-in scenario by name.
func (e *editor) loadPreset(name string) error {
	if _, err := scenario.PresetJSON(name); err != nil {
		return unknownPreset{name, err}
	}
	sc, err := scenario.Preset(name)
	if err != nil {
		return err
	}
	e.load(scenarioform.FromScenario(sc))
	return nil
}

// loadLink loads the scenario a link carries (prefix names it on a page
// with several), reporting a link that carries none or a broken one.
func (e *editor) loadLink(raw, prefix string) error {
	l, err := share.Parse(raw, prefix)
	if err != nil {
		return err
	}
	if l.Preset != "" {
		return e.loadPreset(l.Preset)
	}
	return e.loadJSON(l.Document)
}

// loadJSON loads a scenario document; wrong values are kept and explained,
// only text that is not a JSON object is refused.
func (e *editor) loadJSON(b []byte) error {
	d, err := scenarioform.ParseDoc(b)
	if err != nil {
		return err
	}
	e.load(d)
	return nil
}

// reparse asks the engine to read the document and reports whether the
// scenario is valid. An invalid one keeps the last valid scenario (and so
// the last result) in place.
func (e *editor) reparse() bool {
	e.version++
	sc, err := e.doc.Scenario()
	var fe scenario.FieldErrors
	switch {
	case err == nil:
		e.sc, e.valid, e.errs = sc, true, scenarioform.Placement{}
	case errors.As(err, &fe):
		e.valid, e.errs = false, scenarioform.PlaceWith(fe, scenarioform.Targets(e.doc), errtext.For(e.words))
	default:
		e.valid, e.errs = false, scenarioform.Place(scenario.FieldErrors{{Message: fieldErrorsText(e.words, err)}}, nil)
	}
	return e.valid
}

// presetName is the built-in scenario the document is exactly, or "".
func (e *editor) presetName() string {
	if !e.valid {
		return ""
	}
	return share.PresetOf(e.sc)
}

// export is the scenario as a file: the minimal document of the valid
// scenario, or the document as typed while it is invalid (so it can be
// fixed elsewhere).
func (e *editor) export() []byte {
	if e.valid {
		return share.Minimal(e.sc)
	}
	return e.doc.JSON()
}
