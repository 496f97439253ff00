package app

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/i18n"
)

// mountedMark is the Performance API mark set when a page has mounted in the
// browser; the browser tests read it to report time to interactive.
const mountedMark = "partitionlab-mounted"

// layout is the frame every page shares: the header with the navigation,
// the page's content, and the footer. current is the id of the page shown
// (see pages()).
//
// The content is not a prop of a component: go-app deep-compares a
// component's exported fields on every render, and a page's whole element
// tree (mounted, with its parents) there made each render of the Simulate
// page take most of a second.
func layout(current string, content ...app.UI) app.UI {
	c := tr()
	return app.Div().Class("layout").Body(
		&topbar{Current: current},
		app.Main().ID("main").TabIndex(-1).Body(app.FilterUIElems(content...)...),
		app.Footer().Class("footer").Body(
			app.P().Body(
				app.Text(c.T("footer.text")),
				app.A().Href(href("/simplified")).Text(c.T("footer.link")),
				app.Text(c.T("footer.end")),
			),
		),
	)
}

// topbar is the skip link, the header with the navigation and the offer to
// reload into a new version.
type topbar struct {
	app.Compo

	// Current is the id of the page being shown (see pages()).
	Current string

	mounted         bool
	updateAvailable bool
}

// OnMount runs in the browser only (not when pages are pre-rendered), so the
// data-app-mounted attribute tells tests the app is live, not static HTML.
func (l *topbar) OnMount(ctx app.Context) {
	l.mounted = true
	listenToLangPicker()
	listenToPrint()
	rememberLinkLang(ctx)
	setHTMLLang()
	// The tab's title in the page's language (Learn names its lesson and
	// step itself); English keeps the server's.
	if c := tr(); c.Lang() != i18n.English && l.Current != "learn" {
		ctx.Page().SetTitle(c.T("site.title"))
	}
	app.Window().Get("performance").Call("mark", mountedMark)
	collectWhenIdle()
}

// OnAppUpdate is called when the service worker has installed a newer
// version: the page keeps running the old one until the person reloads.
func (l *topbar) OnAppUpdate(ctx app.Context) {
	l.updateAvailable = ctx.AppUpdateAvailable()
}

func (l *topbar) Render() app.UI {
	c := tr()
	root := app.Div().Class("frame")
	if l.mounted {
		root = root.DataSet("app-mounted", "true")
	}
	return root.Body(
		skipLink("main", c.T("skip.content")),
		app.Header().Class("topbar").Body(
			app.A().Class("brand").Href(href("/")).Body(
				app.Img().Src("/web/icon.svg").Alt("").Width(28).Height(28),
				app.Span().Text("Partition Lab"),
			),
			app.Nav().Aria("label", c.T("nav.label")).Body(
				app.Ul().Body(
					app.Range(pages()).Slice(func(i int) app.UI {
						p := pages()[i]
						a := app.A().ID("nav-" + p.id).Href(href(p.path)).Text(c.T("nav." + p.id))
						if p.id == l.Current {
							a = a.Aria("current", "page").Class("current")
						}
						return app.Li().Body(a)
					}),
				),
			),
			langPicker(c, pagePathOf(l.Current)),
		),
		app.If(langFailure != nil, langFailureBanner(pageLang())),
		app.If(l.updateAvailable, app.Div().ID("update-banner").Class("update").Aria("live", "polite").Body(
			app.Text(c.T("update.ready")+" "),
			app.Button().Type("button").Text(c.T("update.reload")).OnClick(func(ctx app.Context, e app.Event) { ctx.Reload() }),
		)),
	)
}

// scrollRegion is the box around a table that scrolls sideways on a narrow
// screen: focusable, so it can be scrolled with the keyboard, and a named
// region, so a screen reader says what it holds.
func scrollRegion(class, label string) app.HTMLDiv {
	return app.Div().Class(class).TabIndex(0).Attr("role", "region").Aria("label", label)
}

// skipLink moves the keyboard's focus to the element with id target (which
// must have tabindex -1), not only the view: following the link's fragment
// would scroll but leave the focus on the link, and on the Simulate page
// it would replace the scenario in the address.
func skipLink(target, text string) app.UI {
	return app.A().Class("skip-link").ID("skip-" + target).Href("#" + target).Text(text).
		OnClick(func(ctx app.Context, e app.Event) {
			e.PreventDefault()
			if el := app.Window().GetElementByID(target); el.Truthy() {
				el.Call("focus")
				el.Call("scrollIntoView")
			}
		})
}
