// Command jsonfield prints one top-level field of the JSON document on its
// standard input, as make bench-instr needs the run's event count without
// depending on jq.
package main

import (
	"encoding/json"
	"fmt"
	"os"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: jsonfield NAME < doc.json")
		os.Exit(2)
	}
	var doc map[string]json.RawMessage
	if err := json.NewDecoder(os.Stdin).Decode(&doc); err != nil {
		fmt.Fprintln(os.Stderr, "jsonfield:", err)
		os.Exit(1)
	}
	v, ok := doc[os.Args[1]]
	if !ok {
		fmt.Fprintf(os.Stderr, "jsonfield: no field %q\n", os.Args[1])
		os.Exit(1)
	}
	fmt.Println(string(v))
}
