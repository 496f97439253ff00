package app

import (
	"strings"
	"testing"

	"partitionlab/app/sweepclient"
	"partitionlab/sim/lessons"
)

// The trade-off lessons offer their step's whole curve: the salting and
// frontier steps sweep the salt buckets, the threads step the threads,
// each from the step's own scenario; a step with no such setting offers
// none.
func TestTradeOffStepsOfferTheWholeCurve(t *testing.T) {
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]lessons.Lesson{}
	for _, l := range all {
		byID[l.ID] = l
	}
	for _, c := range []struct {
		lesson string
		step   int
		path   string
	}{
		{"salting", 1, "producers.0.salting.buckets"},
		{"the-frontier", 0, "producers.0.salting.buckets"},
		{"the-frontier", 3, "consumer.concurrency"},
		{"same-key-same-partition", 0, ""},
	} {
		step := byID[c.lesson].Steps[c.step]
		link := curveHref(step, nil)
		if c.path == "" {
			if link != "" {
				t.Errorf("%s step %d offers a curve: %s", c.lesson, c.step+1, link)
			}
			continue
		}
		_, f, err := sweepclient.Parse(link)
		if err != nil || len(f.Vary) != 1 || f.Vary[0].Path != c.path || !strings.HasPrefix(link, "/sweep#") {
			t.Errorf("%s step %d: %q (%v) does not sweep %s", c.lesson, c.step+1, link, err, c.path)
		}
	}
}
