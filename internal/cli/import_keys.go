package cli

import (
	"flag"
	"io"
	"os"
	"strings"

	"partitionlab/sim/scenario/keydist"
)

// importKeys reads a key distribution (CSV key,count or a sample of keys)
// into workload.key_distribution.
func importKeys(fs *flag.FlagSet, args []string, base *string, stdout, stderr io.Writer) error {
	rest, err := parseFlags(fs, args, stdout)
	if err != nil {
		return err
	}
	if len(rest) != 1 {
		return usagef("import keys takes one FILE (CSV key,count, or one key per line; - for standard input), got %d", len(rest))
	}
	var r io.Reader = os.Stdin
	if rest[0] != "-" {
		f, err := os.Open(rest[0])
		if err != nil {
			return usagef("%v", err)
		}
		defer f.Close()
		r = f
	}
	res, err := keydist.Parse(r)
	if err != nil {
		var problems []string
		for _, line := range strings.Split(err.Error(), "\n") {
			problems = append(problems, rest[0]+": "+line)
		}
		return usageError{problems: problems}
	}
	sc, err := baseScenario(*base)
	if err != nil {
		return err
	}
	for _, n := range keydist.Apply(&sc, res.Distribution) {
		notef(stderr, "%s", n)
	}
	notef(stderr, "%s: %s", rest[0], res.Summary())
	return printScenario(sc, stdout)
}
