package app

import (
	"strconv"
	"strings"

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

// replaceQuoted is s with each of its quoted texts replaced by what f
// makes of it. A quoted text is "…" where a backslash escapes the rune
// after it (but not a newline); a quote that no quote closes is left as it
// is, and the search goes on from the next quote.
//
// Hand-written, not a regexp: the pages' WebAssembly modules link no
// regexp (with go-app's router, it was about 77 kB of app.wasm with
// brotli; internal/archtest checks it).
func replaceQuoted(s string, f func(quoted string) string) string {
	var b strings.Builder
	done, from := 0, 0
	for {
		open := strings.IndexByte(s[from:], '"')
		if open < 0 {
			break
		}
		open += from
		end := quoteEnd(s, open)
		if end < 0 {
			from = open + 1
			continue
		}
		b.WriteString(s[done:open])
		b.WriteString(f(s[open:end]))
		done, from = end, end
	}
	if done == 0 {
		return s
	}
	b.WriteString(s[done:])
	return b.String()
}

// quoteEnd is the end of the quoted text that opens at s[open], after its
// closing quote, or -1 when it is not closed. Bytes are enough: a quote
// or a backslash byte is always a rune of its own in UTF-8.
func quoteEnd(s string, open int) int {
	for i := open + 1; i < len(s); i++ {
		switch s[i] {
		case '"':
			return i + 1
		case '\\':
			if i+1 == len(s) || s[i+1] == '\n' {
				return -1
			}
			i++ // the escaped rune's first byte; the others are neither quotes nor backslashes
		}
	}
	return -1
}

// engineSentences says each quoted text of a measured value that is one
// of the engine's sentences in c's language, still quoted; other texts
// (a key, a member's name) stay as they are.
func engineSentences(c *i18n.Catalog, got string) string {
	if c.Lang() == i18n.English {
		return got
	}
	return replaceQuoted(got, func(q string) string {
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
