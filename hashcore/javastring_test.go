package hashcore

import (
	"strconv"
	"testing"
)

func TestJavaStringHashCode(t *testing.T) {
	cases := map[string]int32{
		"":                   0,
		"a":                  97,
		"😀":                  1772899, // two UTF-16 surrogates: 0xD83D*31 + 0xDE00
		"order-0":            -1207111311,
		"polygenelubricants": -2147483648,
		"é":                  233,
	}
	for s, want := range cases {
		if got := JavaStringHashCode(s); got != want {
			t.Errorf("JavaStringHashCode(%q) = %d, want %d", s, got, want)
		}
	}
}

func TestFloorModBuckets(t *testing.T) {
	h := JavaStringHashCode("order-0")
	if got := FloorMod(h, 8); got != 1 {
		t.Errorf("floorMod(hash(order-0), 8) = %d, want 1", got)
	}
	if got := h % 8; got != -7 {
		t.Errorf("Go's %% gives %d, the reference says -7", got)
	}
	// Across order-0..order-999 each of 8 buckets gets 124..127 orders.
	var counts [8]int
	for i := 0; i < 1000; i++ {
		counts[FloorMod(JavaStringHashCode("order-"+strconv.Itoa(i)), 8)]++
	}
	for b, c := range counts {
		if c < 124 || c > 127 {
			t.Errorf("bucket %d holds %d orders, want 124..127", b, c)
		}
	}
}
