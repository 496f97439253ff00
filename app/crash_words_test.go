package app

import (
	"strings"
	"testing"

	"partitionlab/app/i18n"
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
