#!/usr/bin/python3
"""Makes web/NotoSansKR-Hangul.woff2: Noto Sans CJK KR Regular cut down
to the Hangul a Korean page of Partition Lab shows, so Korean renders on a
machine without Korean fonts, offline (the service worker precaches it).

The subset is the 2,350 Hangul syllables of KS X 1001 (the set every Korean
encoding before Unicode had, which covers everyday Korean), its Hangul
compatibility jamo, the CJK punctuation Korean text uses (U+3000-U+3011),
and any other Hangul the Korean catalogs and lesson texts hold. A test
(app/hangul_font_test.go) fails when a Korean text uses a syllable the font
lacks: run `make font` and commit the new file.

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
OUT = "web/NotoSansKR-Hangul.woff2"
KOREAN_TEXTS = ["app/i18n/messages/ko/*.json", "sim/lessons/data/ko/*.json"]
HANGUL = re.compile("[\u1100-\u11ff\u3130-\u318f\ua960-\ua97f\uac00-\ud7af\ud7b0-\ud7ff]")


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


def main():
    chars = ksx1001()
    syllables = sum(1 for c in chars if "\uac00" <= c <= "\ud7a3")
    if syllables != 2350:
        sys.exit(f"KS X 1001 gave {syllables} syllables, want 2350")
    for pattern in KOREAN_TEXTS:
        for name in sorted(glob.glob(pattern)):
            with open(name, encoding="utf-8") as f:
                chars.update(HANGUL.findall(f.read()))
    chars.update(chr(c) for c in range(0x3000, 0x3012))

    collection = TTCollection(SOURCE)
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
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    font.flavor = "woff2"
    font.save(OUT)
    print(f"{OUT}: {len(chars)} characters, {os.path.getsize(OUT)} bytes")


if __name__ == "__main__":
    main()
