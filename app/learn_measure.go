package app

import (
	"regexp"
	"strconv"
	"strings"
	"sync"

	"partitionlab/app/i18n"
	"partitionlab/app/results/sentences"
	"partitionlab/sim/lessons"
)

// measured is what a check measured, worded in c's language; the paths,
// expressions and numbers in it are code and stay as written, but a
// sentence of the engine's among the values and in the comparison (a violation's cause, a
// rebalance's) is said in c's language as the results page says it. In
// English it is the lesson package's own message (a test keeps the two
// the same).
func measured(c *i18n.Catalog, m lessons.Measure) string {
	id := "learn.measure." + string(m.Result)
	if m.Every && m.Result != lessons.Unchecked {
		id += ".every"
	}
	why := ""
	if m.Why != lessons.ReasonNone {
		why = c.T("learn.measure.why."+string(m.Why), i18n.S("op", m.Detail))
	}
	detail := m.Detail
	if m.NoValues {
		detail = c.T("learn.measure.noValues", i18n.S("path", m.Path))
	}
	got := m.Got
	if m.Shown != nil {
		got = strings.Join(m.Shown, ", ")
		if m.All > 0 {
			all := c.Lang().Int(int64(m.All))
			if c.Lang() == i18n.English {
				all = strconv.Itoa(m.All) // as the lesson package writes it
			}
			got += c.T("learn.measure.more", i18n.S("all", all))
		}
	}
	return c.T(id, i18n.S("path", m.Path), i18n.S("rel", engineSentences(c, m.Rel)), i18n.S("got", engineSentences(c, got)), i18n.S("at", m.At),
		i18n.S("why", why), i18n.S("detail", detail))
}

var quotedText = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`"(?:[^"\\]|\\.)*"`) })

// engineSentences says each quoted text of a measured value that is one
// of the engine's sentences in c's language, still quoted; other texts
// (a key, a member's name) stay as they are.
func engineSentences(c *i18n.Catalog, got string) string {
	if c.Lang() == i18n.English {
		return got
	}
	return quotedText().ReplaceAllStringFunc(got, func(q string) string {
		s, err := strconv.Unquote(q)
		if err != nil {
			return q
		}
		if said, ok := sentences.Any(c, s); ok {
			return `"` + said + `"` // as written: a French sentence keeps its no-break spaces
		}
		return q
	})
}
