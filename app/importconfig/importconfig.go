// Package importconfig reads a team's client configuration into a
// scenario: Java client .properties (producer and consumer), Spring Boot
// application.properties and application.yml (spring.kafka.*) and
// librdkafka's names. Every setting is accounted for: mapped to the
// scenario field it stands for, reported as having no effect in the
// simulator (with why), reported as a value the simulator does not model,
// or reported as unknown. None is dropped silently.
//
// importconfig is plain Go: it must never import go-app or net/http.
package importconfig

import (
	"errors"
	"fmt"
	"strings"

	"partitionlab/sim/scenario"
)

// File is one configuration file: its name decides how it is read (.yml
// and .yaml as YAML, anything else as properties).
type File struct {
	Name, Text string
}

// Outcome is what became of one setting.
type Outcome string

// Outcomes.
const (
	Mapped      Outcome = "mapped"
	NoEffect    Outcome = "no effect"
	NotModelled Outcome = "not modelled"
	Unknown     Outcome = "unknown"
)

// Note is one setting and what became of it.
type Note struct {
	Entry
	Outcome Outcome
	// Fields are the scenario fields a mapped setting changed.
	Fields []string
	// Why says why a setting has no effect or is not modelled, in
	// English; Reason is its id (see Reasons) and ReasonValue the value
	// it names, for other languages.
	Why, Reason, ReasonValue string
	// Overrides is where an earlier setting of the same fields was
	// ("producer.properties:3"): the later one wins, and says so.
	Overrides string
}

// String is the note as the command line prints it.
func (n Note) String() string {
	head := fmt.Sprintf("%s:%d: %s=%s", n.File, n.Line, n.Key, n.Value)
	switch n.Outcome {
	case Mapped:
		s := head + " → " + strings.Join(n.Fields, ", ")
		if n.Overrides != "" {
			s += " (overrides " + n.Overrides + ")"
		}
		return s
	case Unknown:
		return head + ": unknown setting, not used"
	}
	return fmt.Sprintf("%s: %s, %s", head, n.Outcome, n.Why)
}

// Import applies the files' settings to sc, in order (a later file wins),
// and accounts for every one. A value that cannot be read (linger.ms=soon)
// is an error naming file, line, key and value, and sc is left as it was.
func Import(files []File, sc *scenario.Scenario) ([]Note, error) {
	work, err := scenario.ParseScenario(scenario.MarshalScenario(*sc)) // a copy: slices are not shared
	if err != nil {
		return nil, err
	}
	var notes []Note
	var errs []error
	ts := targets()
	setAt := map[string]string{} // scenario field -> where it was last set
	for _, f := range files {
		entries, err := readFile(f.Name, f.Text)
		if err != nil {
			return nil, err
		}
		settings := make([]setting, len(entries))
		for i, e := range entries {
			settings[i] = canonical(e)
		}
		role := fileRole(settings)
		for _, s := range settings {
			n, err := apply(&work, s, role, ts)
			if err != nil {
				var ve valueError
				if errors.As(err, &ve) {
					err = LineError{Where: s.where() + "=" + s.Value, Reason: ve.reason, Value: ve.value}
				} else {
					err = fmt.Errorf("%s=%s: %w", s.where(), s.Value, err)
				}
				errs = append(errs, err)
				continue
			}
			for _, field := range n.Fields {
				if at, ok := setAt[field]; ok && n.Overrides == "" {
					n.Overrides = at
				}
				setAt[field] = fmt.Sprintf("%s:%d", n.File, n.Line)
			}
			notes = append(notes, n)
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	*sc = work
	return notes, nil
}

// apply maps one setting, or says why it is not used.
func apply(sc *scenario.Scenario, s setting, fileRole Role, ts map[string]target) (Note, error) {
	n := Note{Entry: s.Entry}
	role := s.Role
	if role == Either {
		role = fileRole
	}
	switch s.Name {
	case "partitioner.class":
		ok, why := partitionerClass(s.Value)
		n.Outcome = NotModelled
		if ok {
			n.Outcome = NoEffect
		}
		n.because(why, s.Value)
		return n, nil
	case "partitioner.ignore.keys":
		if on, err := boolOf(s.Value); err != nil {
			return n, err
		} else if on {
			n.Outcome = NotModelled
			n.because("ignore_keys_on", "")
			return n, nil
		}
		n.Outcome = NoEffect
		n.because("ignore_keys_off", "")
		return n, nil
	}
	if t, ok := ts[s.Name]; ok {
		if t.role == Producer && role == Consumer {
			n.Outcome = NoEffect
			n.because("consumer_side", s.Name)
			return n, nil
		}
		fields, err := t.set(sc, s.Value)
		var nm notModelled
		var ne noEffectErr
		if errors.As(err, &ne) {
			n.Outcome = NoEffect
			n.because(ne.reason, "")
			return n, nil
		}
		if errors.As(err, &nm) {
			n.Outcome = NotModelled
			n.because(nm.reason, nm.value)
			return n, nil
		}
		if err != nil {
			return n, err
		}
		n.Outcome, n.Fields = Mapped, fields
		return n, nil
	}
	if why := noEffectWhy(s.Name); why != "" {
		n.Outcome = NoEffect
		n.because(why, "")
		return n, nil
	}
	n.Outcome = Unknown
	return n, nil
}

// fileRole is the client a file configures, from the settings only one
// of them has; Either when it has both or neither.
func fileRole(ss []setting) Role {
	var producer, consumer bool
	for _, s := range ss {
		producer = producer || s.Role == Producer
		consumer = consumer || s.Role == Consumer || s.Role == Listener
	}
	switch {
	case producer && !consumer:
		return Producer
	case consumer && !producer:
		return Consumer
	}
	return Either
}
