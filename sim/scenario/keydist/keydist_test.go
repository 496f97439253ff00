package keydist

import (
	"fmt"
	"strings"
	"testing"

	"partitionlab/sim/scenario"
)

func TestCSVWithAndWithoutHeaderAndSamplesReadTheSame(t *testing.T) {
	want := []scenario.KeyCount{{Key: "merchant-0042", Count: 4500}, {Key: "a,b", Count: 30}, {Key: `say "hi"`, Count: 2}}
	for name, text := range map[string]string{
		"csv with header":    "key,count\r\nmerchant-0042,4500\r\n\"a,b\",30\r\n\"say \"\"hi\"\"\",2\r\n",
		"csv without header": "\uFEFFmerchant-0042, 4500\n\"a,b\",30\n\n\"say \"\"hi\"\"\",2\n",
	} {
		res, err := Parse(strings.NewReader(text))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if res.Format != CSV || fmt.Sprint(res.Distribution.Keys) != fmt.Sprint(want) || res.Records != 4532 {
			t.Errorf("%s: %+v", name, res)
		}
	}
	sample := strings.Repeat("c-1\n", 3) + "c-2\nc-3\nc-2\n"
	res, err := Parse(strings.NewReader(sample))
	if err != nil {
		t.Fatal(err)
	}
	if res.Format != Sample || fmt.Sprint(res.Distribution.Keys) != "[{c-1 3} {c-2 2} {c-3 1}]" || res.Lines != 6 {
		t.Errorf("sample: %+v", res)
	}
}

func TestBadLinesAreRefusedWithTheirNumbers(t *testing.T) {
	_, err := Parse(strings.NewReader("key,count\nk1,10\nk2,ten\nk3,0\n,5\nk1,3\n\xff\xfe,2\n"))
	if err == nil {
		t.Fatal("bad lines were accepted")
	}
	for _, want := range []string{`line 3: count "ten"`, `line 4: count "0"`, "line 5: the key is empty", `line 6: key "k1" is already on line 2`,
		`line 7: key "\xff\xfe" is not valid UTF-8`} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the error lacks %q:\n%v", want, err)
		}
	}
	if _, err := Parse(strings.NewReader("\n\n")); err == nil {
		t.Errorf("an empty file gives keys")
	}
}

func TestBeyondTheNamedKeysTheRestIsTheTail(t *testing.T) {
	var b strings.Builder
	for i := range MaxNamed + 50 {
		fmt.Fprintf(&b, "k%d,%d\n", i, 10000-i)
	}
	res, err := Parse(strings.NewReader(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	d := res.Distribution
	if len(d.Keys) != MaxNamed || d.TailKeys != 50 || d.Keys[0].Key != "k0" {
		t.Fatalf("%d named, tail %d", len(d.Keys), d.TailKeys)
	}
	var tail int64
	for i := MaxNamed; i < MaxNamed+50; i++ {
		tail += int64(10000 - i)
	}
	if d.TailCount != tail {
		t.Errorf("tail count %d, want %d", d.TailCount, tail)
	}
}

// An imported distribution makes a scenario the engine accepts, and says
// what else it changed.
func TestApplyGivesAValidScenario(t *testing.T) {
	sc, _ := scenario.Preset("hot-customer")
	sc.Producers[0].Serializer = "long"
	res, _ := Parse(strings.NewReader("a,5\nb,3\n"))
	res.Distribution.TailKeys, res.Distribution.TailCount = 100, 200
	notes := Apply(&sc, res.Distribution)
	if err := scenario.Validate(sc); err != nil {
		t.Fatalf("the scenario is refused: %v", err)
	}
	if len(notes) != 3 || !strings.Contains(strings.Join(notes, "\n"), "workload.customers") {
		t.Errorf("notes: %q", notes)
	}
	sc.Workload.Customers = 7
	if err := scenario.Validate(sc); err == nil || !strings.Contains(err.Error(), "workload.customers: 7, but workload.key_distribution has 102 keys") {
		t.Errorf("a wrong customer count: %v", err)
	}
}
