package e2e

import (
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"partitionlab/app/i18n"
	"partitionlab/app/results"
)

// Choosing the share group type in the editor shows the share settings,
// runs the same consumers as a share group, and the results carry the
// share cards with the numbers the command line gives for the same
// scenario (queue-share-group is queue-consumer-group with
// consumer.group_type=share).
func TestShareGroupInTheEditor(t *testing.T) {
	want := cliResult(t, "queue-share-group")
	ctx := newTab(t)
	open(t, ctx, env.baseURL+"#preset=queue-consumer-group")
	waitLong(t, ctx, `document.getElementById("run-status").dataset.state === "done" && document.getElementById("card-idle") !== null`)
	if eval[bool](t, ctx, `document.getElementById("card-share-acquired") !== null`) {
		t.Error("a consumer group shows share cards")
	}
	setField(t, ctx, field("consumer.group_type"), "share", "change")
	waitLong(t, ctx, `document.getElementById("run-status").dataset.state === "done" && document.getElementById("card-share-acquired") !== null`)
	if !eval[bool](t, ctx, `document.getElementById(`+js(field("consumer.share.acknowledgement_mode"))+`) !== null`) {
		t.Error("the editor does not show share.acknowledgement.mode for a share group")
	}
	checkCards(t, readCards(t, ctx), want, "queue-consumer-group as a share group")
	acquired := eval[string](t, ctx, `document.getElementById("card-share-acquired").dataset.value`)
	if acquired != strconv.FormatInt(want.Group.Totals.Share.Acquired, 10) {
		t.Errorf("records acquired shown %s, the command line's %d", acquired, want.Group.Totals.Share.Acquired)
	}
}

// Compare's "the consumers as a share group", in Korean: B is A read by a
// share group, the review shows the idle threads gone and key order lost,
// and the share totals against a blank, judged neither better nor worse.
func TestCompareShareGroupChangeInKorean(t *testing.T) {
	ko := i18n.For(i18n.Korean)
	want := cliResult(t, "queue-share-group")
	ctx := newTab(t, chromedp.WithNewBrowserContext())
	open(t, ctx, env.baseURL+"compare?lang=ko#a.preset=queue-consumer-group&change=share-group")
	waitLong(t, ctx, `document.getElementById("digest-b") !== null && document.getElementById("run-status").dataset.state === "done" &&
		document.getElementById("diff-share-acquired") !== null`)
	pick := eval[map[string]string](t, ctx, `(s => ({value: s.value, text: s.options[s.selectedIndex].textContent}))(document.getElementById("pick-b"))`)
	if pick["value"] != "change:share-group" || !strings.Contains(pick["text"], ko.T("compare.change.share-group")) {
		t.Errorf("B's picker shows %v", pick)
	}
	rows := eval[map[string]map[string]string](t, ctx, `Object.fromEntries(["idle", "violations-key", "share-acquired", "share-redelivered"].map(id => {
		const r = document.getElementById("diff-" + id);
		return [id, {verdict: r.dataset.verdict, b: r.dataset.b, label: r.querySelector("th").textContent,
			a: r.querySelectorAll("td")[0].textContent}];
	}))`)
	if rows["idle"]["verdict"] != "better" || rows["violations-key"]["verdict"] != "worse" {
		t.Errorf("idle threads %v, key order %v; want better and worse", rows["idle"], rows["violations-key"])
	}
	acq := rows["share-acquired"]
	if acq["verdict"] != "changed" || acq["a"] != "—" || acq["b"] != strconv.FormatInt(want.Group.Totals.Share.Acquired, 10) ||
		acq["label"] != ko.T("share.card.acquired") {
		t.Errorf("records acquired row %v; want A blank, B %d, labelled in Korean", acq, want.Group.Totals.Share.Acquired)
	}
	for _, c := range results.CardsIn(ko, want) {
		if c.ID == "share-redelivered" && rows["share-redelivered"]["b"] != strconv.FormatFloat(c.Raw, 'f', -1, 64) {
			t.Errorf("redelivered row %v, the command line's %v", rows["share-redelivered"], c.Raw)
		}
	}
}
