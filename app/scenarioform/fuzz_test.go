package scenarioform

import (
	"bytes"
	"encoding/json"
	"testing"

	"partitionlab/sim/scenario"
)

// FuzzEditorPaths sets, reads and deletes arbitrary paths in the editor's
// document (Set used to panic on "", "." and ".."). The document stays an
// object; a value set at a path that reads back is the value set.
func FuzzEditorPaths(f *testing.F) {
	for _, p := range []string{"", ".", "..", "topic.partitions", "producers[0].salting.buckets", "consumer.assignors[1]",
		"producers[3].name", "a[2][3].b", "[", "]", "[0]", "x[-1]", "timeline[0].at_s", "seed"} {
		f.Add(p, "7")
	}
	f.Fuzz(func(t *testing.T, path, value string) {
		d := FromScenario(scenario.DefaultScenario())
		v := json.Number("1")
		if value != "" {
			v = json.Number(value)
		}
		d.Set(path, v)
		if got := d.Get(path); got != nil && len(ParsePath(path)) > 0 && got != v {
			t.Fatalf("Set(%q, %v) then Get gives %v", path, v, got)
		}
		d.Delete(path)
		d.Len(path)
		d.Has(path)
		InputID("b-", path)
		if !bytes.HasPrefix(d.JSON(), []byte("{")) {
			t.Fatalf("the document is no longer an object after %q: %s", path, d.JSON())
		}
		d.Scenario() // the engine reads whatever is left
	})
}
