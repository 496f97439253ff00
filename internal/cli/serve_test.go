package cli

import (
	"strings"
	"testing"
)

func TestServeUsageErrors(t *testing.T) {
	if code, _, errOut := runCLI("serve", "extra"); code != 2 || !strings.Contains(errOut, `unexpected argument "extra"`) {
		t.Errorf("serve extra: exit %d, stderr %q", code, errOut)
	}
	if code, _, errOut := runCLI("--web", t.TempDir()); code != 1 || !strings.Contains(errOut, "make build") {
		t.Errorf("serving a web directory without app.wasm: exit %d, stderr %q", code, errOut)
	}
}
