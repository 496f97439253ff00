package cli

import (
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"partitionlab/app/keyplacement"
	"partitionlab/hashcore"
)

func partitionCommand() command {
	return command{
		name: "partition",
		synopsis: "[--partitions N] [--client " + strings.Join(hashcore.ClientNames(), "|") +
			"] [--serializer string|long|int|hex] [--compare M] [--] KEY...",
		summary: `print the partition of each key: "KEY -> partition P"`,
		run:     runPartition,
	}
}

func runPartition(fs *flag.FlagSet, args []string, stdout, _ io.Writer) error {
	n64 := int64Flag(fs, "partitions", 6, 1, keyplacement.MaxPartitions, fmt.Sprintf("the topic has `N` partitions, 1..%d", keyplacement.MaxPartitions))
	clientName := fs.String("client", "java", "whose default partitioner: "+strings.Join(hashcore.ClientNames(), ", "))
	serializerName := fs.String("serializer", "string", "how a key becomes bytes: string (UTF-8), long, int (big-endian) or hex")
	compare64 := int64Flag(fs, "compare", 0, 1, keyplacement.MaxPartitions, "also show where each key goes with `M` partitions (1..100000), and the share of keys that move")
	texts, err := parseFlags(fs, args, stdout)
	if err != nil {
		return err
	}
	n, compare := int(*n64), int(*compare64) // in range: the flags refuse any other value

	// Check everything before printing anything, so a failed run writes
	// nothing on stdout and reports every problem at once.
	var problems []string
	check := func(err error) {
		if err != nil {
			problems = append(problems, err.Error())
		}
	}
	client, err := hashcore.PartitionerByName(*clientName)
	check(prefixed("--client", err))
	serializer, err := hashcore.ParseSerializer(*serializerName)
	check(prefixed("--serializer", err))
	if len(texts) == 0 {
		problems = append(problems, "no keys given")
	}
	if len(problems) > 0 {
		return usageError{problems: problems}
	}
	keys, keyErrs := keyplacement.Serialize(texts, serializer, "argument", nil)
	for _, e := range keyErrs {
		problems = append(problems, e.Error())
	}
	if len(problems) > 0 {
		return usageError{problems: problems}
	}

	p := keyplacement.Place(keys, []hashcore.Partitioner{client}, n, compare)
	var out strings.Builder
	for k, key := range p.Keys {
		if p.At[0][k] == keyplacement.Keyless {
			fmt.Fprintf(&out, "%s -> no fixed partition: %s sends an empty key like a record without a key (random, sticky)\n",
				displayKey(key.Text), client.Name())
			continue
		}
		fmt.Fprintf(&out, "%s -> partition %d", displayKey(key.Text), p.At[0][k])
		if p.Compare > 0 {
			verdict := "stays"
			if p.Moved(0, k) {
				verdict = "moved"
			}
			fmt.Fprintf(&out, ", with %d partitions -> partition %d (%s)", p.Compare, p.AtCompare[0][k], verdict)
		}
		out.WriteByte('\n')
	}
	if p.Compare > 0 {
		fmt.Fprintf(&out, "%s: %s move from %d to %d partitions\n",
			client.Name(), keyplacement.Share(p.MovedCount(0), p.Hashed(0)), p.Partitions, p.Compare)
	}
	_, err = io.WriteString(stdout, out.String())
	return err
}

func prefixed(field string, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("%s: %w", field, err)
}

// displayKey prints a key as typed, unless that would be ambiguous on a
// line of output: an empty key, one with leading or trailing spaces, control
// characters, invalid UTF-8 or a leading quote is printed Go-quoted
// ("", " a", "a\tb").
func displayKey(s string) string {
	if s == "" || strings.TrimSpace(s) != s || strings.HasPrefix(s, `"`) || !utf8.ValidString(s) ||
		strings.IndexFunc(s, func(r rune) bool { return !unicode.IsPrint(r) && r != ' ' }) >= 0 {
		return strconv.Quote(s)
	}
	return s
}
