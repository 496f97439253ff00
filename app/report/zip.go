package report

import (
	"archive/zip"
	"bytes"
	"fmt"
)

// Zip is the Markdown review with its charts beside it, in one archive for
// a browser download: name.md and name-CHART.svg.
func (rv *Review) Zip(name string) ([]byte, error) {
	return ZipMarkdown(name, rv.Markdown(name+"-"), rv.Charts)
}

// ZipMarkdown is a Markdown review (its charts named name-CHART.svg)
// with its charts, in one archive: name.md and name-CHART.svg. The sweep's
// review shares it.
func ZipMarkdown(name, markdown string, charts []Chart) ([]byte, error) {
	var buf bytes.Buffer
	z := zip.NewWriter(&buf)
	files := []struct{ name, body string }{{name + ".md", markdown}}
	for _, c := range charts {
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
