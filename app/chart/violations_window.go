package chart

import (
	"math"
	"sort"
	"strconv"

	"partitionlab/sim"
)

// Journey is one record of a traced key: written to a partition at SentS,
// processed by a consumer thread until CompletedS (NaN if it never was).
type Journey struct {
	Key        string
	Event      string
	Partition  int
	Offset     int64
	SentS      float64
	Thread     string
	CompletedS float64
	Duplicate  bool
}

// Overtake is one ordering violation: the later-sent record that completed
// first, and the earlier one it overtook.
type Overtake struct {
	Later, Earlier Journey
	// Selected is the violation the person clicked.
	Selected bool
}

// ViolationWindow is what the violation timeline shows: a stretch of time
// around the selected violation, the traced records of its scope in it, and
// every violation of that scope within it.
type ViolationWindow struct {
	From, To  float64
	Journeys  []Journey
	Overtakes []Overtake
	// Keys lists the keys in the window, the selected one first; a
	// journey's colour and shape follow its key's place here.
	Keys []string
}

// MaxJourneys bounds the records drawn: a hot key has thousands, and the
// ones nearest the violation are those that explain it.
const MaxJourneys = 300

// WindowFor picks the window around example selected of r's violations,
// with the traced events (runner's second run) around it. Without a trace
// it still shows the violations from their evidence.
func WindowFor(r *sim.Result, trace []sim.TraceEvent, selected int) ViolationWindow {
	ex := r.Ordering.Examples
	if selected < 0 || selected >= len(ex) {
		return ViolationWindow{}
	}
	v := ex[selected]
	later, earlier := journeyOf(v.Key, v.Later), journeyOf(v.Key, v.Earlier)
	t0 := math.Min(later.SentS, earlier.SentS)
	t1 := math.Max(later.CompletedS, earlier.CompletedS)
	if math.IsNaN(earlier.CompletedS) || math.IsNaN(t1) {
		t1 = r.DurationS
	}
	pad := math.Max((t1-t0)*0.6, 0.005)
	w := ViolationWindow{From: math.Max(0, t0-pad), To: math.Min(r.DurationS, t1+pad)}
	if w.To <= w.From {
		w.To = w.From + 0.01
	}
	inside := func(j Journey) bool {
		end := j.CompletedS
		if math.IsNaN(end) {
			end = r.DurationS
		}
		return end >= w.From && j.SentS <= w.To
	}

	seen := map[[2]int64]bool{}
	add := func(j Journey) {
		id := [2]int64{int64(j.Partition), j.Offset}
		if !seen[id] || j.Duplicate {
			seen[id] = true
			w.Journeys = append(w.Journeys, j)
		}
	}
	for i, e := range ex {
		if e.Scope != v.Scope {
			continue
		}
		o := Overtake{Later: journeyOf(e.Key, e.Later), Earlier: journeyOf(e.Key, e.Earlier), Selected: i == selected}
		if o.Selected || (inside(o.Later) && inside(o.Earlier)) {
			w.Overtakes = append(w.Overtakes, o)
			add(o.Later)
			add(o.Earlier)
		}
	}
	var traced []Journey
	for _, e := range trace {
		j := Journey{Key: e.Key, Event: e.Event, Partition: e.Partition, Offset: e.Offset, SentS: e.SentS,
			Thread: e.Thread, CompletedS: e.CompletedS, Duplicate: e.Duplicate}
		if e.Scope == v.Scope && inside(j) && !seen[[2]int64{int64(j.Partition), j.Offset}] {
			traced = append(traced, j)
		}
	}
	mid := (t0 + t1) / 2
	sort.SliceStable(traced, func(a, b int) bool { return math.Abs(traced[a].SentS-mid) < math.Abs(traced[b].SentS-mid) })
	for _, j := range traced[:min(len(traced), max(0, MaxJourneys-len(w.Journeys)))] {
		add(j)
	}
	sort.SliceStable(w.Journeys, func(a, b int) bool { return w.Journeys[a].SentS < w.Journeys[b].SentS })
	w.Keys = []string{v.Key}
	for _, j := range w.Journeys {
		if w.KeyIndex(j.Key) < 0 {
			w.Keys = append(w.Keys, j.Key)
		}
	}
	return w
}

func journeyOf(key string, e sim.Evidence) Journey {
	j := Journey{Key: key, Event: e.Event, Partition: e.Partition, Offset: e.Offset, SentS: e.SentS,
		Thread: e.Thread, CompletedS: math.NaN()}
	if e.CompletedS != nil {
		j.CompletedS = *e.CompletedS
	}
	return j
}

// KeyIndex is key's place in Keys, or -1.
func (w ViolationWindow) KeyIndex(key string) int {
	for i, k := range w.Keys {
		if k == key {
			return i
		}
	}
	return -1
}

// Lanes are the rows of the timeline: the partitions records were written
// to, then the threads that processed them.
func (w ViolationWindow) Lanes() (names []string, partitionLane map[int]int, threadLane map[string]int) {
	var parts []int
	var threads []string
	partitionLane, threadLane = map[int]int{}, map[string]int{}
	for _, j := range w.Journeys {
		if _, ok := partitionLane[j.Partition]; !ok {
			partitionLane[j.Partition] = 0
			parts = append(parts, j.Partition)
		}
		if _, ok := threadLane[j.Thread]; !ok && j.Thread != "" {
			threadLane[j.Thread] = 0
			threads = append(threads, j.Thread)
		}
	}
	sort.Ints(parts)
	sort.Strings(threads)
	for _, p := range parts {
		partitionLane[p] = len(names)
		names = append(names, "p"+strconv.Itoa(p))
	}
	for _, t := range threads {
		threadLane[t] = len(names)
		names = append(names, t)
	}
	return names, partitionLane, threadLane
}
