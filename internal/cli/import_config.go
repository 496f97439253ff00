package cli

import (
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"

	"partitionlab/app/importconfig"
)

// importConfig reads client configuration files (Java .properties,
// Spring Boot application.properties or .yml, librdkafka names) into the
// scenario's producers and consumer group, and reports on stderr what
// became of every setting.
func importConfig(fs *flag.FlagSet, args []string, base *string, stdout, stderr io.Writer) error {
	rest, err := parseFlags(fs, args, stdout)
	if err != nil {
		return err
	}
	if len(rest) == 0 {
		return usagef("import config takes one or more FILEs (.properties, application.yml, librdkafka .conf)")
	}
	var files []importconfig.File
	for _, name := range rest {
		b, err := os.ReadFile(name)
		if err != nil {
			return usagef("%v", err)
		}
		files = append(files, importconfig.File{Name: filepath.Base(name), Text: string(b)})
	}
	sc, err := baseScenario(*base)
	if err != nil {
		return err
	}
	notes, err := importconfig.Import(files, &sc)
	if err != nil {
		return usageError{problems: strings.Split(err.Error(), "\n")}
	}
	counts := map[importconfig.Outcome]int{}
	for _, n := range notes {
		notef(stderr, "%s", n)
		counts[n.Outcome]++
	}
	notef(stderr, "%d settings: %d mapped, %d with no effect, %d not modelled, %d unknown", len(notes),
		counts[importconfig.Mapped], counts[importconfig.NoEffect], counts[importconfig.NotModelled], counts[importconfig.Unknown])
	return printScenario(sc, stdout)
}
