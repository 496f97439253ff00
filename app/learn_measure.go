package app

import (
	"partitionlab/app/i18n"
	"partitionlab/sim/lessons"
)

// measured is what a check measured, worded in c's language; the paths,
// expressions and values in it are code and stay as written. In English
// it is the lesson package's own message (a test keeps the two the same).
func measured(c *i18n.Catalog, m lessons.Measure) string {
	id := "learn.measure." + string(m.Result)
	if m.Every && m.Result != lessons.Unchecked {
		id += ".every"
	}
	why := ""
	if m.Why != lessons.ReasonNone {
		why = c.T("learn.measure.why."+string(m.Why), i18n.S("op", m.Detail))
	}
	return c.T(id, i18n.S("path", m.Path), i18n.S("rel", m.Rel), i18n.S("got", m.Got), i18n.S("at", m.At),
		i18n.S("why", why), i18n.S("detail", m.Detail))
}
