package sweep

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"partitionlab/sim/scenario"
)

func TestParseVaryForms(t *testing.T) {
	cases := []struct {
		arg  string
		path string
		want []Value
	}{
		{"topic.partitions=1..4", "topic.partitions", []Value{"1", "2", "3", "4"}},
		{"topic.partitions=6..24:6", "topic.partitions", []Value{"6", "12", "18", "24"}},
		{"topic.partitions=6..25:6", "topic.partitions", []Value{"6", "12", "18", "24"}},
		{"workload.customer_skew.hot_share=0.1..0.5:0.1", "workload.customer_skew.hot_share", []Value{"0.1", "0.2", "0.3", "0.4", "0.5"}},
		{"consumer.processing_ms=0..1:0.25", "consumer.processing_ms", []Value{"0", "0.25", "0.5", "0.75", "1"}},
		{"topic.partitions=5..5", "topic.partitions", []Value{"5"}},
		{"producers.0.salting.buckets=1,2,4,8,16,32", "producers.0.salting.buckets", []Value{"1", "2", "4", "8", "16", "32"}},
		{"producers.0.client=java, librdkafka ,sarama", "producers.0.client", []Value{"java", "librdkafka", "sarama"}},
		{"topic.partitions=1e1..1.2e1", "topic.partitions", []Value{"10", "11", "12"}},
		{" consumer.concurrency = 4", "consumer.concurrency", []Value{"4"}},
	}
	for _, c := range cases {
		a, err := ParseVary(c.arg)
		if err != nil {
			t.Errorf("%s: %v", c.arg, err)
			continue
		}
		if a.Path != c.path || !slices.Equal(a.Values, c.want) {
			t.Errorf("%s: got %s=%v, want %s=%v", c.arg, a.Path, a.Values, c.path, c.want)
		}
	}
}

// Every bad form is refused with the setting, the SPEC and what is wrong.
func TestParseVaryRefusesEveryBadForm(t *testing.T) {
	cases := []struct{ arg, want string }{
		{"topic.partitions=0..x", `topic.partitions=0..x: "x" is not a number`},
		{"topic.partitions=y..3", `topic.partitions=y..3: "y" is not a number`},
		{"topic.partitions=..3", `topic.partitions=..3: the range has no "from" value`},
		{"topic.partitions=1..", `topic.partitions=1..: the range has no "to" value`},
		{"topic.partitions=1..8:", `topic.partitions=1..8:: the range has no "step" value`},
		{"topic.partitions=1..8:z", `topic.partitions=1..8:z: "z" is not a number`},
		{"topic.partitions=1..8:0", "topic.partitions=1..8:0: the step 0 is not above 0"},
		{"topic.partitions=1..8:-2", "topic.partitions=1..8:-2: the step -2 is not above 0"},
		{"topic.partitions=8..1", "topic.partitions=8..1: from 8 is above to 1; want a..b with a ≤ b"},
		{"topic.partitions=1.5..3", "topic.partitions=1.5..3: 1.5 is not a whole number"},
		{"topic.partitions=1..1000", "topic.partitions=1..1000: gives 1000 values; a setting takes at most 100"},
		{"topic.partitions=1..1e30", "gives 1000000000000000000000000000000 values"},
		{"topic.partitions=1..3..5", `"1..3..5" mixes a range with something else`},
		{"topic.partitions=1..3,5", `"1..3,5" mixes a range with something else`},
		{"topic.partitions=6,,12", "topic.partitions=6,,12: value 2 of the list is empty"},
		{"topic.partitions=6,12,", "value 3 of the list is empty"},
		{"topic.partitions=6,12,6", "topic.partitions=6,12,6: 6 is given twice"},
		{"topic.partitions=6:2", `"6:2": a step belongs to a range`},
		{"topic.partitions=", "topic.partitions=: no values; want a..b, a..b:step or a list a,b,c"},
		{"topic.partitons", `"topic.partitons": want PATH=SPEC, such as topic.partitions=6..24:6 (SPEC is a..b, a..b:step or a list a,b,c), or a common setting's path alone (topic.partitions, `},
		{"=1..3", `"=1..3": want PATH=SPEC`},
		{"topic partitions=1..3", `"topic partitions" is not a setting's path`},
		{"topic.partitions=0x10..0x20", `"0x10" is not a number`},
		{"topic.partitions=1/2..3", `"1/2" is not a number`},
		{"x=0..1e-12:1e-13", "1e-13 has more than 12 decimal places"},
		{"x=1..1e999999999", "1e999999999 is beyond what a range counts (exponents -30..30)"},
		{"x=1e-999999999..1", "is beyond what a range counts"},
		{"topic.partitions=" + strings.Repeat("1,", 100) + "1", "101 values; a setting takes at most 100"},
	}
	for _, c := range cases {
		_, err := ParseVary(c.arg)
		if err == nil {
			t.Errorf("%s: accepted", c.arg)
			continue
		}
		if _, ok := err.(*SpecError); !ok {
			t.Errorf("%s: %T, want a *SpecError", c.arg, err)
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %q does not say %q", c.arg, err, c.want)
		}
	}
}

func TestValuesAreNumbersOrWordsInJSON(t *testing.T) {
	a, _ := ParseVary("x=6,0.5,-1,1e3,java,null,.5")
	b, _ := json.Marshal(a)
	want := `{"path":"x","values":[6,0.5,-1,1e3,"java","null",".5"]}`
	if string(b) != want {
		t.Errorf("got %s, want %s", b, want)
	}
	var back Axis
	if err := json.Unmarshal(b, &back); err != nil || !slices.Equal(back.Values, a.Values) {
		t.Errorf("read back %v (%v), want %v", back.Values, err, a.Values)
	}
}

func TestParseRequirement(t *testing.T) {
	for expr, want := range map[string]string{
		"violations.order=0": "violations.order=0", "load<=1.3": "load<=1.3", "p99_ms <= 500": "p99_ms<=500",
		"duplicates=0": "duplicates=0", "lost=0": "lost=0", "max_lag<=1000": "max_lag<=1000", "load≤1.5": "load<=1.5",
		"ordering.scopes.customer.violations=0": "violations.customer=0", "latency_ms.p99<=250": "p99_ms<=250",
	} {
		q, err := ParseRequirement(expr)
		if err != nil || q.String() != want {
			t.Errorf("%s: got %v (%v), want %s", expr, q, err, want)
		}
	}
	for expr, want := range map[string]string{
		"load<1.3":            "want NAME<=N or NAME=0",
		"balance<=1.3":        `"balance" is not a measure; want one of load, violations.order`,
		"load<=x":             `"x" is not a number`,
		"load<=-1":            "-1 is below 0",
		"duplicates=3":        `duplicates=3: "=" takes 0 (none); for a limit write duplicates<=3`,
		"p99_ms<=NaN":         `"NaN" is not a number`,
		"max_lag<=Inf":        `"Inf" is not a number`,
		"violations.orders=0": `"violations.orders" is not a measure`,
	} {
		_, err := ParseRequirement(expr)
		if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), expr) {
			t.Errorf("%s: %v; want it named with %q", expr, err, want)
		}
	}
}

// A common setting alone takes its values, and each one's values run on a
// scenario that has the setting.
func TestCommonSettingsAloneTakeTheirValues(t *testing.T) {
	a, err := ParseVary("topic.partitions")
	if err != nil || !slices.Equal(a.Values, []Value{"6", "12", "24", "48"}) {
		t.Errorf("topic.partitions alone: %v, %v", a.Values, err)
	}
	for _, s := range CommonSettings() {
		a, err := ParseVary(s.Path)
		if err != nil {
			t.Errorf("%s: %v", s.Path, err)
			continue
		}
		preset := "hot-customer" // a hot customer, keyed by customer id
		if strings.Contains(s.Path, "salting") {
			preset = "hot-customer-salted"
		}
		doc, _ := scenario.PresetJSON(preset)
		if _, err := NewPlan(Definition{Scenario: doc, Vary: []Axis{a}, Seeds: 1}, scenario.CommandLineLimits()); err != nil {
			t.Errorf("%s=%s on %s: %v", s.Path, s.Spec, preset, err)
		}
	}
}

// The group's type is a choice a sweep varies by name: the share point
// runs as a share group (scenario's consumer.group_type), a run of its
// own.
func TestSweepVariesGroupType(t *testing.T) {
	a, err := ParseVary("consumer.group_type")
	if err != nil || !slices.Equal(a.Values, []Value{"consumer", "share"}) {
		t.Fatalf("consumer.group_type alone: %v, %v", a.Values, err)
	}
	doc, _ := scenario.PresetJSON("order-events")
	p, err := NewPlan(Definition{Scenario: doc, Sets: []string{"duration_s=10"}, Vary: []Axis{a}, Seeds: 1}, scenario.CommandLineLimits())
	if err != nil {
		t.Fatal(err)
	}
	sc, err := p.Scenario(1)
	if err != nil || sc.Consumer.GroupType != scenario.GroupTypeShare {
		t.Fatalf("point 2: group_type %q, %v", sc.Consumer.GroupType, err)
	}
	r0, err0 := p.Run(0)
	r1, err1 := p.Run(1)
	if err0 != nil || err1 != nil || r0.Digest == r1.Digest {
		t.Errorf("consumer and share runs: %s, %s (%v, %v)", r0.Digest, r1.Digest, err0, err1)
	}
}
