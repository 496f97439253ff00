package share

import "fmt"

// Code says what is wrong with a link, for a page to say it in its
// reader's language (the catalog's "link.<code>").
type Code string

// What can be wrong with a link.
const (
	NotAddress Code = "notAddress" // the text is not an address
	NoScenario Code = "noScenario" // the address names no scenario
	NotBase64  Code = "notBase64"  // the scenario parameter is not base64url
	NotDeflate Code = "notDeflate" // it does not decompress (cut off?)
	TooLarge   Code = "tooLarge"   // it decompresses to more than Max bytes
)

// Error is a link Parse or Decode cannot read: its Code, the limit it
// passed (Max, for TooLarge) and the error underneath, if any. Its text is
// the English one the page always showed.
type Error struct {
	Code Code
	Max  int
	Err  error
}

var english = map[Code]string{
	NotAddress: "not an address",
	NoScenario: "the address names no scenario",
	NotBase64:  "the link's scenario is not base64url text (was it cut off?)",
	NotDeflate: "the link's scenario does not decompress (was it cut off?)",
	TooLarge:   "the link's scenario is larger than %d bytes",
}

func (e *Error) Error() string {
	s := english[e.Code]
	if e.Code == TooLarge {
		s = fmt.Sprintf(s, e.Max)
	}
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

// Unwrap is the error underneath.
func (e *Error) Unwrap() error { return e.Err }
