package scenario

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// The work budget. A valid scenario may still ask for more than anyone can
// wait for: 10,000 partitions × 1,000,000 orders/s × 86,400 s is 10¹² events.
// Validation estimates the work up front, from the fields alone and in
// microseconds, and refuses a scenario above the caller's limits, naming the
// fields, the estimate and the limit, before anything is allocated.

// Work is what a scenario will cost to simulate, estimated from its fields.
type Work struct {
	// Events is the number of records the run will send and process,
	// counting failed attempts that are tried again.
	Events float64
	// EventsHow says how Events was computed, in the scenario's field names:
	// "duration_s × workload.orders_per_s × 3 events per order = 60 × 1000 × 3".
	EventsHow string
	// Assignment is the work of the group's rebalances: consumer threads ×
	// (threads + partitions) for every rebalance the scenario can cause.
	// Each rebalance orders every member and assigns every partition.
	Assignment float64
	// AssignmentHow says how Assignment was computed.
	AssignmentHow string
	// Held is the least number of events the run will hold in memory, where
	// the fields alone can tell (see EstimateHeld).
	Held HeldEstimate

	// eventFactors and group are the parts of the two sentences above, for
	// the messages of Check in other languages.
	eventFactors eventFactors
	group        [3]float64 // threads, partitions, rebalances
}

// eventFactors are what EventsHow says: the events per order, the retry
// factors that apply (phrase codes, "" when none) and the numbers.
type eventFactors struct {
	perOrder                         int
	producerRetries, consumerRetries string
	values                           string
}

// whereArg names where the limits apply: a phrase the app translates for
// the two places Partition Lab runs, as written for any other.
func (l Limits) whereArg() MsgArg {
	switch l.Where {
	case CommandLineLimits().Where:
		return argPhrase("where", "where.command_line")
	case BrowserLimits().Where:
		return argPhrase("where", "where.browser")
	}
	return argText("where", l.Where)
}

// Limits are how much work a place that runs the engine accepts, and how
// fast the engine runs there (to say how long a run will take).
type Limits struct {
	// Where names the place in messages: "on the command line", "in the browser".
	Where string
	// MaxEvents and MaxAssignment bound Work.Events and Work.Assignment.
	MaxEvents, MaxAssignment float64
	// EventsPerS and AssignmentPerS are the engine's measured speed there.
	EventsPerS, AssignmentPerS float64
	// MaxHeld bounds the events a run holds at once (see HeldError): the
	// engine stops a run that passes it, since memory follows them.
	MaxHeld int64
}

// CommandLineLimits are the limits of the native command line: about three
// minutes at the engine's measured native speed (6 M events/s on the
// reference scenario). Assignment work is measured on the biggest group
// validation allows, 10,000 consumer threads on 10,000 partitions
// (BenchmarkBigGroup): 1e9 steps per second of CPU with the KIP-848
// uniform assignor, about 2e9 with the classic sticky ones, since every
// rebalance costs time linear in members + partitions (it was quadratic:
// 5e6 steps/s, 36 s for 10,000 members rejoining once). 3e9 steps is 15
// rebalances of that group, a few seconds. Small groups on many partitions
// cost more per step (2e7–8e7 steps/s with 1 to 100 threads on 10,000
// partitions, the engine's work per partition and rebalance), so the limit
// still keeps their worst case to about a minute.
// Validate applies them, so no caller can run more.
func CommandLineLimits() Limits {
	return Limits{Where: "on the command line", MaxEvents: 1e9, MaxAssignment: 3e9,
		EventsPerS: 6e6, AssignmentPerS: 1e9, MaxHeld: 1 << 24}
}

// BrowserLimits are the limits of the browser app, where the engine runs
// about 3.5× slower in WebAssembly: an hour of a design-review backlog
// (20,000 orders/s, 2.2e8 events) still runs, in about two minutes; so does
// a design review of 1,000 instances × 10 threads on 10,000 partitions with
// its first assignment and one instance crashing and coming back (3
// rebalances, 6e8 steps: seconds under node, where the big group runs at
// 5e7–3e8 steps/s). Every preset and lesson stays within them.
func BrowserLimits() Limits {
	return Limits{Where: "in the browser", MaxEvents: 2.5e8, MaxAssignment: 6e8,
		EventsPerS: 1.7e6, AssignmentPerS: 1e8, MaxHeld: 1 << 22}
}

// Seconds is about how long the work takes where l was measured.
func (w Work) Seconds(l Limits) float64 {
	return w.Events/l.EventsPerS + w.Assignment/l.AssignmentPerS
}

// Summary says the estimate as a person reads it: "about 54 M events,
// about 20 s here".
func (w Work) Summary(l Limits) string {
	s := "about " + fmtCount(w.Events) + " events"
	if w.Assignment >= l.AssignmentPerS/10 {
		s += " and " + fmtCount(w.Assignment) + " assignment steps"
	}
	return s + ", " + fmtSeconds(w.Seconds(l)) + " here"
}

// Check refuses work above the limits, naming the fields behind it.
func (w Work) Check(l Limits) error {
	var c checker
	where := l.whereArg()
	if !(w.Events <= l.MaxEvents) {
		f := w.eventFactors
		c.add("duration_s", "budget.events", argInt("per_order", f.perOrder),
			argPhrase("producer_retries", f.producerRetries), argPhrase("consumer_retries", f.consumerRetries),
			argNumber("factors", f.values), argBig("events", w.Events), where, argNumber("limit", fmtBig(l.MaxEvents)))
	}
	if !(w.Assignment <= l.MaxAssignment) {
		threads, partitions, rebalances := w.group[0], w.group[1], w.group[2]
		c.add("consumer.instances", "budget.assignment", argNumber("threads", fmtPlain(threads)),
			argNumber("partitions", fmtPlain(partitions)), argNumber("rebalances", fmtPlain(rebalances)),
			argBig("steps", w.Assignment), where, argNumber("limit", fmtBig(l.MaxAssignment)))
	}
	if len(c.errs) == 0 {
		// Only for work the place accepts: a run too big for it is refused
		// for that first.
		return w.Held.Check(l)
	}
	return c.err()
}

// The events a run holds. Where a backlog's partitions can be detached
// (every scope key in one partition), the engine's memory stays flat
// however long the backlog; where they cannot (a key spanning partitions,
// such as a country whose partition falls behind while a customer's
// other orders go elsewhere, or per-key queues holding a copy of every
// record waiting), it holds every event from the oldest one not yet
// processed to the newest one sent, and memory grows with the backlog:
// about 150 bytes an event, so a few hours of backlog would need
// gigabytes. Only for per-key queues can the fields alone show that the
// consumers will not keep up (EstimateHeld, which refuses such a run up
// front); in general, the engine counts the events it holds as it runs, at
// points of simulated time that are the same wherever it runs, and stops
// the run at the limit of the place it runs: 2^22 (about 4.2 M, 0.4 to
// 0.9 GB) in the browser, whose WebAssembly memory ends at 4 GB (a
// per-key backlog under node died at 3.5 GB, 23 M events held), and 2^24
// (about 17 M, 3 GB) on the command line, within a laptop's memory (at
// 2^25 the per-key backlog stopped at 9,236 s simulated, 6.2 GB resident).

// HeldError is the error of a run stopped at atS simulated seconds
// holding more events than l's MaxHeld.
func HeldError(atS float64, l Limits) error {
	var c checker
	c.add("duration_s", "budget.held", argFloat("at", math.Floor(atS)), l.whereArg(), argInt64("limit", l.MaxHeld))
	return c.err()
}

// FieldErrorOf is the field error of code with args, as the engine makes
// it: for a refusal that crossed from the engine's worker to the page as
// its code and arguments.
func FieldErrorOf(field, code string, args []MsgArg) FieldError {
	return newFieldError(field, code, args...)
}

// ValidateWithin is Validate with the work limits of the caller.
func ValidateWithin(sc Scenario, l Limits) error {
	if err := validateFields(sc); err != nil {
		return err
	}
	return EstimateWork(sc).Check(l)
}

// ParseScenarioWithin is ParseScenarioWithSets with the work limits of the
// caller (ParseScenario applies the command line's).
// A scenario the command line's budget refuses is refused with l's
// limits when l's are lower, so the browser names its own limit.
func ParseScenarioWithin(doc []byte, sets []string, l Limits) (Scenario, error) {
	sc, err := ParseScenarioWithSets(doc, sets)
	var fe FieldErrors
	if err != nil && !(errors.As(err, &fe) && onlyBudget(fe)) {
		return sc, err
	}
	if within := EstimateWork(sc).Check(l); within != nil || err == nil {
		return sc, within
	}
	return sc, err // l is not lower: the command line's refusal stands
}

// onlyBudget says every error of fe is the work budget's.
func onlyBudget(fe FieldErrors) bool {
	for _, e := range fe {
		if !strings.HasPrefix(e.Code, "budget.") {
			return false
		}
	}
	return len(fe) > 0
}

// EstimateWork estimates a valid scenario's work from its fields.
func EstimateWork(sc Scenario) Work {
	var w Work
	perOrder := float64(len(sc.Workload.EventsPerOrder))
	w.Events = sc.DurationS * sc.Workload.OrdersPerS * perOrder
	w.eventFactors.perOrder = len(sc.Workload.EventsPerOrder)
	w.EventsHow = fmt.Sprintf("duration_s × workload.orders_per_s × %d events per order", len(sc.Workload.EventsPerOrder))
	nums := []string{fmtPlain(sc.DurationS), fmtPlain(sc.Workload.OrdersPerS), fmtPlain(perOrder)}
	if a := produceAttempts(sc); a > 1 {
		w.Events *= a
		w.eventFactors.producerRetries = "budget.producer_retries"
		w.EventsHow += messages[w.eventFactors.producerRetries]
		nums = append(nums, fmt.Sprintf("%.3g", a))
	}
	if f := sc.Consumer.FailureRate; f > 0 {
		a := 1 / (1 - f)
		w.Events *= a
		w.eventFactors.consumerRetries = "budget.consumer_retries"
		w.EventsHow += messages[w.eventFactors.consumerRetries]
		nums = append(nums, fmt.Sprintf("%.3g", a))
	}
	w.eventFactors.values = strings.Join(nums, " × ")
	w.EventsHow += " = " + w.eventFactors.values

	threads, partitions, rebalances := groupSize(sc)
	w.group = [3]float64{threads, partitions, rebalances}
	w.Assignment = threads * (threads + partitions) * rebalances
	w.AssignmentHow = fmt.Sprintf("%s consumer threads × (threads + %s partitions) × %s rebalances",
		fmtPlain(threads), fmtPlain(partitions), fmtPlain(rebalances))
	w.Held = EstimateHeld(sc)
	return w
}

// produceAttempts is the mean number of produce attempts per event: each
// event type is sent by one producer, whose failed requests are retried.
func produceAttempts(sc Scenario) float64 {
	owner := map[string]int{}
	catchAll := 0
	for i, p := range sc.Producers {
		if len(p.Events) == 0 {
			catchAll = i
		}
		for _, e := range p.Events {
			owner[e] = i
		}
	}
	var sum float64
	for _, e := range sc.Workload.EventsPerOrder {
		i, ok := owner[e]
		if !ok {
			i = catchAll
		}
		sum += 1 / (1 - sc.Producers[i].FailureRate)
	}
	return sum / float64(len(sc.Workload.EventsPerOrder))
}

// groupSize is the most consumer threads and partitions the run can have,
// and the rebalances it can cause: one at the start, those of the timeline's
// actions, and one per max.poll.interval.ms a slow member may overrun.
func groupSize(sc Scenario) (threads, partitions, rebalances float64) {
	instances := sc.Consumer.Instances
	partitions = float64(sc.Topic.Partitions)
	rebalances = 1 + math.Floor(sc.DurationS*1000/sc.Consumer.MaxPollIntervalMs)
	for _, a := range sc.Timeline {
		switch a.Action {
		case ActionSetPartitions:
			partitions = max(partitions, float64(a.Partitions))
			rebalances++
		case ActionAddConsumer:
			instances += max(1, a.Instances)
			rebalances++
		case ActionCrashConsumer:
			rebalances += 2 // it leaves, and comes back
		case ActionRollingRestart:
			rebalances += 2 * float64(instances)
		case ActionGCPause:
			rebalances += 2 // it may be kicked out, and rejoins
		default:
			rebalances++
		}
	}
	return float64(instances * sc.Consumer.Concurrency), partitions, rebalances
}

// fmtPlain writes a field's value in full: 1000000, 0.5.
func fmtPlain(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// fmtBig writes a large count as 2.6e11, a small one in full.
// argBig is an estimate written as fmtBig writes it: an ArgEstimate when
// fmtBig rounded it (2.6e11 for 259,200,000,000), so that no language
// writes it out as if it were exact.
func argBig(name string, v float64) MsgArg {
	a := argNumber(name, fmtBig(v))
	if f, err := strconv.ParseFloat(a.Value, 64); err != nil || f != v {
		a.Kind = ArgEstimate
	}
	return a
}

func fmtBig(v float64) string {
	if v < 1e6 {
		return fmt.Sprintf("%.0f", v)
	}
	e := math.Floor(math.Log10(v))
	m := v / math.Pow(10, e)
	if m >= 9.95 { // rounds up to the next power of ten
		m, e = m/10, e+1
	}
	return strconv.FormatFloat(m, 'g', 2, 64) + "e" + strconv.Itoa(int(e))
}

// fmtCount writes a count as a person says it: 54 M, 1.2 G, 830 k.
func fmtCount(v float64) string {
	unit := ""
	for _, u := range []struct {
		name string
		size float64
	}{{" G", 1e9}, {" M", 1e6}, {" k", 1e3}} {
		if v >= u.size {
			v, unit = v/u.size, u.name
			break
		}
	}
	if v < 10 && unit != "" {
		return strconv.FormatFloat(v, 'f', 1, 64) + unit
	}
	return strconv.FormatFloat(v, 'f', 0, 64) + unit
}

func fmtSeconds(s float64) string {
	switch {
	case s < 1:
		return "under a second"
	case s < 120:
		return fmt.Sprintf("about %.0f s", s)
	}
	return fmt.Sprintf("about %.0f min", s/60)
}
