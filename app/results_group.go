package app

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/i18n"
	"partitionlab/app/results"
	"partitionlab/app/results/sentences"
	"partitionlab/sim"
)

// renderGroup is the consumer group: what it did over the run, its
// rebalances, each member's partitions over time and the notable events.
func (c *resultsPanel) renderGroup(snap results.Snapshot) app.UI {
	v := c.View
	g := v.result.Group
	t := tr()
	return app.Section().Class("card").ID("group-panel").Aria("labelledby", "group-title").Body(
		app.H2().ID("group-title").Text(t.T("results.group.title")),
		app.P().ID("group-summary").Text(groupSummary(t, g)),
		c.renderRebalances(g.Rebalances),
		chartFigure(c, v.assign, v.sc.Name, snap.T < v.result.DurationS, snap.T),
		c.renderGroupEvents(g.Events, snap.T),
	)
}

// groupSummary is the group's run in one sentence, counted in words a
// person reads aloud ("1 rebalance", "2 failed commits").
func groupSummary(c *i18n.Catalog, g sim.GroupResult) string {
	t, l := g.Totals, c.Lang()
	return c.T("results.group.summary", i18n.S("protocol", g.Protocol), i18n.S("assignor", g.Assignor),
		i18n.S("rebalances", c.T("results.rebalances", i18n.Count(t.Rebalances))),
		i18n.S("stw", results.SecondsIn(l, t.StopTheWorldS)), i18n.S("members", results.SecondsIn(l, t.MemberPauseS)),
		i18n.S("partitions", results.SecondsIn(l, t.PartitionPauseS)), i18n.N("kicked", t.KickedOut),
		i18n.S("failed", c.T("results.failedCommits", i18n.Count(t.FailedCommits))), i18n.N("fenced", t.Fenced),
		i18n.N("refused", t.Refused))
}

func (c *resultsPanel) renderRebalances(rbs []sim.RebalanceResult) app.UI {
	t := tr()
	l := t.Lang()
	if len(rbs) == 0 {
		return app.P().ID("no-rebalances").Text(t.T("results.rebalances.none"))
	}
	return scrollRegion("table-wrap compact", t.T("results.rebalances.region")).Body(app.Table().ID("rebalances").Body(
		app.Caption().Text(t.T("results.rebalances.caption")),
		app.THead().Body(app.Tr().Body(
			app.Th().Scope("col").Text(t.T("results.rebalances.when")), app.Th().Scope("col").Text(t.T("results.rebalances.cause")),
			app.Th().Scope("col").Text(t.T("results.rebalances.protocol")), app.Th().Scope("col").Class("num").Text(t.T("results.rebalances.generation")),
			app.Th().Scope("col").Class("num").Text(t.T("results.rebalances.moved")), app.Th().Scope("col").Text(t.T("results.rebalances.revoked")),
			app.Th().Scope("col").Text(t.T("results.rebalances.paused")),
		)),
		app.TBody().Body(app.Range(rbs).Slice(func(i int) app.UI {
			rb := rbs[i]
			return app.Tr().Body(
				app.Td().Text(results.SecondsIn(l, rb.StartS)+" → "+results.SecondsIn(l, rb.EndS)),
				app.Td().Class("wrap").Text(sentences.RebalanceCause(t, rb.Cause)), app.Td().Class("wrap").Text(rb.Protocol+", "+rb.Assignor),
				app.Td().Class("num").Text(results.CountIn(l, int(rb.Generation))),
				app.Td().Class("num").Title(moves(t, rb.Moves)).Text(results.CountIn(l, rb.PartitionsMoved)),
				app.Td().Class("wrap").Text(revoked(rb.Revoked)),
				app.Td().Class("wrap").Text(paused(t, rb.Paused)),
			)
		})),
	))
}

func moves(t *i18n.Catalog, ms []sim.Move) string {
	parts := make([]string, len(ms))
	for i, m := range ms {
		from := m.From
		if from == "" {
			from = t.T("results.nobody")
		}
		parts[i] = "p" + strconv.Itoa(m.Partition) + ": " + from + " → " + m.To
	}
	return strings.Join(parts, "\n")
}

// revoked is what cooperative members gave up in a round ("p5, p9"): a
// cooperative round moves nothing itself, its follow-up hands these out.
func revoked(ps []int) string {
	if len(ps) == 0 {
		return "—"
	}
	parts := make([]string, len(ps))
	for i, p := range ps {
		parts[i] = "p" + strconv.Itoa(p)
	}
	return strings.Join(parts, ", ")
}

func paused(t *i18n.Catalog, ps []sim.MemberPause) string {
	if len(ps) == 0 {
		return t.T("results.nobody")
	}
	parts := make([]string, len(ps))
	for i, p := range ps {
		parts[i] = p.Member + " " + results.SecondsIn(t.Lang(), p.PausedS)
	}
	return strings.Join(parts, t.T("results.listSeparator"))
}

func (c *resultsPanel) renderGroupEvents(evs []sim.GroupEvent, at float64) app.UI {
	t := tr()
	l := t.Lang()
	if len(evs) == 0 {
		return app.P().ID("no-group-events").Text(t.T("results.groupEvents.none"))
	}
	var rows []app.UI
	later := 0
	for _, e := range evs {
		if e.AtS > at {
			later++
			continue
		}
		rows = append(rows, app.Tr().Body(app.Td().Text(results.SecondsIn(l, e.AtS)), app.Td().Text(e.Member),
			app.Td().DataSet("event", e.Event).Text(sentences.Event(t, e)), app.Td().Class("wrap").Text(sentences.Detail(t, e))))
	}
	return app.Div().Body(
		scrollRegion("table-wrap compact", t.T("results.groupEvents.region")).Body(app.Table().ID("group-events").Body(
			app.Caption().Text(t.T("results.groupEvents.caption")),
			app.THead().Body(app.Tr().Body(app.Th().Scope("col").Text(t.T("results.groupEvents.at")),
				app.Th().Scope("col").Text(t.T("results.groupEvents.member")),
				app.Th().Scope("col").Text(t.T("results.groupEvents.event")), app.Th().Scope("col").Text(t.T("results.groupEvents.detail")))),
			app.TBody().Body(rows...),
		)),
		app.If(later > 0, app.P().Class("help").Text(t.T("results.groupEvents.later", i18n.Count(later),
			i18n.S("at", results.SecondsIn(l, at))))),
	)
}
