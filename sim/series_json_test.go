package sim

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"
)

// plainSeries is Series without its UnmarshalJSON: encoding/json's reading,
// the reference.
type plainSeries Series

// decodeBoth reads b into copies of start, with Series' own reading and
// with encoding/json's, and fails t where they differ.
func decodeBoth(t *testing.T, start Series, b string) {
	t.Helper()
	got, want := start, plainSeries(start)
	gotErr := json.Unmarshal([]byte(b), &got)
	wantErr := json.Unmarshal([]byte(b), &want)
	if (gotErr == nil) != (wantErr == nil) {
		t.Errorf("%.120s: error %v, encoding/json's %v", b, gotErr, wantErr)
		return
	}
	if gotErr == nil && !reflect.DeepEqual(got, Series(want)) {
		t.Errorf("%.120s:\nread          %+v\nencoding/json %+v", b, got, Series(want))
	}
}

// randomSeries is a series of up to 5 partitions and 6 buckets, some
// counts at int32's ends.
func randomSeries(r *rand.Rand) Series {
	count := func() int32 {
		switch r.IntN(8) {
		case 0:
			return 1<<31 - 1
		case 1:
			return -1 << 31
		case 2:
			return 0
		}
		return r.Int32N(100_000)
	}
	rows := func() [][]int32 {
		out := make([][]int32, r.IntN(5))
		for p := range out {
			out[p] = make([]int32, r.IntN(6))
			for b := range out[p] {
				out[p][b] = count()
			}
		}
		return out
	}
	counts := func() []int64 {
		out := make([]int64, r.IntN(6))
		for b := range out {
			out[b] = r.Int64() - r.Int64()
		}
		return out
	}
	return Series{BucketS: r.Float64() * 1e3, Produced: rows(), Processed: rows(), Lag: rows(),
		Violations: ScopeSeries{Order: counts(), Customer: counts(), Key: counts()}}
}

// Series reads what it marshals to, and everything else, exactly as
// encoding/json does: the same values, into a series already holding some
// (absent fields keep theirs), and an error where encoding/json gives one.
func TestSeriesDecodesAsEncodingJSON(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 500 {
		s := randomSeries(r)
		compact, _ := json.Marshal(s)
		indented, _ := json.MarshalIndent(s, " ", "\t")
		decodeBoth(t, Series{}, string(compact))
		decodeBoth(t, randomSeries(r), string(indented))
	}
	held := randomSeries(r)
	for _, b := range []string{
		`{}`, ` { } `, `{"bucket_s": 2}`, `{"lag": []}`, `{"lag": [[]]}`, `{"lag": [[1],[2, 3]]}`,
		`{"violations": {}}`, `{"violations": {"key": [1, -2]}}`, `{"bucket_s": 1.5e-3, "bucket_s": 2E+2}`,
		`{"lag": [[1]], "lag": [[2]]}`, `{"bucket_s": -0}`, `{"lag": [[-0]]}`,
		// Left to encoding/json:
		`null`, `{"lag": null}`, `{"lag": [null]}`, `{"Lag": [[1]]}`, `{"LAG": [[1]]}`, `{"l\u0061g": [[1]]}`,
		`{"lag": [[1.5]]}`, `{"lag": [[1e3]]}`, `{"lag": [[2147483648]]}`, `{"lag": [[-2147483649]]}`,
		`{"violations": {"key": [9223372036854775808]}}`, `{"violations": {"Key": [1]}}`, `{"violations": null}`,
		`{"other": 1}`, `{"other": [1, {"a": "b"}]}`, `{"bucket_s": "1"}`, `{"bucket_s": 01}`, `{"lag": [[01]]}`,
		`{"bucket_s": 1.}`, `{"bucket_s": .5}`, `{"bucket_s": 1e}`, `{"bucket_s": -}`, `{"bucket_s": 1e400}`,
		`{"lag": [[1,]]}`, `{"lag": [[1] [2]]}`, `{"lag": [[1]]} x`, `{"lag": [[1]]`, `{"lag" [[1]]}`, `[]`, ``,
		`{"lag": [[1]],}`, `{"lag": [["1"]]}`, `{"lag": [[true]]}`, "{\"la\tg\": [[1]]}",
	} {
		decodeBoth(t, Series{}, b)
		decodeBoth(t, held, b)
	}
}

// A run's series, as the engine's worker and the pre-rendered page send
// them, is read by the scanner, not handed to encoding/json.
func TestRunSeriesReadWithoutEncodingJSON(t *testing.T) {
	for _, name := range []string{"order-events", "hot-customer", "retry-topic"} {
		r := runPreset(t, name)
		for _, indent := range []bool{false, true} {
			var b []byte
			if indent {
				b, _ = json.MarshalIndent(r.Series, "", "  ")
			} else {
				b, _ = json.Marshal(r.Series)
			}
			var s Series
			if sc := (seriesScanner{b: b}); !sc.series(&s) {
				t.Errorf("%s: the series is handed to encoding/json: %.200s", name, b)
			}
			if !reflect.DeepEqual(s, r.Series) {
				t.Errorf("%s: series read back differs", name)
			}
		}
	}
}
