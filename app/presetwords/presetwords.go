// Package presetwords gives a built-in scenario's description in a
// language: the catalog's "presetdesc."+name (app/i18n's presets.json),
// whose English is the preset file's own description (a test keeps them
// the same). The editor's preset help and the design review show it.
//
// presetwords is plain Go: it must never import go-app.
package presetwords

import (
	"partitionlab/app/i18n"
	"partitionlab/sim"
)

// Description is sc's description in c's language. It is the catalog's
// translation when sc is a preset (by its name) whose description is still
// the preset's; a description of one's own, or one the catalog lacks, is
// shown as written.
func Description(c *i18n.Catalog, sc sim.Scenario) string {
	if sc.Name == "" || sc.Description == "" {
		return sc.Description
	}
	id := "presetdesc." + sc.Name
	if !c.Has(id) {
		return sc.Description
	}
	p, err := sim.Preset(sc.Name)
	if err != nil || p.Description != sc.Description {
		return sc.Description
	}
	return c.T(id)
}
