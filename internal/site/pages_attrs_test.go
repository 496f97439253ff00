package site

import "testing"

func TestSortAttributesMakesOnePageOneText(t *testing.T) {
	a := `<meta property="og:url" content="/keys"><div id="x" class="a b" hidden>t &lt;b c&gt;</div>`
	b := `<meta content="/keys" property="og:url"><div hidden class="a b" id="x">t &lt;b c&gt;</div>`
	want := `<meta content="/keys" property="og:url"><div class="a b" hidden id="x">t &lt;b c&gt;</div>`
	if got := string(sortAttributes([]byte(a))); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if string(sortAttributes([]byte(a))) != string(sortAttributes([]byte(b))) {
		t.Errorf("two orders of the same attributes give two texts")
	}
	// What go-app did not write this way is left as it is.
	for _, s := range []string{
		`<path d="M 0 0" style="fill:#fff"/>`, `<?xml version="1.0"?>`, `<!DOCTYPE html>`, `</div>`,
		`if (a<b) {}`, `<a href="x\q">`, `<`, `<a`, `<a b="c`,
	} {
		if got := string(sortAttributes([]byte(s))); got != s {
			t.Errorf("%s became %s", s, got)
		}
	}
}

// A boolean attribute go-app wrote as "false" is left out: in HTML its
// presence alone would select, tick, open or disable the element.
func TestSortAttributesLeavesOutFalseBooleans(t *testing.T) {
	in := `<select><option selected="false" value="en">English</option><option selected value="ko">한국어</option></select>` +
		`<input checked="false" type="checkbox"><details open="false"><button disabled="false" type="button">` +
		`<input aria-invalid="false" data-hot="false" spellcheck="false">`
	want := `<select><option value="en">English</option><option selected value="ko">한국어</option></select>` +
		`<input type="checkbox"><details><button type="button">` +
		`<input aria-invalid="false" data-hot="false" spellcheck="false">`
	if got := string(sortAttributes([]byte(in))); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}
