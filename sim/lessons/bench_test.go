package lessons

import (
	"fmt"
	"testing"
)

// BenchmarkRunLesson is what opening a lesson costs when every step runs:
// each should stay well under a second natively (and under node).
func BenchmarkRunLesson(b *testing.B) {
	all, err := All()
	if err != nil {
		b.Fatal(err)
	}
	for _, l := range all {
		b.Run(fmt.Sprintf("%02d-%s", l.Number, l.ID), func(b *testing.B) {
			for b.Loop() {
				if _, err := Run(l); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkAll is loading and validating every lesson file, which parses
// every control value's scenario.
func BenchmarkAll(b *testing.B) {
	for b.Loop() {
		if _, err := All(); err != nil {
			b.Fatal(err)
		}
	}
}
