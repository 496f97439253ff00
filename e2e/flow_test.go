package e2e

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// The flow view shows the hot customer's partition as the hottest, moves
// its records while the run plays (drawn frame by frame), answers the
// keyboard, and stops playing when the tab is hidden.
func TestFlowViewPlaysAndAnswersTheKeyboard(t *testing.T) {
	ctx := newTab(t)
	want := cliResult(t, "hot-customer")
	open(t, ctx, env.baseURL+"#preset=hot-customer")
	waitDigest(t, ctx, "results", want.Digest)
	waitFor(t, ctx, `document.querySelector("#flow svg") !== null`)
	hot := eval[string](t, ctx, `(document.querySelector('#flow .flow-partition[data-hot="true"]') || {dataset: {}}).dataset.partition || ""`)
	if hot != strconv.Itoa(want.Load.HottestPartition) {
		t.Errorf("the flow view marks p%s as hottest at the end, the result says p%d", hot, want.Load.HottestPartition)
	}
	if s := eval[string](t, ctx, `document.getElementById("flow-summary").textContent`); s == "" {
		t.Error("the flow view has no summary in words")
	}

	frames := func() int { return eval[int](t, ctx, `+document.getElementById("flow").dataset.frames`) }
	pos := func() string { return eval[string](t, ctx, `document.getElementById("flow").dataset.pos`) }
	f0, p0 := frames(), pos()
	eval[bool](t, ctx, `(document.getElementById("play").click(), true)`)
	waitFor(t, ctx, `+document.getElementById("flow").dataset.frames > `+strconv.Itoa(f0+10))
	if pos() == p0 {
		t.Error("the records did not move while the run played")
	}
	// A hidden tab pauses the run.
	eval[bool](t, ctx, `(Object.defineProperty(document, "hidden", {value: true, configurable: true}),
		document.dispatchEvent(new Event("visibilitychange")), true)`)
	waitFor(t, ctx, `document.getElementById("play").getAttribute("aria-pressed") === "false"`)
	eval[bool](t, ctx, `(delete document.hidden, true)`)

	// The keyboard: focus the picture, step back and forward.
	step := func() int { return eval[int](t, ctx, `+document.getElementById("scrubber").dataset.step`) }
	if err := chromedp.Do(ctx, chromedp.Focus("#flow-figure")); err != nil {
		t.Fatal(err)
	}
	s0 := step()
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.End)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, `+document.getElementById("scrubber").dataset.step > `+strconv.Itoa(s0))
	end := step()
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowLeft)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, `+document.getElementById("scrubber").dataset.step === `+strconv.Itoa(end-1))
	if os.Getenv("PARTITIONLAB_FLOW_SHOT") != "" {
		png, _ := chromedp.Run(ctx, chromedp.Screenshot("#flow-figure"))
		os.WriteFile(os.Getenv("PARTITIONLAB_FLOW_SHOT"), png, 0o644)
	}
}

// A violation flashes on the flow view at the moment it happens.
func TestFlowViewFlashesAViolation(t *testing.T) {
	ctx := newTab(t)
	want := cliResult(t, "thread-pool")
	open(t, ctx, env.baseURL+"#preset=thread-pool")
	waitDigest(t, ctx, "results", want.Digest)
	v := want.Ordering.Examples[0]
	step := int(*v.Later.CompletedS / want.Series.BucketS)
	last := len(want.Series.Lag[0]) - 1
	setField(t, ctx, "scrubber", fmt.Sprint(float64(step)*100/float64(last)), "input")
	waitFor(t, ctx, `document.querySelector("#flow .flow-violation") !== null`)
	if s := eval[string](t, ctx, `document.getElementById("flow-summary").textContent`); !containsAll(s, "Ordering violation", fmt.Sprintf("p%d", v.Later.Partition)) {
		t.Errorf("the summary at the violation says %q", s)
	}
	setField(t, ctx, "scrubber", "100", "input")
	waitFor(t, ctx, `document.querySelector("#flow .flow-violation") === null || `+js(last*0 == 0)+` && +document.getElementById("scrubber").dataset.step === `+strconv.Itoa(last))
}

func containsAll(s string, parts ...string) bool {
	for _, p := range parts {
		if !strings.Contains(s, p) {
			return false
		}
	}
	return true
}

// A lesson step that runs a scenario shows the flow view too, and an
// editor field carries Spring's name beside Kafka's setting.
func TestFlowViewInLessonsAndSpringHints(t *testing.T) {
	ctx := newTab(t)
	open(t, ctx, env.baseURL+"learn?lesson=hot-customer&step=1")
	waitFor(t, ctx, `document.querySelector("#learn-results #flow svg") !== null`)
	if hot := eval[int](t, ctx, `document.querySelectorAll('#learn-results .flow-partition[data-hot="true"]').length`); hot != 1 {
		t.Errorf("the lesson's flow view marks %d hottest partitions", hot)
	}

	open(t, ctx, env.baseURL+"#preset=retry-topic")
	waitFor(t, ctx, `document.querySelector('[data-path="consumer.retry"] .help') !== null`)
	if h := eval[string](t, ctx, `document.querySelector('[data-path="consumer.retry"] .help').textContent`); !containsAll(h, "Spring", "@RetryableTopic", "DefaultErrorHandler") {
		t.Errorf("the retry field's hint lacks Spring's names: %q", h)
	}
}
