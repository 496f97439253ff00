package results

import (
	"strconv"

	"partitionlab/app/i18n"
	"partitionlab/sim"
)

// Fact is one line of evidence: "Partition", "p3 at offset 36 (of 12 partitions)".
type Fact struct {
	Label string
	Value string
}

// Facts lays out where an event was and who processed it when, in English.
func Facts(e sim.Evidence) []Fact { return FactsIn(i18n.For(i18n.English), e) }

// FactsIn lays out where an event was and who processed it when, in c's
// language.
func FactsIn(c *i18n.Catalog, e sim.Evidence) []Fact {
	l := c.Lang()
	done := c.T("results.fact.notCompleted")
	if e.CompletedS != nil {
		done = c.T("results.fact.completedBy", i18n.S("at", SecondsIn(l, *e.CompletedS)), i18n.S("thread", e.Thread))
	}
	where := c.T("results.fact.where", i18n.S("partition", strconv.Itoa(e.Partition)), i18n.S("offset", CountIn(l, e.Offset)),
		i18n.Count(e.PartitionCount))
	if e.Via != "" {
		via := e.Via
		if via == "retry topic" {
			via = c.T("results.fact.retryTopic")
		}
		where += c.T("results.fact.via", i18n.S("via", via))
	}
	key := c.T("results.fact.keyless")
	if e.Key != "" {
		key = strconv.Quote(e.Key)
	}
	return []Fact{
		{c.T("results.fact.event"), c.T("results.fact.eventOf", i18n.S("event", e.Event),
			i18n.S("order", strconv.FormatInt(e.Order, 10)), i18n.S("customer", strconv.Itoa(e.Customer)))},
		{c.T("results.fact.key"), key},
		{c.T("results.fact.sent"), c.T("results.fact.sentBy", i18n.S("at", SecondsIn(l, e.SentS)), i18n.S("producer", e.Producer))},
		{c.T("results.fact.writtenTo"), where},
		{c.T("results.fact.completed"), done},
	}
}

// Gap is how long the overtaken event completed after the one that
// overtook it, in English ("5.1 ms later", "never completed").
func Gap(v sim.Violation) string { return GapIn(i18n.For(i18n.English), v) }

// GapIn is Gap in c's language.
func GapIn(c *i18n.Catalog, v sim.Violation) string {
	if v.Earlier.CompletedS == nil || v.Later.CompletedS == nil {
		return c.T("results.gap.never")
	}
	return c.T("results.gap.later", i18n.S("gap", MillisIn(c.Lang(), (*v.Earlier.CompletedS-*v.Later.CompletedS)*1000)))
}
