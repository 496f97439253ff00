package cli

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"partitionlab/app/report"
	"partitionlab/app/results"
	"partitionlab/sim"
	"partitionlab/sim/scenario"
)

func compareCommand() command {
	return command{
		name:     "compare",
		synopsis: "A.json B.json [--markdown FILE.md | --html FILE.html] [--base URL] [--max-... budget]...",
		summary:  "run two scenarios and print how B differs from A, and why; write a review report; budgets on B exit 3",
		run:      runCompare,
	}
}

func runCompare(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) error {
	md := fs.String("markdown", "", "write the review as Markdown to this file, its SVG charts beside it")
	htmlFile := fs.String("html", "", "write the review as one self-contained HTML file")
	base := fs.String("base", "", "the app's address (https://example.org/lab/), which the scenarios' links start with")
	b, maxViolations := budgetFlags(fs)
	rest, err := parseFlags(fs, args, stdout)
	if err != nil {
		return err
	}
	var problems []string
	if len(rest) != 2 {
		problems = append(problems, fmt.Sprintf("give two scenario files, A and B (got %d arguments)", len(rest)))
	}
	if *md != "" && *htmlFile != "" {
		problems = append(problems, "give at most one of --markdown FILE or --html FILE")
	}
	if b.violations, err = parseViolationBudgets(*maxViolations); err != nil {
		problems = append(problems, err.Error())
	}
	if len(problems) > 0 {
		return usageError{problems: problems}
	}
	var runs [2]results.Run
	for i, file := range rest {
		if runs[i], err = runScenarioFile(string(rune('A'+i)), file); err != nil {
			return err
		}
	}
	in := report.Input{A: runs[0], B: runs[1], BaseURL: *base}
	ia, ib := b.items(runs[0].Result), b.items(runs[1].Result)
	for i := range ia {
		in.Budgets = append(in.Budgets, report.Budget{Name: ia[i].name, Limit: ia[i].limit, A: ia[i].got, B: ib[i].got,
			AOver: ia[i].over, BOver: ib[i].over})
	}
	charts, err := drawReview(in.Jobs())
	if err != nil {
		return err
	}
	in.Charts = charts
	rv, err := report.New(in)
	if err != nil {
		return err
	}
	switch {
	case *md != "":
		if err = writeMarkdownReport(rv, *md); err != nil {
			err = fmt.Errorf("--markdown %s: %w", *md, err)
		}
	case *htmlFile != "":
		if err = writeFileAtomic(*htmlFile, []byte(rv.HTML())); err != nil {
			err = fmt.Errorf("--html %s: %w", *htmlFile, err)
		}
	}
	if err != nil {
		return err
	}
	var out bytes.Buffer
	if err := rv.Table(&out); err != nil {
		return err
	}
	if _, err := stdout.Write(out.Bytes()); err != nil {
		return err
	}
	if over := b.check(runs[1].Result); len(over) > 0 {
		for _, o := range over {
			fmt.Fprintf(stderr, "partitionlab compare: B (%s) exceeds a budget: %s\n", rest[1], o)
		}
		return budgetError{}
	}
	return nil
}

// runScenarioFile reads, checks and runs one side's scenario file.
func runScenarioFile(side, file string) (results.Run, error) {
	doc, err := scenarioDocument("", file)
	if err != nil {
		return results.Run{}, usageError{problems: []string{side + ": " + strings.TrimPrefix(err.Error(), "--scenario: ")}}
	}
	sc, err := scenario.ParseScenarioWithSets(doc, nil)
	if err != nil {
		var fe scenario.FieldErrors
		if errors.As(err, &fe) {
			var ps []string
			for _, line := range strings.Split(fe.Error(), "\n") {
				ps = append(ps, fmt.Sprintf("%s (%s): %s", side, file, line))
			}
			return results.Run{}, usageError{problems: ps}
		}
		return results.Run{}, usageError{problems: []string{fmt.Sprintf("%s (%s): %v", side, file, err)}}
	}
	r, err := sim.Run(sc)
	if err != nil {
		return results.Run{}, fmt.Errorf("%s: %w", side, err)
	}
	return results.Run{Scenario: sc, Result: r}, nil
}

// writeMarkdownReport writes FILE.md and its charts beside it
// (FILE-records.svg, …), the charts first, so the Markdown never points
// at a chart that is not there.
func writeMarkdownReport(rv *report.Review, file string) error {
	stem := strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
	dir := filepath.Dir(file)
	for _, c := range rv.Charts {
		if err := writeFileAtomic(filepath.Join(dir, stem+"-"+c.Name), []byte(c.SVG)); err != nil {
			return err
		}
	}
	return writeFileAtomic(file, []byte(rv.Markdown(stem+"-")))
}

// writeFileAtomic writes a file next to its place and renames it there, so
// a failure never leaves half a file.
func writeFileAtomic(name string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".*")
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) { // the temporary name means nothing to the user
			return fmt.Errorf("cannot write %s: %w", name, pe.Err)
		}
		return err
	}
	_, werr := tmp.Write(data)
	cerr := tmp.Close()
	if err := errors.Join(werr, cerr); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return os.Rename(tmp.Name(), name)
}
