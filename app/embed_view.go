package app

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/embedlink"
	"partitionlab/app/i18n"
	"partitionlab/app/results"
	"partitionlab/app/scenarioform"
)

func (p *embedPage) Render() app.UI {
	c := tr()
	var run app.UI
	openHref := ""
	switch {
	case p.docB != nil && p.compared != nil:
		run, openHref = p.renderComparison(c, p.compared), p.compared.open
	case p.docB == nil && p.shown != nil:
		run, openHref = p.renderRun(c, p.shown), p.shown.open
	}
	var open app.UI
	if openHref != "" {
		open = app.P().Class("embed-open").Body(
			app.A().ID("embed-open").Href(openHref).Target("_blank").Rel("noopener").Text(c.T("embed.open")),
		)
	}
	root := app.Main().ID("embed").Class("embed")
	if p.mounted {
		root = root.DataSet("app-mounted", "true")
	}
	return root.Body(app.FilterUIElems(
		app.Div().Class("embed-head").Body(
			app.H1().Text(p.title(c)),
			p.renderStatus(c),
		),
		app.If(langFailure != nil, langFailureBanner(pageLang())),
		app.If(p.notice != "", app.P().ID("embed-notice").Class("error").Text(p.notice)),
		app.If(len(p.opts.Controls) > 0, p.renderControls(c)),
		app.If(p.refused != "", app.P().ID("embed-refused").Class("error").Aria("live", "polite").Text(p.refused)),
		run,
		open,
	)...)
}

// renderStatus says whether the numbers are the reader's values' or are
// being worked out, with the digest the tests compare.
func (p *embedPage) renderStatus(c *i18n.Catalog) app.UI {
	l := &p.loop
	state, text := "done", ""
	switch {
	case l.err != "":
		state, text = l.errorStatus(c, "results.status.error")
	case l.gate != nil:
		state, text = "waiting", c.T("results.status.waiting")
	case l.crashed != "":
		state, text = "crashed", c.T("results.status.crashed")
	case l.client.Running():
		state, text = "running", c.T("results.status.simulating")
	case p.refused != "":
		state = "invalid"
	}
	digest := ""
	switch {
	case l.client.Running() || l.gate != nil:
	case p.docB != nil && p.compared != nil:
		digest = p.compared.b.Result.Digest
	case p.docB == nil && p.shown != nil:
		digest = p.shown.r.Digest
	}
	return app.P().ID("embed-status").Class("embed-status").DataSet("state", state).DataSet("digest", digest).
		Aria("live", "polite").Body(
		app.If(l.client.Running(), newRunProgress(l, text)).Else(app.Text(text)),
		app.If(l.gate != nil, l.renderNotice()),
	)
}

// renderControls are the settings the author lets the reader change.
func (p *embedPage) renderControls(c *i18n.Catalog) app.UI {
	return app.Div().Class("embed-controls").Attr("role", "group").Aria("label", c.T("embed.controls")).Body(
		app.Range(p.opts.Controls).Slice(func(i int) app.UI {
			ctl := p.opts.Controls[i]
			id := "embed-control-" + strconv.Itoa(i)
			label := app.Label().For(id).Text(controlWords(c, ctl.Path))
			if !ctl.Number() {
				choices := ctl.Choices
				if !contains(choices, p.values[i]) && p.values[i] != "" {
					choices = append([]string{p.values[i]}, choices...)
				}
				return app.Div().Class("embed-control").Body(label,
					app.Select().ID(id).DataSet("path", ctl.Path).OnChange(p.onControl(i)).Body(
						app.Range(choices).Slice(func(j int) app.UI {
							return app.Option().Value(choices[j]).Selected(choices[j] == p.values[i]).Text(choices[j])
						}),
					))
			}
			return app.Div().Class("embed-control").Body(label,
				app.Input().Type("range").ID(id).DataSet("path", ctl.Path).
					Min(embedlink.Num(ctl.Min)).Max(embedlink.Num(ctl.Max)).Step(ctl.Step).Value(p.values[i]).
					Aria("valuetext", p.values[i]).OnInput(p.onControl(i)),
				app.Output().For(id).ID(id+"-value").Text(numberWords(c.Lang(), p.values[i])),
			)
		}),
	)
}

// controlWords names a setting a reader may change: its words in the
// catalog, or its path.
func controlWords(c *i18n.Catalog, path string) string {
	if f, section, ok := settingField(path); ok {
		if id := "editor." + section + "." + f.Key + ".label"; c.Has(id) {
			return c.T(id)
		}
	}
	return path
}

// settingField is the editor's field a --set path names (the first
// producer's for producers.0.key), with its section's id.
func settingField(path string) (scenarioform.Field, string, bool) {
	for _, s := range scenarioform.Sections() {
		key := path
		if s.Array != "" {
			rest, ok := strings.CutPrefix(path, s.Array+".0.")
			if !ok {
				continue
			}
			key = rest
		}
		for _, f := range s.Fields {
			if f.Key == key {
				return f, s.ID, true
			}
		}
	}
	return scenarioform.Field{}, "", false
}

// numberWords writes a control's number the language's way.
func numberWords(l i18n.Lang, v string) string {
	f, err := strconv.ParseFloat(v, 64)
	if err != nil {
		return v
	}
	return results.Decimal(l, f, 3)
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// renderRun is what the options show of the run on screen.
func (p *embedPage) renderRun(c *i18n.Catalog, s *embedRun) app.UI {
	var flowPart, evidence app.UI
	if s.flow != nil {
		flowPart = app.Figure().Class("flow-figure").ID("flow-figure").Aria("label", c.T("results.flow.label")).Body(
			newFlowView(s.flow, s.ver, results.Steps(s.r)-1, false))
	}
	if p.opts.Evidence {
		evidence = p.renderEvidence(c, s)
	}
	return app.Div().Class("embed-run").Body(app.FilterUIElems(
		app.If(len(s.cards) > 0, app.Section().Class("cards embed-cards").ID("cards").Aria("label", c.T("results.cards")).Body(
			app.Range(s.cards).Slice(func(i int) app.UI { return renderCard(c, s.cards[i]) }),
		)),
		app.Range(s.charts).Slice(func(i int) app.UI { return chartFigure(p, s.charts[i], s.sc.Name, false, 0) }),
		flowPart,
		evidence,
	)...)
}

// embedExamples is how many violations an embed lists.
const embedExamples = 3

// renderEvidence lists the first violations with their evidence.
func (p *embedPage) renderEvidence(c *i18n.Catalog, s *embedRun) app.UI {
	ex := s.r.Ordering.Examples
	if len(ex) == 0 {
		return app.P().ID("embed-evidence").Class("help").Text(c.T("embed.evidence.none"))
	}
	ex = ex[:min(len(ex), embedExamples)]
	return app.Section().ID("embed-evidence").Class("embed-evidence").Aria("label", c.T("embed.evidence")).Body(
		app.Ul().Body(app.Range(ex).Slice(func(i int) app.UI {
			return app.Li().Body(
				app.P().Text(violationLine(c, ex[i])),
				app.P().Class("help").Text(evidenceLine(c, ex[i])),
			)
		})),
	)
}
