package app

import (
	"bytes"
	"encoding/xml"
	"io"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"partitionlab/app/i18n"
	"partitionlab/sim/scenario"
	"partitionlab/sim/sweep"
)

// tableCell is a cell of the points' table as the browser reads it.
type tableCell struct {
	class, text, href string
}

// tableRow is a row of the points' table.
type tableRow struct {
	id, class, digest string
	cells             []tableCell
}

// readPointsTable reads the table's body rows from its HTML (an XML
// parser: a character the HTML leaves unescaped fails it).
func readPointsTable(t *testing.T, doc string) (head []string, rows []tableRow) {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(doc))
	attr := func(e xml.StartElement, name string) string {
		for _, a := range e.Attr {
			if a.Name.Local == name {
				return a.Value
			}
		}
		return ""
	}
	var cell *tableCell
	var inHead bool
	var th strings.Builder
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return head, rows
		}
		if err != nil {
			t.Fatalf("the table is not well formed: %v\n%s", err, doc)
		}
		switch e := tok.(type) {
		case xml.StartElement:
			switch e.Name.Local {
			case "thead":
				inHead = true
			case "th":
				th.Reset()
			case "tr":
				if !inHead {
					rows = append(rows, tableRow{id: attr(e, "id"), class: attr(e, "class"), digest: attr(e, "data-digest")})
				}
			case "td":
				cell = &tableCell{class: attr(e, "class")}
			case "a":
				cell.href = attr(e, "href")
			}
		case xml.CharData:
			switch {
			case cell != nil:
				cell.text += string(e)
			case inHead:
				th.Write(e)
			}
		case xml.EndElement:
			switch e.Name.Local {
			case "thead":
				inHead = false
			case "th":
				head = append(head, th.String())
			case "td":
				r := &rows[len(rows)-1]
				r.cells = append(r.cells, *cell)
				cell = nil
			}
		}
	}
}

// saltedSweep is the hot customer salted with 1, 2, 4 and 8 buckets, two
// seeds each, requiring no violation per order, every run made.
func saltedSweep(t *testing.T) (*sweep.Plan, []sweep.Run) {
	t.Helper()
	doc, err := scenario.PresetJSON("hot-customer-salted")
	if err != nil {
		t.Fatal(err)
	}
	a, err := sweep.ParseVary("producers.0.salting.buckets=1,2,4,8")
	if err != nil {
		t.Fatal(err)
	}
	q, err := sweep.ParseRequirement("violations.order=0")
	if err != nil {
		t.Fatal(err)
	}
	p, err := sweep.NewPlan(sweep.Definition{Scenario: doc, Sets: []string{"duration_s=10"}, Vary: []sweep.Axis{a}, Seeds: 2,
		Require: []sweep.Requirement{q}}, scenario.CommandLineLimits())
	if err != nil {
		t.Fatal(err)
	}
	runs := make([]sweep.Run, p.Runs())
	for i := range runs {
		if runs[i], err = p.Run(i); err != nil {
			t.Fatal(err)
		}
	}
	return p, runs
}

// The page's table of points says what the command line's table says,
// cell for cell (the medians with their spread over the seeds), marks
// the frontier and the recommended point, and links each point to
// Simulate; a link's characters reach the browser as they were.
func TestPointsTableSaysWhatTheCommandLineSays(t *testing.T) {
	p, runs := saltedSweep(t)
	s, err := p.Assemble(runs)
	if err != nil {
		t.Fatal(err)
	}
	link := func(k int) string { return "/#s=" + strconv.Itoa(k) + "&v=1" }
	en := i18n.For(i18n.English)
	head, rows := readPointsTable(t, pointsTable(en, s, link))
	if len(head) != 1+1+len(pointColumns)+2 || head[1] != "producers.0.salting.buckets" {
		t.Errorf("the table's heading: %q", head)
	}
	var text bytes.Buffer
	if err := s.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	columns := regexp.MustCompile(`\s{2,}`)
	var cli [][]string
	for _, line := range strings.Split(text.String(), "\n") {
		f := columns.Split(strings.TrimSpace(line), -1)
		if len(f) >= 11 && f[0] != "point" {
			if _, err := strconv.Atoi(f[0]); err == nil {
				cli = append(cli, f)
			}
		}
	}
	if len(rows) != 4 || len(cli) != 4 {
		t.Fatalf("%d rows on the page, %d on the command line, want 4:\n%s", len(rows), len(cli), text.String())
	}
	spread := false
	for k, r := range rows {
		pt := s.Points[k]
		if r.id != "sweep-point-"+strconv.Itoa(k+1) || r.digest != pt.Digests[0] {
			t.Errorf("row %d: id %q, digest %q, want the point's first digest %q", k+1, r.id, r.digest, pt.Digests[0])
		}
		for i := range 11 {
			if r.cells[i].text != cli[k][i] {
				t.Errorf("row %d, column %q: the page says %q, the command line %q", k+1, head[i], r.cells[i].text, cli[k][i])
			}
			spread = spread || strings.Contains(r.cells[i].text, "–")
		}
		if got := strings.Contains(" "+r.class+" ", " frontier "); got != pt.OnFrontier {
			t.Errorf("row %d: class %q, on the frontier %v", k+1, r.class, pt.OnFrontier)
		}
		recommended := s.Recommended != nil && s.Recommended.Index == k
		if got := strings.Contains(r.class, "recommended"); got != recommended {
			t.Errorf("row %d: class %q, recommended %v", k+1, r.class, recommended)
		}
		if recommended && !strings.Contains(r.cells[11].text, "recommended") {
			t.Errorf("row %d: marks %q do not say it is recommended", k+1, r.cells[11].text)
		}
		if last := r.cells[len(r.cells)-1]; last.href != link(k) || last.text != en.T("sweep.points.openLink") {
			t.Errorf("row %d: link %q %q, want %q", k+1, last.text, last.href, link(k))
		}
	}
	if s.Recommended == nil {
		t.Errorf("no point recommended: %s", s.Why)
	}
	if !spread {
		t.Errorf("no cell shows the seeds' spread")
	}
}

// While a point's runs are not all in, its row says so in every measure
// and has no link yet; the others are drawn.
func TestPointsTableShowsPendingPoints(t *testing.T) {
	p, runs := saltedSweep(t)
	runs[0] = sweep.Run{} // the first point's first seed not in yet
	s, err := p.Assemble(runs)
	if err != nil {
		t.Fatal(err)
	}
	_, rows := readPointsTable(t, pointsTable(i18n.For(i18n.English), s, func(k int) string { return "/#s=" + strconv.Itoa(k) }))
	for i, c := range rows[0].cells[2 : 2+len(pointColumns)] {
		if c.text != "…" || c.class != "num pending" {
			t.Errorf("pending point, column %d: %q (%q)", i, c.text, c.class)
		}
	}
	if last := rows[0].cells[len(rows[0].cells)-1]; last.href != "" || last.text != "" {
		t.Errorf("a pending point links to %q", last.href)
	}
	if rows[1].cells[2].text == "…" || rows[1].cells[len(rows[1].cells)-1].href == "" {
		t.Errorf("a finished point is drawn as pending: %+v", rows[1])
	}
}
