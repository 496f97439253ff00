package app

import (
	"errors"
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/i18n"
	"partitionlab/app/keyplacement"
	"partitionlab/sim/scenario/keydist"
)

// Weighted keys on the Key → partition page: with "Lines are key,count"
// ticked, each line is a key and its record count (the same CSV that
// partitionlab import keys reads), and the chart and the load summary
// count records, not keys. A sample of keys, one per line, needs no
// counts: each line already counts once.

// weightedTexts reads the box's lines as key,count: the keys (blank where
// a line holds none, so line numbers stay the person's), each line's
// count, and the lines that cannot be read.
func weightedTexts(t *i18n.Catalog, lines []string) (texts []string, weights []int64, errs []string) {
	texts, weights = make([]string, len(lines)), make([]int64, len(lines))
	for i, l := range lines {
		if keyplacement.Blank(l) || (i == 0 && keydist.IsHeader(l)) {
			continue
		}
		key, n, err := keydist.CSVLine(l)
		if err != nil {
			errs = append(errs, t.T("keys.error.key", i18n.S("where", t.T("keys.error.line", i18n.S("line", strconv.Itoa(i+1)))),
				i18n.S("problem", csvProblem(t, err))))
			continue
		}
		texts[i], weights[i] = key, n
	}
	return texts, weights, errs
}

// csvProblem says in t's language what is wrong with a key,count line.
func csvProblem(t *i18n.Catalog, err error) string {
	var e *keydist.CSVError
	if !errors.As(err, &e) {
		return err.Error()
	}
	return t.T("keys.error.csv."+string(e.Kind), i18n.S("text", strconv.Quote(e.Text)), i18n.S("key", e.Text),
		i18n.S("max", strconv.FormatInt(1<<63-1, 10)))
}

// recordsPerPartition counts client c's records on each partition, each
// key weighing its line's count.
func recordsPerPartition(p keyplacement.Placement, c int, weights []int64) []int {
	counts := make([]int, p.Partitions)
	for k, part := range p.At[c] {
		if part != keyplacement.Keyless {
			w := int64(1) // the empty key has no line (Pos 0): it counts once
			if pos := p.Keys[k].Pos; pos > 0 {
				w = weights[pos-1]
			}
			counts[part] += int(w)
		}
	}
	return counts
}

// loadSummary is the busiest partition's share of the records for each
// client, and how it compares with the mean, in t's language.
func loadSummary(t *i18n.Catalog, p keyplacement.Placement, weights []int64) []string {
	l := t.Lang()
	var out []string
	for c, client := range p.Clients {
		counts := recordsPerPartition(p, c, weights)
		var total, top, hot int
		for part, n := range counts {
			total += n
			if n > top {
				top, hot = n, part
			}
		}
		if total == 0 {
			continue
		}
		out = append(out, t.T("keys.load", i18n.S("client", client.Name()), i18n.S("partition", strconv.Itoa(hot)),
			i18n.S("share", l.Float(100*float64(top)/float64(total), 1)), i18n.Count(total),
			i18n.S("times", l.Float(float64(top)*float64(p.Partitions)/float64(total), 2))))
	}
	return out
}

// renderWeightedOption is the "Lines are key,count" switch and the file
// that fills the box.
func (c *keysPage) renderWeightedOption(t *i18n.Catalog) app.UI {
	return app.Div().Class("field").Body(
		app.Div().Class("check").Body(
			app.Input().Type("checkbox").ID("weighted").Checked(c.weighted).OnChange(func(ctx app.Context, _ app.Event) {
				c.weighted = ctx.JSSrc().Get("checked").Bool()
				c.compute()
			}),
			app.Label().For("weighted").Text(t.T("keys.weighted")),
		),
		app.Label().For("keys-file").Text(t.T("keys.file")),
		app.Input().Type("file").ID("keys-file").Accept(".csv,.txt").OnChange(func(ctx app.Context, _ app.Event) {
			readFile(ctx, ctx.JSSrc(), importFileLimit, func(ctx app.Context, text string) {
				lines := keyplacement.Lines(text)
				c.keysText, c.weighted = text, len(lines) > 0 && keydist.IsHeader(lines[0])
				for _, l := range lines {
					if _, _, err := keydist.CSVLine(l); err == nil && !keyplacement.Blank(l) {
						c.weighted = true
						break
					}
				}
				c.compute()
			}, func(size int) { c.result.keyErrs = []string{fileTooLarge(size)} })
		}),
	)
}

// renderLoad says how much of the records the busiest partition takes.
func (c *keysPage) renderLoad(t *i18n.Catalog) app.UI {
	if !c.weighted {
		return app.Text("")
	}
	lines := loadSummary(t, c.result.placement, c.result.weights)
	return app.Ul().ID("weighted-load").Class("weighted-load").Body(
		app.Range(lines).Slice(func(i int) app.UI { return app.Li().Text(lines[i]) }),
	)
}
