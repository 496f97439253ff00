package report

import (
	"fmt"
	"io"
	"text/tabwriter"
)

// Table writes the differences for a terminal (in English, the command
// line's language, unless the Input says otherwise): both scenarios with their
// digests, then one line per headline number.
func (rv *Review) Table(w io.Writer) error {
	words := rv.words()
	for _, s := range rv.sides() {
		fmt.Fprintf(w, "%s  %s, seed %d, %g s, digest %s\n", s.letter, s.title, s.Result.Seed, s.Result.DurationS, s.Result.Digest)
	}
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "number\tA\tB\tB compared with A\twhy")
	for _, d := range rv.Deltas {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s %s\t%s\n", d.Label, d.A.Value, d.B.Value, d.Arrow, d.WordsIn(words), d.Why)
	}
	return tw.Flush()
}
