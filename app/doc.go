// Package app is Partition Lab's user interface: go-app components, one file
// per page, sharing the layout in layout.go. Components hold UI state only;
// the work is done by plain Go packages (hashcore, keymap, plots, sim) that
// tests can run without a browser.
//
// app must never import net/http or the command-line code: it is compiled
// into app.wasm, and the server side lives in package main.
package app
