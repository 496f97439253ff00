package app

import (
	"bufio"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"partitionlab/app/i18n"
	"partitionlab/app/importconfig"
	"partitionlab/sim/scenario"
	"partitionlab/sim/scenario/keydist"
)

// What a team can bring into a scenario from the editor.
const (
	importKeys       = "keys"       // CSV key,count or a sample of keys
	importProperties = "properties" // Java or Spring .properties, librdkafka
	importYAML       = "yaml"       // Spring Boot application.yml
)

// importInto reads a team's keys or client configuration into sc, as
// partitionlab import keys|config does, and returns the scenario and what
// became of every line or setting, in w's language. Nothing is applied
// when a line cannot be read or the result is a scenario the engine
// refuses.
func importInto(w *i18n.Catalog, sc scenario.Scenario, kind, name, text string) (scenario.Scenario, []string, error) {
	var notes []string
	switch kind {
	case importKeys:
		res, err := keydist.Parse(strings.NewReader(text))
		if err != nil {
			return sc, nil, err
		}
		before := sc
		before.Producers = append([]scenario.Producer(nil), sc.Producers...)
		keydist.Apply(&sc, res.Distribution)
		notes = keysNotes(w, before, sc, res)
	case importProperties, importYAML:
		if name == "" {
			name = "pasted.properties"
			if kind == importYAML {
				name = "pasted.yml"
			}
		}
		ns, err := importconfig.Import([]importconfig.File{{Name: name, Text: text}}, &sc)
		if err != nil {
			return sc, nil, err
		}
		for _, n := range ns {
			notes = append(notes, noteText(w, n))
		}
	default:
		return sc, nil, fmt.Errorf("nothing to import as %q", kind)
	}
	if _, err := scenario.ParseScenarioWithin(scenario.MarshalScenario(sc), nil, scenario.BrowserLimits()); err != nil {
		var fe scenario.FieldErrors
		if !errors.As(err, &fe) {
			return sc, nil, err
		}
		return sc, nil, errors.New(w.T("editor.byo.invalid", i18n.S("errors", fieldErrorsText(w, err))))
	}
	return sc, notes, nil
}

// keysNotes says what importing keys changed in the scenario (before →
// after, as keydist.Apply changes it) and what was read, in w's language:
// in English, keydist's own notes and summary.
func keysNotes(w *i18n.Catalog, before, after scenario.Scenario, res keydist.Result) []string {
	var notes []string
	num := func(name string, n int) i18n.Arg { return i18n.S(name, strconv.Itoa(n)) }
	if b, a := before.Workload.Customers, after.Workload.Customers; b != a {
		notes = append(notes, w.T("editor.byo.customers", num("before", b), num("after", a)))
	}
	if k := before.Workload.CustomerSkew.Kind; k != "uniform" {
		notes = append(notes, w.T("editor.byo.skew", i18n.S("kind", k)))
	}
	for i, p := range after.Producers {
		if p.Serializer != before.Producers[i].Serializer {
			notes = append(notes, w.T("editor.byo.serializer", num("index", i)))
		}
	}
	d := res.Distribution
	// Counts grouped the language's way; in English ungrouped, as
	// keydist's Summary writes them.
	counted := func(n int) []i18n.Arg {
		if w.Lang() == i18n.English {
			return []i18n.Arg{i18n.CountAs(n, strconv.Itoa(n))}
		}
		return []i18n.Arg{i18n.Count(n)}
	}
	records := w.T("editor.byo.records", counted(int(res.Records))...)
	return append(notes, w.T("editor.byo.summary", append(counted(d.Customers()), i18n.S("format", w.T("editor.byo.format."+string(res.Format))),
		i18n.S("records", records), num("named", len(d.Keys)), num("tail", d.TailKeys))...))
}

// noteText is what became of one setting, in w's language: in English,
// the command line's Note.String().
func noteText(w *i18n.Catalog, n importconfig.Note) string {
	setting := i18n.S("setting", fmt.Sprintf("%s:%d: %s=%s", n.File, n.Line, n.Key, n.Value))
	switch n.Outcome {
	case importconfig.Mapped:
		fields := i18n.S("fields", strings.Join(n.Fields, ", "))
		if n.Overrides != "" {
			return w.T("editor.import.overrides", setting, fields, i18n.S("at", n.Overrides))
		}
		return w.T("editor.import.mapped", setting, fields)
	case importconfig.Unknown:
		return w.T("editor.import.unknown", setting)
	}
	why := i18n.S("why", w.T(reasonID(n.Reason), i18n.S("value", n.ReasonValue)))
	if n.Outcome == importconfig.NotModelled {
		return w.T("editor.import.notModelled", setting, why)
	}
	return w.T("editor.import.noEffect", setting, why)
}

// reasonID is the catalog id of an import reason (importconfig.Reasons).
func reasonID(id string) string { return "editor.import.why." + id }

// importErrorText is why nothing was imported, a line per problem, in w's
// language: a line or value of a configuration that cannot be read names
// where it is and why; any other error is said as it is.
func importErrorText(w *i18n.Catalog, err error) string {
	errs := []error{err}
	if joined, ok := err.(interface{ Unwrap() []error }); ok {
		errs = joined.Unwrap()
	}
	lines := make([]string, len(errs))
	for i, e := range errs {
		if text, ok := keysErrorText(w, e); ok {
			lines[i] = text
			continue
		}
		var le importconfig.LineError
		if !errors.As(e, &le) {
			lines[i] = fieldErrorsText(w, e)
			continue
		}
		why := w.T(reasonID(le.Reason), i18n.S("value", le.Value))
		lines[i] = w.T("editor.import.error", i18n.S("where", le.Where), i18n.S("why", why))
	}
	return strings.Join(lines, "\n")
}

// keysErrorText is one of keydist's refusals in w's language (the Key →
// partition page's words for a key,count line), and whether e is one.
func keysErrorText(w *i18n.Catalog, e error) (string, bool) {
	var more keydist.MoreErrors
	switch {
	case errors.As(e, &more):
		return w.T("keys.error.moreLines", i18n.Count(more.N)), true
	case errors.Is(e, keydist.ErrNoKeys):
		return w.T("keys.error.noKeys"), true
	}
	var le keydist.LineError
	if !errors.As(e, &le) {
		return "", false
	}
	var (
		problem string
		dup     *keydist.DuplicateError
		bad     *keydist.UTF8Error
	)
	switch {
	case errors.As(le.Err, &dup):
		problem = w.T("keys.error.duplicate", i18n.S("key", strconv.Quote(dup.Key)), i18n.S("line", strconv.Itoa(dup.Line)))
	case errors.As(le.Err, &bad):
		problem = w.T("keys.error.utf8", i18n.S("key", strconv.Quote(bad.Key)))
	case errors.Is(le.Err, bufio.ErrTooLong):
		problem = w.T("keys.error.tooLong")
	default:
		problem = csvProblem(w, le.Err)
	}
	return w.T("keys.error.key", i18n.S("where", w.T("keys.error.line", i18n.S("line", strconv.Itoa(le.Line)))),
		i18n.S("problem", problem)), true
}
