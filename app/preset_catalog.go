package app

import (
	"partitionlab/app/i18n"
	"partitionlab/sim/scenario"
)

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

// themeOrder lists the themes by their catalog id ("theme."+id), and in
// each the presets by name; their titles are the catalog's "preset."+name.
// The one-line summary is the first sentence of the preset's description,
// so it never drifts from the scenario.
var themeOrder = []struct {
	id    string
	names []string
}{
	{"key", []string{
		"order-events",
		"order-id-key",
		"country-key",
		"keyless-sticky",
	}},
	{"hot", []string{
		"hot-customer",
		"hot-customer-salted",
		"hot-customer-random-salt",
		"vip-partitioner",
	}},
	{"clients", []string{
		"mixed-clients",
		"long-vs-string",
	}},
	{"threads", []string{
		"thread-pool",
		"per-key-queues",
		"executor-commit-trap",
	}},
	{"retries", []string{
		"retry-topic",
		"blocking-retry",
		"producer-retries-unsafe",
		"producer-retries-idempotent",
	}},
	{"partitions", []string{
		"add-partitions",
		"add-partitions-drained",
		"add-partitions-latest",
	}},
	{"rebalances", []string{
		"new-group",
		"scale-out-eager",
		"scale-out-cooperative",
		"scale-out-kip848",
		"planned-rebalance",
		"migration-unsafe",
		"migration-safe",
		"migration-static",
	}},
	{"liveness", []string{
		"poll-timeout-loop",
		"poll-timeout-fixed",
		"rolling-restart-dynamic",
		"rolling-restart-static",
		"static-member-crash",
		"gc-pause",
		"crash-duplicates",
		"fenced-instance",
	}},
}

// presetThemes is the preset menu in the page's language: every built-in
// scenario exactly once, grouped by theme. A preset the themes do not list
// (one added since) is shown under "More scenarios" by its name, so none is
// hidden.
func presetThemes() []presetTheme {
	c := tr()
	known := map[string]bool{}
	for _, n := range scenario.PresetNames() {
		known[n] = true
	}
	listed := map[string]bool{}
	var out []presetTheme
	for _, t := range themeOrder {
		th := presetTheme{title: c.T("theme." + t.id)}
		for _, n := range t.names {
			if !known[n] {
				continue
			}
			listed[n] = true
			th.presets = append(th.presets, presetEntry{name: n, title: presetTitleIn(c, n), line: presetLineIn(c, n)})
		}
		if len(th.presets) > 0 {
			out = append(out, th)
		}
	}
	more := presetTheme{title: c.T("theme.more")}
	for _, n := range scenario.PresetNames() {
		if !listed[n] {
			more.presets = append(more.presets, presetEntry{name: n, title: presetTitleIn(c, n), line: presetLineIn(c, n)})
		}
	}
	if len(more.presets) > 0 {
		out = append(out, more)
	}
	return out
}

// presetTitleIn is a preset's title in c's language (the catalog's
// "preset."+name), or its name when the catalog lacks it (one added since).
func presetTitleIn(c *i18n.Catalog, name string) string {
	if id := "preset." + name; c.Has(id) {
		return c.T(id)
	}
	return name
}

// presetLineIn is a preset's one line in c's language: the catalog's
// "presetline."+name, whose English is the description's first sentence
// (a test keeps them the same), or that sentence when the catalog lacks it.
func presetLineIn(c *i18n.Catalog, name string) string {
	if id := "presetline." + name; c.Has(id) {
		return c.T(id)
	}
	return presetLine(name)
}

// presetLine is the first sentence of a preset's description.
func presetLine(name string) string {
	sc, err := scenario.Preset(name)
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
