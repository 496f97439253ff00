package app

import (
	"net/url"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// The page's address, read in parts. app.Window().URL() parses all of it,
// which also unescapes the fragment: on the Simulate page that is a
// scenario link of hundreds of characters, and the language is read from
// the address at every render, several times (a few milliseconds of each
// redraw in Chromium).

// addressQuery is the query of the page's address.
func addressQuery() url.Values {
	q, _ := url.ParseQuery(strings.TrimPrefix(app.Window().Get("location").Get("search").String(), "?"))
	return q
}

// addressPath is the path of the page's address (decoded, as url.URL
// holds it).
func addressPath() string {
	raw := app.Window().Get("location").Get("pathname").String()
	if p, err := url.PathUnescape(raw); err == nil {
		return p
	}
	return raw
}
