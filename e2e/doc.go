// Package e2e holds Partition Lab's browser tests: they build app.wasm and
// the partitionlab binary, run the real "partitionlab serve" and "static"
// commands, and drive Debian's chromium through chromedp, checking what a
// person would see against hashcore's answers.
//
// The package is test-only; nothing imports it. Its wasmsize command is a
// development tool that make bench runs.
package e2e
