package assignor

import (
	"unicode/utf8"

	"partitionlab/hashcore"
)

// javaCompare orders two strings as Java's String.compareTo does: by UTF-16
// code units. It agrees with Go's byte order except when one string has a
// character in U+E000..U+FFFF where the other has a supplementary character
// (U+10000 and up): UTF-16 puts the supplementary one first, because its
// high surrogate (0xD800..0xDBFF) is smaller, while UTF-8 puts it last.
func javaCompare(a, b string) int {
	for a != "" && b != "" {
		ra, na := utf8.DecodeRuneInString(a)
		rb, nb := utf8.DecodeRuneInString(b)
		if ra != rb {
			ua, ub := utf16Units(ra), utf16Units(rb)
			if ua[0] != ub[0] {
				return cmpUnit(ua[0], ub[0])
			}
			return cmpUnit(ua[1], ub[1])
		}
		a, b = a[na:], b[nb:]
	}
	return cmpUnit(uint16(len(a)), uint16(len(b)))
}

// utf16Units gives the one or two UTF-16 code units of r; the second is 0
// for characters in the Basic Multilingual Plane.
func utf16Units(r rune) [2]uint16 {
	if r < 0x10000 {
		return [2]uint16{uint16(r), 0}
	}
	r -= 0x10000
	return [2]uint16{uint16(0xD800 + r>>10), uint16(0xDC00 + r&0x3FF)}
}

func cmpUnit(a, b uint16) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// javaHashMapOrder is the iteration order of a default-constructed HashMap
// into which keys were put in the given order.
func javaHashMapOrder(keys []string) []string {
	m := newJavaHashMap(hashcore.JavaStringHashCode)
	for _, k := range keys {
		m.put(k)
	}
	return m.order()
}

// topicPartitionHash is org.apache.kafka.common.TopicPartition.hashCode.
func topicPartitionHash(tp TopicPartition) int32 {
	return 31*(31+tp.Partition) + hashcore.JavaStringHashCode(tp.Topic)
}
