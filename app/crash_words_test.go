package app

import (
	"strings"
	"testing"
	"unicode"

	"partitionlab/app/i18n"
	"partitionlab/app/share"
)

// Why the engine stopped is said in the page's language when the words
// are the worker's own (web/engine.js, web/engine-worker.js); the Go
// runtime's line after them stays as the runtime wrote it.
func TestCrashWordsInTheReadersLanguage(t *testing.T) {
	ko := i18n.For(i18n.Korean)
	for _, tc := range []struct{ why, want, kept string }{
		{workerFailed, ko.T("engine.workerFailed"), ""},
		{"the engine stopped (exit status 2): fatal error: out of memory", ko.T("engine.exitStatus", i18n.S("code", "2")), ": fatal error: out of memory"},
		{pageStopped, ko.T("results.crash.pageStopped"), ""},
	} {
		got := crashWords(ko, tc.why)
		if !strings.HasPrefix(got, tc.want) || !strings.HasSuffix(got, tc.kept) || strings.Contains(got, "the engine") {
			t.Errorf("crashWords(ko, %q) = %q, want %q then %q", tc.why, got, tc.want, tc.kept)
		}
	}
	if got := crashWords(i18n.For(i18n.English), "the engine stopped (exit status 2)"); got != "the engine stopped (exit status 2)" {
		t.Errorf("English changed: %q", got)
	}
}

// A link the page cannot read is explained in the reader's language: each
// of share's errors and a preset there is none of; in English, the words
// are the ones the page always showed.
func TestUnreadableLinkInTheReadersLanguage(t *testing.T) {
	en, ko := i18n.For(i18n.English), i18n.For(i18n.Korean)
	for _, raw := range []string{"#s=%%%", "#s=AAAA", "#s=" + strings.Repeat("x", 12), "#main", "http://[::1"} {
		_, err := share.Parse(raw, "")
		if err == nil {
			t.Fatalf("%q parsed", raw)
		}
		if got := fieldErrorsText(ko, err); got == "" || hasLatinWord(got) {
			t.Errorf("%q in Korean: %q", raw, got)
		}
		if got, want := fieldErrorsText(en, err), err.Error(); !strings.HasPrefix(want, got) {
			t.Errorf("%q in English: %q, the error says %q", raw, got, want)
		}
	}
	var e editor
	err := e.loadPreset("no-such-preset")
	if got := fieldErrorsText(ko, err); !strings.Contains(got, `"no-such-preset"`) || !strings.Contains(got, "기본 제공 시나리오") || strings.Contains(got, "프리셋") {
		t.Errorf("unknown preset in Korean: %q", got)
	}
	if got, want := fieldErrorsText(en, err), err.Error(); got != want {
		t.Errorf("unknown preset in English: %q, want %q", got, want)
	}
}

// hasLatinWord reports a word of three Latin letters or more, other than
// the names kept as written (base64url).
func hasLatinWord(s string) bool {
	s = strings.ReplaceAll(s, "base64url", "")
	n := 0
	for _, r := range s {
		if r < 0x80 && unicode.IsLetter(r) {
			if n++; n >= 3 {
				return true
			}
		} else {
			n = 0
		}
	}
	return false
}

// share.Error's English is the catalog's English: the page shows the
// same words as before in English.
func TestLinkErrorsEnglishIsTheCatalogs(t *testing.T) {
	en := i18n.For(i18n.English)
	for _, c := range []share.Code{share.NotAddress, share.NoScenario, share.NotBase64, share.NotDeflate, share.TooLarge} {
		e := &share.Error{Code: c, Max: 1234}
		if got, want := e.Error(), en.T("link."+string(c), i18n.S("max", "1234")); got != want {
			t.Errorf("%s: share says %q, the catalog %q", c, got, want)
		}
	}
}
