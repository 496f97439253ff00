package site

import (
	"html"
	"io"
	"net/http/httptest"
	"strings"
	"testing"

	"partitionlab/app/i18n"
)

// A page asked with ?lang= arrives drawn in that language, before app.wasm
// has started: <html lang>, the title, the header, the loading label and the
// page itself (the Simulate page's results included), its links keeping
// the language.
func TestPagesArrivePreRenderedInTheAddressLanguage(t *testing.T) {
	mux := newServeMux(t.TempDir(), site{base: "/", version: "v1"})
	page := func(path string, header ...string) (string, *httptest.ResponseRecorder) {
		t.Helper()
		req := httptest.NewRequest("GET", path, nil)
		for i := 0; i+1 < len(header); i += 2 {
			req.Header.Set(header[i], header[i+1])
		}
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, req)
		if rec.Code != 200 {
			t.Fatalf("%s answered %d", path, rec.Code)
		}
		body, _ := io.ReadAll(rec.Result().Body)
		return string(body), rec
	}
	has := func(path, page string, want ...string) {
		t.Helper()
		for _, w := range want {
			if !strings.Contains(page, w) {
				t.Errorf("%s has no %q", path, w)
			}
		}
	}
	navText := func(c *i18n.Catalog, id string) string {
		return `id="nav-` + id + `">` + html.EscapeString(c.T("nav."+id)) + "</a>"
	}
	ko, pt, en := i18n.For(i18n.Korean), i18n.For(i18n.Portuguese), i18n.For(i18n.English)

	simKo, _ := page("/?lang=ko")
	has("/?lang=ko", simKo,
		`<html lang="ko">`,
		"<title>"+html.EscapeString(ko.T("site.title"))+"</title>",
		navText(ko, "simulate"), navText(ko, "compare"), navText(ko, "simplified"),
		`href="/keys?lang=ko"`,
		html.EscapeString(ko.T("site.loading", i18n.S("progress", "0"))),
		`id="results"`, `&#34;lang&#34;:&#34;ko&#34;`, // the result travels with its language
		`content="/?lang=ko" property="og:url"`,
	)
	keysPt, _ := page("/keys?lang=pt")
	has("/keys?lang=pt", keysPt,
		`<html lang="pt-BR">`,
		"<title>"+html.EscapeString(pt.T("site.title"))+"</title>",
		navText(pt, "simulate"), navText(pt, "learn"),
		html.EscapeString(pt.T("keys.lead")),
		`href="/?lang=pt"`,
	)
	if strings.Contains(keysPt, html.EscapeString(en.T("keys.lead"))) || strings.Contains(simKo, html.EscapeString(en.T("nav.compare"))+"</a>") {
		t.Errorf("a translated page still shows English")
	}
	// A language tag as a browser writes it is read as the app reads it.
	if tagged, _ := page("/keys?lang=PT-br"); tagged != keysPt {
		t.Errorf("/keys?lang=PT-br is not /keys?lang=pt")
	}

	// English, an unknown language, and a header asking for Korean all give
	// the English page: the page at an address is always the same.
	plain, rec := page("/")
	has("/", plain, `<html lang="en">`, "<title>"+html.EscapeString(en.T("site.title"))+"</title>", navText(en, "simulate"),
		`&#34;lang&#34;:&#34;en&#34;`)
	if strings.Contains(rec.Header().Get("Vary"), "Accept-Language") {
		t.Errorf("a page varies with Accept-Language")
	}
	for _, p := range []string{"/?lang=xx", "/?lang=en&x=1"} {
		if got, _ := page(p); got != plain {
			t.Errorf("%s is not the English page", p)
		}
	}
	if got, _ := page("/", "Accept-Language", "ko-KR,ko"); got != plain {
		t.Errorf("/ asked in Korean by the header is not the English page")
	}
	// go-app's own files are the same in every language (app.js writes the
	// English loading label, which web/loading-i18n.js translates).
	for _, p := range []string{"/app.js", "/app-worker.js", "/manifest.webmanifest"} {
		a, _ := page(p)
		b, _ := page(p + "?lang=ko")
		if a != b {
			t.Errorf("%s differs with ?lang=ko", p)
		}
	}
	// Each page is kept per language: asking again gives the same bytes.
	if again, _ := page("/?lang=ko"); again != simKo {
		t.Errorf("/?lang=ko differs the second time")
	}
}
