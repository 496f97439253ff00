package app

import (
	"encoding/xml"
	"io"
	"os"
	"strings"
	"testing"
)

// A chart saved in Korean carries the Hangul subset inside it, and is
// still a well-formed SVG; one without Hangul is saved unchanged. A
// review page in Korean gets the face and the family in its text's
// fonts.
func TestSavedFilesCarryTheHangulFont(t *testing.T) {
	font, err := os.ReadFile("../web/NotoSansKR-Hangul.woff2")
	if err != nil {
		t.Fatal(err)
	}
	svg := `<?xml version="1.0" encoding="UTF-8"?>` + "\n" +
		`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text font-family="'Partition Lab Hangul',sans-serif">파티션별 레코드</text></svg>`
	got := svgWithHangul(svg, font)
	if !strings.Contains(got, `<style>@font-face{font-family:"Partition Lab Hangul";src:url(data:font/woff2;base64,d09GM`) {
		t.Fatalf("the Korean SVG has no inline face: %.300s", got)
	}
	d := xml.NewDecoder(strings.NewReader(got))
	for {
		if _, err := d.Token(); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("the SVG with the font is not well-formed: %v", err)
		}
	}
	t.Logf("the font adds %d bytes to a Korean SVG (the woff2 is %d)", len(got)-len(svg), len(font))
	english := strings.Replace(svg, "파티션별 레코드", "records per partition", 1)
	if svgWithHangul(english, font) != english {
		t.Error("an SVG without Hangul changed")
	}
	if svgWithHangul(svg, nil) != svg {
		t.Error("without the font the SVG changed")
	}
	page := "<html><head><style>body{color:#000}</style></head><body>검토</body></html>"
	if got := htmlWithHangul(page, font); !strings.Contains(got, "font-family:'Partition Lab Hangul',system-ui,sans-serif}</style>") ||
		!strings.Contains(got, "data:font/woff2;base64,") {
		t.Errorf("the Korean review lacks the face: %.200s…", got[len(got)-200:])
	}
}
