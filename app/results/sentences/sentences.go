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
	"regexp"
	"strings"
	"sync"

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

// pattern is one English catalog message compiled to read sentences.
type pattern struct {
	id    string
	re    *regexp.Regexp
	names []string
}

var placeholder = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\{[a-zA-Z][a-zA-Z0-9_]*\}`) })

// compile turns an English message into a regular expression that reads a
// sentence of it, one group per placeholder.
func compile(id, text string) pattern {
	p := pattern{id: id}
	var b strings.Builder
	b.WriteString("^")
	last := 0
	for _, loc := range placeholder().FindAllStringIndex(text, -1) {
		b.WriteString(regexp.QuoteMeta(text[last:loc[0]]))
		name := text[loc[0]+1 : loc[1]-1]
		p.names = append(p.names, name)
		if kinds[name] == number {
			b.WriteString(`(-?[0-9]+(?:\.[0-9]+)?)`)
		} else {
			b.WriteString(`(.+?)`)
		}
		last = loc[1]
	}
	b.WriteString(regexp.QuoteMeta(text[last:]))
	b.WriteString("$")
	p.re = regexp.MustCompile(b.String())
	return p
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
		m := p.re.FindStringSubmatch(s)
		if m == nil {
			continue
		}
		args, ok := parts(c, p, m[1:])
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
		name := p.names[i]
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
