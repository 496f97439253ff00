#!/usr/bin/python3
"""Makes app/plots/fonts/liberationsansregular/LiberationSans-Regular-metrics.ttf:
Liberation Sans Regular without its glyph outlines.

The charts only measure text with this font (advances, kerning, ascent
and descent: see app/plots/measure.go); the SVG names the font and the
browser draws it. Outlines are two thirds of the file, so they are left
out: every glyph becomes empty (the 'loca' offsets all zero, the 'glyf'
table empty) and the hinting programs that act on outlines ('fpgm',
'prep', 'cvt ') go. Every other table is kept byte for byte, so the
metrics are the real font's and the charts stay the same, byte for byte.

Needs only Python's standard library. Usage:
  fonts/metrics_only.py LiberationSans-Regular.ttf OUT.ttf
(LiberationSans-Regular.ttf from codeberg.org/go-fonts/liberation v0.5.0.)
"""
import struct
import sys

DROP = {b"fpgm", b"prep", b"cvt ", b"GPOS", b"GSUB", b"GDEF", b"FFTM", b"gasp"}


def checksum(data):
    data += b"\0" * (-len(data) % 4)
    return sum(struct.unpack(">%dI" % (len(data) // 4), data)) & 0xFFFFFFFF


def main(src, out):
    font = open(src, "rb").read()
    version, count = struct.unpack(">IH", font[:6])
    tables = {}
    for i in range(count):
        tag, _, off, length = struct.unpack(">4sIII", font[12 + 16 * i:28 + 16 * i])
        tables[tag] = bytearray(font[off:off + length])
    num_glyphs = struct.unpack(">H", tables[b"maxp"][4:6])[0]
    long_loca = struct.unpack(">h", tables[b"head"][50:52])[0] == 1
    tables[b"glyf"] = bytearray()
    tables[b"loca"] = bytearray((4 if long_loca else 2) * (num_glyphs + 1))
    tables[b"post"] = bytearray(b"\0\x03\0\0") + tables[b"post"][4:32]  # version 3: no glyph names
    for tag in DROP:
        tables.pop(tag, None)
    tables[b"head"][8:12] = b"\0\0\0\0"  # checkSumAdjustment, set below

    tags = sorted(tables)
    n = len(tags)
    entry = 1 << (n.bit_length() - 1)
    header = struct.pack(">IHHHH", version, n, entry * 16, entry.bit_length() - 1, n * 16 - entry * 16)
    offset = 12 + 16 * n
    directory, body = b"", b""
    for tag in tags:
        data = bytes(tables[tag])
        directory += struct.pack(">4sIII", tag, checksum(data), offset + len(body), len(data))
        body += data + b"\0" * (-len(data) % 4)
    whole = header + directory + body
    adjust = (0xB1B0AFBA - checksum(whole)) & 0xFFFFFFFF
    head_at = offset + sum(len(tables[t]) + (-len(tables[t]) % 4) for t in tags[:tags.index(b"head")])
    whole = whole[:head_at + 8] + struct.pack(">I", adjust) + whole[head_at + 12:]
    open(out, "wb").write(whole)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
