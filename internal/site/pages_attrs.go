package site

import (
	"bytes"
	"slices"
	"strconv"
	"strings"
)

// sortAttributes writes the attributes of every start tag of a page go-app
// rendered in name order. go-app writes them in map order, so the same page
// came out differently each time: two builds of one source differed, and
// so did the ETag of a page. go-app writes an attribute as ` name` or
// ` name="Go-quoted value"` and escapes "<" in text, so a tag is found by
// its "<"; a tag that does not read that way is left as it is.
//
// It also drops the boolean attributes go-app writes as name="false"
// (Selected(false), Checked(false), Open(false), Disabled(false)): in the
// browser go-app sets the property, but in HTML the attribute's presence
// is what counts, so the pre-rendered page showed every menu at its last
// option (the language picker at 한국어 on an English page), every
// checkbox ticked and every <details> open until the app replaced it.
func sortAttributes(page []byte) []byte {
	var out bytes.Buffer
	out.Grow(len(page))
	for {
		i := bytes.IndexByte(page, '<')
		if i < 0 {
			out.Write(page)
			return out.Bytes()
		}
		out.Write(page[:i])
		page = page[i:]
		tag, attrs, n := readTag(page)
		if n == 0 {
			out.WriteByte('<')
			page = page[1:]
			continue
		}
		attrs = slices.DeleteFunc(attrs, func(a attribute) bool { return booleanAttributes[a.name] && a.text == " "+a.name+`="false"` })
		slices.SortStableFunc(attrs, func(a, b attribute) int { return strings.Compare(a.name, b.name) })
		out.WriteString(tag)
		for _, a := range attrs {
			out.WriteString(a.text)
		}
		out.WriteByte('>')
		page = page[n:]
	}
}

type attribute struct{ name, text string }

// booleanAttributes are HTML's attributes that are true by their presence,
// whatever their value (aria-*, data-* and spellcheck, whose "false" means
// false, are not among them).
var booleanAttributes = map[string]bool{
	"allowfullscreen": true, "async": true, "autofocus": true, "autoplay": true, "checked": true,
	"controls": true, "default": true, "defer": true, "disabled": true, "formnovalidate": true,
	"hidden": true, "inert": true, "ismap": true, "loop": true, "multiple": true, "muted": true,
	"novalidate": true, "open": true, "playsinline": true, "readonly": true, "required": true,
	"reversed": true, "selected": true,
}

// readTag reads a start tag at the start of b: "<name", its attributes and
// ">". n is the length read, 0 when b does not start with such a tag.
func readTag(b []byte) (tag string, attrs []attribute, n int) {
	s := string(b[:min(len(b), 1<<16)])
	end := 1
	for end < len(s) && (isAlnum(s[end]) || s[end] == '-') {
		end++
	}
	if end == 1 {
		return "", nil, 0
	}
	tag = s[:end]
	for end < len(s) {
		switch {
		case s[end] == '>':
			return tag, attrs, end + 1
		case s[end] != ' ':
			return "", nil, 0
		}
		start := end
		end++
		nameStart := end
		for end < len(s) && s[end] != '=' && s[end] != ' ' && s[end] != '>' {
			end++
		}
		name := s[nameStart:end]
		if end < len(s) && s[end] == '=' {
			q, err := strconv.QuotedPrefix(s[end+1:])
			if err != nil {
				return "", nil, 0
			}
			end += 1 + len(q)
		}
		attrs = append(attrs, attribute{name: name, text: s[start:end]})
	}
	return "", nil, 0
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
