package e2e

import (
	"strings"
	"testing"
)

// TestImportIsBoundedLikeALink: a 100 MB file or paste took 731 MB in the
// tab. Both are refused above the size a link may carry, with a message,
// and the form says the bound beforehand.
func TestImportIsBoundedLikeALink(t *testing.T) {
	ctx := newTab(t)
	open(t, ctx, env.baseURL)
	waitDigest(t, ctx, "results", cliResult(t, "order-events").Digest)
	for _, id := range []string{"import-file", "import-text"} {
		label := eval[string](t, ctx, `document.querySelector('label[for=`+js(id)+`]').textContent`)
		if !strings.Contains(label, "up to 1 MB") {
			t.Errorf("the label of #%s, %q, does not say the limit", id, label)
		}
	}
	// A file of 2 MB, chosen as a person would.
	eval[bool](t, ctx, `(() => {
		const input = document.getElementById("import-file");
		const dt = new DataTransfer();
		dt.items.add(new File(["{" + " ".repeat(2 * 1024 * 1024) + "}"], "big.json", {type: "application/json"}));
		input.files = dt.files;
		input.dispatchEvent(new Event("change", {bubbles: true}));
		return true; })()`)
	waitFor(t, ctx, `document.getElementById("share-message").textContent.includes("2097154 bytes is more than a scenario may have (1 MB, 1048576 bytes)")`)

	// A paste of 2 MB.
	setField(t, ctx, "import-text", `{"seed": 5`+strings.Repeat(" ", 2<<20)+`}`, "input")
	waitFor(t, ctx, `document.getElementById("share-message").textContent.includes("characters is more than a scenario may have")`)
	// A normal paste still loads.
	setField(t, ctx, "import-text", `{"seed": 5}`, "input")
	eval[bool](t, ctx, `(document.getElementById("import-apply").click(), true)`)
	waitFor(t, ctx, `document.getElementById("share-message").textContent === "Scenario imported."`)
	waitFor(t, ctx, `document.getElementById("f-seed").value === "5"`)
}
