package lessons

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
)

// item is one value an expression produced and where it was found, so a
// failed check can say which member or partition let it down.
type item struct {
	v  any
	at string
}

// scope is what an expression reads: this step's output as decoded JSON
// (objects, lists, float64 numbers, strings, bools) and the outputs of the
// steps before it.
type scope struct {
	doc     map[string]any
	earlier []map[string]any
}

func (s scope) eval(e expr) ([]item, error) {
	switch e := e.(type) {
	case numberLit:
		return []item{{v: e.v}}, nil
	case negation:
		x, err := s.number(e.x)
		return []item{{v: -x}}, err
	case binaryOp:
		return s.arithmetic(e)
	case call:
		return s.call(e)
	case pathExpr:
		return s.path(e)
	}
	return nil, fmt.Errorf("unknown expression %T", e)
}

// number evaluates an expression that must give exactly one number.
func (s scope) number(e expr) (float64, error) {
	items, err := s.eval(e)
	if err != nil {
		return 0, err
	}
	if len(items) != 1 {
		return 0, fmt.Errorf("%s gives %d values where one number is needed", e, len(items))
	}
	f, ok := items[0].v.(float64)
	if !ok {
		return 0, fmt.Errorf("%s is %s, not a number", describeAt(e, items[0]), show(items[0].v))
	}
	return f, nil
}

func (s scope) arithmetic(e binaryOp) ([]item, error) {
	l, err := s.number(e.l)
	if err != nil {
		return nil, err
	}
	r, err := s.number(e.r)
	if err != nil {
		return nil, err
	}
	var v float64
	switch e.op {
	case '+':
		v = l + r
	case '-':
		v = l - r
	case '*':
		v = l * r
	case '/':
		if r == 0 {
			return nil, fmt.Errorf("%s divides by zero", e)
		}
		v = l / r
	}
	return []item{{v: v}}, nil
}

func (s scope) call(e call) ([]item, error) {
	items, err := s.eval(e.arg)
	if err != nil {
		return nil, err
	}
	switch e.fn {
	case "len":
		out := make([]item, len(items))
		for i, it := range items {
			switch v := it.v.(type) {
			case []any:
				out[i] = item{float64(len(v)), it.at}
			case map[string]any:
				out[i] = item{float64(len(v)), it.at}
			case string:
				out[i] = item{float64(len([]rune(v))), it.at}
			default:
				return nil, fmt.Errorf("len(%s): %s has no length", e.arg, describeAt(e.arg, it))
			}
		}
		return out, nil
	case "sum", "min", "max":
		return reduce(e, items)
	}
	out := make([]item, len(items))
	for i, it := range items {
		f, ok := it.v.(float64)
		if !ok {
			return nil, fmt.Errorf("%s(%s): %s is not a number", e.fn, e.arg, describeAt(e.arg, it))
		}
		out[i] = item{map[string]func(float64) float64{"abs": math.Abs, "ceil": math.Ceil, "floor": math.Floor}[e.fn](f), it.at}
	}
	return out, nil
}

// reduce folds numbers into one: the values a wildcard gave, or the items
// of one list (sum(series.lag.3)).
func reduce(e call, items []item) ([]item, error) {
	if len(items) == 1 {
		if list, ok := items[0].v.([]any); ok {
			items = make([]item, len(list))
			for i, v := range list {
				items[i] = item{v: v}
			}
		}
	}
	if len(items) == 0 && e.fn != "sum" {
		return nil, fmt.Errorf("%s: there is nothing to take the %s of", e, e.fn)
	}
	acc := 0.0
	for i, it := range items {
		f, ok := it.v.(float64)
		if !ok {
			return nil, fmt.Errorf("%s: %s is not a number", e, show(it.v))
		}
		switch {
		case e.fn == "sum":
			acc += f
		case i == 0:
			acc = f
		case e.fn == "min":
			acc = min(acc, f)
		default:
			acc = max(acc, f)
		}
	}
	return []item{{v: acc}}, nil
}

func (s scope) path(e pathExpr) ([]item, error) {
	var cur []item
	if n, ok := stepRef(e.root); ok {
		if n > len(s.earlier) {
			return nil, fmt.Errorf("%s: only steps 1..%d come before this one", e.root, len(s.earlier))
		}
		if s.earlier[n-1] == nil {
			return nil, fmt.Errorf("%s: step %d has not been run", e.root, n)
		}
		cur = []item{{s.earlier[n-1], e.root}}
	} else {
		v, ok := s.doc[e.root]
		if !ok {
			return nil, fmt.Errorf("%s: there is no field %q at the top level", e, e.root)
		}
		cur = []item{{v, e.root}}
	}
	for _, seg := range e.segs {
		var next []item
		for _, it := range cur {
			got, err := s.step(it, seg)
			if err != nil {
				return nil, err
			}
			next = append(next, got...)
		}
		cur = next
	}
	return cur, nil
}

// step applies one path segment to one value.
func (s scope) step(it item, seg segment) ([]item, error) {
	key, idx, isIdx := seg.name, seg.index, seg.isIdx
	if seg.inner != nil {
		items, err := s.eval(seg.inner)
		if err != nil {
			return nil, err
		}
		if len(items) != 1 {
			return nil, fmt.Errorf("[%s] gives %d values, want one", seg.inner, len(items))
		}
		switch v := items[0].v.(type) {
		case float64:
			if v != math.Trunc(v) {
				return nil, fmt.Errorf("[%s] is %s, not a whole number", seg.inner, show(v))
			}
			idx, isIdx, key = int(v), true, strconv.Itoa(int(v))
		case string:
			key = v
		default:
			return nil, fmt.Errorf("[%s] is %s, neither an index nor a name", seg.inner, show(v))
		}
	}
	switch v := it.v.(type) {
	case []any:
		if seg.wild {
			out := make([]item, len(v))
			for i, x := range v {
				out[i] = item{x, it.at + "." + strconv.Itoa(i)}
			}
			return out, nil
		}
		if !isIdx {
			return nil, fmt.Errorf("%s is a list: pick an item by number, not %q", it.at, key)
		}
		i := idx
		if i < 0 {
			i += len(v)
		}
		if i < 0 || i >= len(v) {
			return nil, fmt.Errorf("%s has %d items; there is no item %d", it.at, len(v), idx)
		}
		return []item{{v[i], it.at + "." + strconv.Itoa(i)}}, nil
	case map[string]any:
		if seg.wild {
			keys := slices.Sorted(maps.Keys(v))
			out := make([]item, len(keys))
			for i, k := range keys {
				out[i] = item{v[k], it.at + "." + k}
			}
			return out, nil
		}
		if isIdx && seg.inner == nil {
			key = strconv.Itoa(idx)
		}
		x, ok := v[key]
		if !ok {
			return nil, fmt.Errorf("%s has no field %q", it.at, key)
		}
		return []item{{x, it.at + "." + key}}, nil
	}
	return nil, fmt.Errorf("%s is %s: nothing inside it to pick", it.at, show(it.v))
}

// stepRef reads "step2" as 2.
func stepRef(name string) (int, bool) {
	rest, ok := strings.CutPrefix(name, "step")
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(rest)
	return n, err == nil && n >= 1 && rest[0] != '0'
}

func describeAt(e expr, it item) string {
	if it.at != "" && it.at != e.String() {
		return e.String() + " (" + it.at + ")"
	}
	return e.String()
}

// show writes a value as a person reads it: numbers without trailing zeros,
// lists and objects as compact JSON.
func show(v any) string {
	switch v := v.(type) {
	case float64:
		// Ten significant digits hide float noise (0.9 × 10340 reads 9306).
		if s := strconv.FormatFloat(v, 'g', 10, 64); !strings.Contains(s, "e") {
			return s
		}
		return strconv.FormatFloat(v, 'f', -1, 64)
	case string:
		return strconv.Quote(v)
	case nil:
		return "null"
	case bool:
		return strconv.FormatBool(v)
	case []any:
		parts := make([]string, len(v))
		for i, x := range v {
			parts[i] = show(x)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case map[string]any:
		keys := slices.Sorted(maps.Keys(v))
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = strconv.Quote(k) + ": " + show(v[k])
		}
		return "{" + strings.Join(parts, ", ") + "}"
	}
	return fmt.Sprint(v)
}
