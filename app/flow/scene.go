// Package flow draws a run as records moving: from the producers to the
// partitions, and from each partition to the consumer thread that owns it
// at that moment. The picture at a moment is a pure function of the result
// (its per-bucket series, the group's assignments and rebalances, the
// violations and the traced run's events) and of the moment, so the same
// run always moves the same way and a test can check any frame.
//
// flow knows nothing about the UI framework: it must never import go-app
// (or net/http). The page asks for a Scene at a moment and draws its SVG.
package flow

import (
	"math"
	"sort"
	"strings"

	"partitionlab/sim"
)

// Travel is how many series buckets a record takes to cross one leg of the
// picture (producer to partition, or partition to thread): long enough to
// follow by eye when the run plays at one bucket a tick.
const Travel = 4.0

// maxThreads is how many consumer threads the picture shows; more would
// not be readable on a projector.
const maxThreads = 24

// Scene is the picture at one moment.
type Scene struct {
	// T is the moment in seconds; Pos the same moment in buckets.
	T, Pos     float64
	Producers  []string
	Partitions []PartitionRow
	Threads    []ThreadRow
	// HiddenThreads counts threads left out (beyond maxThreads).
	HiddenThreads int
	Dots          []Dot
	// Flashes are the violations that happened in the last bucket or so,
	// with how strongly each still shows (1 when it happens, fading to 0).
	Flashes []Flash
	// Rebalancing is true while a rebalance is under way.
	Rebalancing bool
	// Returns are a share group's records coming back (↺) or given up (✕)
	// on a partition in the last bucket or so.
	Returns []Return
	// Redelivered is the share group's records delivered again over the
	// whole run (group.totals.share.redelivered): the summary's count,
	// since Returns only has the few the evidence keeps as examples.
	Redelivered int64
}

// PartitionRow is one partition: how many records wait on it now, that as a
// share of the most any partition held during the run, and whether it is
// the hottest now.
type PartitionRow struct {
	Partition int
	Lag       int64
	Fill      float64
	Hot       bool
	Owner     int // index into Threads, or -1
	// Owners are every thread reading the partition now: one in a
	// consumer group, several in a share group that shares it (KIP-932's
	// SimpleAssignor, when members outnumber partitions).
	Owners []int
}

// ThreadRow is one consumer thread (a group member): its partitions now and
// whether a rebalance has paused it.
type ThreadRow struct {
	Name       string
	Partitions []int
	Paused     bool
}

// Leg is which part of the way a dot is on.
type Leg int

const (
	// ToPartition is a record on its way from a producer to a partition.
	ToPartition Leg = iota
	// ToThread is a record on its way from a partition to its consumer.
	ToThread
)

// Dot is one record in flight. From and To index Producers, Partitions or
// Threads depending on the leg; Progress runs from 0 (leaving) to 1
// (arriving). Colour is the palette index: the partition's for ordinary
// records (a key always lands on one partition), a traced key's own for
// the records of keys with violations, which also carry the key.
type Dot struct {
	Leg      Leg
	From, To int
	Progress float64
	Colour   int
	Key      string
}

// Flash is a violation where it happened: the partition of the record that
// overtook, the thread that processed it, and what it says.
type Flash struct {
	Partition int
	Thread    int // index into Threads, or -1
	Strength  float64
	// Key, Later and Earlier say what happened: Later's event overtook
	// Earlier's, of the same key.
	Key, Later, Earlier string
}

// maxTraced bounds the traced records drawn at once: a hot key can have
// thousands in flight, and a few dozen already show its path.
const maxTraced = 40

// Run is a result prepared for drawing many frames: the traced events
// sorted by when they leave each end, and each traced key's colour.
type Run struct {
	r *sim.Result
	// bySent and byDone index trace by SentS and by CompletedS.
	trace          []sim.TraceEvent
	bySent, byDone []int
	colours        map[string]int
	mostProduced   int32
	mostProcessed  int32
	mostLag        int32
}

// New prepares a result, and the traced run's events (nil when there are
// none), for drawing.
func New(r *sim.Result, trace []sim.TraceEvent) *Run {
	f := &Run{r: r, trace: trace, colours: keyColours(trace),
		mostProduced: peak(r.Series.Produced), mostProcessed: peak(r.Series.Processed), mostLag: peak(r.Series.Lag)}
	f.bySent, f.byDone = make([]int, len(trace)), make([]int, len(trace))
	for i := range trace {
		f.bySent[i], f.byDone[i] = i, i
	}
	sort.SliceStable(f.bySent, func(a, b int) bool { return trace[f.bySent[a]].SentS < trace[f.bySent[b]].SentS })
	sort.SliceStable(f.byDone, func(a, b int) bool { return trace[f.byDone[a]].CompletedS < trace[f.byDone[b]].CompletedS })
	return f
}

// Buckets is how many series buckets the run has: positions run from 0 to
// Buckets.
func (f *Run) Buckets() int { return buckets(f.r) }

// At is the picture at pos, in buckets from the start of the run (the end
// of bucket b is b+1).
func (f *Run) At(pos float64) Scene {
	r := f.r
	se := r.Series
	pos = math.Min(math.Max(pos, 0), float64(buckets(r)))
	s := Scene{Pos: pos, T: math.Min(pos*se.BucketS, r.DurationS)}
	for _, p := range r.Producers {
		s.Producers = append(s.Producers, p.Name)
	}
	if len(s.Producers) == 0 {
		s.Producers = []string{"producer"}
	}
	s.Threads, s.HiddenThreads = threadsAt(r, s.T)
	s.Rebalancing = rebalancing(r, s.T)
	s.Partitions = partitionsAt(r, s.Threads, pos, f.mostLag)
	s.Dots = f.dots(s, pos)
	s.Dots = append(s.Dots, f.tracedDots(s, pos)...)
	s.Flashes = flashes(r, s, pos)
	s.Returns = returnsAt(r, pos)
	if tot := r.Group.Totals.Share; tot != nil {
		s.Redelivered = tot.Redelivered
	}
	return s
}

// buckets is how many series buckets the run has.
func buckets(r *sim.Result) int {
	if len(r.Series.Lag) == 0 {
		return 1
	}
	return max(len(r.Series.Lag[0]), 1)
}

// threadsAt is each member with the partitions it owned at t, and whether
// a rebalance paused it then.
func threadsAt(r *sim.Result, t float64) ([]ThreadRow, int) {
	ms := r.Consumers.Members
	shown := min(len(ms), maxThreads)
	rows := make([]ThreadRow, shown)
	for i := range shown {
		m := ms[i]
		rows[i] = ThreadRow{Name: m.Name, Partitions: []int{}}
		for _, a := range m.Assignments {
			if a.AtS > t {
				break
			}
			rows[i].Partitions = a.Partitions
		}
	}
	for _, rb := range r.Group.Rebalances {
		for _, p := range rb.Paused {
			if p.PausedS <= 0 || t < rb.StartS || t > rb.StartS+p.PausedS {
				continue
			}
			for i := range rows {
				if rows[i].Name == p.Member {
					rows[i].Paused = true
				}
			}
		}
	}
	return rows, len(ms) - shown
}

func rebalancing(r *sim.Result, t float64) bool {
	for _, rb := range r.Group.Rebalances {
		if t >= rb.StartS && t <= rb.EndS {
			return true
		}
	}
	return false
}

// partitionsAt is each partition's lag in the bucket being played, its
// share of the run's deepest queue, and its owner.
func partitionsAt(r *sim.Result, threads []ThreadRow, pos float64, most int32) []PartitionRow {
	se := r.Series
	b := min(int(pos), buckets(r)-1)
	if pos > 0 && pos == math.Floor(pos) {
		b = int(pos) - 1 // the end of bucket b is b+1
	}
	rows := make([]PartitionRow, len(se.Lag))
	hot, hotLag := -1, int32(0)
	for p := range se.Lag {
		rows[p] = PartitionRow{Partition: p, Owner: -1}
		if b < len(se.Lag[p]) {
			rows[p].Lag = int64(se.Lag[p][b])
			if se.Lag[p][b] > hotLag {
				hot, hotLag = p, se.Lag[p][b]
			}
		}
		if most > 0 {
			rows[p].Fill = float64(rows[p].Lag) / float64(most)
		}
	}
	if hot >= 0 {
		rows[hot].Hot = true
	}
	for i, th := range threads {
		for _, p := range th.Partitions {
			if p >= 0 && p < len(rows) {
				if rows[p].Owner < 0 {
					rows[p].Owner = i
				}
				rows[p].Owners = append(rows[p].Owners, i)
			}
		}
	}
	return rows
}

// flashes are the kept violations whose overtaking record completed in the
// last bucket and a half before pos.
func flashes(r *sim.Result, s Scene, pos float64) []Flash {
	bs := r.Series.BucketS
	if bs <= 0 {
		return nil
	}
	const fade = 1.5
	var out []Flash
	for _, v := range r.Ordering.Examples {
		if v.Later.CompletedS == nil {
			continue
		}
		age := pos - *v.Later.CompletedS/bs
		if age < 0 || age > fade {
			continue
		}
		out = append(out, Flash{Partition: v.Later.Partition, Thread: s.thread(v.Later.Thread), Strength: 1 - age/fade,
			Key: v.Key, Later: v.Later.Event, Earlier: v.Earlier.Event})
	}
	return out
}

// thread is the row of the member a record's thread belongs to: the member
// itself, or the member whose pool ran it ("consumer-1-2/pool-3"); -1 when
// the member is not shown.
func (s Scene) thread(name string) int {
	if i := strings.IndexByte(name, '/'); i >= 0 {
		name = name[:i]
	}
	for i, th := range s.Threads {
		if th.Name == name {
			return i
		}
	}
	return -1
}
