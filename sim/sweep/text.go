package sweep

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// textMeasures are the measures the text table shows, with their
// column headings.
func textMeasures() []struct{ name, heading string } {
	return []struct{ name, heading string }{
		{"load.max_over_mean", "load"},
		{"ordering.scopes.order.violations", "viol/order"},
		{"ordering.scopes.customer.violations", "viol/customer"},
		{"ordering.scopes.key.violations", "viol/key"},
		{"duplicates", "twice"},
		{"lost", "lost"},
		{"max_lag", "max lag"},
		{"latency_ms.p99", "p99 ms"},
		{"consumers.idle_threads", "idle"},
	}
}

// WriteText writes the sweep for a person at a terminal: one line per
// point with the medians over its seeds (and the spread, min–max, when
// they differ), the frontier and the requirements marked, and the
// recommendation's sentence.
func (s *Sweep) WriteText(w io.Writer) error {
	var settings []string
	for _, a := range s.Vary {
		vs := make([]string, len(a.Values))
		for i, v := range a.Values {
			vs[i] = string(v)
		}
		settings = append(settings, fmt.Sprintf("%s over %s", a.Path, strings.Join(vs, ", ")))
	}
	fmt.Fprintf(w, "sweep of %s; %s per point", strings.Join(settings, " by "), plural(s.Seeds, "seed", "seeds"))
	if s.Seeds > 1 {
		fmt.Fprint(w, " (medians, with min–max when the seeds differ)")
	}
	fmt.Fprintf(w, "\nfrontier: load against violations per %s; * on the frontier", s.Scope)
	if len(s.Require) > 0 {
		fmt.Fprintf(w, ", ✓ meets %s", requirementsText(s.Require))
	}
	fmt.Fprint(w, "\n\n")

	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	head := []string{"point"}
	for _, a := range s.Vary {
		head = append(head, shortPath(a.Path))
	}
	for _, m := range textMeasures() {
		head = append(head, m.heading)
	}
	fmt.Fprintln(tw, strings.Join(head, "\t")+"\t\t")
	for _, pt := range s.Points {
		row := []string{fmt.Sprint(pt.Index + 1)}
		for _, v := range pt.Values {
			row = append(row, string(v.Value))
		}
		for _, tm := range textMeasures() {
			m, _ := MeasureNamed(tm.name)
			row = append(row, m.FormatSpread(pt.Spread[tm.name]))
		}
		mark := ""
		if pt.OnFrontier {
			mark = "*"
		}
		if len(s.Require) > 0 && pt.Meets {
			mark += "✓"
		}
		fmt.Fprintln(tw, strings.Join(row, "\t")+"\t"+mark+"\t")
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "\n%s\n", s.Why)
	return err
}

// shortPath is a path's last part, for a column heading.
func shortPath(p string) string { return p[strings.LastIndex(p, ".")+1:] }

// Format writes one of the measure's values: a count in full, anything
// else with up to three decimals.
func (m Measure) Format(v float64) string {
	return formatNumber(v, m.Whole && v == float64(int64(v)))
}

// FormatSpread writes a median, with the min–max when the seeds differ:
// "1.848 (1.818–1.852)".
func (m Measure) FormatSpread(sp Spread) string {
	med := m.Format(sp.Median)
	if sp.Min == sp.Max {
		return med
	}
	return fmt.Sprintf("%s (%s–%s)", med, m.Format(sp.Min), m.Format(sp.Max))
}
