package cli

import (
	"strings"
	"testing"
)

// TestNumberFlagsNameTheirRange: the flag package answered "value out of
// range" for 99999999999999999999 or 1e309, naming no range, and took "1e3"
// for no number at all.
func TestNumberFlagsNameTheirRange(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"partition", "--partitions", "99999999999999999999", "k"}, "--partitions: 99999999999999999999 is not in 1..100000"},
		{[]string{"partition", "--partitions", "-99999999999999999999", "k"}, "--partitions: -99999999999999999999 is not in 1..100000"},
		{[]string{"partition", "--partitions", "1e9", "k"}, "--partitions: 1e9 is not in 1..100000"},
		{[]string{"partition", "--compare", "0", "k"}, "--compare: 0 is not in 1..100000"},
		{[]string{"partition", "--partitions", "2.5", "k"}, "--partitions: 2.5 is not a whole number in 1..100000"},
		{[]string{"simulate", "--preset", "order-events", "--max-lag", "99999999999999999999"}, "--max-lag: 99999999999999999999 is not in 0..9223372036854775807"},
		{[]string{"simulate", "--preset", "order-events", "--max-imbalance", "1e309"}, "--max-imbalance: 1e309 is not in 0..1.8e308"},
		{[]string{"simulate", "--preset", "order-events", "--max-p99-ms", "-1"}, "--max-p99-ms: -1 is not in 0..1.8e308"},
		{[]string{"simulate", "--preset", "order-events", "--max-p99-ms", "soon"}, "--max-p99-ms: soon is not a number in 0..1.8e308"},
		{[]string{"simulate", "--preset", "order-events", "--max-lost", "NaN"}, "--max-lost: NaN is not a whole number in 0..9223372036854775807"},
	}
	for _, c := range cases {
		code, out, errOut := runCLI(c.args...)
		if code != 2 || out != "" || !strings.Contains(errOut, c.want) {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q", c.args, code, errOut, c.want)
		}
	}
	// A whole number in another notation is read exactly.
	code, out, errOut := runCLI("partition", "--partitions", "1.2e1", "--compare", "2.4e1", "customer-1", "customer-2")
	_, digits, _ := runCLI("partition", "--partitions", "12", "--compare", "24", "customer-1", "customer-2")
	if code != 0 || out != digits || !strings.Contains(out, "from 12 to 24 partitions") {
		t.Errorf("--partitions 1.2e1 --compare 2.4e1: exit %d, %q %q; with digits %q", code, out, errOut, digits)
	}
}
