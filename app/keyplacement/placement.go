package keyplacement

import (
	"fmt"

	"partitionlab/hashcore"
)

// Keyless is the partition Placement reports for a key that a client does
// not hash at all but sends like a record without a key.
const Keyless = -1

// sendsAsKeyless reports whether client p treats these key bytes like a
// record without a key. librdkafka's default partitioner, consistent_random,
// does so for an empty key: it goes to a random, sticky partition
// (src/rdkafka_msg.c; pinned down in crosscheck/emptykey_test.go).
func sendsAsKeyless(p hashcore.Partitioner, key []byte) bool {
	_, isLibrdkafka := p.(hashcore.Librdkafka)
	return isLibrdkafka && len(key) == 0
}

// Placement is where each key lands for each client, on Partitions and,
// when Compare is not zero, on Compare partitions as well.
type Placement struct {
	Keys       []Key
	Clients    []hashcore.Partitioner
	Partitions int
	// Compare is the second partition count; zero means no comparison.
	Compare int
	// At[c][k] is the partition of key k for client c with Partitions, or
	// Keyless.
	At [][]int
	// AtCompare[c][k] is the same with Compare partitions (nil without).
	AtCompare [][]int
}

// Place computes a Placement. n and compare must already be valid counts
// (compare may be zero); clients must not be empty.
func Place(keys []Key, clients []hashcore.Partitioner, n, compare int) Placement {
	p := Placement{Keys: keys, Clients: clients, Partitions: n, Compare: compare}
	p.At = place(keys, clients, n)
	if compare > 0 {
		p.AtCompare = place(keys, clients, compare)
	}
	return p
}

func place(keys []Key, clients []hashcore.Partitioner, n int) [][]int {
	at := make([][]int, len(clients))
	for c, client := range clients {
		at[c] = make([]int, len(keys))
		for k, key := range keys {
			at[c][k] = Keyless
			if !sendsAsKeyless(client, key.Bytes) {
				at[c][k] = client.Partition(key.Bytes, n)
			}
		}
	}
	return at
}

// Disagree reports whether the clients put key k on different partitions.
func (p Placement) Disagree(k int) bool {
	for c := 1; c < len(p.Clients); c++ {
		if p.At[c][k] != p.At[0][k] {
			return true
		}
	}
	return false
}

// Disagreements counts the keys the clients do not agree on.
func (p Placement) Disagreements() int {
	n := 0
	for k := range p.Keys {
		if p.Disagree(k) {
			n++
		}
	}
	return n
}

// Moved reports whether client c puts key k on another partition once the
// topic has Compare partitions instead of Partitions. A keyless key has no
// partition to move from.
func (p Placement) Moved(c, k int) bool {
	return p.AtCompare != nil && p.At[c][k] != p.AtCompare[c][k]
}

// Hashed counts the keys client c places by hashing (not Keyless).
func (p Placement) Hashed(c int) int {
	n := 0
	for _, part := range p.At[c] {
		if part != Keyless {
			n++
		}
	}
	return n
}

// MovedCount counts the keys that client c moves.
func (p Placement) MovedCount(c int) int {
	n := 0
	for k := range p.Keys {
		if p.Moved(c, k) {
			n++
		}
	}
	return n
}

// KeysPerPartition counts, for client c, how many keys land on each of the
// Partitions partitions; keyless keys have no fixed partition and are left
// out.
func (p Placement) KeysPerPartition(c int) []int {
	counts := make([]int, p.Partitions)
	for _, part := range p.At[c] {
		if part != Keyless {
			counts[part]++
		}
	}
	return counts
}

// Share says how many of total keys moved, e.g. "3 of 8 keys (37.5%)".
func Share(moved, total int) string {
	if total == 0 {
		return "0 of 0 keys"
	}
	noun := "keys"
	if total == 1 {
		noun = "key"
	}
	return fmt.Sprintf("%d of %d %s (%.1f%%)", moved, total, noun, 100*float64(moved)/float64(total))
}
