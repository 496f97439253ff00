package scenarioform

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"

	"partitionlab/sim/scenario"
)

// withDefaults lays a document over the complete default one, as the engine
// does when it reads a scenario: objects merge field by field, arrays and
// values replace, each producer starts from scenario.DefaultProducer and its
// salting from scenario.DefaultSalting. The engine does this too, but only for a
// valid document; the editor needs it for any document.
func withDefaults(m map[string]any) map[string]any {
	out := merge(tree(scenario.MarshalScenario(scenario.DefaultScenario())), m).(map[string]any)
	ps, ok := m["producers"].([]any)
	if !ok {
		return out
	}
	merged := make([]any, len(ps))
	for i, p := range ps {
		pm, isMap := p.(map[string]any)
		if !isMap {
			merged[i] = p // the engine names the problem
			continue
		}
		full := merge(treeOf(scenario.DefaultProducer()), pm).(map[string]any)
		if s, isMap := pm["salting"].(map[string]any); isMap {
			full["salting"] = merge(treeOf(scenario.DefaultSalting()), s)
		}
		merged[i] = full
	}
	out["producers"] = merged
	return out
}

func merge(base, over any) any {
	bm, ok := base.(map[string]any)
	om, ok2 := over.(map[string]any)
	if !ok || !ok2 {
		return over
	}
	for k, v := range om {
		bm[k] = merge(bm[k], v)
	}
	return bm
}

func treeOf(v any) map[string]any {
	b, _ := json.Marshal(v)
	return tree(b)
}

// AddProducer appends a producer: a copy of the defaults with a name of its
// own, sending the last event type (a second catch-all producer would be
// refused).
func AddProducer(d *Doc) {
	p := treeOf(scenario.DefaultProducer())
	n := d.Len("producers")
	names := map[string]bool{}
	for i := range n {
		names[fmt.Sprint(d.Get(Item("producers", i)+".name"))] = true
	}
	name := "service-" + strconv.Itoa(n+1)
	for k := n + 2; names[name]; k++ {
		name = "service-" + strconv.Itoa(k)
	}
	p["name"] = name
	if events, ok := d.Get("workload.events_per_order").([]any); ok && len(events) > 0 {
		p["events"] = []any{events[len(events)-1]}
	}
	d.Set(Item("producers", n), p)
}

// AddAction appends a timeline action: a consumer instance joining, halfway
// between the last action and the end of the run.
func AddAction(d *Doc) {
	n := d.Len("timeline")
	start := 0.0
	if n > 0 {
		start = number(d.Get(Item("timeline", n-1) + ".at_s"))
	}
	end := number(d.Get("duration_s"))
	at := start + (end-start)/2
	if end <= start {
		at = start
	}
	a := map[string]any{"at_s": json.Number(strconv.FormatFloat(roundTo(at, 1), 'f', -1, 64))}
	d.Set(Item("timeline", n), a)
	SetAction(d, Item("timeline", n), scenario.ActionAddConsumer)
}

// SetAction changes the kind of the action at item and gives it the fields
// that kind needs, with values that make sense for the scenario; fields of
// the previous kind go, since the engine would ignore them.
func SetAction(d *Doc, item, action string) {
	at := d.Get(item + ".at_s")
	a := map[string]any{"at_s": at, "action": action}
	num := func(f float64) json.Number { return json.Number(strconv.FormatFloat(f, 'f', -1, 64)) }
	switch action {
	case scenario.ActionSetPartitions:
		a["partitions"] = num(2 * partitionsBefore(d, item))
	case scenario.ActionAddConsumer:
		a["instances"] = num(1)
	case scenario.ActionRemoveConsumer:
		a["instance"] = num(0)
	case scenario.ActionCrashConsumer:
		a["instance"], a["duration_s"] = num(1), num(0)
	case scenario.ActionGCPause:
		a["instance"], a["duration_s"] = num(1), num(10)
	case scenario.ActionRollingRestart:
		a["downtime_s"] = num(15)
	case scenario.ActionSlowProcessing:
		a["duration_s"] = num(10)
		a["processing_ms"] = num(roundTo(5*max(number(d.Get("consumer.processing_ms")), 0.2), 2))
	}
	d.Set(item, a)
}

// partitionsBefore is the partition count the topic has when the action at
// item runs: the start count, raised by earlier set_partitions actions.
func partitionsBefore(d *Doc, item string) float64 {
	n := number(d.Get("topic.partitions"))
	for i := range d.Len("timeline") {
		it := Item("timeline", i)
		if it == item {
			break
		}
		if d.Get(it+".action") == scenario.ActionSetPartitions {
			n = max(n, number(d.Get(it+".partitions")))
		}
	}
	return max(n, 1)
}

// SortTimeline puts the actions in time order, which the engine requires;
// actions at the same time keep their order.
func SortTimeline(d *Doc) {
	a, ok := d.Get("timeline").([]any)
	if !ok {
		return
	}
	slices.SortStableFunc(a, func(x, y any) int {
		tx, ty := number(field(x, "at_s")), number(field(y, "at_s"))
		switch {
		case tx < ty:
			return -1
		case tx > ty:
			return 1
		}
		return 0
	})
	d.Set("timeline", a)
}

func field(v any, key string) any {
	m, _ := v.(map[string]any)
	return m[key]
}

// number reads a value as a float, 0 when it is not a number.
func number(v any) float64 {
	switch x := v.(type) {
	case json.Number:
		f, _ := x.Float64()
		return f
	case float64:
		return x
	case int:
		return float64(x)
	}
	return 0
}

func roundTo(x float64, decimals int) float64 {
	f, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'f', decimals, 64), 64)
	return f
}
