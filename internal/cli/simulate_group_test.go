package cli

import (
	"strings"
	"testing"
)

// The text summary counts in words a person reads: singular for one, and
// fenced and refused members among the group's trouble.
func TestSimulateSummaryCountsTheGroupsTrouble(t *testing.T) {
	cases := []struct {
		preset string
		want   []string
	}{
		{"fenced-instance", []string{"0 rebalances", "2 fenced", "0 refused"}},
		{"migration-unsafe", []string{"4 refused"}},
		{"scale-out-eager", []string{": 1 rebalance,", "eager, "}},
		{"scale-out-cooperative", []string{"cooperative, 0 partitions moved, 1 revoked", "cooperative, 1 partition moved"}},
	}
	for _, c := range cases {
		code, out, errOut := runCLI("simulate", "--preset", c.preset)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", c.preset, code, errOut)
		}
		for _, w := range c.want {
			if !strings.Contains(out, w) {
				t.Errorf("%s: the summary lacks %q:\n%s", c.preset, w, out)
			}
		}
	}
}
