package scenarioform

import (
	"strconv"
	"strings"
)

// A path names a field the way the engine's FieldError does:
// "topic.partitions", "producers[0].salting.buckets", "consumer.assignors[1]".
type segment struct {
	key   string
	index int // -1 for an object field
}

// ParsePath splits a path into its steps. It never fails: a malformed index
// is read as a field name, which simply matches nothing.
func ParsePath(path string) []segment {
	var segs []segment
	for _, part := range strings.Split(path, ".") {
		if part == "" {
			continue
		}
		name, rest, _ := strings.Cut(part, "[")
		if name != "" {
			segs = append(segs, segment{key: name, index: -1})
		}
		for rest != "" {
			num, after, ok := strings.Cut(rest, "]")
			i, err := strconv.Atoi(num)
			if !ok || err != nil || i < 0 {
				segs = append(segs, segment{key: "[" + rest, index: -1})
				break
			}
			segs = append(segs, segment{index: i})
			rest = strings.TrimPrefix(after, "[")
		}
	}
	return segs
}

func (s segment) get(node any) any {
	switch n := node.(type) {
	case map[string]any:
		if s.index < 0 {
			return n[s.key]
		}
	case []any:
		if s.index >= 0 && s.index < len(n) {
			return n[s.index]
		}
	}
	return nil
}

func pathString(segs []segment) string {
	var b strings.Builder
	for _, s := range segs {
		if s.index >= 0 {
			b.WriteString("[" + strconv.Itoa(s.index) + "]")
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(s.key)
	}
	return b.String()
}

// Item is the path of element i of the array at path: Item("producers", 2)
// is "producers[2]".
func Item(array string, i int) string { return array + "[" + strconv.Itoa(i) + "]" }

// Join appends a field to a path; either may be empty.
func Join(path, key string) string {
	switch {
	case path == "":
		return key
	case key == "":
		return path
	}
	return path + "." + key
}

// InputID is the HTML id of the input for path, under a page prefix (the
// Compare page edits two scenarios): "f-producers-0-salting-buckets".
func InputID(prefix, path string) string {
	return prefix + "f-" + idEscaper.Replace(path)
}

// idEscaper writes a path as an id's letters. Built once: building a
// Replacer took 13 ms of a cold page's first mount, which names every
// field's input.
var idEscaper = strings.NewReplacer("[", "-", "]", "", ".", "-", "_", "-")

// within reports whether path is target or lies inside it, and what is left
// ("[1]" or ".hot_share"), so an error about a list element can be shown at
// the list's input.
func within(path, target string) (rest string, ok bool) {
	if target == "" {
		return path, true
	}
	if !strings.HasPrefix(path, target) {
		return "", false
	}
	rest = path[len(target):]
	if rest != "" && rest[0] != '.' && rest[0] != '[' {
		return "", false
	}
	return rest, true
}
