// Package archtest holds the tests of the repository's shape, and no code:
// which of our packages may import which (imports_test.go, in the style of
// Go's own go/build deps test), and what app.wasm links (wasmdeps_test.go).
package archtest
