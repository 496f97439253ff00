package app

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"unicode"

	"github.com/andybalholm/brotli"
	"golang.org/x/image/font/sfnt"

	"partitionlab/app/i18n"
)

// The two faces web/hangul.css declares for machines without a Korean
// font (made by fonts/hangul.py, make font).
const (
	hangulTextsFontFile = "../web/" + hangulTextsFile
	hangulMoreFontFile  = "../web/" + hangulMoreFile
)

// hangulHas reads the face in file and says which runes it draws.
func hangulHas(t *testing.T, file string) func(rune) bool {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	otf, err := woff2ToSfnt(b)
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	f, err := sfnt.Parse(otf)
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	var buf sfnt.Buffer
	return func(r rune) bool {
		g, err := f.GlyphIndex(&buf, r)
		return err == nil && g != 0
	}
}

// koreanTexts are the files whose Hangul a Korean page shows, as
// fonts/hangul.py reads them, by name: the Korean catalog files, the
// Korean lesson overlays, the loading label's words, the numbers' units
// and the picker's name for Korean.
func koreanTexts(t *testing.T) map[string]string {
	t.Helper()
	files, _ := filepath.Glob("i18n/messages/ko/*.json")
	overlays, _ := filepath.Glob("../sim/lessons/data/ko/*.json")
	if len(files) == 0 || len(overlays) == 0 {
		t.Fatal("no Korean catalog files or lesson overlays")
	}
	texts := map[string]string{"i18n.Korean.Name()": i18n.Korean.Name()}
	for _, name := range append(append(files, overlays...), "../web/loading-i18n.js", "results/format.go", "i18n/lang.go") {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		texts[name] = string(b)
	}
	return texts
}

// Every Hangul character a Korean page shows in its own words is in the
// first face, the one a Korean page fetches: a syllable missing from it
// would fetch the second face too, or draw as a box; `make font` adds it.
func TestHangulFontHasEveryKoreanCharacter(t *testing.T) {
	has := hangulHas(t, hangulTextsFontFile)
	if has('A') || has('똠') {
		t.Error("the face has A or 똠 (not Korean text, not KS X 1001): it is not the subset")
	}
	texts := koreanTexts(t)
	names := make([]string, 0, len(texts))
	for name := range texts {
		names = append(names, name)
	}
	sort.Strings(names)
	checked := 0
	for _, name := range names {
		missing := map[rune]bool{}
		for _, r := range texts[name] {
			if unicode.Is(unicode.Hangul, r) {
				checked++
				if !has(r) {
					missing[r] = true
				}
			}
		}
		if len(missing) > 0 {
			var rs []rune
			for r := range missing {
				rs = append(rs, r)
			}
			sort.Slice(rs, func(i, j int) bool { return rs[i] < rs[j] })
			t.Errorf("%s: the first Hangul face lacks %q: run make font and commit the faces", name, string(rs))
		}
	}
	if checked == 0 {
		t.Error("no Hangul found in the Korean texts")
	}
}

// Each face draws exactly the characters of its unicode-range, in
// web/hangul.css and in hangul_ranges.go (which saved files use): a
// character in a face's range but not in the face would draw as a box
// once the face is fetched, and one in the face but in the other's range
// would fetch the other. The ranges do not overlap, and together they are
// KS X 1001's 2,350 syllables (from 가 to 힝), its jamo and the CJK
// punctuation.
func TestHangulFacesDrawExactlyTheirRanges(t *testing.T) {
	css, err := os.ReadFile("../web/hangul.css")
	if err != nil {
		t.Fatal(err)
	}
	syllables := 0
	texts, more := parseUnicodeRange(hangulTextsRange), parseUnicodeRange(hangulMoreRange)
	for _, face := range []struct {
		file, ranges string
		runs         []runeRun
	}{{hangulTextsFontFile, hangulTextsRange, texts}, {hangulMoreFontFile, hangulMoreRange, more}} {
		if n := strings.Count(face.ranges, ",") + 1; len(face.runs) != n {
			t.Errorf("%s: %d of its range's %d parts read", face.file, len(face.runs), n)
		}
		for i := 1; i < len(face.runs); i++ {
			if r := face.runs; r[i].lo <= r[i-1].hi || r[i].lo > r[i].hi {
				t.Fatalf("%s: its range is not in ascending order at %d: %v", face.file, i, r[i-1:i+1])
			}
		}
		block := `url("` + filepath.Base(face.file) + `") format("woff2");`
		at := bytes.Index(css, []byte(block))
		end := bytes.IndexByte(css[max(at, 0):], '}')
		if at < 0 || end < 0 || !bytes.Contains(css[at:at+end], []byte("unicode-range: "+face.ranges+";")) {
			t.Errorf("web/hangul.css: the face of %s does not declare hangul_ranges.go's unicode-range: run make font", face.file)
		}
		has := hangulHas(t, face.file)
		for _, block := range [][2]rune{{0x1100, 0x11ff}, {0x3000, 0x303f}, {0x3130, 0x318f}, {0xa960, 0xa97f}, {0xac00, 0xd7ff}} {
			for r := block[0]; r <= block[1]; r++ {
				if in := inRuns(r, face.runs); in != has(r) {
					t.Errorf("%s: %q (U+%04X) in its unicode-range %v, in the face %v", face.file, r, r, in, has(r))
				}
				if has(r) && r >= 0xac00 && r <= 0xd7a3 {
					syllables++
				}
			}
		}
	}
	for r := rune(0x1100); r <= 0xd7ff; r++ {
		if inRuns(r, texts) && inRuns(r, more) {
			t.Errorf("%q (U+%04X) is in both faces' ranges", r, r)
		}
	}
	if syllables != 2350 {
		t.Errorf("the faces draw %d Hangul syllables together, want KS X 1001's 2,350", syllables)
	}
	for _, r := range "가힝ㄱㅎ、」" {
		if !inRuns(r, texts) && !inRuns(r, more) {
			t.Errorf("neither face has %q", r)
		}
	}
}

// woff2Tags are WOFF2's known table tags, by their index in a table
// directory entry's flags (W3C WOFF2, section 5.1).
var woff2Tags = []string{
	"cmap", "head", "hhea", "hmtx", "maxp", "name", "OS/2", "post", "cvt ", "fpgm", "glyf", "loca", "prep",
	"CFF ", "VORG", "EBDT", "EBLC", "gasp", "hdmx", "kern", "LTSH", "PCLT", "VDMX", "vhea", "vmtx", "BASE",
	"GDEF", "GPOS", "GSUB", "EBSC", "JSTF", "MATH", "CBDT", "CBLC", "COLR", "CPAL", "SVG ", "sbix", "acnt",
	"avar", "bdat", "bloc", "bsln", "cvar", "fdsc", "feat", "fmtx", "fvar", "gvar", "hsty", "just", "lcar",
	"mort", "morx", "opbd", "prop", "trak", "Zapf", "Silf", "Glat", "Gloc", "Feat", "Sill",
}

// woff2ToSfnt unpacks a WOFF2 font whose tables are not transformed (a
// CFF font as fontTools writes it) into the OpenType file sfnt reads.
func woff2ToSfnt(b []byte) ([]byte, error) {
	if len(b) < 48 || string(b[:4]) != "wOF2" {
		return nil, errors.New("not a WOFF2 file")
	}
	flavor := b[4:8]
	numTables := int(binary.BigEndian.Uint16(b[12:14]))
	compressed := int(binary.BigEndian.Uint32(b[20:24]))
	r := bytes.NewReader(b[48:])
	type table struct {
		tag    string
		length int
	}
	tables := make([]table, numTables)
	for i := range tables {
		flags, err := r.ReadByte()
		if err != nil {
			return nil, err
		}
		tag := ""
		if idx := int(flags & 0x3f); idx == 0x3f {
			var t [4]byte
			if _, err := io.ReadFull(r, t[:]); err != nil {
				return nil, err
			}
			tag = string(t[:])
		} else if idx < len(woff2Tags) {
			tag = woff2Tags[idx]
		} else {
			return nil, fmt.Errorf("table %d: unknown tag index %d", i, idx)
		}
		length, err := uintBase128(r)
		if err != nil {
			return nil, err
		}
		version := flags >> 6
		transformed := version != 0
		if tag == "glyf" || tag == "loca" {
			transformed = version != 3
		}
		if transformed {
			return nil, fmt.Errorf("table %q is transformed, which this reader does not undo", tag)
		}
		tables[i] = table{tag, int(length)}
	}
	start := len(b) - r.Len()
	if start+compressed > len(b) {
		return nil, errors.New("the compressed tables run past the end of the file")
	}
	data, err := io.ReadAll(brotli.NewReader(bytes.NewReader(b[start : start+compressed])))
	if err != nil {
		return nil, err
	}
	type part struct {
		tag  string
		data []byte
	}
	parts := make([]part, len(tables))
	pos := 0
	for i, t := range tables {
		if pos+t.length > len(data) {
			return nil, fmt.Errorf("table %q runs past the decompressed data", t.tag)
		}
		parts[i] = part{t.tag, data[pos : pos+t.length]}
		pos += t.length
	}
	// The OpenType file: offset table, table records sorted by tag, then
	// each table padded to four bytes.
	sort.Slice(parts, func(i, j int) bool { return parts[i].tag < parts[j].tag })
	var out, body bytes.Buffer
	out.Write(flavor)
	binary.Write(&out, binary.BigEndian, [4]uint16{uint16(numTables), 0, 0, 0})
	offset := 12 + 16*numTables
	for _, p := range parts {
		out.WriteString(p.tag)
		binary.Write(&out, binary.BigEndian, [3]uint32{0, uint32(offset + body.Len()), uint32(len(p.data))})
		body.Write(p.data)
		for body.Len()%4 != 0 {
			body.WriteByte(0)
		}
	}
	out.Write(body.Bytes())
	return out.Bytes(), nil
}

// uintBase128 reads WOFF2's variable-length unsigned number.
func uintBase128(r io.ByteReader) (uint32, error) {
	var v uint32
	for i := 0; i < 5; i++ {
		c, err := r.ReadByte()
		if err != nil {
			return 0, err
		}
		if i == 0 && c == 0x80 || v&0xfe000000 != 0 {
			return 0, errors.New("malformed UIntBase128")
		}
		v = v<<7 | uint32(c&0x7f)
		if c&0x80 == 0 {
			return v, nil
		}
	}
	return 0, errors.New("UIntBase128 longer than five bytes")
}
