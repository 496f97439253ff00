package assignor

import (
	"fmt"
	"slices"
	"testing"
)

func TestJavaCompare(t *testing.T) {
	cases := []struct {
		a, b string
		want int
	}{
		{"C10", "C2", -1},
		{"a", "ab", -1},
		{"consumer", "consumer", 0},
		// U+FB01 is one UTF-16 unit (0xFB01); U+1F600 is the pair
		// 0xD83D 0xDE00, so Java puts the emoji first ("\uFB01".compareTo
		// gives 8900 in Java 17) while Go's byte order puts it last.
		{"\uFB01", "\U0001F600", 1},
		{"x\U0001F600", "x\U0001F601", -1}, // same high surrogate, low ones differ
		{"\uD7FF", "\U00010000", -1},       // below the surrogates: same in both orders
	}
	for _, c := range cases {
		if got := javaCompare(c.a, c.b); got != c.want {
			t.Errorf("javaCompare(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
		if got := javaCompare(c.b, c.a); got != -c.want {
			t.Errorf("javaCompare(%q, %q) = %d, want %d", c.b, c.a, got, -c.want)
		}
	}
	if "\uFB01" > "\U0001F600" {
		t.Error("Go's byte order was expected to disagree with Java here")
	}
}

// TestJavaHashMapOrder compares with the key order Java 17's HashMap
// printed for the same insertions.
func TestJavaHashMapOrder(t *testing.T) {
	three := javaHashMapOrder([]string{"consumer1", "consumer2", "consumer3"})
	if want := []string{"consumer3", "consumer2", "consumer1"}; !slices.Equal(three, want) {
		t.Errorf("3 consumers: %v, want %v", three, want)
	}
	// Thirteen entries pass 0.75*16, so the table doubles to 32.
	var keys []string
	for i := 1; i <= 13; i++ {
		keys = append(keys, fmt.Sprintf("consumer%d", i))
	}
	want := []string{"consumer12", "consumer11", "consumer10", "consumer9", "consumer8", "consumer7", "consumer6",
		"consumer13", "consumer5", "consumer4", "consumer3", "consumer2", "consumer1"}
	if got := javaHashMapOrder(keys); !slices.Equal(got, want) {
		t.Errorf("13 consumers: %v, want %v", got, want)
	}
}

func TestJavaHashMapKeepsInsertionOrderWithinABin(t *testing.T) {
	// Keys whose hashes differ by a multiple of 16 (below 2^16) share a bin.
	m := newJavaHashMap(func(k int) int32 { return int32(k) })
	for _, k := range []int{33, 1, 17, 2} {
		m.put(k)
	}
	if got := m.order(); !slices.Equal(got, []int{33, 1, 17, 2}) {
		t.Errorf("order %v", got)
	}
	m.remove(1)
	m.put(1)
	if got := m.order(); !slices.Equal(got, []int{33, 17, 1, 2}) {
		t.Errorf("after re-insert %v", got)
	}
	if f, _ := m.first(); f != 33 {
		t.Errorf("first %d", f)
	}
}

func TestJavaHashMapTreeifyResize(t *testing.T) {
	// A ninth key in one bin of a table under 64 doubles the table instead
	// of building a tree (HashMap.treeifyBin).
	m := newJavaHashMap(func(k int) int32 { return int32(k) })
	for i := range 9 {
		m.put(i * 64)
	}
	if m.capacity() != 32 {
		t.Errorf("capacity %d, want 32", m.capacity())
	}
}

func TestJoinOrder(t *testing.T) {
	// "m-a" and "m-q" share a bin; a member that leaves and joins again
	// goes to the end of its bin. Java 17 prints [m-q, m-a, m-b].
	var o JoinOrder
	for _, id := range []string{"m-a", "m-q", "m-b"} {
		o.Add(id)
	}
	if got := o.MemberIDs(); !slices.Equal(got, []string{"m-a", "m-q", "m-b"}) {
		t.Errorf("got %v", got)
	}
	o.Remove("m-a")
	o.Add("m-a")
	if got := o.MemberIDs(); !slices.Equal(got, []string{"m-q", "m-a", "m-b"}) {
		t.Errorf("after m-a rejoined: %v", got)
	}
}

func TestTopicPartitionHash(t *testing.T) {
	// new TopicPartition("topic", 2).hashCode() in Java 17.
	if got := topicPartitionHash(TopicPartition{"topic", 2}); got != 110547246 {
		t.Errorf("got %d", got)
	}
}
