package plots

import (
	"errors"
	"os"
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// The charts measure text with Liberation Sans without its outlines
// (fonts/metrics_only.py): every measure they take must be the full
// font's, for every character and every pair of glyphs.
func TestMetricsOnlyFontMeasuresAsTheFullFont(t *testing.T) {
	load := func(path string) *sfnt.Font {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		f, err := sfnt.Parse(b)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		return f
	}
	full := load("fonts/liberationsansregular/LiberationSans-Regular.ttf")
	cut := load("fonts/liberationsansregular/LiberationSans-Regular-metrics.ttf")
	var bf, bc sfnt.Buffer
	ppem := fixed.Int26_6(full.UnitsPerEm())
	if cut.UnitsPerEm() != full.UnitsPerEm() || cut.NumGlyphs() != full.NumGlyphs() {
		t.Fatalf("units per em %d, %d glyphs; want %d, %d", cut.UnitsPerEm(), cut.NumGlyphs(), full.UnitsPerEm(), full.NumGlyphs())
	}
	for _, h := range []font.Hinting{font.HintingNone, font.HintingFull} {
		mf, err1 := full.Metrics(&bf, ppem, h)
		mc, err2 := cut.Metrics(&bc, ppem, h)
		if mf != mc || err1 != nil || err2 != nil {
			t.Errorf("hinting %v: metrics %+v (%v), want %+v (%v)", h, mc, err2, mf, err1)
		}
	}
	for r := rune(0); r < 0x10000; r++ {
		gf, errf := full.GlyphIndex(&bf, r)
		gc, errc := cut.GlyphIndex(&bc, r)
		if gf != gc || (errf == nil) != (errc == nil) {
			t.Fatalf("U+%04X: glyph %d (%v), want %d (%v)", r, gc, errc, gf, errf)
		}
	}
	// gonum/plot adds a pair's kerning, and takes ErrNotFound as none.
	kern := func(f *sfnt.Font, b *sfnt.Buffer, x, y sfnt.GlyphIndex) fixed.Int26_6 {
		k, err := f.Kern(b, x, y, ppem, font.HintingNone)
		if err != nil && !errors.Is(err, sfnt.ErrNotFound) {
			t.Fatalf("kerning %d %d: %v", x, y, err)
		}
		return k
	}
	n := full.NumGlyphs()
	for i := range n {
		x := sfnt.GlyphIndex(i)
		af, _ := full.GlyphAdvance(&bf, x, ppem, font.HintingNone)
		ac, _ := cut.GlyphAdvance(&bc, x, ppem, font.HintingNone)
		if af != ac {
			t.Fatalf("glyph %d: advance %v, want %v", i, ac, af)
		}
		for j := range n {
			y := sfnt.GlyphIndex(j)
			if kf, kc := kern(full, &bf, x, y), kern(cut, &bc, x, y); kf != kc {
				t.Fatalf("glyphs %d %d: kerning %v, want %v", i, j, kc, kf)
			}
		}
	}
}
