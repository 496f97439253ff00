package importconfig

import (
	"bufio"
	"fmt"
	"strconv"
	"strings"
)

// Entry is one setting as written in a file.
type Entry struct {
	File string
	Line int
	// Key is the full key, YAML nesting joined with dots
	// ("spring.kafka.consumer.max-poll-records").
	Key, Value string
}

func (e Entry) where() string { return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Key) }

// readFile reads a .properties or YAML file into entries, by its name:
// .yml and .yaml are YAML, anything else is properties.
func readFile(name, text string) ([]Entry, error) {
	if strings.HasSuffix(name, ".yml") || strings.HasSuffix(name, ".yaml") {
		return readYAML(name, text)
	}
	return readProperties(name, text)
}

// readProperties reads Java .properties (and librdkafka's key=value
// files): key=value or key: value, # and ! comments, a trailing backslash
// continuing a line. Unicode escapes are rare in client configs and are
// kept as written.
func readProperties(name, text string) ([]Entry, error) {
	var out []Entry
	sc := bufio.NewScanner(strings.NewReader(text))
	n := 0
	for sc.Scan() {
		n++
		start := n
		line := strings.TrimSpace(sc.Text())
		for strings.HasSuffix(line, `\`) && sc.Scan() {
			n++
			line = strings.TrimSuffix(line, `\`) + strings.TrimSpace(sc.Text())
		}
		if line == "" || line[0] == '#' || line[0] == '!' {
			continue
		}
		i := strings.IndexAny(line, "=:")
		if i < 0 {
			return nil, lineError(name, start, "not_key_value", strconv.Quote(line))
		}
		key, value := strings.TrimSpace(line[:i]), strings.TrimSpace(line[i+1:])
		if key == "" {
			return nil, lineError(name, start, "no_key", strconv.Quote(line))
		}
		out = append(out, Entry{File: name, Line: start, Key: key, Value: value})
	}
	return out, sc.Err()
}

// readYAML reads the YAML that Spring Boot configuration uses: nested
// maps by indentation, scalars, comments, lists of scalars (joined with
// commas, as Spring binds them to a comma-separated property) and
// "[a.b]" keys. Anchors, multi-line strings and flow maps are refused
// with their line.
func readYAML(name, text string) ([]Entry, error) {
	var (
		out   []Entry
		stack []yamlLevel
	)
	sc := bufio.NewScanner(strings.NewReader(text))
	n := 0
	for sc.Scan() {
		n++
		raw := strings.TrimRight(sc.Text(), " \t\r")
		body := strings.TrimLeft(raw, " ")
		if body == "" || body[0] == '#' || body == "---" {
			continue
		}
		if strings.HasPrefix(raw, "\t") {
			return nil, lineError(name, n, "yaml_tabs", "")
		}
		indent := len(raw) - len(body)
		if strings.HasPrefix(body, "- ") || body == "-" {
			// A list item of the last key: Spring binds lists to a
			// comma-separated property.
			if len(out) == 0 || len(stack) == 0 || out[len(out)-1].Key != joinKeys(stack) {
				return nil, lineError(name, n, "yaml_list", "")
			}
			last := &out[len(out)-1]
			item := unquote(stripComment(strings.TrimSpace(strings.TrimPrefix(body, "-"))))
			if last.Value != "" {
				last.Value += ","
			}
			last.Value += item
			continue
		}
		for len(stack) > 0 && stack[len(stack)-1].indent >= indent {
			stack = stack[:len(stack)-1]
		}
		i := strings.Index(body, ":")
		if i < 0 {
			return nil, lineError(name, n, "yaml_not_key", strconv.Quote(body))
		}
		key := unquote(strings.TrimSpace(body[:i]))
		key = strings.TrimSuffix(strings.TrimPrefix(key, "["), "]")
		value := stripComment(strings.TrimSpace(body[i+1:]))
		if strings.HasPrefix(value, "&") || strings.HasPrefix(value, "*") || strings.HasPrefix(value, "|") ||
			strings.HasPrefix(value, ">") || strings.HasPrefix(value, "{") {
			return nil, LineError{Where: fmt.Sprintf("%s:%d: %s", name, n, key), Reason: "yaml_form"}
		}
		stack = append(stack, yamlLevel{indent, key})
		if value == "" {
			// A map follows, or a list; a list makes it an entry.
			out = append(out, Entry{File: name, Line: n, Key: joinKeys(stack)})
			continue
		}
		if strings.HasPrefix(value, "[") && strings.HasSuffix(value, "]") {
			var items []string
			for _, it := range strings.Split(value[1:len(value)-1], ",") {
				items = append(items, unquote(strings.TrimSpace(it)))
			}
			value = strings.Join(items, ",")
		}
		out = append(out, Entry{File: name, Line: n, Key: joinKeys(stack), Value: unquote(value)})
	}
	// Keys that only opened a map are not settings.
	kept := out[:0]
	for i, e := range out {
		if e.Value == "" && i+1 < len(out) && strings.HasPrefix(out[i+1].Key, e.Key+".") {
			continue
		}
		kept = append(kept, e)
	}
	return kept, sc.Err()
}

// yamlLevel is one open map of the YAML being read.
type yamlLevel struct {
	indent int
	key    string
}

func joinKeys(stack []yamlLevel) string {
	parts := make([]string, len(stack))
	for i, l := range stack {
		parts[i] = l.key
	}
	return strings.Join(parts, ".")
}

func stripComment(s string) string {
	if strings.HasPrefix(s, `"`) || strings.HasPrefix(s, `'`) {
		return s
	}
	if i := strings.Index(s, " #"); i >= 0 {
		return strings.TrimSpace(s[:i])
	}
	return s
}

func unquote(s string) string {
	if len(s) >= 2 && (s[0] == '"' && s[len(s)-1] == '"' || s[0] == '\'' && s[len(s)-1] == '\'') {
		return s[1 : len(s)-1]
	}
	return s
}
