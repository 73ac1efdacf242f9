package stats

import (
	"math"
	"math/rand/v2"
	"testing"
)

// Benjamini and Hochberg's own example (1995, section 4): of 15 p-values,
// the step-up rule at q = 0.05 rejects the four smallest (Bonferroni only
// three).
func TestBenjaminiHochbergPaperExample(t *testing.T) {
	ps := []float64{0.0201, 0.0001, 0.0004, 0.0019, 0.0095, 0.0278, 0.0298, 0.0344, 0.0459, 0.3240, 0.4262, 0.5719, 0.6528, 0.7590, 1.000}
	reject, adj := BenjaminiHochberg(ps, 0.05)
	want := map[int]bool{1: true, 2: true, 3: true, 4: true}
	for i := range ps {
		if reject[i] != want[i] {
			t.Errorf("p = %v: rejected %v, want %v (adjusted %v)", ps[i], reject[i], want[i], adj[i])
		}
	}
	// The fourth smallest, 0.0095: 15 x 0.0095 / 4 = 0.035625; the fifth, 0.0201: 15 x 0.0201 / 5 = 0.0603.
	if !near(adj[4], 0.035625, 1e-12) || !near(adj[0], 0.0603, 1e-12) || adj[14] != 1 {
		t.Errorf("adjusted: %v", adj)
	}
}

// The step-up rule: a p-value above its own threshold is rejected when a
// larger one is below its threshold; NaNs are left out of m and never
// rejected; nothing is rejected among uniform p-values most of the time,
// and an adjusted p-value is never below its p-value.
func TestBenjaminiHochbergStepUp(t *testing.T) {
	// m = 3 (the NaN left out): thresholds 0.01/3, 0.02/3, 0.01. 0.005 is
	// above 0.0033 but 0.009 <= 0.01 carries it and 0.006 in.
	reject, adj := BenjaminiHochberg([]float64{0.009, math.NaN(), 0.006, 0.005}, 0.01)
	if !reject[0] || reject[1] || !reject[2] || !reject[3] || !math.IsNaN(adj[1]) {
		t.Errorf("step-up: %v, adjusted %v", reject, adj)
	}
	r := rand.New(rand.NewPCG(7, 8))
	runs, anyRejected := 2000, 0
	for range runs {
		ps := make([]float64, 40)
		for i := range ps {
			ps[i] = r.Float64()
		}
		reject, adj := BenjaminiHochberg(ps, FDRLevel)
		for i, rej := range reject {
			if adj[i] < ps[i] || adj[i] > 1 {
				t.Fatalf("adjusted %v for p %v", adj[i], ps[i])
			}
			if rej {
				anyRejected++
				break
			}
		}
	}
	// Under the global null the FDR is the chance of any rejection: q.
	if f := float64(anyRejected) / float64(runs); f > 2*FDRLevel {
		t.Errorf("uniform p-values: a rejection in %v of runs, want about %v", f, FDRLevel)
	}
}

func TestTwoSided(t *testing.T) {
	for _, c := range [][2]float64{{0.5, 1}, {0.01, 0.02}, {0.995, 0.01}, {1, 0}, {0, 0}} {
		if got := TwoSided(c[0]); !near(got, c[1], 1e-12) {
			t.Errorf("TwoSided(%v) = %v, want %v", c[0], got, c[1])
		}
	}
	if !math.IsNaN(TwoSided(math.NaN())) {
		t.Error("NaN not kept")
	}
}
