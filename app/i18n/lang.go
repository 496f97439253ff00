package i18n

import "strings"

// Lang is a language the app speaks, by its short code (the value of the
// ?lang= parameter of a link).
type Lang string

// The languages, English first: it is the language of the code, and the one
// a message falls back to.
const (
	English    Lang = "en"
	Portuguese Lang = "pt" // Brazilian Portuguese
	Spanish    Lang = "es"
	French     Lang = "fr"
	Korean     Lang = "ko"
)

// Langs lists every language in the order the picker shows them.
func Langs() []Lang { return []Lang{English, Portuguese, Spanish, French, Korean} }

// Parse reads a language code: a short code ("pt") or a BCP 47 tag as a
// browser reports it ("pt-BR", "fr-CA", "ko-KR"), in any case. ok is false
// for a language the app does not speak.
func Parse(code string) (l Lang, ok bool) {
	code = strings.ToLower(strings.TrimSpace(code))
	if i := strings.IndexAny(code, "-_"); i >= 0 {
		code = code[:i]
	}
	for _, l := range Langs() {
		if string(l) == code {
			return l, true
		}
	}
	return English, false
}

// Tag is the BCP 47 tag of l, for <html lang>: pt is pt-BR, because the
// words are Brazil's.
func (l Lang) Tag() string {
	if l == Portuguese {
		return "pt-BR"
	}
	return string(l)
}

// Name is the language's name in itself, as the picker shows it.
func (l Lang) Name() string {
	switch l {
	case Portuguese:
		return "Português (Brasil)"
	case Spanish:
		return "Español"
	case French:
		return "Français"
	case Korean:
		return "한국어"
	}
	return "English"
}
