package app

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/i18n"
)

// lookTargets are the elements that show a view a lesson step points at
// (lessons.Views): the results panel's cards, charts and tables, or the
// Learn page's own calculator tables. The first one present is where "Show
// me" scrolls; learn.css outlines every one of them while the step names
// the view, through the data-look attribute of the results' wrapper.
func lookTargets(view string) []string {
	switch view {
	case "load":
		return []string{"card-load", "chart-records"}
	case "lag":
		return []string{"chart-lag", "card-lag"}
	case "throughput":
		return []string{"chart-throughput"}
	case "violations":
		return []string{"violations-panel", "card-violations-order", "card-violations-customer", "card-violations-key"}
	case "members":
		return []string{"chart-busy", "chart-assignments", "card-idle"}
	case "rebalances":
		return []string{"rebalances", "no-rebalances", "card-pause"}
	case "group-events":
		return []string{"group-events", "no-group-events"}
	case "duplicates":
		return []string{"card-duplicates", "card-lost"}
	case "latency":
		return []string{"card-p99"}
	case "producers":
		return []string{"producers"}
	case "timeline":
		return []string{"marks", "chart-throughput"}
	case "error":
		return []string{"learn-error"}
	case "key-table":
		return []string{"learn-key-table"}
	case "moved-keys":
		return []string{"learn-moved-keys"}
	case "sizing":
		return []string{"learn-sizing"}
	}
	return nil
}

// lookAbout is what a view shows, in c's language (in English, the lesson
// package's words: lessons.Views; a test keeps them the same).
func lookAbout(c *i18n.Catalog, view string) string {
	return c.T("learn.view." + view + ".about")
}

// lookTitle is a view's name as a heading: "group-events" reads "Group
// events".
func lookTitle(c *i18n.Catalog, view string) string {
	return c.T("learn.view." + view + ".title")
}

// scrollToLook scrolls to the first element present that shows the view
// and moves the keyboard focus there, so "Show me" works without a mouse.
func scrollToLook(view string) {
	for _, id := range lookTargets(view) {
		el := app.Window().GetElementByID(id)
		if !el.Truthy() {
			continue
		}
		if !el.Call("hasAttribute", "tabindex").Bool() {
			el.Call("setAttribute", "tabindex", "-1")
		}
		el.Call("scrollIntoView", map[string]any{"block": "center"})
		el.Call("focus", map[string]any{"preventScroll": true})
		return
	}
}

// openDetailsFor opens the collapsed section around the views' elements
// (the producers table sits in "Run details"), so an emphasised element
// is never hidden.
func openDetailsFor(views []string) {
	for _, v := range views {
		for _, id := range lookTargets(v) {
			el := app.Window().GetElementByID(id)
			if !el.Truthy() {
				continue
			}
			if d := el.Call("closest", "details"); d.Truthy() {
				d.Set("open", true)
			}
		}
	}
}
