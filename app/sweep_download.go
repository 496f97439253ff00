package app

import (
	"bytes"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/chart"
	"partitionlab/app/i18n"
	"partitionlab/app/report"
	"partitionlab/app/sweepreport"
)

// renderDownloads keeps the sweep: its CSV (a row per point and seed),
// its JSON (as `partitionlab sweep --json` prints it) and its review, one
// HTML file or Markdown with its SVG charts in a zip.
func (p *sweepPage) renderDownloads(c *i18n.Catalog) app.UI {
	if p.out == nil || !p.out.final {
		return nil
	}
	stem := fileName(p.sc.Name, "scenario") + "-sweep"
	s := p.out.s
	// The review's charts are drawn as soon as the sweep is final, so
	// they are there for the click; until then its buttons wait.
	// The worker draws in order: the page is drawn again once, with the
	// last of them, not at each (owner nil).
	charts, pending := map[string]chart.Chart{}, false
	jobs := sweepreport.Jobs(c, s)
	for i, j := range jobs {
		var owner app.Composer
		if i == len(jobs)-1 {
			owner = p
		}
		nc := jobChart(j.Name, j.Title, j.Job).resolve(owner)
		pending = pending || nc.pending
		if !nc.pending && nc.err == "" {
			charts[j.Name] = nc.chart
		}
	}
	button := func(id, text string, save func() error) app.HTMLButton {
		return app.Button().Type("button").ID(id).Text(text).OnClick(func(ctx app.Context, _ app.Event) {
			if err := save(); err != nil {
				p.run.err = fieldErrorsText(tr(), err)
			}
		}, stem, len(charts))
	}
	input := sweepreport.Input{Plan: p.plan, Sweep: s, BaseURL: appBase(), Catalog: c, Why: sweepWhy(c, s), Fragments: p.run.frags, Charts: charts}
	return app.Div().ID("sweep-downloads").Class("downloads").Body(
		button("sweep-download-csv", c.T("sweep.download.csv"), func() error {
			var b bytes.Buffer
			if err := s.WriteCSV(&b); err != nil {
				return err
			}
			download(stem+".csv", "text/csv", b.Bytes())
			return nil
		}),
		button("sweep-download-json", c.T("sweep.download.json"), func() error {
			b, err := s.JSON()
			if err != nil {
				return err
			}
			download(stem+".json", "application/json", b)
			return nil
		}),
		button("sweep-download-html", c.T("sweep.download.html"), func() error {
			rv, err := sweepreport.New(input)
			if err != nil {
				return err
			}
			download(stem+".html", "text/html", []byte(rv.HTML()))
			return nil
		}).Disabled(pending).DataSet("pending", pending),
		button("sweep-download-markdown", c.T("sweep.download.markdown"), func() error {
			rv, err := sweepreport.New(input)
			if err != nil {
				return err
			}
			z, err := report.ZipMarkdown(stem, rv.Markdown(stem+"-"), rv.Charts)
			if err != nil {
				return err
			}
			download(stem+".zip", "application/zip", z)
			return nil
		}).Disabled(pending).DataSet("pending", pending),
	)
}
