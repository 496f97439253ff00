// Package keydist reads a team's own key distribution, to stand for the
// customers of a scenario (scenario.KeyDistribution): a CSV of key,count (with
// or without a header) or a sample of keys, one per line, which it counts.
// The hottest keys stay named; beyond MaxNamed the rest become the tail.
//
// keydist imports scenario only (and the standard library); the command line's
// "import keys", the app's import and the Key → partition page share it.
package keydist

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"partitionlab/sim/scenario"
)

// MaxNamed is how many of the hottest keys stay named; the others become
// the tail, which keeps a scenario (and its link) small.
const MaxNamed = 2000

// Format is how the text was read.
type Format string

// Formats.
const (
	CSV    Format = "csv"    // key,count per line
	Sample Format = "sample" // one key per line, counted
)

// LineError is a line that cannot be read: Message in English, Err what
// is wrong (a *CSVError, *DuplicateError or *UTF8Error, or the reader's
// error), for a page to say in its own words.
type LineError struct {
	Line    int
	Message string
	Err     error
}

func (e LineError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Message) }

func (e LineError) Unwrap() error { return e.Err }

// DuplicateError is a key,count line whose key an earlier line (Line)
// already counted.
type DuplicateError struct {
	Key  string
	Line int
}

func (e *DuplicateError) Error() string {
	return fmt.Sprintf("key %q is already on line %d", e.Key, e.Line)
}

// UTF8Error is a key that is not valid UTF-8.
type UTF8Error struct{ Key string }

func (e *UTF8Error) Error() string {
	return fmt.Sprintf("key %q is not valid UTF-8: only text keys can be imported", e.Key)
}

// MoreErrors ends a list of bad lines cut at ten: N more were not listed.
type MoreErrors struct{ N int }

func (e MoreErrors) Error() string {
	if e.N == 1 {
		return "… and 1 more bad line"
	}
	return fmt.Sprintf("… and %d more bad lines", e.N)
}

// ErrNoKeys is a text without a single key.
var ErrNoKeys = errors.New("no keys: give key,count lines or one key per line")

// maxErrors is how many bad lines an error lists.
const maxErrors = 10

// Result is what was read: the distribution, the format and the counts
// behind it, for a person to check.
type Result struct {
	Distribution scenario.KeyDistribution
	Format       Format
	// Lines is the number of keys read (data lines).
	Lines int
	// Records is the sum of all counts.
	Records int64
}

// Summary is what was read, in words: "3 keys (csv), 6000 records: 3
// named, 0 in the tail". Keys are distinct keys: a sample of 5 lines
// naming 3 keys reads "3 keys (sample), 5 records".
func (r Result) Summary() string {
	d := r.Distribution
	return fmt.Sprintf("%s (%s), %s: %d named, %d in the tail", plural(int64(d.Customers()), "key"), r.Format, plural(r.Records, "record"), len(d.Keys), d.TailKeys)
}

// plural is n things: "1 key", "3 keys".
func plural(n int64, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return strconv.FormatInt(n, 10) + " " + thing + "s"
}

// Parse reads a key distribution. Every bad line is refused with its line
// number (the error lists up to ten); nothing is half-read.
func Parse(r io.Reader) (Result, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	var (
		res    Result
		errs   []error
		counts = map[string]int64{}
		order  []string
		first  = map[string]int{}
		n      int
	)
	for sc.Scan() {
		n++
		line := strings.TrimSuffix(sc.Text(), "\r")
		if n == 1 {
			line = strings.TrimPrefix(line, "\uFEFF") // a spreadsheet's byte-order mark
		}
		if strings.TrimSpace(line) == "" {
			continue
		}
		if res.Format == "" {
			res.Format = formatOf(line)
			if res.Format == CSV && isHeader(line) {
				continue
			}
		}
		key, count, err := readLine(line, res.Format)
		if err == nil && !utf8.ValidString(key) {
			// A scenario's keys are JSON text: invalid bytes would turn
			// into U+FFFD and hash to another partition, silently.
			err = &UTF8Error{key}
		}
		if err != nil {
			errs = append(errs, LineError{n, err.Error(), err})
			continue
		}
		if res.Format == CSV {
			if j, dup := first[key]; dup {
				dup := &DuplicateError{key, j}
				errs = append(errs, LineError{n, dup.Error(), dup})
				continue
			}
			first[key] = n
		}
		if _, ok := counts[key]; !ok {
			order = append(order, key)
		}
		counts[key] += count
		res.Lines++
		res.Records += count
	}
	if err := sc.Err(); err != nil {
		return Result{}, LineError{n + 1, err.Error(), err}
	}
	if len(errs) > 0 {
		if len(errs) > maxErrors {
			errs = append(errs[:maxErrors], MoreErrors{len(errs) - maxErrors})
		}
		return Result{}, errors.Join(errs...)
	}
	if len(order) == 0 {
		return Result{}, ErrNoKeys
	}
	res.Distribution = distribution(order, counts)
	return res, nil
}

// formatOf says a line is CSV when it ends in a comma and a whole
// number (or is a header such as key,count), a sampled key otherwise.
func formatOf(line string) Format {
	i := strings.LastIndexByte(line, ',')
	if i < 0 {
		return Sample
	}
	if _, err := strconv.ParseInt(strings.TrimSpace(line[i+1:]), 10, 64); err == nil || isHeader(line) {
		return CSV
	}
	return Sample
}

// IsHeader says a line is a CSV header such as key,count.
func IsHeader(line string) bool { return isHeader(line) }

func isHeader(line string) bool {
	i := strings.LastIndexByte(line, ',')
	return i >= 0 && strings.EqualFold(strings.Trim(strings.TrimSpace(line[i+1:]), `"`), "count")
}

// readLine reads one data line: key,count (see CSVLine), or a sampled
// key as it is.
func readLine(line string, f Format) (string, int64, error) {
	if f == Sample {
		return line, 1, nil
	}
	return CSVLine(line)
}

// CSVError is a line CSVLine cannot read: what is wrong (Kind) and the
// text it concerns, so a page can say it in its own words.
type CSVError struct {
	Kind CSVProblem
	// Text is the line (NotKeyCount), the count (BadCount) or the quoted
	// key (LoneQuote).
	Text string
}

// CSVProblem names what is wrong with a key,count line.
type CSVProblem string

// The problems of a key,count line.
const (
	NotKeyCount CSVProblem = "not-key-count"
	BadCount    CSVProblem = "bad-count"
	LoneQuote   CSVProblem = "lone-quote"
	EmptyKey    CSVProblem = "empty-key"
)

func (e *CSVError) Error() string {
	switch e.Kind {
	case NotKeyCount:
		return fmt.Sprintf("%q is not key,count", e.Text)
	case BadCount:
		return fmt.Sprintf("count %q is not a whole number from 1 to %d", e.Text, int64(1<<63-1))
	case LoneQuote:
		return fmt.Sprintf("key %s has a lone quote inside its quotes (write \"\" for a quote)", e.Text)
	}
	return "the key is empty"
}

// CSVLine reads one key,count line; the key may be quoted as in CSV
// ("a,b" or "say ""hi""").
func CSVLine(line string) (string, int64, error) {
	i := strings.LastIndexByte(line, ',')
	if i < 0 {
		return "", 0, &CSVError{NotKeyCount, line}
	}
	key, num := line[:i], strings.TrimSpace(line[i+1:])
	count, err := strconv.ParseInt(num, 10, 64)
	if err != nil || count < 1 {
		return "", 0, &CSVError{BadCount, num}
	}
	if len(key) >= 2 && key[0] == '"' && key[len(key)-1] == '"' {
		inner := key[1 : len(key)-1]
		if strings.Count(inner, `"`) != 2*strings.Count(inner, `""`) {
			return "", 0, &CSVError{LoneQuote, key}
		}
		key = strings.ReplaceAll(inner, `""`, `"`)
	}
	if key == "" {
		return "", 0, &CSVError{EmptyKey, ""}
	}
	return key, count, nil
}

// distribution keeps the MaxNamed hottest keys named (ties in the order
// first seen) and puts the rest in the tail.
func distribution(order []string, counts map[string]int64) scenario.KeyDistribution {
	slices.SortStableFunc(order, func(a, b string) int {
		switch ca, cb := counts[a], counts[b]; {
		case ca > cb:
			return -1
		case ca < cb:
			return 1
		}
		return 0
	})
	var d scenario.KeyDistribution
	for i, k := range order {
		if i < MaxNamed {
			d.Keys = append(d.Keys, scenario.KeyCount{Key: k, Count: counts[k]})
			continue
		}
		d.TailKeys++
		d.TailCount += counts[k]
	}
	return d
}

// Apply makes sc's customers the distribution's keys: the count of
// customers follows the keys and the skew is the keys' own. It returns
// what else it had to change, for the person to read.
func Apply(sc *scenario.Scenario, d scenario.KeyDistribution) []string {
	var notes []string
	w := &sc.Workload
	w.KeyDistribution = &d
	if w.Customers != d.Customers() {
		notes = append(notes, fmt.Sprintf("workload.customers: %d → %d, the keys", w.Customers, d.Customers()))
		w.Customers = d.Customers()
	}
	if w.CustomerSkew.Kind != "uniform" {
		notes = append(notes, fmt.Sprintf("workload.customer_skew: %s → uniform, the counts set the skew", w.CustomerSkew.Kind))
	}
	w.CustomerSkew = scenario.Skew{Kind: "uniform"}
	for i := range sc.Producers {
		p := &sc.Producers[i]
		if p.Serializer == "long" && (p.Key == scenario.KeyCustomerID || p.Key == scenario.KeySaltedCustomerID) {
			notes = append(notes, fmt.Sprintf("producers[%d].serializer: long → string, the keys are strings", i))
			p.Serializer = "string"
		}
	}
	return notes
}

// FromCounts is the distribution of counted keys, as a sample of a topic
// gives them: the hottest named, ties in key order, the rest the tail.
func FromCounts(counts map[string]int64) scenario.KeyDistribution {
	order := make([]string, 0, len(counts))
	for k := range counts {
		order = append(order, k)
	}
	slices.Sort(order)
	return distribution(order, counts)
}
