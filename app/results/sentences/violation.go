package sentences

import (
	"strconv"

	"partitionlab/app/i18n"
	"partitionlab/sim"
)

// causes are the catalog's ids of the violations' causes, by the engine's
// English name (sim's causeNames).
var causes = map[string]string{
	"concurrent processing":        "evidence.cause.concurrent",
	"retry topic":                  "evidence.cause.retryTopic",
	"producer retry":               "evidence.cause.producerRetry",
	"partition count changed":      "evidence.cause.partitionCount",
	"client mismatch":              "evidence.cause.clientMismatch",
	"salting":                      "evidence.cause.salting",
	"no key":                       "evidence.cause.noKey",
	"key does not cover the scope": "evidence.cause.keyScope",
	"rebalance":                    "evidence.cause.rebalance",
	"shared partition":             "evidence.cause.sharedPartition",
	"redelivery":                   "evidence.cause.redelivery",
	"given up":                     "evidence.cause.givenUp",
}

// Cause is a violation's cause in c's language.
func Cause(c *i18n.Catalog, name string) string {
	if id, ok := causes[name]; ok {
		return c.T(id)
	}
	return name
}

// Explanation is a violation told in c's language from its evidence: which
// event completed where and when before the earlier one, and why. In
// English it is the engine's own Explanation.
func Explanation(c *i18n.Catalog, v sim.Violation) string {
	l, later, earlier := c.Lang(), v.Later, v.Earlier
	done := c.T("evidence.explanation.pending")
	if earlier.CompletedS != nil {
		done = c.T("evidence.explanation.completed", i18n.S("at", l.Float(*earlier.CompletedS, 3)),
			i18n.S("partition", strconv.Itoa(earlier.Partition)), i18n.S("thread", earlier.Thread))
	}
	laterAt := 0.0
	if later.CompletedS != nil { // always: the later event completed, that is the violation
		laterAt = *later.CompletedS
	}
	return c.T("evidence.explanation",
		i18n.S("key", v.Key),
		i18n.S("later", later.Event), i18n.S("laterOrder", strconv.FormatInt(later.Order, 10)),
		i18n.S("laterAt", l.Float(laterAt, 3)), i18n.S("laterPartition", strconv.Itoa(later.Partition)),
		i18n.S("laterThread", later.Thread),
		i18n.S("earlier", earlier.Event), i18n.S("earlierOrder", strconv.FormatInt(earlier.Order, 10)),
		i18n.S("earlierSent", l.Float(earlier.SentS, 3)),
		i18n.S("done", done), i18n.S("cause", Cause(c, v.Cause)))
}
