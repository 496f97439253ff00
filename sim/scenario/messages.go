package scenario

import (
	"maps"
	"strconv"
	"strings"
)

// messages are the English templates of every message validation can give,
// by code: a FieldError carries its Code and its Args, and its Message is
// the template with the placeholders ({value}, {min}, …) filled. The codes
// are stable: the app's catalogs translate each one (app/i18n/messages/
// <lang>/errors.json, ids "errors.<code>") from the same arguments, and a
// test there keeps the English catalog equal to these templates. A code
// whose template has no placeholder may also be a phrase: an argument of
// kind ArgPhrase names it ("kind.array" is "an array").
var messages = map[string]string{
	// Ranges and choices (checker.intIn, floatIn, oneOf).
	"range":        "{value} is not in {min}..{max}",
	"one_of":       "{value} is not one of {allowed}",
	"empty":        "must not be empty",
	"listed_twice": "{value} is listed twice",
	"at_least_one": "{value} is not at least 1",

	// The workload.
	"events_per_order.count": "has {count} event types, want 1..{max}",
	"hot_customers.all":      "{value} leaves no other customers for the remaining {share} of orders",

	// Producers.
	"producers.count":           "has {count} producers, want 1..{max}",
	"producer.name_taken":       "{value} is also the name of producers[{index}]",
	"serializer.long_key":       "long needs a numeric key (order_id or customer_id), not {key}",
	"idempotence.in_flight":     "{value} is more than 5, which enable.idempotence allows",
	"events.catch_all_twice":    "is empty, like producers[{index}].events: only one producer may send the unclaimed event types",
	"events.unknown":            "{value} is not in workload.events_per_order",
	"events.claimed":            "{value} is already sent by producers[{index}]",
	"events.unsent":             "no producer sends {value} (give one producer an empty events list, or list it)",
	"events.catch_all_idle":     "is empty, but the other producers send every event type: this one would send nothing",
	"salting.unused":            "is set, but key is {key}, not salted_customer_id",
	"salting.missing":           "is needed when key is salted_customer_id",
	"salting.too_many":          "{hot} hot customers × {buckets} buckets = {keys} salted keys, more than {max}",
	"vip.keyless":               "needs keyed records; key is null",
	"vip.no_customers":          "must list at least one customer id",
	"vip.partitions.count":      "reserves {count} partitions, want 1..{max} (some must stay for everyone else)",
	"vip.partition_twice":       "partition {partition} is listed twice",
	"consumer.threads":          "{instances} instances × {threads} threads is more than {max} consumer threads",
	"assignors.empty":           "must list at least one assignor",
	"session_timeout.kip848":    "{value} is not used with group_protocol consumer: the broker's group.consumer.session.timeout.ms governs (Kafka 4.0 clients refuse session.timeout.ms with this protocol); set consumer.group_consumer_session_timeout_ms (45000..60000) instead",
	"heartbeat.above_session":   "{value} must be lower than session_timeout_ms ({session})",
	"share.on_failure.implicit": "{value} needs acknowledgement_mode explicit: in implicit mode Kafka cannot release or reject a record (a failed record is retried in place)",
	"share.refused":             "{value} is not allowed with group_type share: a share consumer refuses it (ShareConsumerConfig); the group's consumer.share settings apply",
	"share.mode":                "{value} is not allowed with group_type share: a share consumer acknowledges records from the thread that polls, so use sequential (more members share a partition instead)",
	"share.action":              "{value} is not modelled for share groups (no static membership to keep identities across restarts)",

	// The timeline.
	"timeline.count":      "has {count} actions, want at most {max}",
	"timeline.order":      "{value} comes before the previous action's {previous}; list actions in time order",
	"partitions.decrease": "{value} is not in {min}..{max}: the topic has {current} partitions by then and Kafka only increases the count (InvalidPartitionsException)",
	"static.needed":       "needs consumer.static_membership: dynamic members have no group.instance.id",
	"gc_pause.duration":   "a GC pause needs a duration above 0",

	// A team's own keys (workload.key_distribution).
	"key_distribution.keys.count": "has {count} named keys, want at most {max} (put the rest in the tail)",
	"key_distribution.key_twice":  "{value} is listed twice (also keys[{index}])",
	"key_distribution.tail_name":  "{value} is also the name of a tail key (tail-1..tail-{tail}): two customers would send the same key",
	"key_distribution.tail_pair":  "{count} records for {keys} tail keys: give both or neither",
	"key_distribution.no_keys":    "has no keys: give named keys, a tail or both",
	"key_distribution.customers":  "{value}, but workload.key_distribution has {keys} keys ({named} named, {tail} in the tail): they are the customers",
	"key_distribution.skew":       "{value}, but the counts of workload.key_distribution set the skew: use uniform",
	"key_distribution.long":       "long sends numeric customer ids, but workload.key_distribution's keys are strings: use string",

	// The work budget (budget.go).
	"budget.events":             "duration_s × workload.orders_per_s × {per_order} events per order{producer_retries}{consumer_retries} = {factors} = {events} events; the limit {where} is {limit} (shorten duration_s or lower workload.orders_per_s)",
	"budget.assignment":         "{threads} consumer threads × (threads + {partitions} partitions) × {rebalances} rebalances = {steps} assignment steps; the limit {where} is {limit} (fewer consumer threads, partitions or rebalances)",
	"budget.held":               "the run stopped at {at} s: it kept over {limit} events in memory (the limit {where}), from the oldest not yet processed to the newest sent, and memory use grows with them (shorten duration_s, or give the consumers enough to keep up)",
	"budget.held_estimate":      "at least {waiting} events would be waiting by the end of the run: {sent} events are sent a second, and {members} consumers × {threads} threads at {ms} ms a record process at most {processed} a second; per-key queues keep every waiting record in memory, so the run would stop before about {at} s, once it held over {limit} events, the limit {where} (shorten duration_s, or give the consumers enough threads to keep up)",
	"budget.held_estimate_keys": "at least {held} events would be held in memory by the end of the run: a per-key queue processes a key's records one at a time, and the number of keys sent more events than one thread processes at {ms} ms a record ({per_key} a second) is {keys}; the busiest is sent {busiest} a second, so the oldest of its records still waiting at the end would have been sent before {oldest} s, and the run keeps every event sent since; it would stop before about {at} s, once it held over {limit} events, the limit {where} (shorten duration_s, lower consumer.processing_ms, or spread the busiest keys)",
	"budget.producer_retries":   " × producers[].failure_rate retries",
	"budget.consumer_retries":   " × consumer.failure_rate retries",
	"where.command_line":        "on the command line",
	"where.browser":             "in the browser",

	// The document's shape (parse.go, parse_number.go).
	"shape.null":            "must not be null",
	"shape.object":          "must be an object, not {kind}",
	"shape.array":           "must be an array, not {kind}",
	"shape.string":          "must be a string, not {kind}",
	"shape.bool":            "must be true or false, not {kind}",
	"shape.number":          "must be a number, not {kind}",
	"shape.whole":           "must be a whole number, not {kind}",
	"shape.unknown":         "unknown field",
	"shape.unknown_suggest": "unknown field (did you mean {name}?)",
	"shape.fraction":        "{value} is not a whole number",
	"shape.type":            "{value} does not fit in {type}",
	"kind.array":            "an array",
	"kind.object":           "an object",

	// The JSON text (parse_raw.go).
	"json.object":    "must be a JSON object",
	"json.more":      "more than one JSON value: the first ends at line {line}, column {column}",
	"json.depth":     "nests deeper than {max} levels",
	"json.key_twice": "is given twice, at line {line}, column {column} and line {line2}, column {column2}: give each field once",
	"json.syntax":    "not valid JSON at line {line}, column {column}: {detail}",
	"json.truncated": "not valid JSON: it ends at line {line}, column {column} before the document is complete",
	"json.char":      "not valid JSON at line {line}, column {column}: invalid character {char}{context}",
	"json.literal":   "not valid JSON at line {line}, column {column}: invalid character {char} in literal {literal} (expecting {expected})",

	// Where encoding/json met an invalid character (json.char's context).
	"json.context.after_key":     " after object key",
	"json.context.after_pair":    " after object key:value pair",
	"json.context.after_element": " after array element",
	"json.context.value":         " looking for beginning of value",
	"json.context.key":           " looking for beginning of object key string",
	"json.context.string":        " in string literal",
	"json.context.escape":        " in string escape code",
	"json.context.unicode":       " in \\u hexadecimal character escape",
	"json.context.number":        " in numeric literal",
	"json.context.decimal":       " after decimal point in numeric literal",
	"json.context.exponent":      " in exponent of numeric literal",
	"json.other":                 "not valid JSON: {detail}",
	"text":                       "{text}",

	// A path=value change (parse.go: the command line's --set, the Compare
	// page's "change a field").
	"set.form":      "--set {set}: want path=value, such as topic.partitions=24",
	"set.index":     "--set {path}: {part} is not an index in 0..{max}",
	"set.container": "--set {path}: {part} is inside a value that is neither an object nor an array",
}

// Messages are the English templates of every message code, for catalogs
// and their tests.
func Messages() map[string]string { return maps.Clone(messages) }

// ArgKind says how an argument of a message reads in another language.
type ArgKind int

const (
	// ArgText is the same in every language: a field path, a name, a value
	// as typed (quoted), a list of allowed values, Go's own words.
	ArgText ArgKind = iota
	// ArgNumber is one or more numbers as the English message writes them
	// (1000, 0.5, 1e+06, 2.6e11, "86400 × 1000 × 3"), for a language to
	// write in its own form.
	ArgNumber
	// ArgPhrase is the code of a message without placeholders (kind.array,
	// where.browser), or "" for nothing.
	ArgPhrase
	// ArgEstimate is a number the English message writes rounded, as
	// mantissa and exponent (2.6e11 for 259,200,000,000): a language must
	// not write it out in full, which would read as exact.
	ArgEstimate
)

// MsgArg is one named argument of a message.
type MsgArg struct {
	Name  string
	Value string
	Kind  ArgKind
}

func argText(name, v string) MsgArg   { return MsgArg{Name: name, Value: v} }
func argQuoted(name, v string) MsgArg { return argText(name, strconv.Quote(v)) }
func argInt(name string, v int) MsgArg {
	return MsgArg{Name: name, Value: strconv.Itoa(v), Kind: ArgNumber}
}
func argInt64(name string, v int64) MsgArg {
	return MsgArg{Name: name, Value: strconv.FormatInt(v, 10), Kind: ArgNumber}
}
func argFloat(name string, v float64) MsgArg { return argNumber(name, FormatFloat(v)) }
func argNumber(name, v string) MsgArg        { return MsgArg{Name: name, Value: v, Kind: ArgNumber} }
func argPhrase(name, code string) MsgArg     { return MsgArg{Name: name, Value: code, Kind: ArgPhrase} }

// argIndex is a list index inside a field path ("producers[2]"): a path,
// the same in every language.
func argIndex(name string, i int) MsgArg { return argText(name, strconv.Itoa(i)) }

// Placeholders are the distinct placeholders of a template, in order.
func Placeholders(template string) []string {
	var out []string
	seen := map[string]bool{}
	for _, p := range placeholders(template) {
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	return out
}

// placeholders are the placeholders of s, left to right, repeats included.
func placeholders(s string) []string {
	var out []string
	for i := 0; i < len(s); {
		if n := placeholderLen(s[i:]); n > 0 {
			out = append(out, s[i:i+n])
			i += n
		} else {
			i++
		}
	}
	return out
}

// placeholderLen is the length of the placeholder s starts with, or 0: a
// lower-case letter, then lower-case letters, digits and underscores, in
// braces (the regexp \{[a-z][a-z0-9_]*\}). Written by hand because the
// pages' WebAssembly modules link no regexp (with go-app's router it was
// about 77 kB of app.wasm with brotli); internal/archtest checks it.
func placeholderLen(s string) int {
	if len(s) < 3 || s[0] != '{' || !isLower(s[1]) {
		return 0
	}
	for i := 2; i < len(s); i++ {
		switch c := s[i]; {
		case c == '}':
			return i + 1
		case !isLower(c) && !isDigit(c) && c != '_':
			return 0
		}
	}
	return 0
}

func isLower(c byte) bool { return c >= 'a' && c <= 'z' }

// render fills code's English template with args.
func render(code string, args []MsgArg) string {
	pairs := make([]string, 0, 2*len(args))
	for _, a := range args {
		v := a.Value
		if a.Kind == ArgPhrase {
			v = messages[a.Value]
		}
		pairs = append(pairs, "{"+a.Name+"}", v)
	}
	return strings.NewReplacer(pairs...).Replace(messages[code])
}

// newFieldError is the error code gives field, its message in English.
func newFieldError(field, code string, args ...MsgArg) FieldError {
	return FieldError{Field: field, Message: render(code, args), Code: code, Args: args}
}
