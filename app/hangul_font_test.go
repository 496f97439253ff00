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
	"testing"
	"unicode"

	"github.com/andybalholm/brotli"
	"golang.org/x/image/font/sfnt"

	"partitionlab/app/i18n"
)

// hangulFontFile is the subset font web/hangul.css declares for machines
// without a Korean font (made by fonts/hangul.py, make font).
const hangulFontFile = "../web/NotoSansKR-Hangul.woff2"

// Every Hangul character a Korean page can show is in the shipped font:
// those of the Korean catalog files, the Korean lesson overlays and the
// picker's name for Korean. A syllable missing from the font would draw as
// a box on a machine without a Korean font; `make font` adds it.
func TestHangulFontHasEveryKoreanCharacter(t *testing.T) {
	b, err := os.ReadFile(hangulFontFile)
	if err != nil {
		t.Fatal(err)
	}
	otf, err := woff2ToSfnt(b)
	if err != nil {
		t.Fatalf("%s: %v", hangulFontFile, err)
	}
	f, err := sfnt.Parse(otf)
	if err != nil {
		t.Fatalf("%s: %v", hangulFontFile, err)
	}
	var buf sfnt.Buffer
	has := func(r rune) bool {
		g, err := f.GlyphIndex(&buf, r)
		return err == nil && g != 0
	}
	for _, r := range "가힝한국어합니다" {
		if !has(r) {
			t.Errorf("the font lacks %q, one of KS X 1001's syllables", r)
		}
	}
	if has('A') || has('똠') {
		t.Error("the font has A or 똠 (not Korean text, not KS X 1001): it is not the subset")
	}
	files, _ := filepath.Glob("i18n/messages/ko/*.json")
	overlays, _ := filepath.Glob("../sim/lessons/data/ko/*.json")
	if len(files) == 0 {
		t.Fatal("no Korean catalog files")
	}
	texts := map[string]string{"i18n.Korean.Name()": i18n.Korean.Name()}
	for _, name := range append(files, overlays...) {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		texts[name] = string(b)
	}
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
			t.Errorf("%s: the Hangul font lacks %q: run make font and commit the font", name, string(rs))
		}
	}
	if checked == 0 {
		t.Error("no Hangul found in the Korean texts")
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
