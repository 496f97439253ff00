package sweep

import (
	"strings"
	"testing"
)

// FuzzParseVary feeds arbitrary --vary arguments: each is refused with a
// message naming the setting and the SPEC, or gives 1..MaxValues distinct
// values; never a panic.
func FuzzParseVary(f *testing.F) {
	for _, s := range []string{"topic.partitions=1..8", "a=0.1..0.9:0.1", "a=1..1e30", "a=1,2,,3", "a=-5..-1:0.5",
		"a=1e-300..1e-299:1e-301", "=", "a=..", "a=1..2:1e-20", "a=java,sarama", "a=1..3..5", "a=9007199254740993..9007199254740995"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, arg string) {
		a, err := ParseVary(arg)
		if err != nil {
			path, spec, _ := strings.Cut(arg, "=")
			if msg := err.Error(); msg == "" || !strings.Contains(msg, strings.TrimSpace(path)) && !strings.Contains(msg, spec) {
				t.Fatalf("%q: the message %q names neither the setting nor the SPEC", arg, msg)
			}
			return
		}
		if len(a.Values) < 1 || len(a.Values) > MaxValues {
			t.Fatalf("%q: %d values", arg, len(a.Values))
		}
		seen := map[Value]bool{}
		for _, v := range a.Values {
			if seen[v] || v == "" {
				t.Fatalf("%q: the value %q is empty or given twice", arg, v)
			}
			seen[v] = true
		}
	})
}

// FuzzParseRequirement: a requirement is refused with a message or reads
// back as itself.
func FuzzParseRequirement(f *testing.F) {
	for _, s := range []string{"load<=1.3", "violations.order=0", "p99_ms≤500", "max_lag<=1e3", "lost=", "<=1", "duplicates=-0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, expr string) {
		q, err := ParseRequirement(expr)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("an empty message")
			}
			return
		}
		back, err := ParseRequirement(q.String())
		if err != nil || back != q {
			t.Fatalf("%q reads as %q, which reads back as %v (%v)", expr, q, back, err)
		}
	})
}
