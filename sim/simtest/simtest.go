// Package simtest holds scenarios for the tests of sim and of the packages
// that show the scenario language's messages (like net/http/httptest): invalid.jsonl lists
// scenarios that each break one or more of validation's rules, one a line,
// as a document and --set changes, between them giving every message code
// scenario declares (scenario.Messages) that a document can reach.
//
// simtest must never import sim or sim/scenario, so that their own tests can use it.
package simtest

import (
	_ "embed"
	"encoding/json"
	"strings"
)

//go:embed invalid.jsonl
var invalid string

// Case is one scenario: a document and the --set changes applied to it.
type Case struct {
	Doc  string   `json:"doc"`
	Sets []string `json:"sets"`
}

// Invalid are the invalid scenarios of invalid.jsonl; a case without a
// document changes the defaults ("{}").
func Invalid() ([]Case, error) {
	var out []Case
	for _, line := range strings.Split(strings.TrimSpace(invalid), "\n") {
		var c Case
		if err := json.Unmarshal([]byte(line), &c); err != nil {
			return nil, err
		}
		if c.Doc == "" {
			c.Doc = "{}"
		}
		out = append(out, c)
	}
	return out, nil
}
