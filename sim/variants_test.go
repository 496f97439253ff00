package sim

import "runtime"

// variantsToRun is which of a scenario's n variants a test that checks
// each variant against the plain run runs for its i-th scenario: natively
// all of them; under node (GOOS=js), where the engine runs on one thread
// at about a third of the native speed, one each, taken in turn, so every
// scenario and every variant is still checked there.
func variantsToRun(i, n int) []int {
	if runtime.GOOS == "js" {
		return []int{i % n}
	}
	all := make([]int, n)
	for v := range all {
		all[v] = v
	}
	return all
}
