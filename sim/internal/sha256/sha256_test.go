package sha256

import (
	stdsha256 "crypto/sha256"
	"encoding/hex"
	"math/rand/v2"
	"testing"
)

// The published examples of FIPS 180-4 (and NIST's example values).
func TestSum256GivesThePublishedDigests(t *testing.T) {
	for in, want := range map[string]string{
		"":    "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
		"abc": "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
		"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq": "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
	} {
		sum := Sum256([]byte(in))
		if got := hex.EncodeToString(sum[:]); got != want {
			t.Errorf("Sum256(%q) = %s, want %s", in, got, want)
		}
	}
}

// Every length around the padding's one-block and two-block cases, and
// long inputs, give crypto/sha256's digest.
func TestSum256IsCryptoSHA256(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	buf := make([]byte, 1<<20+37)
	for i := range buf {
		buf[i] = byte(r.Uint32())
	}
	lengths := []int{len(buf), 1 << 16, 4095, 4096, 4097}
	for n := range 3 * blockSize {
		lengths = append(lengths, n)
	}
	for _, n := range lengths {
		if got, want := Sum256(buf[:n]), stdsha256.Sum256(buf[:n]); got != want {
			t.Errorf("length %d: %x, want %x", n, got, want)
		}
	}
}
