package scenarioform

import (
	"fmt"
	"strconv"
	"strings"

	"partitionlab/sim/scenario"
)

// Placement says where each of the engine's messages is shown: next to the
// input of its field when that input is on screen, otherwise at the
// closest enclosing place (a list's input for one of its elements, the
// producer or action it belongs to, its section), and at the top of the
// editor when nothing encloses it. Every message is shown exactly once.
type Placement struct {
	at  map[string][]string
	top []string
}

// Words say the engine's messages as the page shows them: in English,
// or in the page's language (the app's catalog).
type Words interface {
	// Message is the text of e, without its field.
	Message(e scenario.FieldError) string
	// Item names element n (from 1) of a list before a message about it:
	// "item 2: " + msg.
	Item(n int, msg string) string
}

// English are the engine's own words.
type English struct{}

// Message is e's English message.
func (English) Message(e scenario.FieldError) string { return e.Message }

// Item is "item n: msg".
func (English) Item(n int, msg string) string { return fmt.Sprintf("item %d: %s", n, msg) }

// Place assigns each error to the longest of targets that contains its
// field, in the engine's words (see PlaceWith).
func Place(errs scenario.FieldErrors, targets []string) Placement {
	return PlaceWith(errs, targets, English{})
}

// PlaceWith assigns each error to the longest of targets that contains its
// field, said in w's words. targets are the paths of the inputs on screen,
// of list items ("producers[1]") and of lists ("producers").
func PlaceWith(errs scenario.FieldErrors, targets []string, w Words) Placement {
	p := Placement{at: map[string][]string{}}
	for _, e := range errs {
		best, rest := "", ""
		found := false
		for _, t := range targets {
			r, ok := within(e.Field, t)
			if ok && t != "" && (!found || len(t) > len(best)) {
				best, rest, found = t, r, true
			}
		}
		msg := w.Message(e)
		switch {
		case !found && e.Field == "":
			p.top = append(p.top, msg)
		case !found:
			p.top = append(p.top, e.Field+": "+msg)
		default:
			p.at[best] = append(p.at[best], prefixed(rest, msg, w))
		}
	}
	return p
}

// prefixed names the part of a field a message is about, in words: "item
// 2: …" for a list element, "hot_share: …" for a field inside.
func prefixed(rest, msg string, w Words) string {
	if rest == "" {
		return msg
	}
	if strings.HasPrefix(rest, "[") {
		end := strings.Index(rest, "]")
		if i, err := strconv.Atoi(rest[1:max(end, 1)]); err == nil && end > 0 {
			return prefixed(strings.TrimPrefix(rest[end+1:], "."), w.Item(i+1, msg), w)
		}
	}
	return strings.TrimPrefix(rest, ".") + ": " + msg
}

// For is the messages shown at target.
func (p Placement) For(target string) []string { return p.at[target] }

// Top is the messages that belong to no input (a document that is not JSON,
// say).
func (p Placement) Top() []string { return p.top }

// Count is how many messages there are in all.
func (p Placement) Count() int {
	n := len(p.top)
	for _, m := range p.at {
		n += len(m)
	}
	return n
}

// Targets lists the places the editor can show a message for document d:
// every visible input, every list item and every list and section.
func Targets(d *Doc) []string {
	var out []string
	for _, s := range Sections() {
		if s.Array != "" {
			out = append(out, s.Array)
		}
		for i := range s.Items(d) {
			if s.Array != "" {
				out = append(out, Item(s.Array, i))
			}
			vals := s.ItemValues(d, i)
			for _, f := range s.Fields {
				if f.Visible(vals) {
					out = append(out, s.Path(f, i))
				}
			}
		}
	}
	return out
}
