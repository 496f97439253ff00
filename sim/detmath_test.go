package sim

import (
	"math"
	"math/rand/v2"
	"testing"
)

func TestDetMathAgreesWithMath(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 100000; i++ {
		x := r.Float64() * math.Pow(10, float64(r.IntN(20)-10))
		if x == 0 {
			continue
		}
		if got, want := detLog(x), math.Log(x); math.Abs(got-want) > 1e-15*math.Max(1, math.Abs(want)) {
			t.Fatalf("detLog(%g) = %g, math.Log = %g", x, got, want)
		}
		y := (r.Float64() - 0.5) * 80
		if got, want := detExp(y), math.Exp(y); math.Abs(got-want) > 1e-15*want {
			t.Fatalf("detExp(%g) = %g, math.Exp = %g", y, got, want)
		}
	}
	if detLog(1) != 0 || detExp(0) != 1 {
		t.Errorf("detLog(1) = %g, detExp(0) = %g", detLog(1), detExp(0))
	}
}
