package app

import "partitionlab/sim"

// presetTheme is one group of the preset menu and of the start's "Check a
// design" door: a trade-off, and the built-in scenarios that show it.
type presetTheme struct {
	title   string
	presets []presetEntry
}

// presetEntry is a built-in scenario as a person looks for it: a title in
// words, the one line that says what it shows, and its name (the slug the
// links and the command line use).
type presetEntry struct {
	name, title, line string
}

// themeOrder lists the themes, and in each the presets with their titles.
// The one-line summary is the first sentence of the preset's description,
// so it never drifts from the scenario.
var themeOrder = []struct {
	title   string
	entries [][2]string // name, title
}{
	{"Choosing the key", [][2]string{
		{"order-events", "The reference workload: orders keyed by customer"},
		{"order-id-key", "Keyed by order id"},
		{"country-key", "Keyed by country: too few key values"},
		{"keyless-sticky", "No key: the sticky partitioner"},
	}},
	{"Hot keys", [][2]string{
		{"hot-customer", "One customer places 40 % of the orders"},
		{"hot-customer-salted", "The hot customer salted by order id"},
		{"hot-customer-random-salt", "The trap: a random salt"},
		{"vip-partitioner", "A custom partitioner for VIP customers"},
	}},
	{"Clients and bytes", [][2]string{
		{"mixed-clients", "Java and librdkafka on one topic"},
		{"long-vs-string", "A Long key beside a String key"},
	}},
	{"Consumer threads", [][2]string{
		{"thread-pool", "A thread pool behind the listener"},
		{"per-key-queues", "One queue per key: the fix"},
		{"executor-commit-trap", "An executor and a commit after poll()"},
	}},
	{"Retries", [][2]string{
		{"retry-topic", "A retry topic"},
		{"blocking-retry", "Retrying in place"},
		{"producer-retries-unsafe", "Producer retries without idempotence"},
		{"producer-retries-idempotent", "The idempotent producer"},
	}},
	{"Adding partitions", [][2]string{
		{"add-partitions", "Six partitions become twelve under load"},
		{"add-partitions-drained", "The safe procedure: drain first"},
		{"add-partitions-latest", "auto.offset.reset=latest loses records"},
	}},
	{"Rebalances and assignors", [][2]string{
		{"new-group", "A new group starts"},
		{"scale-out-eager", "Scale-out, eager protocol"},
		{"scale-out-cooperative", "Scale-out, cooperative-sticky"},
		{"scale-out-kip848", "Scale-out, the consumer protocol (KIP-848)"},
		{"planned-rebalance", "A clean shutdown"},
		{"migration-unsafe", "Eager → cooperative in one step: refused"},
		{"migration-safe", "Eager → cooperative in two steps"},
		{"migration-static", "Eager → cooperative with static members"},
	}},
	{"Liveness and failures", [][2]string{
		{"poll-timeout-loop", "Slow processing past max.poll.interval.ms"},
		{"poll-timeout-fixed", "The fix: fewer records per poll"},
		{"rolling-restart-dynamic", "A rolling restart, dynamic members"},
		{"rolling-restart-static", "A rolling restart, static members"},
		{"static-member-crash", "A static member dies"},
		{"gc-pause", "A long GC pause"},
		{"crash-duplicates", "A crash and duplicates"},
		{"fenced-instance", "A duplicate group.instance.id"},
	}},
}

// presetThemes is the preset menu: every built-in scenario exactly once,
// grouped by theme. A preset the themes do not list (one added since) is
// shown under "More scenarios" with its description, so none is hidden.
func presetThemes() []presetTheme {
	known := map[string]bool{}
	for _, n := range sim.PresetNames() {
		known[n] = true
	}
	listed := map[string]bool{}
	var out []presetTheme
	for _, t := range themeOrder {
		th := presetTheme{title: t.title}
		for _, e := range t.entries {
			if !known[e[0]] {
				continue
			}
			listed[e[0]] = true
			th.presets = append(th.presets, presetEntry{name: e[0], title: e[1], line: presetLine(e[0])})
		}
		if len(th.presets) > 0 {
			out = append(out, th)
		}
	}
	more := presetTheme{title: "More scenarios"}
	for _, n := range sim.PresetNames() {
		if !listed[n] {
			more.presets = append(more.presets, presetEntry{name: n, title: n, line: presetLine(n)})
		}
	}
	if len(more.presets) > 0 {
		out = append(out, more)
	}
	return out
}

// presetLine is the first sentence of a preset's description.
func presetLine(name string) string {
	sc, err := sim.Preset(name)
	if err != nil {
		return ""
	}
	return firstSentence(sc.Description)
}

// firstSentence cuts text after its first full stop followed by a space;
// a full stop inside "3.0" or after "e.g" does not end it.
func firstSentence(text string) string {
	for i := 3; i+1 < len(text); i++ {
		if text[i] == '.' && text[i+1] == ' ' && text[i-2] != '.' {
			return text[:i+1]
		}
	}
	return text
}
