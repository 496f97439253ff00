package app

import (
	"encoding/xml"
	"io"
	"os"
	"strings"
	"testing"
)

// A chart saved in Korean carries the first Hangul face inside it, and is
// still a well-formed SVG; with a key in Hangul the texts do not use
// (떡볶이), it carries the second face too; one without Hangul is saved
// unchanged. A review page in Korean gets the face and the family in its
// text's fonts.
func TestSavedFilesCarryTheHangulFont(t *testing.T) {
	texts, err := os.ReadFile(hangulTextsFontFile)
	if err != nil {
		t.Fatal(err)
	}
	more, err := os.ReadFile(hangulMoreFontFile)
	if err != nil {
		t.Fatal(err)
	}
	faces := hangulFaces{texts: texts}
	svg := `<?xml version="1.0" encoding="UTF-8"?>` + "\n" +
		`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text font-family="'Partition Lab Hangul',sans-serif">파티션별 레코드</text></svg>`
	if needsMoreHangul(svg) {
		t.Fatal("the catalog's words need the second face")
	}
	got := svgWithHangul(svg, faces)
	if !strings.Contains(got, `<style>@font-face{font-family:"Partition Lab Hangul";src:url(data:font/woff2;base64,d09GM`) ||
		strings.Count(got, "@font-face") != 1 || !strings.Contains(got, "unicode-range:"+hangulTextsRange+"}") {
		t.Fatalf("the Korean SVG has no inline face with its range, or more than one: %.300s", got)
	}
	wellFormed(t, got)
	t.Logf("the first face adds %d bytes to a Korean SVG (the woff2 is %d)", len(got)-len(svg), len(texts))

	keyed := strings.Replace(svg, "레코드", "레코드 떡볶이", 1)
	if !needsMoreHangul(keyed) {
		t.Fatal("떡볶이 is not in the second face's range")
	}
	got = svgWithHangul(keyed, hangulFaces{texts: texts, more: more})
	if strings.Count(got, "@font-face") != 2 || !strings.Contains(got, "unicode-range:"+hangulMoreRange+"}") {
		t.Errorf("the SVG with 떡볶이 lacks the second face: %d faces", strings.Count(got, "@font-face"))
	}
	wellFormed(t, got)

	english := strings.Replace(svg, "파티션별 레코드", "records per partition", 1)
	if svgWithHangul(english, faces) != english {
		t.Error("an SVG without Hangul changed")
	}
	if svgWithHangul(svg, hangulFaces{}) != svg {
		t.Error("without the font the SVG changed")
	}
	page := "<html><head><style>body{color:#000}</style></head><body>검토</body></html>"
	if got := htmlWithHangul(page, faces); !strings.Contains(got, "font-family:'Partition Lab Hangul',system-ui,sans-serif}</style>") ||
		!strings.Contains(got, "data:font/woff2;base64,") {
		t.Errorf("the Korean review lacks the face: %.200s…", got[len(got)-200:])
	}
}

func wellFormed(t *testing.T, doc string) {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(doc))
	for {
		if _, err := d.Token(); err == io.EOF {
			return
		} else if err != nil {
			t.Fatalf("the SVG with the font is not well-formed: %v", err)
		}
	}
}

// BenchmarkNeedsMoreHangul looks through a Korean chart of about 100 kB
// whose Hangul is all the texts' own, the common case: every character
// is looked at.
func BenchmarkNeedsMoreHangul(b *testing.B) {
	doc := strings.Repeat(`<text x="12.5" y="-30" style="font-family:'Partition Lab Hangul'">파티션별 레코드</text>`+"\n", 1000)
	for b.Loop() {
		if needsMoreHangul(doc) {
			b.Fatal("the texts' Hangul needs the second face")
		}
	}
	b.SetBytes(int64(len(doc)))
}
