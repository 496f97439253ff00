package cli

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"partitionlab/sim/scenario"
)

func importCommand() command {
	return command{
		name:     "import",
		synopsis: "keys FILE | config FILE... | cluster --bootstrap-server HOST:PORT --topic T [--group G] [--sample N] ... [--scenario BASE.json]",
		summary:  "print a scenario built from the team's own keys, client configuration or cluster",
		run:      runImport,
	}
}

// importKind is one thing "import" reads.
type importKind struct {
	name string
	// run defines its own flags besides --scenario (base), parses args,
	// builds the scenario from base (BASE.json or the defaults) and prints
	// it, with notes about what it could not map on stderr.
	run func(fs *flag.FlagSet, args []string, base *string, stdout, stderr io.Writer) error
}

func importKinds() []importKind {
	return []importKind{{"keys", importKeys}, {"config", importConfig}, {"cluster", importCluster}}
}

func runImport(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) error {
	var names []string
	for _, k := range importKinds() {
		names = append(names, k.name)
	}
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		if len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "-help") {
			fs.SetOutput(stdout)
			fs.Usage()
			return flag.ErrHelp
		}
		return usagef("say what to import: %s", strings.Join(names, ", "))
	}
	for _, k := range importKinds() {
		if k.name != args[0] {
			continue
		}
		base := fs.String("scenario", "", "the scenario to start from (a JSON file, - for standard input); the defaults otherwise")
		return k.run(fs, args[1:], base, stdout, stderr)
	}
	return usagef("unknown import %q (want %s)", args[0], strings.Join(names, ", "))
}

// baseScenario reads the scenario an import starts from.
func baseScenario(file string) (scenario.Scenario, error) {
	if file == "" {
		return scenario.DefaultScenario(), nil
	}
	doc, err := scenarioDocument("", file)
	if err != nil {
		return scenario.Scenario{}, err
	}
	sc, err := scenario.ParseScenario(doc)
	if err != nil {
		var fe scenario.FieldErrors
		if errors.As(err, &fe) {
			return scenario.Scenario{}, usageError{problems: strings.Split("--scenario: "+strings.ReplaceAll(fe.Error(), "\n", "\n--scenario: "), "\n")}
		}
		return scenario.Scenario{}, usageError{problems: []string{"--scenario: " + err.Error()}}
	}
	return sc, nil
}

// printScenario checks the imported scenario as simulate would and prints
// it; a scenario the engine refuses is bad input and prints nothing.
func printScenario(sc scenario.Scenario, stdout io.Writer) error {
	doc := scenario.MarshalScenario(sc)
	if _, err := scenario.ParseScenario(doc); err != nil {
		var fe scenario.FieldErrors
		if errors.As(err, &fe) {
			return usageError{problems: append([]string{"the imported scenario is not valid:"}, strings.Split(fe.Error(), "\n")...)}
		}
		return usageError{problems: []string{err.Error()}}
	}
	_, err := io.Copy(stdout, bytes.NewReader(doc))
	return err
}

func notef(w io.Writer, format string, args ...any) {
	fmt.Fprintf(w, "partitionlab import: "+format+"\n", args...)
}
