package app

import (
	"strings"
	"testing"

	"partitionlab/hashcore"
)

func TestKeysPageFirstLoadShowsExamples(t *testing.T) {
	c := newKeysPage()
	if !c.result.ok || len(c.result.placement.Keys) < 5 || c.result.placement.Compare == 0 {
		t.Fatalf("first load: ok=%v, %d keys, compare %d; want examples compared with another count",
			c.result.ok, len(c.result.placement.Keys), c.result.placement.Compare)
	}
	// The server draws it at once (the browser asks the engine's worker).
	if nc := c.result.graph.resolve(nil); nc.pending || !strings.HasPrefix(nc.chart.SVG, "<svg") {
		t.Errorf("first load has no chart: %.60q", nc.chart.SVG)
	}
	if len(c.result.placement.Clients) != len(hashcore.Partitioners()) {
		t.Errorf("first load shows %d clients, want all of them", len(c.result.placement.Clients))
	}
}

// Every bad input becomes a message next to its field; nothing panics and
// the page says what to fix.
func TestKeysPageExplainsBadInput(t *testing.T) {
	c := newKeysPage()
	c.serializer = hashcore.Int
	c.keysText = "12\nx\n\n99999999999"
	c.compute()
	want := []string{`line 2: key "x" is not an Integer`, `line 4: key "99999999999" is not an Integer`}
	if len(c.result.keyErrs) != len(want) {
		t.Fatalf("key errors %q, want %q", c.result.keyErrs, want)
	}
	for i, w := range want {
		if !strings.HasPrefix(c.result.keyErrs[i], w) {
			t.Errorf("key error %d = %q, want %q…", i, c.result.keyErrs[i], w)
		}
	}
	if !c.result.ok || len(c.result.placement.Keys) != 1 {
		t.Errorf("the one good key should still be placed")
	}

	c.partitionsText = "0"
	c.compareText = "lots"
	c.compute()
	if c.result.ok || !strings.Contains(c.result.partitionsErr, "1..100000") || !strings.Contains(c.result.compareErr, "leave it empty") {
		t.Errorf("ok=%v partitions error %q compare error %q", c.result.ok, c.result.partitionsErr, c.result.compareErr)
	}

	c = newKeysPage()
	for _, p := range hashcore.Partitioners() {
		c.hidden[p.Name()] = true
	}
	c.compute()
	if c.result.ok || c.result.clientsErr == "" {
		t.Errorf("with every client hidden: ok=%v, message %q", c.result.ok, c.result.clientsErr)
	}
}

func TestKeysPageKeepsClientColoursWhenOneIsHidden(t *testing.T) {
	c := newKeysPage()
	c.hidden["java"] = true
	c.compute()
	if got := c.result.colors; len(got) != 2 || got[0] != 1 || got[1] != 2 {
		t.Errorf("colour indexes %v, want librdkafka and sarama to keep 1 and 2", got)
	}
}
