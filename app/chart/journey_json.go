package chart

import (
	"encoding/json"
	"math"
)

// journeyJSON is a Journey as the page sends it to the engine's worker:
// JSON has no NaN, so a record that never completed has no CompletedS.
type journeyJSON struct {
	plainJourney
	CompletedS *float64 `json:",omitempty"`
}

type plainJourney Journey

// MarshalJSON writes j with CompletedS left out when it is NaN.
func (j Journey) MarshalJSON() ([]byte, error) {
	out := journeyJSON{plainJourney: plainJourney(j)}
	if !math.IsNaN(j.CompletedS) {
		out.CompletedS = &j.CompletedS
	}
	return json.Marshal(out)
}

// UnmarshalJSON reads what MarshalJSON wrote: no CompletedS is NaN.
func (j *Journey) UnmarshalJSON(b []byte) error {
	var in journeyJSON
	if err := json.Unmarshal(b, &in); err != nil {
		return err
	}
	*j = Journey(in.plainJourney)
	j.CompletedS = math.NaN()
	if in.CompletedS != nil {
		j.CompletedS = *in.CompletedS
	}
	return nil
}
