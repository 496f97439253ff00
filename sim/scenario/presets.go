package scenario

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"
)

//go:embed presets/*.json
var presetFiles embed.FS

// PresetNames lists the built-in scenarios in the order people meet them.
func PresetNames() []string {
	order := []string{
		"order-events", "hot-customer", "hot-customer-salted", "hot-customer-random-salt",
		"country-key", "order-id-key", "keyless-sticky", "thread-pool", "per-key-queues",
		"retry-topic", "blocking-retry", "add-partitions", "add-partitions-drained", "add-partitions-latest",
		"mixed-clients", "long-vs-string", "producer-retries-unsafe", "producer-retries-idempotent",
		"vip-partitioner",
		"new-group", "scale-out-eager", "scale-out-cooperative", "scale-out-kip848",
		"poll-timeout-loop", "poll-timeout-fixed", "rolling-restart-dynamic", "rolling-restart-static",
		"static-member-crash", "gc-pause", "crash-duplicates", "planned-rebalance",
		"migration-unsafe", "migration-safe", "migration-static", "executor-commit-trap", "fenced-instance",
	}
	entries, _ := presetFiles.ReadDir("presets")
	var rest []string
	for _, e := range entries {
		name := strings.TrimSuffix(e.Name(), ".json")
		if !slices.Contains(order, name) {
			rest = append(rest, name)
		}
	}
	return append(order, rest...)
}

// PresetJSON is the scenario document of a built-in scenario, as written.
// A name is a preset's own: a path that leads to one ("x/../order-events")
// is not a name, as a link or a command line that gave it would otherwise
// be answered under two names.
func PresetJSON(name string) ([]byte, error) {
	var b []byte
	err := fs.ErrNotExist
	if !strings.ContainsAny(name, `/\`) {
		b, err = presetFiles.ReadFile(path.Join("presets", name+".json"))
	}
	if err != nil {
		return nil, fmt.Errorf("unknown preset %q (want one of %s)", name, strings.Join(PresetNames(), ", "))
	}
	return b, nil
}

// Preset is a built-in scenario, defaults filled.
func Preset(name string) (Scenario, error) {
	b, err := PresetJSON(name)
	if err != nil {
		return Scenario{}, err
	}
	return ParseScenario(b)
}
