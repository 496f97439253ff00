package archtest

import (
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// A rule says what the packages matching pkg may import besides the
// standard library (allow), and what neither they nor their tests may ever
// import (forbid, standard library included). A pattern ending in "/..."
// matches a package and every package under it; a package takes the rule
// of its longest matching pattern, so new packages under sim/ or app/ are
// covered by their parent's rule. A package no rule matches fails the
// test: a new top-level package gets its rule when it is added.
type rule struct {
	pkg           string
	allow, forbid []string
	// why is said when the rule is broken.
	why string
}

// Modules and package sets the rules name.
const (
	goApp   = "github.com/maxence-charriere/go-app/..."
	gonum   = "gonum.org/v1/plot/..."
	xImage  = "golang.org/x/image/..."
	brotli  = "github.com/andybalholm/brotli/..."
	franzGo = "github.com/twmb/franz-go/..."
	sim     = "partitionlab/sim/..."
	app     = "partitionlab/app/..."
	ours    = "partitionlab/internal/..."
)

// pure is what the engine and the hashing must never import: the UI, the
// plots, the network, processes, the command line, a Kafka client.
var pure = []string{app, goApp, gonum, xImage, franzGo, ours, "net/...", "os/exec", "os/signal", "syscall/js", "flag"}

// rules are today's graph (go list -deps), written as what may be.
var rules = []rule{
	{pkg: "partitionlab", allow: []string{"partitionlab/internal/cli", "partitionlab/app", goApp},
		why: "the root holds the entry points only: natively the command line, in the browser the app"},
	{pkg: "partitionlab/hashcore", forbid: append([]string{sim}, pure...),
		why: "hashcore is Kafka's hashing and partition arithmetic and depends on nothing of ours"},
	{pkg: sim, allow: []string{"partitionlab/hashcore", sim}, forbid: pure,
		why: "the engine is a pure library that runs natively, under node and in a Web Worker: never the UI, go-app, gonum/plot, net/http, franz-go or the command line"},
	{pkg: app, allow: []string{"partitionlab/hashcore", sim, app, goApp, gonum, xImage}, forbid: []string{ours, franzGo},
		why: "the app is what app.wasm links: never the command line, the site's server or a Kafka client"},
	{pkg: "partitionlab/app/chart", allow: []string{sim}, forbid: []string{gonum, xImage, goApp},
		why: "a chart as the pages hold it, drawn elsewhere, and what it is drawn from: never gonum/plot, so a page that shows charts links no drawing"},
	{pkg: "partitionlab/internal/cli", allow: []string{"partitionlab/hashcore", sim, app, "partitionlab/internal/site", "partitionlab/internal/cluster"},
		why: "the command line reaches the site and the cluster through their packages; only internal/cluster imports franz-go"},
	{pkg: "partitionlab/internal/site", allow: []string{app, goApp, brotli}, forbid: []string{"partitionlab/internal/cli", "partitionlab/internal/cluster", franzGo},
		why: "the site serves and publishes the app; the command line calls it, never the other way"},
	{pkg: "partitionlab/internal/site/sitetest",
		why: "sitetest is a test helper of the site's and the command line's tests"},
	{pkg: "partitionlab/internal/cluster", allow: []string{sim, franzGo}, forbid: []string{app, goApp, "partitionlab/internal/cli", "partitionlab/internal/site"},
		why: "reading a live cluster turns into a scenario and nothing else"},
	{pkg: "partitionlab/internal/archtest", why: "archtest holds tests only"},
	{pkg: "partitionlab/internal/browsergoapp",
		why: "browsergoapp writes go-app's browser copy with the standard library and the go command alone"},
	{pkg: "partitionlab/internal/browsergoapp/uuidstub", forbid: []string{"crypto/..."},
		why: "uuidstub is written out as github.com/google/uuid for the browser's go-app: the standard library alone, and no crypto, which it is there to leave out"},
	{pkg: "partitionlab/internal/soak", allow: []string{sim},
		why: "the soak runs the engine's random worlds for as long as asked; it is a developer's command, not part of the engine"},
	{pkg: "partitionlab/crosscheck", why: "the cross-checks' Kafka clients are test imports only"},
	{pkg: "partitionlab/e2e/...", allow: []string{brotli}, why: "the browser tests' tools measure and compress app.wasm"},
}

// match says whether path is pattern or, for "x/...", x or under it.
func match(pattern, path string) bool {
	if base, ok := strings.CutSuffix(pattern, "/..."); ok {
		return path == base || strings.HasPrefix(path, base+"/")
	}
	return path == pattern
}

func matchAny(patterns []string, path string) bool {
	return slices.ContainsFunc(patterns, func(p string) bool { return match(p, path) })
}

// ruleFor is the rule of the longest pattern that matches pkg.
func ruleFor(pkg string) (rule, bool) {
	best, found := rule{}, false
	for _, r := range rules {
		if match(r.pkg, pkg) && (!found || len(r.pkg) > len(best.pkg)) {
			best, found = r, true
		}
	}
	return best, found
}

// standard says whether path is the standard library's: its first element
// has no dot, and it is not ours.
func standard(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".") && first != "partitionlab"
}

// imports lists each of our packages with its imports and its tests'
// imports, natively and for the browser build (GOOS=js, make build's tags).
func imports(t *testing.T) (code, tests map[string][]string) {
	t.Helper()
	code, tests = map[string][]string{}, map[string][]string{}
	for _, env := range [][]string{nil, {"GOOS=js", "GOARCH=wasm"}} {
		tags := "minimal"
		if env != nil {
			tags = wasmTags
		}
		cmd := exec.Command("go", "list", "-e", "-tags", tags, "-f",
			"{{.ImportPath}}\t{{join .Imports \" \"}}\t{{join .TestImports \" \"}} {{join .XTestImports \" \"}}", "partitionlab/...")
		cmd.Env = append(os.Environ(), env...)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("go list %v: %v", env, err)
		}
		for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			parts := strings.SplitN(line, "\t", 3)
			if len(parts) < 2 {
				t.Fatalf("go list printed %q", line)
			}
			code[parts[0]] = union(code[parts[0]], strings.Fields(parts[1]))
			if len(parts) == 3 {
				tests[parts[0]] = union(tests[parts[0]], strings.Fields(parts[2]))
			}
		}
	}
	return code, tests
}

// union is a and b without repeats, sorted.
func union(a, b []string) []string {
	u := slices.Concat(a, b)
	slices.Sort(u)
	return slices.Compact(u)
}

// TestImportRules fails on an import no rule allows: a new edge in the
// package graph is a decision, written down in rules above.
func TestImportRules(t *testing.T) {
	code, tests := imports(t)
	if len(code) < 10 {
		t.Fatalf("go list found only %d packages", len(code))
	}
	for pkg, imps := range code {
		r, ok := ruleFor(pkg)
		if !ok {
			t.Errorf("%s has no import rule: add one to rules in internal/archtest/imports_test.go", pkg)
			continue
		}
		for _, imp := range imps {
			switch {
			case matchAny(r.forbid, imp):
				t.Errorf("%s imports %s, which %s never may: %s", pkg, imp, r.pkg, r.why)
			case standard(imp), imp == pkg:
			case !matchAny(r.allow, imp):
				t.Errorf("%s imports %s, which the rule for %s does not allow (it allows %v): %s; if the new edge is right, add it to rules in internal/archtest/imports_test.go",
					pkg, imp, r.pkg, r.allow, r.why)
			}
		}
	}
	for pkg, imps := range tests {
		r, _ := ruleFor(pkg)
		for _, imp := range imps {
			// Tests may use flag and os/exec to rewrite goldens or run go.
			if !standard(imp) && matchAny(r.forbid, imp) {
				t.Errorf("a test of %s imports %s, which %s never may: %s", pkg, imp, r.pkg, r.why)
			}
		}
	}
}

// The rules themselves catch what they are for: the engine importing the
// UI or a Kafka client, the app importing the command line.
func TestImportRulesRefuse(t *testing.T) {
	refused := map[string]string{
		"partitionlab/sim/scenario":      "partitionlab/app",
		"partitionlab/sim":               "github.com/maxence-charriere/go-app/v9/pkg/app",
		"partitionlab/sim/coordinator":   "net/http",
		"partitionlab/hashcore":          "partitionlab/sim",
		"partitionlab/app/plots":         "partitionlab/internal/site",
		"partitionlab/internal/cli":      "github.com/twmb/franz-go/pkg/kgo",
		"partitionlab/internal/site":     "partitionlab/internal/cli",
		"partitionlab/sim/sweep":         "gonum.org/v1/plot",
		"partitionlab/app/runner":        "github.com/twmb/franz-go/pkg/kgo",
		"partitionlab/internal/cluster":  "partitionlab/app",
		"partitionlab/sim/share/anynew":  "github.com/twmb/franz-go/pkg/kgo",
		"partitionlab/internal/archtest": "partitionlab/sim",
	}
	for pkg, imp := range refused {
		r, ok := ruleFor(pkg)
		if !ok {
			t.Errorf("%s has no rule", pkg)
			continue
		}
		if !matchAny(r.forbid, imp) && (standard(imp) || matchAny(r.allow, imp)) {
			t.Errorf("the rule for %s (%s) lets it import %s", pkg, r.pkg, imp)
		}
	}
}
