package share

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"partitionlab/sim/scenario"
)

// Every preset survives the trip through a link: minimal document,
// compression, fragment, parsing, defaults filled back in.
func TestEveryPresetRoundTripsThroughALink(t *testing.T) {
	for _, name := range scenario.PresetNames() {
		sc, err := scenario.Preset(name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		back, err := scenario.ParseScenario(Minimal(sc))
		if err != nil {
			t.Fatalf("%s: the minimal document does not parse: %v\n%s", name, err, Minimal(sc))
		}
		if !reflect.DeepEqual(back, sc) {
			t.Errorf("%s: the minimal document means another scenario:\n%s", name, Minimal(sc))
		}

		// An edited preset is no longer the preset: its link carries the document.
		sc.Topic.Partitions++
		frag := Fragment(sc, "")
		if !strings.HasPrefix(frag, ScenarioParam+"=") {
			t.Fatalf("%s edited: fragment %q, want the document", name, frag)
		}
		link, err := Parse("http://127.0.0.1:8000/#"+frag, "")
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got, err := scenario.ParseScenario(link.Document)
		if err != nil || !reflect.DeepEqual(got, sc) {
			t.Errorf("%s: the link gives another scenario (%v)", name, err)
		}
	}
}

func TestAPresetLinksByName(t *testing.T) {
	sc, _ := scenario.Preset("thread-pool")
	if got := Fragment(sc, "b."); got != "b.preset=thread-pool" {
		t.Errorf("fragment %q, want b.preset=thread-pool", got)
	}
	link, err := Parse("https://x.github.io/partitionlab/compare#a.s=abc&b.preset=thread-pool", "b.")
	if err != nil || link.Preset != "thread-pool" {
		t.Errorf("Parse = %+v, %v", link, err)
	}
	// A query string is read as well as a fragment.
	link, err = Parse("/?preset=hot-customer", "")
	if err != nil || link.Preset != "hot-customer" {
		t.Errorf("Parse from the query = %+v, %v", link, err)
	}
}

func TestTheDefaultScenarioIsAlmostEmpty(t *testing.T) {
	var m map[string]any
	if err := json.Unmarshal(Minimal(scenario.DefaultScenario()), &m); err != nil {
		t.Fatal(err)
	}
	if len(m) != 1 || m["version"] != 1.0 {
		t.Errorf("the default scenario's minimal document is %v, want only the version", m)
	}
}

func TestMinimalKeepsWhatDiffersFromTheDefaults(t *testing.T) {
	sc := scenario.DefaultScenario()
	sc.Seed = 1 << 60 // above 2^53: must not be rounded through float64
	sc.Producers[0].LingerMs = 0
	sc.Producers = append(sc.Producers, scenario.DefaultProducer())
	sc.Producers[1].Name, sc.Producers[1].Events = "payment-service", []string{"PAID"}
	sc.Producers[0].Key = scenario.KeySaltedCustomerID
	sc.Producers[0].Salting = &scenario.Salting{HotCustomers: 1, Buckets: 4, BucketSource: "order_id"}
	doc := Minimal(sc)
	for _, want := range []string{`"seed": 1152921504606846976`, `"linger_ms": 0`, `"payment-service"`, `"buckets": 4`} {
		if !bytes.Contains(doc, []byte(want)) {
			t.Errorf("the minimal document lacks %s:\n%s", want, doc)
		}
	}
	if bytes.Contains(doc, []byte("max_poll_records")) {
		t.Errorf("the minimal document repeats defaults:\n%s", doc)
	}
	back, err := scenario.ParseScenario(doc)
	if err != nil || !reflect.DeepEqual(back, sc) {
		t.Errorf("round trip: %v\n%s", err, doc)
	}
}

func TestDecodeRejectsBrokenLinks(t *testing.T) {
	good := Encode([]byte(`{"version":1,"topic":{"partitions":24}}`))
	cases := map[string]string{
		"not base64":   "#s=%%%",
		"cut off":      "#s=" + good[:len(good)/2],
		"not compress": "#s=" + "aGVsbG8",
	}
	for name, raw := range cases {
		if _, err := Parse(raw, ""); err == nil || err == ErrNoScenario {
			t.Errorf("%s: err = %v, want an explanation", name, err)
		}
	}
	if _, err := Parse("http://host/#main", ""); err != ErrNoScenario {
		t.Errorf("a plain fragment: err = %v, want ErrNoScenario", err)
	}
	bomb := Encode(bytes.Repeat([]byte(" "), maxDocument+10))
	if _, err := Decode(bomb); err == nil || !strings.Contains(err.Error(), "larger") {
		t.Errorf("a document over the limit: err = %v", err)
	}
}

func TestLinksStayShort(t *testing.T) {
	longest := 0
	for _, name := range scenario.PresetNames() {
		sc, _ := scenario.Preset(name)
		sc.Seed = 7 // not the preset any more
		if n := len(Fragment(sc, "")); n > longest {
			longest = n
		}
	}
	// Chat tools and issue trackers cut links somewhere above 2,000 characters.
	if longest > 1500 {
		t.Errorf("the longest preset link is %d characters", longest)
	}
	t.Logf("longest edited-preset fragment: %d characters", longest)
}

// PresetOf names a preset by its own name only, and keeps nothing for
// another: a path that leads to a preset's file is not its name.
func TestPresetOfOwnNamesOnly(t *testing.T) {
	sc, err := scenario.Preset("order-events")
	if err != nil {
		t.Fatal(err)
	}
	if got := PresetOf(sc); got != "order-events" {
		t.Errorf("the preset itself: %q", got)
	}
	sc.Name = "x/../order-events"
	if got := PresetOf(sc); got != "" {
		t.Errorf("named %q: %q", sc.Name, got)
	}
	if _, kept := presetDocs.Load(sc.Name); kept {
		t.Errorf("%q kept", sc.Name)
	}
	sc.Name = "order-events"
	sc.Seed++
	if got := PresetOf(sc); got != "" {
		t.Errorf("the preset with another seed: %q", got)
	}
}
