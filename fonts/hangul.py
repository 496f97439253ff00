#!/usr/bin/python3
"""Makes the two Hangul faces web/hangul.css declares for machines without a
Korean font: Noto Sans CJK KR Regular cut down to the Hangul a Korean page
of Partition Lab can show, so Korean renders there, offline too (the
service worker precaches both).

  web/NotoSansKR-Hangul.woff2       the Hangul the Korean texts use (the
                                    catalogs, the lessons' words, the
                                    loading label, the numbers' units and
                                    the picker's name for Korean), with
                                    the CJK punctuation (U+3000-U+3011)
  web/NotoSansKR-Hangul-more.woff2  the rest of the 2,350 Hangul syllables
                                    of KS X 1001 (the set every Korean
                                    encoding before Unicode had, which
                                    covers everyday Korean) and its Hangul
                                    compatibility jamo: what a team's keys
                                    or names may hold

A browser downloads a face only when the page shows a character of its
unicode-range, so a Korean page fetches the first (about a quarter of the
whole) and the second only when someone's words need it. The script writes
each face's exact characters into web/hangul.css's unicode-range and into
app/hangul_ranges.go (for the faces a saved file carries). A test
(app/hangul_font_test.go) fails when a Korean text uses a character the
first face lacks, or when the ranges and the faces disagree: run
`make font` and commit the files.

Needs Debian's fonts-noto-cjk, python3-fonttools and python3-brotli.
"""
import glob
import os
import re
import sys

from fontTools import subset
from fontTools.ttLib import TTCollection

SOURCE = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
FACE = "Noto Sans CJK KR"
TEXTS_OUT = "web/NotoSansKR-Hangul.woff2"
MORE_OUT = "web/NotoSansKR-Hangul-more.woff2"
CSS = "web/hangul.css"
GO = "app/hangul_ranges.go"
KOREAN_TEXTS = ["app/i18n/messages/ko/*.json", "sim/lessons/data/ko/*.json",
                "web/loading-i18n.js", "app/results/format.go", "app/i18n/lang.go"]
HANGUL = re.compile("[\u1100-\u11ff\u3130-\u318f\ua960-\ua97f\uac00-\ud7af\ud7b0-\ud7ff]")
PUNCTUATION = {chr(c) for c in range(0x3000, 0x3012)}


def ksx1001():
    """The Hangul syllables (rows 16-40) and jamo (row 4) of KS X 1001."""
    chars = set()
    for lead in range(0xB0, 0xC9):
        for trail in range(0xA1, 0xFF):
            try:
                chars.add(bytes([lead, trail]).decode("euc-kr"))
            except UnicodeDecodeError:
                pass
    for trail in range(0xA1, 0xFF):
        try:
            chars.add(bytes([0xA4, trail]).decode("euc-kr"))
        except UnicodeDecodeError:
            pass  # the Hangul filler, which is no character
    return chars


def texts():
    """The Hangul of the Korean texts."""
    chars = set()
    for pattern in KOREAN_TEXTS:
        names = sorted(glob.glob(pattern))
        if not names:
            sys.exit(f"no file matches {pattern}")
        for name in names:
            with open(name, encoding="utf-8") as f:
                chars.update(HANGUL.findall(f.read()))
    return chars


def unicode_range(chars):
    """chars as a CSS unicode-range: runs of code points as U+X-Y."""
    points = sorted(ord(c) for c in chars)
    parts = []
    i = 0
    while i < len(points):
        j = i
        while j + 1 < len(points) and points[j + 1] == points[j] + 1:
            j += 1
        parts.append(f"U+{points[i]:X}" if i == j else f"U+{points[i]:X}-{points[j]:X}")
        i = j + 1
    return ",".join(parts)


def cut(collection_path, chars, out):
    collection = TTCollection(collection_path)
    font = next(f for f in collection.fonts if f["name"].getDebugName(4) == FACE)
    options = subset.Options()
    options.flavor = "woff2"
    options.layout_features = ["kern", "ccmp", "locl"]
    options.hinting = False
    options.name_IDs = ["*"]  # keep the copyright and licence records
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[ord(c) for c in chars])
    subsetter.subset(font)
    os.makedirs(os.path.dirname(out), exist_ok=True)
    font.flavor = "woff2"
    font.save(out)
    print(f"{out}: {len(chars)} characters, {os.path.getsize(out)} bytes")


def write_css(ranges):
    """Sets the unicode-range of each face of web/hangul.css, found by its
    file's name."""
    with open(CSS, encoding="utf-8") as f:
        css = f.read()
    for out, r in ranges.items():
        name = re.escape(os.path.basename(out))
        css, n = re.subn(r'(url\("' + name + r'"\)[^}]*?unicode-range: )[^;]*;', lambda m: m.group(1) + r + ";", css, flags=re.S)
        if n != 1:
            sys.exit(f"{CSS}: want one face of {out} with a unicode-range, found {n}")
    with open(CSS, "w", encoding="utf-8") as f:
        f.write(css)


def write_go(texts_range, more_range):
    with open(GO, "w", encoding="utf-8") as f:
        f.write("// Code generated by fonts/hangul.py (make font); DO NOT EDIT.\n\n"
                "package app\n\n"
                "// The characters of the two Hangul faces (web/hangul.css), as CSS\n"
                "// unicode-ranges: the Korean texts' and the rest of KS X 1001's.\n"
                "const (\n"
                f"\thangulTextsRange = \"{texts_range}\"\n"
                f"\thangulMoreRange  = \"{more_range}\"\n"
                ")\n")


def main():
    everyday = ksx1001()
    syllables = sum(1 for c in everyday if "\uac00" <= c <= "\ud7a3")
    if syllables != 2350:
        sys.exit(f"KS X 1001 gave {syllables} syllables, want 2350")
    used = texts() | PUNCTUATION
    more = everyday - used
    cut(SOURCE, used, TEXTS_OUT)
    cut(SOURCE, more, MORE_OUT)
    texts_range, more_range = unicode_range(used), unicode_range(more)
    write_css({TEXTS_OUT: texts_range, MORE_OUT: more_range})
    write_go(texts_range, more_range)
    print(f"{CSS}, {GO}: unicode-ranges of {len(texts_range)} and {len(more_range)} bytes")


if __name__ == "__main__":
    main()
