package app

import (
	"errors"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/chart"
	"partitionlab/app/report"
)

// downloadReview writes a review and saves it: one HTML file, or (with
// markdown) the Markdown and its SVG charts in a zip. Its links start
// with the app's own address; its words are in the page's language; its
// charts are the ones the page shows (shown), named after their ids
// ("chart-lag", "compare-chart-lag": "lag"). A chart still being drawn
// is asked for, and the review waits: the error says so.
func downloadReview(in report.Input, shown []namedChart, name string, markdown bool) error {
	in.BaseURL, in.Catalog = appBase(), tr()
	in.Charts = map[string]chart.Chart{}
	needed := map[string]bool{}
	for _, j := range in.Jobs() {
		needed[j.Name] = true
	}
	for _, nc := range shown {
		if !needed[shortChartID(nc.id)] {
			continue
		}
		if nc = nc.resolve(nil); nc.err != "" {
			return errors.New(nc.err) // a chart that could not be drawn: why, not "still drawn"
		} else if !nc.pending {
			in.Charts[shortChartID(nc.id)] = nc.chart
		}
	}
	rv, err := report.New(in)
	if notDrawn := (*report.NotDrawnError)(nil); errors.As(err, &notDrawn) {
		return errors.New(tr().T("report.chartsPending"))
	}
	if err != nil {
		return err
	}
	if !markdown {
		saveWithHangul(rv.HTML(), htmlWithHangul, func(page string) { download(name+".html", "text/html", []byte(page)) })
		return nil
	}
	z, err := rv.Zip(name)
	if err != nil {
		return err
	}
	download(name+".zip", "application/zip", z)
	return nil
}

// appBase is the address the app is served from (with its sub-path), the
// start of every page's link.
func appBase() string {
	u := *app.Window().URL()
	u.RawQuery, u.Fragment = "", ""
	base := u.String()
	return base[:strings.LastIndex(base, "/")+1]
}
