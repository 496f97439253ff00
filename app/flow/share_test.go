package flow

import (
	"strings"
	"testing"

	"partitionlab/app/i18n"
	"partitionlab/app/results"
)

// A share group's partition feeds several consumers: once the
// SimpleAssignor has shared the two partitions among eight members, each
// partition lists four readers and its records travel to more than one.
func TestSharedPartitionFeedsSeveralConsumers(t *testing.T) {
	r, _ := run(t, "share-hot-partition", false)
	f := New(r, nil)
	s := f.At(30 / r.Series.BucketS)
	hot := s.Partitions[r.Load.HottestPartition]
	if len(hot.Owners) != 4 {
		t.Fatalf("the hot partition has readers %v at %.0f s, want 4", hot.Owners, s.T)
	}
	to := map[int]bool{}
	for pos := 30 / r.Series.BucketS; pos < 32/r.Series.BucketS; pos += 0.25 {
		for _, d := range f.At(pos).Dots {
			if d.Leg == ToThread && d.From == hot.Partition {
				to[d.To] = true
			}
		}
	}
	if len(to) < 2 {
		t.Errorf("the hot partition's records went to threads %v only", to)
	}
}

// A consumer group's partition still has one reader.
func TestConsumerGroupPartitionHasOneReader(t *testing.T) {
	r, _ := run(t, "order-events", false)
	s := New(r, nil).At(float64(buckets(r)))
	for _, p := range s.Partitions {
		if len(p.Owners) > 1 || len(s.Returns) > 0 {
			t.Errorf("p%d has readers %v, returns %v", p.Partition, p.Owners, s.Returns)
		}
	}
}

// A crashed share consumer's records come back when their lock expires:
// the picture marks them ↺ on their partition, with their number, and
// says so.
func TestLockedRecordsComeBackOnThePicture(t *testing.T) {
	r, _ := run(t, "share-crash-locks", false)
	var at float64
	for _, e := range r.Group.Events {
		if e.Event == "lock expired" {
			at = e.AtS
			break
		}
	}
	if at == 0 {
		t.Fatal("share-crash-locks has no lock expiry")
	}
	s := New(r, nil).At(at/r.Series.BucketS + 0.2)
	if len(s.Returns) == 0 || s.Returns[0].GivenUp || s.Returns[0].Records <= 0 {
		t.Fatalf("at %.2f s: returns %+v", s.T, s.Returns)
	}
	if !strings.Contains(s.SVG(), `class="flow-redelivered"`) || !strings.Contains(s.Summary(), "came back to be delivered again") {
		t.Errorf("the picture or its summary misses the records coming back: %s", s.Summary())
	}
	if ko := s.SummaryIn(i18n.For(i18n.Korean)); !strings.Contains(ko, "다시 전달") {
		t.Errorf("the Korean summary %q", ko)
	}
	if later := New(r, nil).At(at/r.Series.BucketS + 3); len(later.Returns) != 0 {
		t.Errorf("the mark still shows 3 buckets later: %+v", later.Returns)
	}
}

// A record given up after share.delivery.count.limit is marked ✕.
func TestGivenUpRecordsAreMarked(t *testing.T) {
	r, _ := run(t, "share-poison-record", false)
	var at float64
	for _, e := range r.Group.Events {
		if e.Event == "given up" {
			at = e.AtS
			break
		}
	}
	if at == 0 {
		t.Fatal("share-poison-record gives nothing up")
	}
	s := New(r, nil).At(at/r.Series.BucketS + 0.1)
	given := false
	for _, rt := range s.Returns {
		given = given || rt.GivenUp && rt.Records > 0
	}
	if !given || !strings.Contains(s.SVG(), `class="flow-given-up"`) || !strings.Contains(s.Summary(), "given up after") {
		t.Errorf("at %.2f s: returns %+v; summary %s", s.T, s.Returns, s.Summary())
	}
}

// A share consumer that crashed keeps its partitions until
// share.session.timeout.ms expires (GroupCoordinatorShard fences the
// member); after that the picture shows it reading nothing and sends it no
// records.
func TestCrashedShareConsumersReadNothingOnceFenced(t *testing.T) {
	r, _ := run(t, "share-crash-locks", false)
	crashed := map[string]bool{}
	for _, e := range r.Group.Events {
		if e.Event == "crashed" {
			crashed[e.Member] = true
		}
	}
	if len(crashed) == 0 {
		t.Fatal("share-crash-locks crashes no consumer")
	}
	s := New(r, nil).At(60 / r.Series.BucketS)
	seen := 0
	for i, th := range s.Threads {
		if !crashed[th.Name] {
			continue
		}
		seen++
		if len(th.Partitions) != 0 {
			t.Errorf("at %.0f s the crashed %s still reads %v", s.T, th.Name, th.Partitions)
		}
		for _, d := range s.Dots {
			if d.Leg == ToThread && d.To == i {
				t.Errorf("at %.0f s a record travels to the crashed %s: %+v", s.T, th.Name, d)
				break
			}
		}
	}
	if seen != len(crashed) {
		t.Errorf("the picture shows %d of the %d crashed consumers", seen, len(crashed))
	}
}

// The summary's count of records delivered again is the run's share total
// (SharePartition's redeliveries, group.totals.share.redelivered), not the
// few the ordering evidence keeps as examples: share-poison-record
// releases tens of thousands of records.
func TestSummaryCountsEveryRecordDeliveredAgain(t *testing.T) {
	r, _ := run(t, "share-poison-record", false)
	tot := r.Group.Totals.Share
	f := New(r, nil)
	for pos := 0.0; pos <= float64(f.Buckets()); pos += 0.5 {
		s := f.At(pos)
		back := false
		for _, rt := range s.Returns {
			back = back || !rt.GivenUp
		}
		if !back {
			continue
		}
		if want := results.Count(tot.Redelivered); !strings.Contains(s.Summary(), want+" records were delivered again over the whole run") {
			t.Errorf("at %.1f s the summary %q does not give the run's %s records delivered again", s.T, s.Summary(), want)
		}
		if ko := s.SummaryIn(i18n.For(i18n.Korean)); !strings.Contains(ko, results.CountIn(i18n.Korean, tot.Redelivered)) {
			t.Errorf("the Korean summary %q", ko)
		}
		return
	}
	t.Fatal("share-poison-record shows no record coming back")
}
