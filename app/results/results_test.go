package results

import (
	"strings"
	"testing"

	"partitionlab/app/i18n"
	"partitionlab/sim"
	"partitionlab/sim/scenario"
)

func run(t *testing.T, name string) *sim.Result {
	t.Helper()
	sc, err := scenario.Preset(name)
	if err != nil {
		t.Fatal(err)
	}
	r, err := sim.Run(sc)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func card(t *testing.T, cards []Card, id string) Card {
	t.Helper()
	for _, c := range cards {
		if c.ID == id {
			return c
		}
	}
	t.Fatalf("no card %s", id)
	return Card{}
}

func TestCardsShowTheResult(t *testing.T) {
	r := run(t, "thread-pool")
	cards := Cards(r)
	if c := card(t, cards, "violations-order"); c.Raw != float64(r.Ordering.Scopes.Order.Violations) || !c.Bad ||
		!strings.Contains(c.Detail, "concurrent processing") {
		t.Errorf("order violations card %+v", c)
	}
	if c := card(t, cards, "load"); c.Raw != r.Load.MaxOverMean || !strings.HasSuffix(c.Value, "×") {
		t.Errorf("load card %+v", c)
	}
	if c := card(t, cards, "idle"); c.Value != "0 of 6" {
		t.Errorf("idle card %+v", c)
	}
	ids := map[string]bool{}
	for _, c := range cards {
		if ids[c.ID] || c.Label == "" || c.Value == "" {
			t.Errorf("card %+v: duplicate id or empty text", c)
		}
		ids[c.ID] = true
	}
}

func TestNumbersReadWell(t *testing.T) {
	cases := map[string]string{
		Count(180000):    "180,000",
		Count(-1234):     "-1,234",
		Count(999):       "999",
		Millis(4.653056): "4.65 ms",
		Millis(13.3197):  "13.3 ms",
		Millis(1234.5):   "1,235 ms",
		Seconds(12.3101): "12.31 s",
		Seconds(0):       "0 s",
		Seconds(30):      "30 s",
		Percent(0.0899):  "9.0 %",
	}
	for got, want := range cases {
		if got != want {
			t.Errorf("got %q, want %q", got, want)
		}
	}
}

// Scrubbing to the end gives the whole run; earlier moments add up to less,
// and the backlog of add-partitions is visible around its change.
func TestSnapshotsAddUpToTheRun(t *testing.T) {
	r := run(t, "add-partitions")
	last := At(r, Steps(r)-1)
	if last.T != r.DurationS || last.Produced != r.EventsProduced {
		t.Errorf("at the end: T %v produced %d, want %v and %d", last.T, last.Produced, r.DurationS, r.EventsProduced)
	}
	if last.Examples != len(r.Ordering.Examples) || last.Marks != len(r.Timeline) {
		t.Errorf("at the end: %d examples, %d marks, want all", last.Examples, last.Marks)
	}
	s := r.Ordering.Scopes
	if want := [3]int64{s.Order.Violations, s.Customer.Violations, s.Key.Violations}; last.Violations != want {
		t.Errorf("at the end: violations %v, the run counted %v", last.Violations, want)
	}
	before := At(r, int(29/r.Series.BucketS))
	if before.Produced >= last.Produced || before.Marks != 0 || before.Examples != 0 || before.Violations != [3]int64{} {
		t.Errorf("before the change at 30 s: %+v", before)
	}
	if At(r, -5).Bucket != 0 || At(r, 1<<20).Bucket != Steps(r)-1 {
		t.Errorf("moments outside the run are not clamped")
	}
}

func TestDiffSaysBetterOrWorseInWords(t *testing.T) {
	a := Cards(run(t, "thread-pool"))
	b := Cards(run(t, "per-key-queues"))
	deltas := Diff(a, b)
	if len(deltas) != len(a) {
		t.Fatalf("%d deltas for %d cards", len(deltas), len(a))
	}
	for _, d := range deltas {
		switch d.ID {
		case "violations-order":
			if d.Verdict != Better || d.Arrow != "▼" || !strings.HasPrefix(d.Change, "−") {
				t.Errorf("per-key queues fix ordering, but the delta is %+v", d)
			}
		case "records":
			if d.Verdict != Same && d.Verdict != Changed {
				t.Errorf("records produced has no better direction: %+v", d)
			}
		}
	}
	if d := Diff(a, a); d[0].Verdict != Same || d[0].Change != "" || d[0].Arrow != "=" {
		t.Errorf("a run compared with itself: %+v", d[0])
	}
}

func TestFactsNameEverything(t *testing.T) {
	r := run(t, "retry-topic")
	var v sim.Violation
	for _, e := range r.Ordering.Examples {
		if e.Later.Via != "" || e.Earlier.Via != "" {
			v = e
		}
	}
	if v.Key == "" {
		t.Fatal("retry-topic has no example through the retry topic")
	}
	text := ""
	for _, f := range append(Facts(v.Later), Facts(v.Earlier)...) {
		text += f.Label + ": " + f.Value + "\n"
	}
	for _, want := range []string{"via the retry topic", "order-", "offset", "Completed"} {
		if !strings.Contains(text, want) {
			t.Errorf("the evidence lacks %q:\n%s", want, text)
		}
	}
	if g := Gap(v); !strings.Contains(g, "later") && g != "never completed" {
		t.Errorf("Gap = %q", g)
	}
}

// A backlog that keeps growing and a slow p99 are marked like violations;
// a consumer that keeps up is not.
func TestLagAndLatencyAreFlagged(t *testing.T) {
	hot := Cards(run(t, "hot-customer"))
	if c := card(t, hot, "lag"); !c.Bad {
		t.Errorf("hot-customer's lag card is not flagged: %+v", c)
	}
	if c := card(t, hot, "p99"); !c.Bad {
		t.Errorf("hot-customer's p99 card is not flagged: %+v", c)
	}
	calm := Cards(run(t, "order-id-key"))
	if c := card(t, calm, "lag"); c.Bad {
		t.Errorf("order-id-key's lag card is flagged: %+v", c)
	}
	if c := card(t, calm, "p99"); c.Bad {
		t.Errorf("order-id-key's p99 card is flagged: %+v", c)
	}
}

// Each language writes the numbers its way: separators, the decimal mark,
// and the words for large counts.
func TestNumbersInEachLanguage(t *testing.T) {
	cases := []struct{ got, want string }{
		{CountIn(i18n.Portuguese, 180000), "180.000"},
		{CountIn(i18n.French, 180000), "180\u202f000"},
		{CountIn(i18n.Spanish, 1234), "1234"},
		{SecondsIn(i18n.Portuguese, 12.3101), "12,31 s"},
		{SecondsIn(i18n.French, 1234.5), "1\u202f234,5 s"},
		{SecondsIn(i18n.Korean, 0), "0 s"},
		{MillisIn(i18n.Spanish, 4.653056), "4,65 ms"},
		{PercentIn(i18n.French, 0.0899), "9,0\u00a0%"},
		{PercentIn(i18n.Portuguese, 0.0899), "9,0%"},
		{PercentIn(i18n.Spanish, 0.0899), "9,0 %"},
		{PercentIn(i18n.Korean, 0.174), "17.4%"},
		{CompactIn(i18n.English, 54e6), "54 M"},
		{CompactIn(i18n.Portuguese, 1.2e9), "1,2 bi"},
		{CompactIn(i18n.Spanish, 830e3), "830 mil"},
		{CompactIn(i18n.Korean, 830e3), "83만"},
		{CompactIn(i18n.Korean, 1.2e8), "1.2억"},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("%q, want %q", c.got, c.want)
		}
	}
}

// The why of a run names the consumer's processing mode in the page's
// language, never as the value the scenario writes ("sequential"), for
// every mode the engine has; English keeps the value.
func TestCapacityWhyNamesTheModeInEachLanguage(t *testing.T) {
	for _, mode := range []string{scenario.ModeSequential, scenario.ModeThreadPool, scenario.ModePerKeyQueues} {
		if got := modeName(i18n.For(i18n.English), mode); got != mode {
			t.Errorf("English names %s %q", mode, got)
		}
		for _, l := range i18n.Langs()[1:] {
			c := i18n.For(l)
			if !c.Has("results.mode." + mode) {
				t.Errorf("%s: no name for mode %s", l, mode)
			}
		}
	}
	sc, err := scenario.Preset("order-events")
	if err != nil {
		t.Fatal(err)
	}
	sc.Consumer.Mode = scenario.ModeSequential
	r := &sim.Result{DurationS: 60, Partitions: make([]sim.PartitionResult, 1)}
	r.Partitions[0].Produced = 6000
	for _, l := range i18n.Langs()[1:] {
		c := i18n.For(l)
		got := strings.Join(capacity(c, sc, r, 0), " ")
		if strings.Contains(got, "sequential") || !strings.Contains(got, c.T("results.mode.sequential")) {
			t.Errorf("%s: %q", l, got)
		}
	}
}
