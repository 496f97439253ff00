package sentences

import (
	"fmt"
	"regexp"
	"strings"
	"sync"
	"testing"

	"partitionlab/app/i18n"
	"partitionlab/sim"
	"partitionlab/sim/lessons"
	"partitionlab/sim/scenario"
)

// presetResults runs every preset and every lesson's simulation once, for
// all the tests of the package.
func presetResults(t *testing.T) map[string]*sim.Result {
	t.Helper()
	out, err := runPresets()
	if err != nil {
		t.Fatal(err)
	}
	return out
}

var runPresets = sync.OnceValues(func() (map[string]*sim.Result, error) {
	out := map[string]*sim.Result{}
	for _, name := range scenario.PresetNames() {
		sc, err := scenario.Preset(name)
		if err != nil {
			return nil, err
		}
		r, err := sim.Run(sc)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		out[name] = r
	}
	// Every lesson's simulation steps, with their own settings.
	all, err := lessons.All()
	if err != nil {
		return nil, err
	}
	for _, l := range all {
		for i, st := range l.Steps {
			if st.Kind() != lessons.KindSimulate {
				continue
			}
			sc, err := st.Scenario()
			if err != nil {
				continue // a step that shows a field's error has no result
			}
			r, err := sim.Run(sc)
			if err != nil {
				continue
			}
			out[fmt.Sprintf("lesson %s step %d", l.ID, i+1)] = r
		}
	}
	return out, nil
})

// Said in English from their parts, the sentences of every preset's result
// are the engine's own, word for word: every violation's explanation and
// cause, every group event, every rebalance's causes and every timeline
// mark. A sentence the engine learns to say and the catalog does not read
// fails here, so the languages never drift from the engine.
func TestEnglishIsTheEnginesSentence(t *testing.T) {
	en := i18n.For(i18n.English)
	var seen [5]int
	for name, r := range presetResults(t) {
		for _, v := range r.Ordering.Examples {
			seen[0]++
			if got := Explanation(en, v); got != v.Explanation {
				t.Errorf("%s: explanation\n got %q\nwant %q", name, got, v.Explanation)
			}
			if _, ok := causes[v.Cause]; !ok {
				t.Errorf("%s: cause %q is not in the catalog", name, v.Cause)
			}
		}
		for _, s := range []sim.ScopeResult{r.Ordering.Scopes.Order, r.Ordering.Scopes.Customer, r.Ordering.Scopes.Key} {
			for _, c := range s.ByCause {
				if _, ok := causes[c.Cause]; !ok {
					t.Errorf("%s: cause %q is not in the catalog", name, c.Cause)
				}
			}
		}
		for _, e := range r.Group.Events {
			seen[1]++
			if _, ok := events[e.Event]; !ok && !strings.HasSuffix(e.Event, "Exception") {
				t.Errorf("%s: group event %q is neither in the catalog nor a Kafka exception", name, e.Event)
			}
			if got, ok := say(en, details, e.Detail); !ok || got != e.Detail {
				t.Errorf("%s: %s's detail read %v\n got %q\nwant %q", name, e.Event, ok, got, e.Detail)
			}
		}
		for _, rb := range r.Group.Rebalances {
			seen[2]++
			if got, ok := readCauses(en, rb.Cause); !ok || got != listedInEnglish(rb.Cause) {
				t.Errorf("%s: rebalance cause read %v\n got %q\nwant %q", name, ok, got, listedInEnglish(rb.Cause))
			}
		}
		for _, m := range r.Timeline {
			seen[3]++
			if got, ok := say(en, marks, m.Label); !ok || got != listedInEnglish(m.Label) {
				t.Errorf("%s: mark read %v\n got %q\nwant %q", name, ok, got, listedInEnglish(m.Label))
			}
		}
	}
	// The presets exercise each kind of sentence many times.
	for i, what := range []string{"violations", "group events", "rebalances", "marks"} {
		if seen[i] < 10 {
			t.Errorf("only %d %s in all the presets: the test checks too little", seen[i], what)
		}
	}
}

// goSlice is a list the engine writes with %v after the words that name
// it ("instances [1 2 3]"); the page lists it in words.
var goSlice = regexp.MustCompile(`(instances|assignors|rejoined with) \[([^\]]*)\]`)

// listedInEnglish is the engine's sentence s with its Go slices listed as
// English lists them: "instances 1, 2 and 3".
func listedInEnglish(s string) string {
	return goSlice.ReplaceAllStringFunc(s, func(m string) string {
		g := goSlice.FindStringSubmatch(m)
		items := strings.Fields(g[2])
		if len(items) < 2 {
			return g[1] + " " + strings.Join(items, "")
		}
		return g[1] + " " + strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
	})
}

// In every other language, the sentences of the presets are read and said
// in it: no English sentence is left, the names Kafka gives stay as they
// are, and the numbers are written the language's way.
func TestOtherLanguagesSayEverySentence(t *testing.T) {
	results := presetResults(t)
	for _, l := range i18n.Langs()[1:] {
		c := i18n.For(l)
		for name, r := range results {
			for _, v := range r.Ordering.Examples {
				if got := Explanation(c, v); got == v.Explanation || !strings.Contains(got, v.Later.Thread) {
					t.Errorf("%s %s: explanation %q", l, name, got)
				}
			}
			for _, e := range r.Group.Events {
				if got, ok := say(c, details, e.Detail); !ok || strings.Contains(got, "{") {
					t.Errorf("%s %s: detail %q read %v: %q", l, name, e.Detail, ok, got)
				}
			}
			for _, rb := range r.Group.Rebalances {
				if got, ok := readCauses(c, rb.Cause); !ok || strings.Contains(got, "{") {
					t.Errorf("%s %s: cause %q read %v: %q", l, name, rb.Cause, ok, got)
				}
			}
			for _, m := range r.Timeline {
				if got, ok := say(c, marks, m.Label); !ok || got == m.Label {
					t.Errorf("%s %s: mark %q read %v: %q", l, name, m.Label, ok, got)
				}
			}
		}
	}
}

func TestSentencesInPortugueseAndKorean(t *testing.T) {
	pt, ko := i18n.For(i18n.Portuguese), i18n.For(i18n.Korean)
	fenced := sim.GroupEvent{Event: "FencedInstanceIdException",
		Detail: `another consumer joined with its group.instance.id "consumer-1-1" at 20.00 s; this one learns it now and must stop`}
	if got := Detail(pt, fenced); !strings.Contains(got, `"consumer-1-1"`) || !strings.Contains(got, "20,00 s") {
		t.Errorf("pt: %q keeps the group.instance.id and writes 20,00 s", got)
	}
	if got := Event(ko, fenced); got != "FencedInstanceIdException" {
		t.Errorf("ko: Kafka's exception is %q", got)
	}
	reset := sim.GroupEvent{Event: "offset reset", Detail: "p10 has no committed offset: auto.offset.reset=latest skips 2979 records"}
	if got := Detail(pt, reset); !strings.Contains(got, "2979") || !strings.Contains(got, "auto.offset.reset=latest") {
		t.Errorf("pt: %q", got)
	}
	cause := "consumer-3-1 poll() not called for 300 s: max.poll.interval.ms exceeded; sent LeaveGroup; consumer-1-1 joined"
	got, ok := readCauses(ko, cause)
	if !ok || strings.Count(got, "consumer-") != 2 || !strings.Contains(got, "max.poll.interval.ms") {
		t.Errorf("ko: two causes, one holding the separator: %q (%v)", got, ok)
	}
	if got := RebalanceCause(pt, "something new; consumer-1-1 joined"); !strings.HasPrefix(got, "something new") {
		t.Errorf("a cause no pattern reads is shown as written: %q", got)
	}
}

// A rolling restart's instances and assignors, which the engine writes as
// Go slices, are listed the language's way.
func TestMarksListInstancesAsTheLanguageLists(t *testing.T) {
	m := sim.Mark{Label: "instances [1 2 3] restart in turn, 22.5 s down each, coming back with assignors [cooperative-sticky range]"}
	for l, want := range map[i18n.Lang]string{
		i18n.English:    "instances 1, 2 and 3 restart in turn, 22.5 s down each, coming back with assignors cooperative-sticky and range",
		i18n.Portuguese: "as instâncias 1, 2 e 3 reiniciam uma de cada vez, 22,5 s fora cada uma, voltando com os assignors cooperative-sticky e range",
	} {
		if got := Mark(i18n.For(l), m); got != want {
			t.Errorf("%s: %q, want %q", l, got, want)
		}
	}
	one := sim.Mark{Label: "instances [1] restart in turn, 5 s down each"}
	for _, l := range i18n.Langs() {
		got := Mark(i18n.For(l), one)
		if strings.Contains(got, "[") {
			t.Errorf("%s: %q", l, got)
		}
	}
	if got := Mark(i18n.For(i18n.Korean), m); !strings.Contains(got, "1, 2, 3") || strings.Contains(got, "[") {
		t.Errorf("ko: %q", got)
	}
}
