package app

import (
	"errors"
	"fmt"
	"strings"

	"partitionlab/app/importconfig"
	"partitionlab/sim"
	"partitionlab/sim/keydist"
)

// What a team can bring into a scenario from the editor.
const (
	byoKeys       = "keys"       // CSV key,count or a sample of keys
	byoProperties = "properties" // Java or Spring .properties, librdkafka
	byoYAML       = "yaml"       // Spring Boot application.yml
)

// importInto reads a team's keys or client configuration into sc, as
// partitionlab import keys|config does, and returns the scenario and what
// became of every line or setting. Nothing is applied when a line cannot
// be read or the result is a scenario the engine refuses.
func importInto(sc sim.Scenario, kind, name, text string) (sim.Scenario, []string, error) {
	var notes []string
	switch kind {
	case byoKeys:
		res, err := keydist.Parse(strings.NewReader(text))
		if err != nil {
			return sc, nil, err
		}
		notes = keydist.Apply(&sc, res.Distribution)
		notes = append(notes, res.Summary()+" → workload.key_distribution")
	case byoProperties, byoYAML:
		if name == "" {
			name = "pasted.properties"
			if kind == byoYAML {
				name = "pasted.yml"
			}
		}
		ns, err := importconfig.Import([]importconfig.File{{Name: name, Text: text}}, &sc)
		if err != nil {
			return sc, nil, err
		}
		for _, n := range ns {
			notes = append(notes, n.String())
		}
	default:
		return sc, nil, fmt.Errorf("nothing to import as %q", kind)
	}
	if _, err := sim.ParseScenarioWithin(sim.MarshalScenario(sc), nil, sim.BrowserLimits()); err != nil {
		var fe sim.FieldErrors
		if errors.As(err, &fe) {
			return sc, nil, fmt.Errorf("the imported scenario is not valid: %w", err)
		}
		return sc, nil, err
	}
	return sc, notes, nil
}
