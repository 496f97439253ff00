package embedlink

import (
	"errors"
	"strings"
	"testing"
)

func TestScenarioAloneGivesTheDefaultView(t *testing.T) {
	for _, raw := range []string{"/embed#preset=hot-customer", "#s=abc", "", "/embed#main"} {
		o, err := Parse(raw)
		if err != nil || !o.Equal(Default()) {
			t.Errorf("Parse(%q) = %+v, %v; want the default view", raw, o, err)
		}
	}
}

func TestOptionsRoundTrip(t *testing.T) {
	o := Options{Cards: []string{"p99", "load"}, Charts: []string{"lag", "records"}, Flow: true, Evidence: true,
		Controls: []Control{{Path: "topic.partitions", Min: 1, Max: 48, Step: 1},
			{Path: "producers.0.key", Choices: []string{"customer_id", "salted_customer_id"}},
			{Path: "consumer.processing_ms", Min: 0.5, Max: 10, Step: 0.5}}}
	raw := "/embed#preset=hot-customer&" + o.Values().Encode()
	got, err := Parse(raw)
	if err != nil || !got.Equal(o) {
		t.Fatalf("Parse(%q) = %+v, %v; want %+v", raw, got, err, o)
	}
	if v := Default().Values(); len(v) != 0 {
		t.Errorf("the default view writes %v; want nothing", v)
	}
}

func TestOptionsOutOfRangeNameTheParameter(t *testing.T) {
	for raw, want := range map[string]Error{
		"#cards=load,nope":                             {Param: CardsParam, Value: "nope", Code: Unknown},
		"#charts=records,lag,busy":                     {Param: ChartsParam, Value: "records,lag,busy", Code: TooMany},
		"#show=editor":                                 {Param: ShowParam, Value: "editor", Code: Unknown},
		"#ctl=a:1..2&ctl=b:1..2&ctl=c:1..2&ctl=d:1..2": {Param: ControlParam, Value: "4", Code: TooMany},
		"#ctl=topic.partitions:9..3":                   {Param: ControlParam, Value: "topic.partitions:9..3", Code: BadRange},
		"#ctl=topic.partitions:1..5:0":                 {Param: ControlParam, Value: "topic.partitions:1..5:0", Code: BadRange},
		"#ctl=producers.0.key:only":                    {Param: ControlParam, Value: "producers.0.key:only", Code: BadRange},
		"#ctl=Topic/../x:1..2":                         {Param: ControlParam, Value: "Topic/../x:1..2", Code: BadPath},
	} {
		_, err := Parse(raw)
		var e *Error
		if !errors.As(err, &e) || e.Param != want.Param || e.Value != want.Value || e.Code != want.Code || e.Allowed == "" {
			t.Errorf("Parse(%q) = %v; want %s %q %s with what is allowed", raw, err, want.Param, want.Value, want.Code)
		}
	}
}

func TestSnippetEscapesAndSizes(t *testing.T) {
	s := Snippet(`https://x.example/embed?lang=fr#preset=a&cards=load`, `Partition Lab: "hot"`, 612)
	for _, want := range []string{`src="https://x.example/embed?lang=fr#preset=a&amp;cards=load"`, `title="Partition Lab: &#34;hot&#34;"`, `height="612"`} {
		if !strings.Contains(s, want) {
			t.Errorf("snippet %s lacks %s", s, want)
		}
	}
	if Default().Height() < 300 || (Options{Charts: Charts[:2], Controls: make([]Control, 3)}).Height() <= Default().Height() {
		t.Errorf("heights: default %d", Default().Height())
	}
}
