package lessons

import (
	"fmt"
	"reflect"
	"strings"
)

// A check is typed before anything runs: its paths are walked over the Go
// type of the step's output (sim.Result for a simulation, KeyTable, ...), so
// a misspelt field or a comparison of a list with a number is a loading
// error naming the file and the check, not a test that silently fails.

// typ is what an expression gives: a Go type (nil when the schema cannot
// tell, e.g. inside an interface) and whether a wildcard made it many values.
type typ struct {
	t    reflect.Type
	many bool
}

var numberType = reflect.TypeFor[float64]()

// schema is the output type of the step a check belongs to and of the
// steps before it (step1 is earlier[0]).
type schema struct {
	root    reflect.Type
	earlier []reflect.Type
}

func (sc schema) typeOf(e expr) (typ, error) {
	switch e := e.(type) {
	case numberLit:
		return typ{t: numberType}, nil
	case negation:
		return typ{t: numberType}, sc.singleNumber(e.x)
	case binaryOp:
		if err := sc.singleNumber(e.l); err != nil {
			return typ{}, err
		}
		return typ{t: numberType}, sc.singleNumber(e.r)
	case call:
		return sc.callType(e)
	case pathExpr:
		return sc.pathType(e)
	}
	return typ{}, fmt.Errorf("unknown expression %T", e)
}

func (sc schema) singleNumber(e expr) error {
	t, err := sc.typeOf(e)
	if err != nil {
		return err
	}
	if t.many {
		return fmt.Errorf("%s gives many values (it has a *) where one number is needed: wrap it in sum, min or max", e)
	}
	if !isNumeric(t.t) {
		return fmt.Errorf("%s is %s, not a number", e, kindName(t.t))
	}
	return nil
}

func (sc schema) callType(e call) (typ, error) {
	arg, err := sc.typeOf(e.arg)
	if err != nil {
		return typ{}, err
	}
	switch e.fn {
	case "len":
		switch kindOf(arg.t) {
		case reflect.Slice, reflect.Array, reflect.Map, reflect.String, reflect.Invalid, reflect.Interface:
			return typ{t: numberType, many: arg.many}, nil
		}
		return typ{}, fmt.Errorf("len(%s): %s has no length", e.arg, kindName(arg.t))
	case "sum", "min", "max":
		elem := arg.t
		if !arg.many {
			if k := kindOf(arg.t); k != reflect.Slice && k != reflect.Array && k != reflect.Invalid && k != reflect.Interface {
				return typ{}, fmt.Errorf("%s(%s): want a list or a path with *, not %s", e.fn, e.arg, kindName(arg.t))
			}
			if arg.t != nil && kindOf(arg.t) != reflect.Interface {
				elem = deref(arg.t).Elem()
			}
		}
		if !isNumeric(elem) {
			return typ{}, fmt.Errorf("%s(%s): the values are %s, not numbers", e.fn, e.arg, kindName(elem))
		}
		return typ{t: numberType}, nil
	}
	if !isNumeric(arg.t) {
		return typ{}, fmt.Errorf("%s(%s): %s is not a number", e.fn, e.arg, kindName(arg.t))
	}
	return typ{t: numberType, many: arg.many}, nil
}

func (sc schema) pathType(e pathExpr) (typ, error) {
	var cur typ
	if n, ok := stepRef(e.root); ok {
		if n > len(sc.earlier) {
			return typ{}, fmt.Errorf("%s: only steps 1..%d come before this one", e, len(sc.earlier))
		}
		cur.t = sc.earlier[n-1]
	} else {
		f, ok := jsonFields(sc.root)[e.root]
		if !ok {
			return typ{}, fmt.Errorf("%s: the output has no field %q (it has %s)", e, e.root, fieldList(sc.root))
		}
		cur.t = f
	}
	at := e.root
	for _, seg := range e.segs {
		next, err := sc.segmentType(cur, seg, at)
		if err != nil {
			return typ{}, fmt.Errorf("%s: %w", e, err)
		}
		cur = next
		at = pathExpr{root: at, segs: []segment{seg}}.String()
	}
	return cur, nil
}

func (sc schema) segmentType(cur typ, seg segment, at string) (typ, error) {
	if seg.inner != nil {
		inner, err := sc.typeOf(seg.inner)
		if err != nil {
			return typ{}, err
		}
		if inner.many {
			return typ{}, fmt.Errorf("[%s] gives many values, want one", seg.inner)
		}
		if k := kindOf(inner.t); !isNumeric(inner.t) && k != reflect.String && k != reflect.Invalid && k != reflect.Interface {
			return typ{}, fmt.Errorf("[%s] is %s, neither an index nor a name", seg.inner, kindName(inner.t))
		}
	}
	if cur.t == nil || kindOf(cur.t) == reflect.Interface {
		return typ{many: cur.many || seg.wild}, nil
	}
	t := deref(cur.t)
	switch t.Kind() {
	case reflect.Slice, reflect.Array:
		if !seg.isIdx && !seg.wild && seg.inner == nil {
			return typ{}, fmt.Errorf("%s is a list: pick an item by number (%s.0) or all of them (%s.*), not %q", at, at, at, seg.name)
		}
		return typ{t: t.Elem(), many: cur.many || seg.wild}, nil
	case reflect.Map:
		return typ{t: t.Elem(), many: cur.many || seg.wild}, nil
	case reflect.Struct:
		if seg.isIdx || seg.wild || seg.inner != nil {
			return typ{}, fmt.Errorf("%s is an object: pick a field by name (%s)", at, fieldList(t))
		}
		f, ok := jsonFields(t)[seg.name]
		if !ok {
			return typ{}, fmt.Errorf("%s has no field %q (it has %s)", at, seg.name, fieldList(t))
		}
		return typ{t: f, many: cur.many}, nil
	}
	return typ{}, fmt.Errorf("%s is %s: there is nothing inside it to pick", at, kindName(t))
}

// jsonFields maps JSON names to field types as encoding/json sees them,
// with embedded structs flattened.
func jsonFields(t reflect.Type) map[string]reflect.Type {
	out := map[string]reflect.Type{}
	for _, f := range visibleFields(t) {
		out[f.name] = f.t
	}
	return out
}

type field struct {
	name string
	t    reflect.Type
}

func visibleFields(t reflect.Type) []field {
	t = deref(t)
	if t.Kind() != reflect.Struct {
		return nil
	}
	var out []field
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if f.Anonymous && name == "" && deref(f.Type).Kind() == reflect.Struct {
			out = append(out, visibleFields(f.Type)...)
			continue
		}
		if !f.IsExported() || name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		out = append(out, field{name, f.Type})
	}
	return out
}

func fieldList(t reflect.Type) string {
	var names []string
	for _, f := range visibleFields(t) {
		names = append(names, f.name)
	}
	return strings.Join(names, ", ")
}

func deref(t reflect.Type) reflect.Type {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t
}

func kindOf(t reflect.Type) reflect.Kind {
	if t = deref(t); t == nil {
		return reflect.Invalid
	}
	return t.Kind()
}

// isNumeric is true for numbers, and for types the schema cannot see into
// (the run will tell).
func isNumeric(t reflect.Type) bool {
	switch kindOf(t) {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64, reflect.Invalid, reflect.Interface:
		return true
	}
	return false
}

func kindName(t reflect.Type) string {
	switch kindOf(t) {
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.Map, reflect.Struct:
		return "an object"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Invalid, reflect.Interface:
		return "a value"
	}
	return "a number"
}
