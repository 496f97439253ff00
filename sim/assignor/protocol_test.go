package assignor

import (
	"errors"
	"slices"
	"testing"
)

func TestChooseProtocol(t *testing.T) {
	cases := []struct {
		name       string
		strategies [][]string
		want       string
	}{
		{"one member, its first choice", [][]string{{"range", "cooperative-sticky"}}, "range"},
		{"majority wins", [][]string{{"cooperative-sticky", "range"}, {"cooperative-sticky", "range"}, {"range", "cooperative-sticky"}}, "cooperative-sticky"},
		{"only common name", [][]string{{"cooperative-sticky", "range"}, {"range"}}, "range"},
		// The migration of the issue: during the first roll some members
		// list only range, so range stays; then cooperative-sticky wins.
		{"migration step 2", [][]string{{"cooperative-sticky", "range"}, {"cooperative-sticky", "range"}}, "cooperative-sticky"},
		{"migration step 3", [][]string{{"cooperative-sticky"}, {"cooperative-sticky", "range"}}, "cooperative-sticky"},
		// Ties go to the first name in the votes HashMap: bins (String.hashCode
		// spread, table of 16, printed by Java 17) are sticky 8, range 9,
		// roundrobin 10, cooperative-sticky 15, whoever voted first.
		{"tie range vs cooperative-sticky", [][]string{{"cooperative-sticky", "range"}, {"range", "cooperative-sticky"}}, "range"},
		{"tie sticky vs roundrobin", [][]string{{"roundrobin", "sticky"}, {"sticky", "roundrobin"}}, "sticky"},
		{"tie roundrobin vs cooperative-sticky", [][]string{{"cooperative-sticky", "roundrobin"}, {"roundrobin", "cooperative-sticky"}}, "roundrobin"},
	}
	for _, c := range cases {
		got, err := ChooseProtocol(c.strategies)
		if err != nil || got != c.want {
			t.Errorf("%s: got %q, %v; want %q", c.name, got, err, c.want)
		}
	}
	if _, err := ChooseProtocol([][]string{{"range"}, {"cooperative-sticky"}}); !errors.Is(err, ErrInconsistentGroupProtocol) {
		t.Errorf("no common assignor: got %v", err)
	}
	if _, err := ChooseProtocol(nil); err == nil {
		t.Error("no members: no error")
	}
}

func TestCanJoin(t *testing.T) {
	group := [][]string{{"range", "cooperative-sticky"}, {"range"}}
	if !CanJoin(group, []string{"cooperative-sticky", "range"}) {
		t.Error("a member listing range should join a group that all lists range")
	}
	if CanJoin(group, []string{"cooperative-sticky"}) {
		t.Error("cooperative-sticky alone should get INCONSISTENT_GROUP_PROTOCOL while a member lists only range")
	}
	if !CanJoin(nil, []string{"sticky"}) {
		t.Error("anyone joins an empty group")
	}
}

func TestRebalanceProtocolFor(t *testing.T) {
	cases := []struct {
		strategy []string
		want     RebalanceProtocol
	}{
		{[]string{"range", "cooperative-sticky"}, Eager}, // Kafka's default: eager range
		{[]string{"cooperative-sticky", "range"}, Eager},
		{[]string{"cooperative-sticky"}, Cooperative},
		{[]string{"sticky"}, Eager},
		{[]string{"roundrobin"}, Eager},
	}
	for _, c := range cases {
		got, err := RebalanceProtocolFor(c.strategy)
		if err != nil || got != c.want {
			t.Errorf("%v: got %v, %v; want %v", c.strategy, got, err, c.want)
		}
	}
	for _, bad := range [][]string{nil, {"uniform"}, {"range", "fair"}} {
		if _, err := RebalanceProtocolFor(bad); err == nil {
			t.Errorf("%v: no error", bad)
		}
	}
}

func TestByName(t *testing.T) {
	for _, n := range ClassicNames() {
		a, err := ByName(n)
		if err != nil || a.Name() != n || len(a.Protocols()) == 0 {
			t.Errorf("ByName(%q) = %v, %v", n, a, err)
		}
	}
	for _, n := range ServerNames() {
		a, err := ServerByName(n)
		if err != nil || a.Name() != n || a.Protocols() != nil {
			t.Errorf("ServerByName(%q) = %v, %v", n, a, err)
		}
	}
	if _, err := ByName("uniform"); err == nil {
		t.Error(`ByName("uniform"): uniform is not a classic assignor`)
	}
	if _, err := ServerByName("sticky"); err == nil {
		t.Error(`ServerByName("sticky"): sticky is not a broker-side assignor`)
	}
	if p := (CooperativeSticky{}).Protocols(); !slices.Equal(p, []RebalanceProtocol{Cooperative, Eager}) {
		t.Errorf("cooperative-sticky supports %v", p)
	}
}
