//go:build !wasm

// Command partitionlab is Partition Lab's command-line tool: it serves the
// browser app, writes it as a static site, and answers questions about Kafka
// partitioning from the shell (internal/cli). Its browser entry point is
// server_wasm.go; this file's build tag keeps the command line, net/http's
// server and franz-go out of app.wasm.
package main

import (
	"os"

	"partitionlab/internal/cli"
)

func main() { os.Exit(cli.Main(os.Args[1:])) }
