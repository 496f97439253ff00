// Package keyplacement places keys on partitions for the "Key → partition" page and
// the partition command: it turns typed keys into bytes with a serializer,
// asks each client's default partitioner where they go, and summarises the
// result (disagreements between clients, keys per partition, keys that move
// when the partition count changes).
//
// keyplacement is plain Go shared by the command line and the browser. It imports
// hashcore and the standard library only, and must never import go-app,
// gonum/plot or net/http, so it tests natively and under node.
package keyplacement

import (
	"fmt"
	"strconv"
	"strings"

	"partitionlab/hashcore"
)

// MaxPartitions is the largest partition count Partition Lab accepts. Kafka
// sets no hard limit per topic, but the usual guidance is a few thousand
// partitions per broker and a few hundred thousand per cluster, so a single
// topic beyond 100000 partitions is not a design anyone reviews. The bound
// also keeps per-partition tables and charts small enough for a browser tab.
const MaxPartitions = 100000

// Key is one key as the person typed it, with the bytes its serializer sends.
type Key struct {
	// Pos is where the key came from: its line in the page's text box, or its
	// position among the command's arguments, counting from 1.
	Pos int
	// Text is the key exactly as typed.
	Text string
	// Bytes is what the serializer sends and what the partitioner hashes.
	Bytes []byte
}

// KeyError is a key its serializer rejects, for example "abc" as a Long.
type KeyError struct {
	// Where names the position, e.g. "line 3" or "argument 2".
	Where string
	// Pos is the position's number (see Key.Pos) and Text the key as
	// typed, so a page can say what is wrong in its own words.
	Pos  int
	Text string
	Err  error
}

func (e KeyError) Error() string { return e.Where + ": " + e.Err.Error() }

func (e KeyError) Unwrap() error { return e.Err }

// Serialize turns each text into a Key. where names a position for error
// messages ("line", "argument"); positions count from 1. Texts for which skip
// returns true are left out but still counted, so positions match what the
// person sees. Every rejected key is reported, not just the first.
func Serialize(texts []string, s hashcore.Serializer, where string, skip func(string) bool) ([]Key, []KeyError) {
	var keys []Key
	var errs []KeyError
	for i, text := range texts {
		if skip != nil && skip(text) {
			continue
		}
		b, err := s.Serialize(text)
		if err != nil {
			errs = append(errs, KeyError{Where: where + " " + strconv.Itoa(i+1), Pos: i + 1, Text: text, Err: err})
			continue
		}
		keys = append(keys, Key{Pos: i + 1, Text: text, Bytes: b})
	}
	return keys, errs
}

// Lines splits the text of a text box into lines, dropping the "\r" of
// Windows line ends so a pasted key does not silently gain a byte.
func Lines(text string) []string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSuffix(l, "\r")
	}
	return lines
}

// Blank reports whether a line of the text box holds no key. Only truly empty
// lines are skipped; a line of spaces is a key of spaces, as Kafka sees it.
func Blank(line string) bool { return line == "" }

// CheckPartitions validates a partition count; field names it in the error.
func CheckPartitions(field string, n int) error {
	if n < 1 || n > MaxPartitions {
		return fmt.Errorf("%s: %d is not in 1..%d", field, n, MaxPartitions)
	}
	return nil
}

// ParsePartitions reads a partition count typed as decimal text.
func ParsePartitions(field, text string) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(text))
	if err != nil {
		return 0, fmt.Errorf("%s: %q is not a whole number in 1..%d", field, text, MaxPartitions)
	}
	return n, CheckPartitions(field, n)
}
