package sim

import (
	"encoding/json"
	"math"
	"strconv"
)

// UnmarshalJSON reads a series as encoding/json reads it, with the counts
// read by a scanner of its own. A page decodes every result it shows, and
// encoding/json reads each of a series' thousands of counts through
// reflection: in profiled cold starts in the browser, decoding the
// pre-rendered result took 62–110 ms. The scanner takes the shape
// Series marshals to, with any spacing; whatever else it meets (a null, a
// key spelt otherwise, a number that is not a count) it leaves to
// encoding/json, whose result and errors are the reference
// (TestSeriesDecodesAsEncodingJSON).
func (s *Series) UnmarshalJSON(b []byte) error {
	t := *s
	if sc := (seriesScanner{b: b}); sc.series(&t) {
		*s = t
		return nil
	}
	type plain Series // without this method
	return json.Unmarshal(b, (*plain)(s))
}

// seriesScanner reads b from i; each method reports whether what it read
// had the expected shape.
type seriesScanner struct {
	b []byte
	i int
}

// series reads a whole Series object into t (fields absent keep their
// values, as with encoding/json), and nothing after it but space.
func (s *seriesScanner) series(t *Series) bool {
	ok := s.object(func(key string) bool {
		switch key {
		case "bucket_s":
			return s.float(&t.BucketS)
		case "produced":
			return s.rows(&t.Produced)
		case "processed":
			return s.rows(&t.Processed)
		case "lag":
			return s.rows(&t.Lag)
		case "violations":
			v := &t.Violations
			return s.object(func(key string) bool {
				switch key {
				case "order":
					return s.int64s(&v.Order)
				case "customer":
					return s.int64s(&v.Customer)
				case "key":
					return s.int64s(&v.Key)
				}
				return false
			})
		}
		return false
	})
	s.space()
	return ok && s.i == len(s.b)
}

func (s *seriesScanner) space() {
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

// next skips space and reports whether the next byte is c, taking it if so.
func (s *seriesScanner) next(c byte) bool {
	s.space()
	if s.i < len(s.b) && s.b[s.i] == c {
		s.i++
		return true
	}
	return false
}

// object reads {"key": value, ...}, value reading each key's value.
func (s *seriesScanner) object(value func(key string) bool) bool {
	if !s.next('{') {
		return false
	}
	if s.next('}') {
		return true
	}
	for {
		key, ok := s.key()
		if !ok || !s.next(':') || !value(key) {
			return false
		}
		if s.next('}') {
			return true
		}
		if !s.next(',') {
			return false
		}
	}
}

// key reads a string without escapes or control characters.
func (s *seriesScanner) key() (string, bool) {
	if !s.next('"') {
		return "", false
	}
	start := s.i
	for ; s.i < len(s.b); s.i++ {
		switch c := s.b[s.i]; {
		case c == '"':
			s.i++
			return string(s.b[start : s.i-1]), true
		case c == '\\' || c < 0x20:
			return "", false
		}
	}
	return "", false
}

// array reads [item, ...]; an empty one is read as empty, not absent.
func (s *seriesScanner) array(item func() bool) bool {
	if !s.next('[') {
		return false
	}
	if s.next(']') {
		return true
	}
	for {
		if !item() {
			return false
		}
		if s.next(']') {
			return true
		}
		if !s.next(',') {
			return false
		}
	}
}

// rows reads an array of arrays of counts.
func (s *seriesScanner) rows(into *[][]int32) bool {
	rows := [][]int32{}
	ok := s.array(func() bool {
		row := []int32{}
		ok := s.array(func() bool {
			n, ok := s.integer(math.MinInt32, math.MaxInt32)
			row = append(row, int32(n))
			return ok
		})
		rows = append(rows, row)
		return ok
	})
	*into = rows
	return ok
}

// int64s reads an array of counts.
func (s *seriesScanner) int64s(into *[]int64) bool {
	list := []int64{}
	ok := s.array(func() bool {
		n, ok := s.integer(math.MinInt64, math.MaxInt64)
		list = append(list, n)
		return ok
	})
	*into = list
	return ok
}

// integer reads a JSON number written as an integer, within lo..hi.
func (s *seriesScanner) integer(lo, hi int64) (int64, bool) {
	start, ok := s.whole()
	if !ok {
		return 0, false
	}
	if s.i < len(s.b) {
		if c := s.b[s.i]; c == '.' || c == 'e' || c == 'E' {
			return 0, false // a fraction or an exponent: not a count
		}
	}
	n, err := strconv.ParseInt(string(s.b[start:s.i]), 10, 64)
	return n, err == nil && n >= lo && n <= hi
}

// float reads a JSON number as encoding/json reads one into a float64.
func (s *seriesScanner) float(into *float64) bool {
	start, ok := s.whole()
	if !ok {
		return false
	}
	if s.i < len(s.b) && s.b[s.i] == '.' {
		s.i++
		if !s.digits() {
			return false
		}
	}
	if s.i < len(s.b) && (s.b[s.i] == 'e' || s.b[s.i] == 'E') {
		s.i++
		if s.i < len(s.b) && (s.b[s.i] == '+' || s.b[s.i] == '-') {
			s.i++
		}
		if !s.digits() {
			return false
		}
	}
	f, err := strconv.ParseFloat(string(s.b[start:s.i]), 64)
	*into = f
	return err == nil
}

// whole reads, after any space, a number's sign and integer part, and
// returns where the number starts. It reports false for no digit, or a
// leading zero (01), which JSON does not allow.
func (s *seriesScanner) whole() (start int, ok bool) {
	s.space()
	start = s.i
	if s.i < len(s.b) && s.b[s.i] == '-' {
		s.i++
	}
	digits := s.i
	return start, s.digits() && (s.b[digits] != '0' || s.i == digits+1)
}

// digits reads a run of decimal digits and reports whether there was one.
func (s *seriesScanner) digits() bool {
	start := s.i
	for s.i < len(s.b) && s.b[s.i] >= '0' && s.b[s.i] <= '9' {
		s.i++
	}
	return s.i > start
}
