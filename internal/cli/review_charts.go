package cli

import (
	"fmt"

	"partitionlab/app/chart"
	"partitionlab/app/i18n"
	"partitionlab/app/plots"
	"partitionlab/app/report"
)

// drawReview draws a review's charts (report.Input.Jobs,
// sweepreport.Jobs) in English, by name: the command line draws its
// reviews itself, where the browser has the engine's worker draw them.
func drawReview(jobs []report.Job) (map[string]chart.Chart, error) {
	c := i18n.For(i18n.English)
	out := make(map[string]chart.Chart, len(jobs))
	for _, j := range jobs {
		ch, err := plots.Draw(c, j.Job)
		if err != nil {
			return nil, fmt.Errorf("review: chart %s: %w", j.Name, err)
		}
		out[j.Name] = ch
	}
	return out, nil
}
