package results

import (
	"partitionlab/app/i18n"
	"partitionlab/sim"
)

// shareCards are a share group's record totals (group.totals.share, counted
// from SharePartition's transitions): what the consumers acquired, what
// came back to be delivered again and why, and what was given up. A
// consumer group has none.
func shareCards(c *i18n.Catalog, r *sim.Result) []Card {
	t := r.Group.Totals.Share
	if t == nil {
		return nil
	}
	l := c.Lang()
	n := func(v int64) string { return CountIn(l, v) }
	afterLimit := t.Archived - t.Rejected
	return []Card{
		{ID: "share-acquired", Label: c.T("share.card.acquired"), Value: n(t.Acquired), Raw: float64(t.Acquired),
			Detail: c.T("share.card.acquired.detail", i18n.S("accepted", n(t.Accepted))), Better: Neither},
		{ID: "share-redelivered", Label: c.T("share.card.redelivered"), Value: n(t.Redelivered), Raw: float64(t.Redelivered),
			Detail: c.T("share.card.redelivered.detail", i18n.S("released", n(t.Released)), i18n.S("expired", n(t.LockExpiries)),
				i18n.S("leave", n(t.SessionReleased))),
			Better: Lower, Bad: t.Redelivered > 0},
		{ID: "share-archived", Label: c.T("share.card.archived"), Value: n(t.Archived), Raw: float64(t.Archived),
			Detail: c.T("share.card.archived.detail", i18n.S("rejected", n(t.Rejected)), i18n.S("limit", n(afterLimit))),
			Better: Lower, Bad: t.Archived > 0},
		{ID: "share-lock-expiries", Label: c.T("share.card.lockExpiries"), Value: n(t.LockExpiries), Raw: float64(t.LockExpiries),
			Detail: c.T("share.card.lockExpiries.detail"), Better: Lower},
	}
}
