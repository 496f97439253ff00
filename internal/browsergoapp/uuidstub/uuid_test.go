package uuid

import (
	"strings"
	"testing"
)

// A version 4 UUID as RFC 9562 writes it: 8-4-4-4-12 lowercase hexadecimal
// digits, version digit 4, variant digit 8, 9, a or b; and a new one each
// time (go-app tells its own tab's broadcasts from others' by it).
func TestNewStringIsARandomVersion4UUID(t *testing.T) {
	seen := map[string]bool{}
	for range 1000 {
		s := NewString()
		parts := strings.Split(s, "-")
		if len(s) != 36 || len(parts) != 5 || len(parts[0]) != 8 || len(parts[1]) != 4 || len(parts[2]) != 4 || len(parts[3]) != 4 || len(parts[4]) != 12 {
			t.Fatalf("%q is not 8-4-4-4-12", s)
		}
		if strings.Trim(strings.ReplaceAll(s, "-", ""), "0123456789abcdef") != "" {
			t.Fatalf("%q is not lowercase hexadecimal", s)
		}
		if s[14] != '4' || !strings.ContainsRune("89ab", rune(s[19])) {
			t.Fatalf("%q: version %c, variant digit %c", s, s[14], s[19])
		}
		if seen[s] {
			t.Fatalf("%q twice", s)
		}
		seen[s] = true
	}
}
