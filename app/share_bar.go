package app

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/i18n"
	"partitionlab/sim/scenario"
)

// shareState is what the share bar shows after an action.
type shareState struct {
	message string
	paste   string
	// compare is the Compare page's address with the scenario as both A
	// and B, kept with the run rather than built on every render.
	compare string
	// param and value are the scenario's link parameter, for the embed.
	param, value string
	// sweep is the Sweep page's address with the scenario.
	sweep string
}

// sweepHref is the Sweep page with the scenario of link parameter
// name=value, its setting the page's first.
func sweepHref(name, value string) string {
	return "/sweep#" + url.Values{name: {value}}.Encode()
}

// compareHref is the Compare page with the scenario of link parameter
// name=value (see share.Param) as A, and B as A with the page's first
// change (the reviewer picks another there).
func compareHref(name, value string) string {
	return "/compare#" + url.Values{"a." + name: {value}, changeParam: {defaultChange}}.Encode()
}

// renderShareBar holds the link, the scenario's export and import, and the
// way to the Compare page.
func (p *simulatePage) renderShareBar() app.UI {
	e := p.editor
	c := tr()
	limit := i18n.S("limit", importLimit(c))
	return app.Div().Class("share-bar").ID("share-bar").Body(
		app.Button().Type("button").ID("copy-link").Text(c.T("results.share.copy")).OnClick(p.onCopyLink),
		app.Button().Type("button").ID("export-scenario").Text(c.T("results.share.export")).OnClick(func(ctx app.Context, _ app.Event) {
			download(fileName(e.sc.Name, "scenario")+".json", "application/json", e.export())
		}),
		app.Details().Class("import").ID("import").Body(
			app.Summary().Text(c.T("results.share.import")),
			app.Div().Class("field").Body(
				app.Label().For("import-file").Text(c.T("results.share.fromFile", limit)),
				app.Input().Type("file").ID("import-file").Accept(".json,application/json").OnChange(p.onImportFile),
			),
			app.Div().Class("field").Body(
				app.Label().For("import-text").Text(c.T("results.share.paste", limit)),
				app.Textarea().ID("import-text").Rows(4).Attr("spellcheck", "false").Text(p.share.paste).
					OnInput(p.onPaste),
				app.Button().Type("button").ID("import-apply").Text(c.T("results.share.load")).OnClick(p.onImportText),
			),
		),
		app.A().ID("compare-link").Href(href(p.share.compare)).Text(c.T("results.share.compare")),
		app.If(p.share.param != "", newEmbedDialog(p.share.param, p.share.value, e.sc.Name, nil)),
		app.A().ID("sweep-link").Href(href(p.share.sweep)).Text(c.T("sweep.entry")),
		app.Span().ID("share-message").Class("share-message").Aria("live", "polite").Text(p.share.message),
	)
}

func (p *simulatePage) onCopyLink(ctx app.Context, _ app.Event) {
	link := app.Window().URL().String()
	copyText(ctx, link, func(ctx app.Context, ok bool) {
		if ok {
			p.share.message = tr().T("results.share.copied")
		} else {
			p.share.message = tr().T("results.share.notCopied", i18n.S("link", link))
		}
	})
}

// importLimit says scenario.MaxDocumentBytes, the bound of a link's scenario,
// which files and pastes share: 1 MB.
func importLimit(c *i18n.Catalog) string {
	return c.Lang().Float(float64(scenario.MaxDocumentBytes)/1e6, 0) + " MB"
}

func (p *simulatePage) onImportFile(ctx app.Context, _ app.Event) {
	readFile(ctx, ctx.JSSrc(), scenario.MaxDocumentBytes,
		func(ctx app.Context, text string) { p.importText(ctx, text) },
		func(size int) { p.share.message = importTooLarge(size, false) })
}

// onPaste keeps the pasted text, unless it is too large to be a scenario:
// that is not even copied out of the page.
func (p *simulatePage) onPaste(ctx app.Context, _ app.Event) {
	// textLength is the value's length in UTF-16 units, read without
	// copying the text.
	if n := ctx.JSSrc().Get("textLength").Int(); n > scenario.MaxDocumentBytes {
		p.share.paste, p.share.message = "", importTooLarge(n, true)
		return
	}
	p.share.paste = ctx.JSSrc().Get("value").String()
	// The box already shows what was typed: drawing the page again at
	// every key would only cost time (tens of milliseconds during a run).
	ctx.PreventUpdate()
}

// importTooLarge says why a file (size in bytes) or a paste (in
// characters) was not imported. Sizes are plain digits in every language:
// exact sizes to compare with the limit, not amounts to read.
func importTooLarge(size int, characters bool) string {
	c := tr()
	id := "results.share.tooLarge.bytes"
	if characters {
		id = "results.share.tooLarge.characters"
	}
	return c.T(id, i18n.S("size", strconv.Itoa(size)), i18n.S("limit", importLimit(c)), i18n.S("bytes", strconv.Itoa(scenario.MaxDocumentBytes)))
}

func (p *simulatePage) onImportText(ctx app.Context, _ app.Event) { p.importText(ctx, p.share.paste) }

// importText loads scenario JSON or a link, then runs it (or shows what is
// wrong with it).
func (p *simulatePage) importText(ctx app.Context, text string) {
	if len(text) > scenario.MaxDocumentBytes {
		p.share.message = importTooLarge(len(text), false)
		return
	}
	text = strings.TrimSpace(text)
	var err error
	if strings.HasPrefix(text, "{") {
		err = p.editor.loadJSON([]byte(text))
	} else {
		err = p.editor.loadLink(text, "")
	}
	if err != nil {
		p.share.message = tr().T("results.share.notImported", i18n.S("error", fieldErrorsText(tr(), err)))
		return
	}
	p.share.paste = ""
	p.onEdited(ctx, app.Action{}) // clears the message of the previous action
	p.share.message = tr().T("results.share.imported")
}
