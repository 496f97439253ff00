// Package sentences says the engine's sentences in the reader's language:
// the ordering violations' explanations and causes, the consumer group's
// events and rebalance causes, and the timeline's marks.
//
// The engine writes these in English into sim.Result, and they must stay
// there as they are: the result's digest covers them, and the command line
// prints them. So nothing here changes the result. A violation's
// explanation is composed again from the violation's own fields; the other
// sentences are read back into their parts with the English catalog's
// message as the pattern ("no heartbeat for {seconds} s: {setting}
// expired"), then said in the reader's language with the same parts. A
// sentence no pattern reads is shown as the engine wrote it, never hidden;
// the tests make sure every sentence of every preset is read, and that its
// English rendering is the engine's sentence, word for word.
//
// Like app/results, sentences is plain Go: it never imports go-app.
package sentences

import (
	"iter"
	"strings"
	"sync"
	"unicode/utf8"

	"partitionlab/app/i18n"
)

// kind is how a placeholder's text is carried from the English sentence
// into another language.
type kind uint8

const (
	verbatim kind = iota // a name: a member, a setting, a group.instance.id
	number               // a quantity: its digits are written the language's way
	nested               // a sentence of its own, said in the language too
)

// kinds gives every placeholder of the patterns its kind; a name not here
// is verbatim.
var kinds = map[string]kind{
	"seconds": number, "ms": number, "count": number,
	"why": nested, "reason": nested,
}

// family is a list of patterns a sentence of one place may follow, most
// specific first.
type family []string

// pattern is one English catalog message cut at its placeholders, to read
// a sentence of it back into the placeholders' texts.
type pattern struct {
	id       string
	holes    []hole
	literals []string // the text before, between and after the holes: one more than holes
}

// hole is a placeholder of a pattern. A number is read as
// -?[0-9]+(\.[0-9]+)?; any other placeholder as a text of one rune or
// more on one line.
type hole struct {
	name   string
	number bool
}

// compile cuts an English message at its placeholders: {name}, a letter
// then letters, digits or underscores.
func compile(id, text string) pattern {
	p := pattern{id: id}
	last := 0
	for open := 0; open < len(text); {
		end := placeholderEnd(text, open)
		if end < 0 {
			open++
			continue
		}
		name := text[open+1 : end-1]
		p.literals = append(p.literals, text[last:open])
		p.holes = append(p.holes, hole{name: name, number: kinds[name] == number})
		last, open = end, end
	}
	p.literals = append(p.literals, text[last:])
	return p
}

// placeholderEnd is the end of the placeholder that starts at text[open],
// or -1 when none does.
func placeholderEnd(text string, open int) int {
	if text[open] != '{' || open+1 == len(text) || !isLetter(text[open+1]) {
		return -1
	}
	i := open + 2
	for i < len(text) && (isLetter(text[i]) || isDigit(text[i]) || text[i] == '_') {
		i++
	}
	if i == len(text) || text[i] != '}' {
		return -1
	}
	return i + 1
}

func isLetter(b byte) bool { return 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' }
func isDigit(b byte) bool  { return '0' <= b && b <= '9' }

// read is the placeholders' texts of sentence s, or false when s does not
// follow p. A sentence that can be read more than one way ("{member}
// {why}") is read as the regular expression ^literal(hole)literal…$ read
// it, which the tests check: the holes are read from the first, a
// number's longest reading first and any other hole's shortest first,
// each giving way to its next reading when the rest of s does not follow.
//
// Hand-written, not a regexp: the pages' WebAssembly modules link no
// regexp (with go-app's router, it was about 77 kB of app.wasm with
// brotli; internal/archtest checks it).
func (p pattern) read(s string) ([]string, bool) {
	if !strings.HasPrefix(s, p.literals[0]) {
		return nil, false
	}
	r := reading{p: p, s: s, values: make([]string, len(p.holes)), failed: make([]bool, len(p.holes)*(len(s)+1))}
	if !r.from(0, len(p.literals[0])) {
		return nil, false
	}
	return r.values, true
}

// reading is a sentence being read by a pattern. The rest of a reading
// depends only on the hole it is at and where in the sentence, and failed
// remembers where it does not follow: no search is made twice, so a
// sentence costs at most holes × len(s) searches, each trying at most
// len(s) ends, for a handful of holes and a line of text.
type reading struct {
	p      pattern
	s      string
	values []string
	failed []bool // by hole*(len(s)+1) + position
}

// from reads hole i, and the rest of the sentence after it, from s[at:].
func (r *reading) from(i, at int) bool {
	if i == len(r.p.holes) {
		return at == len(r.s)
	}
	state := i*(len(r.s)+1) + at
	if r.failed[state] {
		return false
	}
	next := r.p.literals[i+1]
	for end := range r.p.holes[i].ends(r.s, at) {
		if strings.HasPrefix(r.s[end:], next) && r.from(i+1, end+len(next)) {
			r.values[i] = r.s[at:end]
			return true
		}
	}
	r.failed[state] = true
	return false
}

// ends are where h's text can end when it starts at s[at], in the order
// they are tried.
func (h hole) ends(s string, at int) iter.Seq[int] {
	if h.number {
		return numberEnds(s, at)
	}
	return textEnds(s, at)
}

// textEnds are the ends of a text of one rune or more and no newline,
// shortest first. A byte that is not UTF-8 is a rune of its own, as a
// regexp's "." reads it.
func textEnds(s string, at int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for end := at; end < len(s) && s[end] != '\n'; {
			_, size := utf8.DecodeRuneInString(s[end:])
			end += size
			if !yield(end) {
				return
			}
		}
	}
}

// numberEnds are the ends of a number, -?[0-9]+(\.[0-9]+)?, longest first:
// the most whole digits, with the longest fraction first, then without it.
func numberEnds(s string, at int) iter.Seq[int] {
	return func(yield func(int) bool) {
		start := at
		if start < len(s) && s[start] == '-' {
			start++
		}
		for end := start + leadingDigits(s[start:]); end > start; end-- {
			if end < len(s) && s[end] == '.' {
				for frac := end + 1 + leadingDigits(s[end+1:]); frac > end+1; frac-- {
					if !yield(frac) {
						return
					}
				}
			}
			if !yield(end) {
				return
			}
		}
	}
}

// leadingDigits is how many ASCII digits s starts with.
func leadingDigits(s string) int {
	n := 0
	for n < len(s) && isDigit(s[n]) {
		n++
	}
	return n
}

// patterns are the compiled patterns, by id, from the English catalog.
var patterns = sync.OnceValue(func() map[string]pattern {
	en := i18n.For(i18n.English)
	all := map[string]pattern{}
	for _, f := range []family{whys, rebalanceCauses, details, reasons, marks} {
		for _, id := range f {
			all[id] = compile(id, en.T(id))
		}
	}
	return all
})

// say is sentence s, which follows one of f's patterns, in c's language,
// and whether a pattern read it. A sentence none reads is s itself.
func say(c *i18n.Catalog, f family, s string) (string, bool) {
	all := patterns()
	for _, id := range f {
		p, ok := all[id]
		if !ok {
			continue
		}
		values, ok := p.read(s)
		if !ok {
			continue
		}
		args, ok := parts(c, p, values)
		if !ok {
			continue
		}
		return c.T(id, args...), true
	}
	return s, false
}

// parts are the placeholders' texts of a sentence read by p, carried into
// c's language; ok is false when a nested sentence cannot be read.
func parts(c *i18n.Catalog, p pattern, values []string) ([]i18n.Arg, bool) {
	args := make([]i18n.Arg, len(values))
	for i, v := range values {
		name := p.holes[i].name
		if goLists[p.id+"."+name] {
			v = list(c, v)
		}
		switch kinds[name] {
		case number:
			v = localNumber(c.Lang(), v)
		case nested:
			var ok bool
			if v, ok = say(c, nestedFamilies()[p.id+"."+name], v); !ok {
				return nil, false
			}
		}
		args[i] = i18n.S(name, v)
	}
	return args, true
}

// goLists are the placeholders the engine fills with a Go slice as %v
// writes it ("[1 2 3]", "[range cooperative-sticky]"), by pattern id and
// placeholder name. The engine's sentence stays as it is (the result's
// digest covers it); the page lists the items the language's way.
var goLists = map[string]bool{
	"evidence.mark.restart.instances":             true,
	"evidence.mark.restartAssignors.instances":    true,
	"evidence.mark.restartAssignors.assignors":    true,
	"evidence.rebalance.protocolChange.assignors": true,
}

// list is the Go slice v ("[1 2 3]") listed as c's language lists: "1, 2
// and 3", "1, 2 e 3", "1, 2, 3". Anything else is left as it is.
func list(c *i18n.Catalog, v string) string {
	inner, ok := strings.CutPrefix(v, "[")
	if inner, ok = strings.CutSuffix(inner, "]"); !ok {
		return v
	}
	items := strings.Fields(inner)
	switch len(items) {
	case 0:
		return v
	case 1:
		return items[0]
	}
	n := len(items)
	return strings.Join(items[:n-1], c.T("evidence.list.separator")) + c.T("evidence.list.and") + items[n-1]
}

// localNumber writes the English number v ("45", "20.00") with the
// language's decimal mark. Its digits are not grouped: the engine writes
// "2979 records", and so, word for word, does the English page.
func localNumber(l i18n.Lang, v string) string {
	whole, frac, ok := strings.Cut(v, ".")
	if !ok {
		return v
	}
	mark := strings.Trim(l.Float(0.5, 1), "05")
	return whole + mark + frac
}

// Any is one of the engine's sentences found in a result, wherever it
// came from (a violation's cause, a group event's name or detail, a
// rebalance's causes, a timeline mark, why a member left), in c's
// language, and whether it was one: a lesson's check quotes them as the
// values it measured.
func Any(c *i18n.Catalog, s string) (string, bool) {
	if id, ok := causes[s]; ok {
		return c.T(id), true
	}
	if id, ok := events[s]; ok {
		return c.T(id), true
	}
	for _, f := range []family{details, marks, whys, reasons} {
		if said, ok := say(c, f, s); ok {
			return said, true
		}
	}
	if said, all := readCauses(c, s); all {
		return said, true
	}
	return s, false
}
