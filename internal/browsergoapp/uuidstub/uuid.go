// Package uuid is the one function of github.com/google/uuid that the
// browser's copy of go-app calls. internal/browsergoapp writes this file
// as that module (see uuidModule there); it is a package here so that its
// tests run.
package uuid

import (
	"fmt"
	"math/rand/v2"
)

// NewString is a random (version 4) UUID, as 8-4-4-4-12 hexadecimal digits.
func NewString() string {
	hi, lo := rand.Uint64(), rand.Uint64()
	// The version (4) and the variant (binary 10) in their places.
	hi = hi&^0xf000 | 0x4000
	lo = lo&^(0xc<<60) | 0x8<<60
	return fmt.Sprintf("%08x-%04x-%04x-%04x-%012x", hi>>32, hi>>16&0xffff, hi&0xffff, lo>>48, lo&(1<<48-1))
}
