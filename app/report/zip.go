package report

import (
	"archive/zip"
	"bytes"
	"fmt"
)

// Zip is the Markdown review with its charts beside it, in one archive for
// a browser download: name.md and name-CHART.svg.
func (rv *Review) Zip(name string) ([]byte, error) {
	var buf bytes.Buffer
	z := zip.NewWriter(&buf)
	files := []struct{ name, body string }{{name + ".md", rv.Markdown(name + "-")}}
	for _, c := range rv.Charts {
		files = append(files, struct{ name, body string }{name + "-" + c.Name, c.SVG})
	}
	for _, f := range files {
		w, err := z.Create(f.name)
		if err != nil {
			return nil, fmt.Errorf("report: zip %s: %w", f.name, err)
		}
		if _, err := w.Write([]byte(f.body)); err != nil {
			return nil, fmt.Errorf("report: zip %s: %w", f.name, err)
		}
	}
	if err := z.Close(); err != nil {
		return nil, fmt.Errorf("report: zip: %w", err)
	}
	return buf.Bytes(), nil
}
