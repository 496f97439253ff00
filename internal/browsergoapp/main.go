// Command browsergoapp writes go-app as the browser's modules build it:
// the module as published, without the files of its server's half, and a
// go.mod beside it (browser.mod, with browser.sum) that replaces go-app
// with that copy. make wasm and the browser tests build app.wasm and
// embed.wasm with -modfile set to the path it prints.
//
// Why: go-app's package app compiles its HTTP handler (http.go, with
// resource.go's resource providers) into the browser's build too. Nothing
// there runs in a page, but importing net/http runs the initialisers of
// net/http, crypto/tls and crypto/x509, and what they set up keeps TLS,
// the certificate parser and every elliptic curve in the module: about
// 300 kB of app.wasm with brotli. The page never serves HTTP; the command
// line (built from go.mod, with go-app whole) does.
//
// The copy also takes go-app's router (route.go) without its routes by
// regular expression, which the pages do not use: matching them links
// package regexp, compiler and all (with the page's own few patterns,
// which it reads by hand for that reason, about 77 kB of app.wasm with
// brotli).
// browser_route.go routes by path as route.go does (see routerFile).
//
// The copy also asks the browser for the page's document once, where go-app
// asks for it at every element it creates (see edits in write.go).
//
// The copy is made at build time from the module cache (the download
// go.sum checks), never kept in the tree, so it follows go-app's version
// in go.mod. The client's code calls two small functions of http.go;
// browser.go gives them (see clientFile).
//
//	go run ./internal/browsergoapp DIR
package main

import (
	"fmt"
	"os"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: go run ./internal/browsergoapp DIR")
		os.Exit(2)
	}
	modfile, err := write(".", os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, "browsergoapp:", err)
		os.Exit(1)
	}
	fmt.Println(modfile)
}
