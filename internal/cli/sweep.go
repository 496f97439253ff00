package cli

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"

	"partitionlab/app/i18n"
	"partitionlab/app/sweepreport"
	"partitionlab/sim/scenario"
	"partitionlab/sim/sweep"
)

func sweepCommand() command {
	return command{
		name: "sweep",
		synopsis: "(--preset NAME | --scenario FILE) --vary PATH=SPEC [--vary PATH=SPEC] [--seeds N] [--set path=value]... " +
			"[--require EXPR]... [--scope order|customer|key] [--json | --csv] [--markdown FILE.md | --html FILE.html] [--base URL]",
		summary: "run a scenario over one or two settings and print the frontier of balance against ordering, and the cheapest point that meets the requirements (exit 3 when none does)",
		run:     runSweep,
	}
}

func runSweep(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) error {
	preset := fs.String("preset", "", "a built-in scenario (see simulate --list)")
	file := fs.String("scenario", "", "a scenario JSON file, or - for standard input")
	var vary, sets, require repeated
	fs.Var(&vary, "vary", "a setting to vary, PATH=SPEC: a..b, a..b:step or a,b,c (topic.partitions=6..24:6, producers.0.salting.buckets=1,2,4,8), or a common setting's path alone for its usual values; once or twice")
	seeds := int64Flag(fs, "seeds", 1, 1, sweep.MaxSeeds, "run each point with `N` seeds (the scenario's seed, seed+1, ...)")
	fs.Var(&sets, "set", "change one field of every point, path=value; repeatable")
	fs.Var(&require, "require", "a requirement every seed of a point must meet: violations.order=0, load<=1.3, p99_ms<=500, duplicates=0, lost=0, max_lag<=N; repeatable")
	scope := fs.String("scope", "", "the ordering scope of the frontier: order, customer or key (default: the first violations requirement's, else order)")
	asJSON := fs.Bool("json", false, "print the whole sweep as JSON")
	asCSV := fs.Bool("csv", false, "print one CSV row per point and seed")
	md := fs.String("markdown", "", "write the sweep's review as Markdown to this file, its SVG charts beside it")
	htmlFile := fs.String("html", "", "write the sweep's review as one self-contained HTML file")
	base := fs.String("base", "", "the app's address (https://example.org/lab/), which the points' links start with")
	rest, err := parseFlags(fs, args, stdout)
	if err != nil {
		return err
	}
	def := sweep.Definition{Seeds: int(*seeds), Sets: sets, Scope: *scope}
	var problems []string
	if len(rest) > 0 {
		problems = append(problems, fmt.Sprintf("unexpected argument %q", rest[0]))
	}
	if (*preset == "") == (*file == "") {
		problems = append(problems, "give exactly one of --preset NAME or --scenario FILE")
	}
	if len(vary) == 0 || len(vary) > 2 {
		problems = append(problems, fmt.Sprintf("give --vary PATH=SPEC once or twice (got %d)", len(vary)))
	}
	for _, v := range vary {
		a, err := sweep.ParseVary(v)
		if err != nil {
			problems = append(problems, "--vary "+err.Error())
		}
		def.Vary = append(def.Vary, a)
	}
	for _, r := range require {
		q, err := sweep.ParseRequirement(r)
		if err != nil {
			problems = append(problems, "--require "+err.Error())
		}
		def.Require = append(def.Require, q)
	}
	if *asJSON && *asCSV {
		problems = append(problems, "give at most one of --json or --csv")
	}
	if *md != "" && *htmlFile != "" {
		problems = append(problems, "give at most one of --markdown FILE or --html FILE")
	}
	if len(problems) > 0 {
		return usageError{problems: problems}
	}
	if def.Scenario, err = scenarioDocument(*preset, *file); err != nil {
		return err
	}
	plan, err := sweep.NewPlan(def, scenario.CommandLineLimits())
	if err != nil {
		var ie *sweep.InputError
		if errors.As(err, &ie) {
			for i, p := range ie.Problems {
				if strings.HasPrefix(p, "scope: ") { // the definition's field is this flag
					ie.Problems[i] = "--" + p
				}
			}
			return usageError{problems: ie.Problems}
		}
		return err
	}
	defer sweepGC()()
	s, err := sweep.RunAll(plan, 0, nil)
	if err != nil {
		return err
	}
	if err := writeSweepReport(sweepreport.Input{Plan: plan, Sweep: s, BaseURL: *base}, *md, *htmlFile); err != nil {
		return err
	}
	// Everything is written at once, after the runs, so a failure leaves
	// nothing half-written on stdout.
	var out bytes.Buffer
	switch {
	case *asJSON:
		b, err := s.JSON()
		if err != nil {
			return err
		}
		out.Write(b)
	case *asCSV:
		err = s.WriteCSV(&out)
	default:
		err = s.WriteText(&out)
	}
	if err != nil {
		return err
	}
	if _, err := stdout.Write(out.Bytes()); err != nil {
		return err
	}
	if len(def.Require) > 0 && s.Recommended == nil {
		fmt.Fprintf(stderr, "partitionlab sweep: %s\n", s.Why)
		return budgetError{}
	}
	return nil
}

// writeSweepReport writes the review the flags ask for, if any: the
// Markdown's charts first, beside it, so it never points at a chart that
// is not there.
func writeSweepReport(in sweepreport.Input, md, htmlFile string) error {
	if md == "" && htmlFile == "" {
		return nil
	}
	charts, err := drawReview(sweepreport.Jobs(i18n.For(i18n.English), in.Sweep))
	if err != nil {
		return err
	}
	in.Charts = charts
	rv, err := sweepreport.New(in)
	if err != nil {
		return err
	}
	if htmlFile != "" {
		if err := writeFileAtomic(htmlFile, []byte(rv.HTML())); err != nil {
			return fmt.Errorf("--html %s: %w", htmlFile, err)
		}
		return nil
	}
	stem := strings.TrimSuffix(filepath.Base(md), filepath.Ext(md))
	for _, c := range rv.Charts {
		if err := writeFileAtomic(filepath.Join(filepath.Dir(md), stem+"-"+c.Name), []byte(c.SVG)); err != nil {
			return fmt.Errorf("--markdown %s: %w", md, err)
		}
	}
	if err := writeFileAtomic(md, []byte(rv.Markdown(stem+"-"))); err != nil {
		return fmt.Errorf("--markdown %s: %w", md, err)
	}
	return nil
}

// sweepGCPercent is the garbage collector's target while a sweep runs:
// its runs each build a whole simulation and drop it, so the default 100
// collects often, and on more cores the collections take more of the
// time than the runs gain (docs/performance.md).
const sweepGCPercent = 400

// sweepGC sets the collector's target for a sweep, unless GOGC says
// otherwise, and returns what puts it back.
func sweepGC() func() {
	if os.Getenv("GOGC") != "" {
		return func() {}
	}
	old := debug.SetGCPercent(sweepGCPercent)
	return func() { debug.SetGCPercent(old) }
}
