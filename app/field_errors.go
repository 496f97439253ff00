package app

import (
	"errors"
	"strconv"
	"strings"

	"partitionlab/app/errtext"
	"partitionlab/app/i18n"
	"partitionlab/app/share"
	"partitionlab/sim/scenario"
)

// fieldErrorsText is err as a page in w's language shows it: each of the
// engine's field errors as "field: message" on a line of its own, in w's
// words (the work budget's refusal among them); a link that cannot be
// read (share.Error) in w's words too; any other error as it is.
func fieldErrorsText(w *i18n.Catalog, err error) string {
	var le *share.Error
	if errors.As(err, &le) {
		return w.T("link."+string(le.Code), i18n.S("max", strconv.Itoa(le.Max)))
	}
	var up unknownPreset
	if errors.As(err, &up) {
		return w.T("link.unknownPreset", i18n.S("name", strconv.Quote(up.name)), i18n.S("names", strings.Join(scenario.PresetNames(), ", ")))
	}
	var fe scenario.FieldErrors
	if !errors.As(err, &fe) {
		return err.Error()
	}
	lines := make([]string, len(fe))
	for i, e := range fe {
		lines[i] = errtext.For(w).Field(e)
	}
	return strings.Join(lines, "\n")
}

// decimalComma reports whether text is one number written with a decimal
// comma ("-12,5"), maybe between ASCII spaces, tabs and line breaks.
//
// Hand-written, not a regexp: the pages' WebAssembly modules link no
// regexp (with go-app's router, it was about 77 kB of app.wasm with
// brotli; internal/archtest checks it).
func decimalComma(text string) bool {
	whole, frac, ok := strings.Cut(strings.TrimPrefix(strings.Trim(text, " \t\n\f\r"), "-"), ",")
	return ok && onlyDigits(whole) && onlyDigits(frac)
}

// onlyDigits reports whether s is one ASCII digit or more and nothing else.
func onlyDigits(s string) bool { return s != "" && strings.Trim(s, "0123456789") == "" }

// decimalPoint reads a number typed the way l writes it: "0,5" is 0.5 in
// Portuguese, Spanish and French, whose decimal mark is a comma. The
// input then shows it as the engine reads it ("0.5"), so nothing changes
// unseen. Anything else is left as typed.
func decimalPoint(l i18n.Lang, text string) string {
	if l.Float(0.5, 1) != "0,5" || !decimalComma(text) {
		return text
	}
	return strings.Replace(strings.TrimSpace(text), ",", ".", 1)
}

// unknownPreset is a link (or a click) naming a built-in scenario there
// is none of; its English text is the engine's own.
type unknownPreset struct {
	name string
	err  error
}

func (u unknownPreset) Error() string { return u.err.Error() }
