package crosscheck

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
)

// keySeed fixes the generated keys, so a failure reproduces on every run.
const keySeed = 20241025

// maxKeyLen is the longest generated key; every murmur2 tail length (0..3)
// and every block count up to 75 shows up below it.
const maxKeyLen = 300

// keysPerKind is how many keys each family below contributes.
const keysPerKind = 1000

// generatedKey is a key's bytes plus the family it came from, so a failure
// says what sort of key broke.
type generatedKey struct {
	kind  string
	bytes []byte
}

// generatedKeys returns the same few thousand keys on every call: the empty
// key, ASCII and non-ASCII UTF-8 strings, random bytes, decimal strings and
// the bytes of Kafka's LongSerializer and IntegerSerializer. Every key is
// non-nil: a nil key means "no key" to every client, which is tested apart.
func generatedKeys() []generatedKey {
	r := rand.New(rand.NewPCG(keySeed, 1))
	keys := []generatedKey{{"empty", []byte{}}}
	for range keysPerKind {
		keys = append(keys,
			generatedKey{"ascii", asciiKey(r, r.IntN(maxKeyLen+1))},
			generatedKey{"utf8", []byte(utf8Key(r, r.IntN(maxKeyLen/4+1)))},
			generatedKey{"bytes", randomBytes(r, r.IntN(maxKeyLen+1))},
			generatedKey{"numeric", []byte(strconv.FormatInt(randomInt64(r), 10))},
			generatedKey{"long", binary.BigEndian.AppendUint64([]byte{}, uint64(randomInt64(r)))},
			generatedKey{"int", binary.BigEndian.AppendUint32([]byte{}, uint32(randomInt64(r)))},
		)
	}
	return keys
}

func asciiKey(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(' ' + r.IntN('~'-' '+1))
	}
	return b
}

func randomBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// utf8Key mixes 1-, 2-, 3- and 4-byte UTF-8 characters; the 4-byte ones are
// the characters Java stores as two UTF-16 surrogates.
func utf8Key(r *rand.Rand, runes int) string {
	s := make([]rune, runes)
	for i := range s {
		switch r.IntN(4) {
		case 0:
			s[i] = rune(' ' + r.IntN('~'-' '+1))
		case 1:
			s[i] = rune(0x80 + r.IntN(0x800-0x80))
		case 2:
			s[i] = randomBMPRune(r)
		default:
			s[i] = rune(0x10000 + r.IntN(0x110000-0x10000))
		}
	}
	return string(s)
}

// randomBMPRune avoids U+D800..U+DFFF: those are surrogates, not characters,
// and Go would turn them into U+FFFD.
func randomBMPRune(r *rand.Rand) rune {
	for {
		c := rune(0x800 + r.IntN(0x10000-0x800))
		if c < 0xD800 || c > 0xDFFF {
			return c
		}
	}
}

// randomInt64 spreads values over every magnitude, so short and long decimal
// strings, small and negative numbers all appear, plus the extremes.
func randomInt64(r *rand.Rand) int64 {
	switch r.IntN(8) {
	case 0:
		return []int64{0, -1, 1, math.MinInt64, math.MaxInt64, math.MinInt32, math.MaxInt32}[r.IntN(7)]
	case 1:
		return int64(r.IntN(1000))
	default:
		return int64(r.Uint64()) >> r.IntN(64)
	}
}

// partitionCounts are the topic sizes the i-th key is checked at: small
// ones, primes and powers of two up to 1000, two huge ones that expose almost
// every bit of the hash, and 1 + i%1000, so that across the keys every count
// from 1 to 1000 is covered.
func partitionCounts(i int) []int {
	return []int{
		1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13, 16, 24, 31, 32, 64, 97, 100, 127, 128,
		251, 256, 500, 509, 512, 997, 1000, 1 << 20, math.MaxInt32, 1 + i%1000,
	}
}

// partitionFunc is one library's answer: the partition for key bytes on a
// topic with n partitions.
type partitionFunc func(key []byte, n int) int

// clientReference is a real client library's partitioner that ours must
// agree with. maxPartitions bounds n for libraries that take a list of
// partition ids rather than a count.
type clientReference struct {
	name          string
	partition     partitionFunc
	maxPartitions int
}

// maxReportedMismatches stops a broken partitioner from flooding the log.
const maxReportedMismatches = 20

// checkAgreement asks ours and every reference for every key at every
// partition count and reports each disagreement with the key in hex.
func checkAgreement(t *testing.T, ours partitionFunc, refs []clientReference, keys []generatedKey) {
	t.Helper()
	mismatches, checks := 0, 0
	for i, k := range keys {
		for _, n := range partitionCounts(i) {
			want := ours(k.bytes, n)
			if want < 0 || want >= n {
				t.Fatalf("ours put %s key %x on p%d of %d", k.kind, k.bytes, want, n)
			}
			for _, ref := range refs {
				if ref.maxPartitions > 0 && n > ref.maxPartitions {
					continue
				}
				checks++
				if got := ref.partition(k.bytes, n); got != want {
					t.Errorf("%s key %x (len %d), %d partitions: %s says p%d, ours p%d",
						k.kind, k.bytes, len(k.bytes), n, ref.name, got, want)
					if mismatches++; mismatches >= maxReportedMismatches {
						t.Fatalf("stopping after %d mismatches", mismatches)
					}
				}
			}
		}
	}
	if checks < len(keys)*len(refs) {
		t.Fatalf("only %d comparisons ran for %d keys and %d references", checks, len(keys), len(refs))
	}
	t.Logf("%d keys, %d comparisons", len(keys), checks)
}

// partitionIDs is the list 0..n-1 that kafka-go's balancers take in place of
// a partition count.
func partitionIDs(n int) []int {
	ids := make([]int, n)
	for i := range ids {
		ids[i] = i
	}
	return ids
}
