package lessons

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// doc is a small output in the shape of a result, for the expression tests.
const doc = `{
  "load": { "hottest_partition": 2, "hottest_share": 0.41 },
  "partitions": [ { "produced": 10, "end_lag": 0 }, { "produced": 20, "end_lag": 1 }, { "produced": 70, "end_lag": 500 } ],
  "consumers": { "members": [ { "name": "a", "partitions": [0, 1] }, { "name": "b", "partitions": [2] } ] },
  "partition": { "1001": { "string": { "java": 0 } } },
  "series": { "lag": [ [0, 0, 1], [5, 9, 40] ] }
}`

func evalDoc(t *testing.T, src string, earlier ...map[string]any) ([]item, error) {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(doc), &m); err != nil {
		t.Fatal(err)
	}
	e, err := parseExpr(src)
	if err != nil {
		return nil, err
	}
	return scope{doc: m, earlier: earlier}.eval(e)
}

func TestExpressionsReadTheOutput(t *testing.T) {
	var step1 map[string]any
	json.Unmarshal([]byte(`{"load": {"hottest_share": 0.2}}`), &step1)
	share := 0.41 // a variable, so the difference is float64 arithmetic as at run time
	for src, want := range map[string][]any{
		"load.hottest_share":                            {0.41},
		"partitions[load.hottest_partition].end_lag":    {500.0},
		"partitions.-1.produced":                        {70.0},
		"sum(partitions.*.produced)":                    {100.0},
		"max(len(consumers.members.*.partitions))":      {2.0},
		"len(consumers.members.*.partitions)":           {2.0, 1.0},
		"len(consumers.members)":                        {2.0},
		"consumers.members.1.partitions":                {[]any{2.0}},
		"partition.1001.string.java":                    {0.0},
		"max(series.lag.1)":                             {40.0},
		"series.lag.1.-1 / series.lag.1.1":              {40.0 / 9},
		"2 * (1 + 3) - -1":                              {9.0},
		"10 / 4 / 5":                                    {0.5},
		"ceil(2.1) + floor(2.9) + abs(-1)":              {6.0},
		"load.hottest_share - step1.load.hottest_share": {share - 0.2},
	} {
		items, err := evalDoc(t, src, step1)
		if err != nil {
			t.Errorf("%s: %v", src, err)
			continue
		}
		got := make([]any, len(items))
		for i, it := range items {
			got[i] = it.v
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s = %v, want %v", src, got, want)
		}
	}
}

func TestExpressionErrorsSayWhere(t *testing.T) {
	for src, want := range map[string]string{
		"partitions.5.produced":                      "partitions has 3 items; there is no item 5",
		"partitions.produced":                        `partitions is a list: pick an item by number, not "produced"`,
		"load.coldest":                               `load has no field "coldest"`,
		"nothing":                                    `there is no field "nothing"`,
		"step2.load":                                 "only steps 1..0 come before this one",
		"1 / (load.hottest_share - 0.41)":            "divides by zero",
		"min(consumers.members)":                     "is not a number",
		"load.hottest_share + partitions.*.produced": "gives 3 values where one number is needed",
		"load.":    "the path ends with a dot",
		"load . x": `unexpected ". x"`,
		"2 +":      "the expression ends too early",
		"sqrt(4)":  "unknown function sqrt",
	} {
		_, err := evalDoc(t, src)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want an error containing %q", src, err, want)
		}
	}
}

func TestExpressionsPrintAsWritten(t *testing.T) {
	for _, src := range []string{
		"a.b[c.d].e.-1",
		"(a + b) * c",
		"a - (b - c)",
		"a / (b * c)",
		"a * b + c",
		"len(a.*.b)",
	} {
		e, err := parseExpr(src)
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		if got := e.String(); got != src {
			t.Errorf("%s prints as %s", src, got)
		}
	}
}

func TestChecksCompare(t *testing.T) {
	var m map[string]any
	json.Unmarshal([]byte(doc), &m)
	for _, c := range []struct {
		check Check
		pass  bool
		msg   string
	}{
		{Check{Path: "load.hottest_share", Op: ">=", Value: json.RawMessage("0.4")}, true, "load.hottest_share ≥ 0.4: got 0.41"},
		{Check{Path: "load.hottest_share", Op: ">=", Value: json.RawMessage("0.5")}, false, "expected load.hottest_share ≥ 0.5, got 0.41"},
		{Check{Path: "load.hottest_share", Op: "==", Value: json.RawMessage("0.4"), Tolerance: 0.02}, true, "= 0.4 ± 0.02"},
		{Check{Path: "load.hottest_share", Op: "!=", Value: json.RawMessage("0.4"), Tolerance: 0.02}, false, "≠ 0.4 ± 0.02"},
		{Check{Path: "consumers.members.0.partitions", Op: "==", Value: json.RawMessage("[0, 1]")}, true, "got [0, 1]"},
		{Check{Path: "consumers.members.0.partitions", Op: "contains", Value: json.RawMessage("2")}, false, "expected consumers.members.0.partitions contains 2"},
		{Check{Path: "consumers.members.*.name", Op: "!=", Value: json.RawMessage(`"b"`)}, false, `got "b" at consumers.members.1.name`},
		{Check{Path: "partitions.*.end_lag", Op: "<", Expr: "partitions[load.hottest_partition].end_lag + 1"}, true, "(= 501)"},
		{Check{Path: "partitions.*.missing", Op: "==", Value: json.RawMessage("0")}, false, "cannot check"},
		{Check{Path: "load.hottest_share", Op: "contains", Value: json.RawMessage(`"4"`)}, false, "neither text nor a list"},
	} {
		o := c.check.evaluate(scope{doc: m})
		if o.Passed != c.pass || !strings.Contains(o.Message, c.msg) {
			t.Errorf("%s %s: passed=%v %q; want passed=%v and %q", c.check.Path, c.check.Op, o.Passed, o.Message, c.pass, c.msg)
		}
	}
}
