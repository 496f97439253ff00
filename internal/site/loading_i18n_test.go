package site

import (
	"flag"
	"os"
	"strings"
	"testing"

	"partitionlab/app/i18n"
)

var updateLoading = flag.Bool("update-loading", false, "rewrite web/loading-i18n.js from the catalog")

// web/loading-i18n.js holds the catalog's loading labels of every language
// but English, as loadingScript writes them: the loading page's words have
// one source.
func TestLoadingScript(t *testing.T) {
	want := loadingScript()
	path := "../../web/loading-i18n.js"
	if *updateLoading {
		if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Errorf("%s is not the catalog's: go test -run TestLoadingScript -update-loading", path)
	}
	ko := i18n.For(i18n.Korean).T("site.loading")
	if !strings.Contains(want, ko) || strings.Contains(want, loadingLabel(false)) {
		t.Errorf("the script lacks Korean's label %q, or holds English's", ko)
	}
}
