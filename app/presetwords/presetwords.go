// Package presetwords gives a built-in scenario's name and description in
// a language: the catalog's "presetdesc."+name (app/i18n's presets.json),
// whose English is the preset file's own description (a test keeps them
// the same), and for a B made from a scenario with a change (changes.Apply)
// its name said from the change's id, "{name} with {change}". The editor's
// preset help, Compare and the design review show them.
//
// presetwords is plain Go: it must never import go-app.
package presetwords

import (
	"partitionlab/app/changes"
	"partitionlab/app/i18n"
	"partitionlab/sim/scenario"
)

// Name is a scenario's name in c's language. A name changes.Apply gave
// (English: "thread-pool with twice the partitions") is said with the
// catalog's compare.side.withChange and the change's compare.change.<id>;
// any other name is shown as written. The scenario keeps its English name:
// its digest and links are the same in every language.
func Name(c *i18n.Catalog, name string) string {
	base, ch, set, ok := changes.Origin(name)
	if !ok {
		return name
	}
	what := set
	if ch.ID != changes.Custom {
		what = c.T("compare.change." + ch.ID)
	}
	return c.T("compare.side.withChange", i18n.S("name", Name(c, base)), i18n.S("change", what))
}

// Description is sc's description in c's language. It is the catalog's
// translation when sc is a preset (by its name), or a B made from a preset
// with a change, whose description is still the preset's; a description
// of one's own, or one the catalog lacks, is shown as written.
func Description(c *i18n.Catalog, sc scenario.Scenario) string {
	if sc.Name == "" || sc.Description == "" {
		return sc.Description
	}
	name := sc.Name
	for {
		base, _, _, ok := changes.Origin(name)
		if !ok {
			break
		}
		name = base
	}
	id := "presetdesc." + name
	if !c.Has(id) {
		return sc.Description
	}
	p, err := scenario.Preset(name)
	if err != nil || p.Description != sc.Description {
		return sc.Description
	}
	return c.T(id)
}

// OfPreset is built-in preset name's description in c's language, as
// Description gives it for the preset, read from the catalog alone when
// the catalog has it: the editor asks at every render, and reading the
// preset (twice, by way of Description) was most of its help's cost. It
// reports false when the catalog lacks the preset (then read the preset
// and ask Description) or name is no built-in preset.
func OfPreset(c *i18n.Catalog, name string) (string, bool) {
	id := "presetdesc." + name
	if _, _, _, derived := changes.Origin(name); derived || !c.Has(id) {
		return "", false
	}
	if _, err := scenario.PresetJSON(name); err != nil {
		return "", false
	}
	return c.T(id), true
}
