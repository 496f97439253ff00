package app

import (
	"slices"
	"testing"

	"partitionlab/app/chart"
	"partitionlab/app/i18n"
)

// The results panel's charts are the ones the engine's worker draws with
// a result, under the same ids: a chart the worker drew is never asked
// for again, and none is missing.
func TestResultChartsAreTheOnesTheWorkerDraws(t *testing.T) {
	var ids []string
	for _, s := range chartSpecs(i18n.For(i18n.English)) {
		ids = append(ids, s.id)
	}
	ids = append(ids, chart.Assignments) // the group panel's (newResultViewWith)
	if !slices.Equal(ids, chart.ResultIDs) {
		t.Errorf("the page shows charts %v, the worker draws %v", ids, chart.ResultIDs)
	}
}
