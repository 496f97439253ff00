package app

import (
	"fmt"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"partitionlab/app/results"
	"partitionlab/sim"
)

// renderGroup is the consumer group: what it did over the run, its
// rebalances, each member's partitions over time and the notable events.
func (c *resultsPanel) renderGroup(snap results.Snapshot) app.UI {
	v := c.Iview
	g := v.r.Group
	summary := groupSummary(g)
	return app.Section().Class("card").ID("group-panel").Aria("labelledby", "group-title").Body(
		app.H2().ID("group-title").Text("Consumer group"),
		app.P().ID("group-summary").Text(summary),
		c.renderRebalances(g.Rebalances),
		chartFigure(v.assign, v.sc.Name, snap.T < v.r.DurationS, snap.T),
		c.renderGroupEvents(g.Events, snap.T),
	)
}

// groupSummary is the group's run in one sentence, counted in words a
// person reads aloud ("1 rebalance", "2 failed commits").
func groupSummary(g sim.GroupResult) string {
	t := g.Totals
	return fmt.Sprintf("group.protocol=%s, assignor %s: %s, stop-the-world %s, members paused %s, partitions paused %s; "+
		"%d kicked out, %s, %d fenced, %d refused.",
		g.Protocol, g.Assignor, results.Plural(t.Rebalances, "rebalance"), results.Seconds(t.StopTheWorldS), results.Seconds(t.MemberPauseS),
		results.Seconds(t.PartitionPauseS), t.KickedOut, results.Plural(t.FailedCommits, "failed commit"), t.Fenced, t.Refused)
}

func (c *resultsPanel) renderRebalances(rbs []sim.RebalanceResult) app.UI {
	if len(rbs) == 0 {
		return app.P().ID("no-rebalances").Text("No rebalance: every member kept its partitions for the whole run.")
	}
	return scrollRegion("table-wrap compact", "Table of rebalances").Body(app.Table().ID("rebalances").Body(
		app.Caption().Text("Rebalances"),
		app.THead().Body(app.Tr().Body(
			app.Th().Scope("col").Text("When"), app.Th().Scope("col").Text("Cause"),
			app.Th().Scope("col").Text("Protocol, assignor"), app.Th().Scope("col").Class("num").Text("Gen."),
			app.Th().Scope("col").Class("num").Text("Moved"), app.Th().Scope("col").Text("Revoked"),
			app.Th().Scope("col").Text("Paused"),
		)),
		app.TBody().Body(app.Range(rbs).Slice(func(i int) app.UI {
			rb := rbs[i]
			return app.Tr().Body(
				app.Td().Text(results.Seconds(rb.StartS)+" → "+results.Seconds(rb.EndS)),
				app.Td().Class("wrap").Text(rb.Cause), app.Td().Class("wrap").Text(rb.Protocol+", "+rb.Assignor),
				app.Td().Class("num").Text(fmt.Sprint(rb.Generation)),
				app.Td().Class("num").Title(moves(rb.Moves)).Text(fmt.Sprint(rb.PartitionsMoved)),
				app.Td().Class("wrap").Text(revoked(rb.Revoked)),
				app.Td().Class("wrap").Text(paused(rb.Paused)),
			)
		})),
	))
}

func moves(ms []sim.Move) string {
	parts := make([]string, len(ms))
	for i, m := range ms {
		from := m.From
		if from == "" {
			from = "nobody"
		}
		parts[i] = fmt.Sprintf("p%d: %s → %s", m.Partition, from, m.To)
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
		parts[i] = fmt.Sprintf("p%d", p)
	}
	return strings.Join(parts, ", ")
}

func paused(ps []sim.MemberPause) string {
	if len(ps) == 0 {
		return "nobody"
	}
	parts := make([]string, len(ps))
	for i, p := range ps {
		parts[i] = fmt.Sprintf("%s %s", p.Member, results.Seconds(p.PausedS))
	}
	return strings.Join(parts, ", ")
}

func (c *resultsPanel) renderGroupEvents(evs []sim.GroupEvent, t float64) app.UI {
	if len(evs) == 0 {
		return app.P().ID("no-group-events").Text("No member was kicked out, fenced or refused, and no commit failed.")
	}
	var rows []app.UI
	later := 0
	for _, e := range evs {
		if e.AtS > t {
			later++
			continue
		}
		rows = append(rows, app.Tr().Body(app.Td().Text(results.Seconds(e.AtS)), app.Td().Text(e.Member),
			app.Td().Text(e.Event), app.Td().Class("wrap").Text(e.Detail)))
	}
	return app.Div().Body(
		scrollRegion("table-wrap compact", "Table of group events").Body(app.Table().ID("group-events").Body(
			app.Caption().Text("Group events: kick-outs, failed commits, fencing"),
			app.THead().Body(app.Tr().Body(app.Th().Scope("col").Text("At"), app.Th().Scope("col").Text("Member"),
				app.Th().Scope("col").Text("Event"), app.Th().Scope("col").Text("Detail"))),
			app.TBody().Body(rows...),
		)),
		app.If(later > 0, app.P().Class("help").Text(fmt.Sprintf("%d more after %s.", later, results.Seconds(t)))),
	)
}
