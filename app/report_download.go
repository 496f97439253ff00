package app

import (
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/report"
)

// downloadReview writes a review and saves it: one HTML file, or (with
// markdown) the Markdown and its SVG charts in a zip. Its links start
// with the app's own address; its words are in the page's language.
func downloadReview(in report.Input, name string, markdown bool) error {
	in.BaseURL, in.Catalog = appBase(), tr()
	rv, err := report.New(in)
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
