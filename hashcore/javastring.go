package hashcore

import "unicode/utf16"

// JavaStringHashCode is Java's String.hashCode(): h = 31*h + c over the
// string's UTF-16 code units, wrapping at 32 bits. Characters outside the
// Basic Multilingual Plane count as their two surrogates, exactly as in Java.
// s should be valid UTF-8: here each invalid byte counts as one U+FFFD,
// while Java's decoder turns a whole broken sequence into a single one.
func JavaStringHashCode(s string) int32 {
	var h int32
	for _, r := range s {
		if r >= 0x10000 {
			hi, lo := utf16.EncodeRune(r)
			h = 31*h + hi
			h = 31*h + lo
			continue
		}
		h = 31*h + r
	}
	return h
}

// FloorMod is Java's Math.floorMod(x, n) for n > 0: the result is always in
// 0..n-1, unlike Go's %, which keeps the sign of x.
func FloorMod(x, n int32) int32 {
	m := x % n
	if m < 0 {
		m += n
	}
	return m
}
