package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
	"text/tabwriter"

	"partitionlab/sim"
	"partitionlab/sim/scenario"
)

func simulateCommand() command {
	return command{
		name:     "simulate",
		synopsis: "(--preset NAME | --scenario FILE) [--json] [--set path=value]... [--max-... budget]...",
		summary:  "run a scenario and print what happened; budgets make it fail (exit 3) for CI",
		run:      runSimulate,
	}
}

// repeated is a flag that may be given several times.
type repeated []string

func (r *repeated) String() string     { return strings.Join(*r, ",") }
func (r *repeated) Set(v string) error { *r = append(*r, v); return nil }

// budgets are the limits a CI run checks; a negative limit is unset.
type budgets struct {
	violations                    map[string]int64
	imbalance, p99Ms              float64
	lag, duplicates, lost, kicked int64
}

func runSimulate(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) error {
	preset := fs.String("preset", "", "a built-in scenario (see --list)")
	file := fs.String("scenario", "", "a scenario JSON file, or - for standard input")
	asJSON := fs.Bool("json", false, "print the whole result as JSON")
	list := fs.Bool("list", false, "list the built-in scenarios and exit")
	var sets repeated
	fs.Var(&sets, "set", "change one field, path=value (topic.partitions=24, producers.0.key=order_id); repeatable")
	b, maxViolations := budgetFlags(fs)
	rest, err := parseFlags(fs, args, stdout)
	if err != nil {
		return err
	}
	if *list {
		return listPresets(stdout)
	}
	var problems []string
	if len(rest) > 0 {
		problems = append(problems, fmt.Sprintf("unexpected argument %q", rest[0]))
	}
	if (*preset == "") == (*file == "") {
		problems = append(problems, "give exactly one of --preset NAME or --scenario FILE")
	}
	if b.violations, err = parseViolationBudgets(*maxViolations); err != nil {
		problems = append(problems, err.Error())
	}
	if len(problems) > 0 {
		return usageError{problems: problems}
	}
	doc, err := scenarioDocument(*preset, *file)
	if err != nil {
		return err
	}
	sc, err := scenario.ParseScenarioWithSets(doc, sets)
	if err != nil {
		var fe scenario.FieldErrors
		if errors.As(err, &fe) {
			return usageError{problems: strings.Split(fe.Error(), "\n")}
		}
		return usageError{problems: []string{err.Error()}}
	}
	r, err := sim.Run(sc)
	if err != nil {
		return err
	}
	// Everything is written at once, after the run, so a failure leaves
	// nothing half-written on stdout.
	var out bytes.Buffer
	if *asJSON {
		enc := json.NewEncoder(&out)
		enc.SetIndent("", "  ")
		if err := enc.Encode(r); err != nil {
			return err
		}
	} else {
		writeSummary(&out, sc, r)
	}
	if _, err := stdout.Write(out.Bytes()); err != nil {
		return err
	}
	if over := b.check(r); len(over) > 0 {
		for _, o := range over {
			fmt.Fprintf(stderr, "partitionlab simulate: budget exceeded: %s\n", o)
		}
		return budgetError{}
	}
	return nil
}

// budgetFlags defines the budget flags on fs (simulate's and compare's);
// the violation budgets are parsed after the flags (parseViolationBudgets).
func budgetFlags(fs *flag.FlagSet) (*budgets, *repeated) {
	var maxViolations repeated
	fs.Var(&maxViolations, "max-violations", "fail if a scope has more violations: N for every scope, or scope=N (order, customer, key); repeatable")
	// Every budget is unset (-1) until given; a given one is 0 or more.
	b := &budgets{imbalance: -1, p99Ms: -1, lag: -1, duplicates: -1, lost: -1, kicked: -1}
	fs.Var(numberFlag{&b.imbalance, 0, math.MaxFloat64}, "max-imbalance", "fail if load max/mean is higher than `X`")
	fs.Var(wholeFlag{&b.lag, 0, math.MaxInt64}, "max-lag", "fail if any partition's lag gets higher than `N`")
	fs.Var(numberFlag{&b.p99Ms, 0, math.MaxFloat64}, "max-p99-ms", "fail if the p99 latency is higher than `MS` milliseconds")
	fs.Var(wholeFlag{&b.duplicates, 0, math.MaxInt64}, "max-duplicates", "fail if more than `N` records are processed twice")
	fs.Var(wholeFlag{&b.lost, 0, math.MaxInt64}, "max-lost", "fail if more than `N` records are never processed")
	fs.Var(wholeFlag{&b.kicked, 0, math.MaxInt64}, "max-kicked-out", "fail if more than `N` members are kicked out of the group")
	return b, &maxViolations
}

// budgetError makes the command exit with status 3: the run worked, the
// design did not.
type budgetError struct{}

func (budgetError) Error() string { return "budget exceeded" }

func scenarioDocument(preset, file string) ([]byte, error) {
	if preset != "" {
		doc, err := scenario.PresetJSON(preset)
		if err != nil {
			return nil, usageError{problems: []string{"--preset: " + err.Error()}}
		}
		return doc, nil
	}
	var doc []byte
	var err error
	if file == "-" {
		doc, err = io.ReadAll(os.Stdin)
	} else {
		doc, err = os.ReadFile(file)
	}
	if err != nil {
		return nil, usageError{problems: []string{"--scenario: " + err.Error()}}
	}
	return doc, nil
}

func parseViolationBudgets(specs []string) (map[string]int64, error) {
	out := map[string]int64{}
	for _, spec := range specs {
		scope, n, found := strings.Cut(spec, "=")
		if !found {
			scope, n = "", spec
		}
		v, err := strconv.ParseInt(n, 10, 64)
		if err != nil || v < 0 {
			return nil, fmt.Errorf("--max-violations %q: want N or scope=N with N ≥ 0", spec)
		}
		switch scope {
		case "":
			out["order"], out["customer"], out["key"] = v, v, v
		case "order", "customer", "key":
			out[scope] = v
		default:
			return nil, fmt.Errorf("--max-violations %q: scope %q is not order, customer or key", spec, scope)
		}
	}
	return out, nil
}

// budgetItem is one budget set on the command line and a run's value.
type budgetItem struct {
	name, got, limit string
	over             bool
	nameFirst        bool // "p99 latency 12.0 ms > 10 ms" rather than "3 duplicates > 0"
}

// check names the budgets r exceeds.
func (b budgets) check(r *sim.Result) []string {
	var over []string
	for _, it := range b.items(r) {
		switch {
		case it.over && it.nameFirst:
			over = append(over, fmt.Sprintf("%s %s > %s", it.name, it.got, it.limit))
		case it.over:
			over = append(over, fmt.Sprintf("%s %s > %s", it.got, it.name, it.limit))
		}
	}
	return over
}

// items are the budgets set, each with r's value.
func (b budgets) items(r *sim.Result) []budgetItem {
	var out []budgetItem
	scopes := map[string]sim.ScopeResult{"order": r.Ordering.Scopes.Order, "customer": r.Ordering.Scopes.Customer, "key": r.Ordering.Scopes.Key}
	for _, name := range []string{"order", "customer", "key"} {
		if limit, ok := b.violations[name]; ok {
			out = append(out, budgetItem{name + " ordering violations", fmt.Sprint(scopes[name].Violations), fmt.Sprint(limit), scopes[name].Violations > limit, false})
		}
	}
	if b.imbalance >= 0 {
		out = append(out, budgetItem{"load max/mean", fmt.Sprintf("%.3f", r.Load.MaxOverMean), fmt.Sprint(b.imbalance), r.Load.MaxOverMean > b.imbalance, true})
	}
	var lag int64
	for _, p := range r.Partitions {
		lag = max(lag, p.MaxLag)
	}
	ints := []struct {
		name       string
		got, limit int64
	}{
		{"partition lag", lag, b.lag},
		{"duplicates", r.Duplicates, b.duplicates},
		{"lost records", r.Lost, b.lost},
		{"members kicked out", int64(r.Group.Totals.KickedOut), b.kicked},
	}
	for _, c := range ints {
		if c.limit >= 0 {
			out = append(out, budgetItem{c.name, fmt.Sprint(c.got), fmt.Sprint(c.limit), c.got > c.limit, false})
		}
	}
	if b.p99Ms >= 0 {
		out = append(out, budgetItem{"p99 latency", fmt.Sprintf("%.1f ms", r.LatencyMs.P99), fmt.Sprintf("%g ms", b.p99Ms), r.LatencyMs.P99 > b.p99Ms, true})
	}
	return out
}

func listPresets(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, name := range scenario.PresetNames() {
		sc, err := scenario.Preset(name)
		if err != nil {
			return err
		}
		fmt.Fprintf(tw, "%s\t%s\n", name, firstSentence(sc.Description))
	}
	return tw.Flush()
}

func firstSentence(s string) string {
	if i := strings.Index(s, ". "); i >= 0 {
		return s[:i+1]
	}
	return s
}
