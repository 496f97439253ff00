package sweep

import (
	"encoding/csv"
	"io"
	"strconv"
)

// WriteCSV writes the sweep as one row per point and seed: the point's
// number (from 1), its values, the seed and digest, every measure under
// its name in `simulate --json`, and whether the point meets the
// requirements and is on the frontier.
func (s *Sweep) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	header := []string{"point"}
	for _, a := range s.Vary {
		header = append(header, a.Path)
	}
	header = append(header, "seed", "digest")
	for _, m := range Measures() {
		header = append(header, m.Name)
	}
	header = append(header, "meets", "on_frontier")
	if err := cw.Write(header); err != nil {
		return err
	}
	for _, pt := range s.Points {
		for _, r := range pt.Runs {
			row := []string{strconv.Itoa(pt.Index + 1)}
			for _, v := range pt.Values {
				row = append(row, string(v.Value))
			}
			row = append(row, strconv.FormatUint(r.Seed, 10), r.Digest)
			for _, m := range Measures() {
				row = append(row, strconv.FormatFloat(m.Of(r), 'f', -1, 64))
			}
			row = append(row, strconv.FormatBool(pt.Meets), strconv.FormatBool(pt.OnFrontier))
			if err := cw.Write(row); err != nil {
				return err
			}
		}
	}
	cw.Flush()
	return cw.Error()
}

// JSON writes the sweep as `partitionlab sweep --json` prints it: indented,
// ending with a newline.
func (s *Sweep) JSON() ([]byte, error) {
	return jsonIndent(s)
}
