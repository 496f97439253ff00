package sweepclient

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"partitionlab/sim/scenario"
	"partitionlab/sim/sweep"
)

func TestWorkers(t *testing.T) {
	for _, c := range []struct{ cores, runs, want int }{
		{0, 24, 1}, {2, 24, 2}, {16, 24, 8}, {8, 3, 3}, {4, 0, 0},
	} {
		if got := Workers(c.cores, c.runs); got != c.want {
			t.Errorf("Workers(%d, %d) = %d, want %d", c.cores, c.runs, got, c.want)
		}
	}
}

// However many workers take the runs, and in whatever order their replies
// come, the assembled sweep is the one RunAll gives; before the last
// reply, the points not in are pending.
func TestPoolAssemblesInAnyOrder(t *testing.T) {
	doc, _ := scenario.PresetJSON("order-events")
	def, errs := Form{Vary: []Vary{{"topic.partitions", "4,8,12"}}, Seeds: 2, Require: []string{"load<=1.5"}}.Definition(doc)
	if errs != nil {
		t.Fatal(errs)
	}
	def.Sets = []string{"duration_s=4"}
	plan, err := sweep.NewPlan(def, scenario.BrowserLimits())
	if err != nil {
		t.Fatal(err)
	}
	want, err := sweep.RunAll(plan, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	all := make([]sweep.Run, plan.Runs())
	for i := range all {
		if all[i], err = plan.Run(i); err != nil {
			t.Fatal(err)
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for workers := 1; workers <= 4; workers++ {
		p := NewPool(plan.Runs())
		var out [][]int // what each worker holds
		for range workers {
			i, _ := p.Take()
			out = append(out, []int{i})
		}
		for !p.Finished() {
			w := rng.IntN(len(out))
			if len(out[w]) == 0 {
				continue
			}
			i := out[w][0]
			out[w] = out[w][1:]
			if !p.Put(i, all[i]) {
				t.Fatalf("run %d refused", i)
			}
			if p.Put(i, all[i]) {
				t.Fatalf("run %d taken twice", i)
			}
			if next, ok := p.Take(); ok {
				out[w] = append(out[w], next)
			}
			s, err := plan.Assemble(p.Runs())
			if err != nil {
				t.Fatal(err)
			}
			if !p.Finished() && !anyPending(s) {
				t.Fatal("no point pending before the last reply")
			}
			if p.Finished() && !reflect.DeepEqual(s, want) {
				t.Errorf("%d workers: the sweep differs from RunAll's", workers)
			}
		}
	}
}

func anyPending(s *sweep.Sweep) bool {
	for _, pt := range s.Points {
		if pt.Pending {
			return true
		}
	}
	return false
}
