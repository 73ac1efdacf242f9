package stats

import (
	"math"
	"sort"
)

// FDRLevel is the false discovery rate a run's verdicts are held to when
// all its p-values are graded together (issue 35 item 3).
const FDRLevel = 0.01

// BenjaminiHochberg grades m p-values together at false discovery rate q
// (Benjamini and Hochberg 1995, step-up): with p_(1) <= ... <= p_(m) the
// sorted p-values, the k smallest are rejected for the largest k with
// p_(k) <= k q / m. It returns which p-values are rejected and their
// adjusted p-values (q-values: min over j >= rank of m p_(j) / j, at most 1;
// an entry is rejected exactly where its q-value is <= q). NaN entries are
// left out of m, never rejected, and keep NaN. The rule holds the expected
// share of false rejections at q or below for independent p-values (and
// under positive dependence, Benjamini and Yekutieli 2001): a battery's
// tests over the same numbers are not independent, but mostly only weakly
// so.
func BenjaminiHochberg(ps []float64, q float64) (reject []bool, adjusted []float64) {
	reject = make([]bool, len(ps))
	adjusted = make([]float64, len(ps))
	var idx []int
	for i, p := range ps {
		adjusted[i] = math.NaN()
		if !math.IsNaN(p) {
			idx = append(idx, i)
		}
	}
	sort.SliceStable(idx, func(a, b int) bool { return ps[idx[a]] < ps[idx[b]] })
	m := float64(len(idx))
	running := 1.0
	for k := len(idx) - 1; k >= 0; k-- {
		i := idx[k]
		running = min(running, ps[i]*(m/float64(k+1))) // m/(k+1) >= 1: never below p
		adjusted[i] = running
		reject[i] = running <= q
	}
	return reject, adjusted
}

// TwoSided is the p-value of p read as Verdict reads it, where a p-value
// too close to 1 (counts too even) fails like one too close to 0:
// 2 min(p, 1-p). Pass battery p-values through it before BenjaminiHochberg.
func TwoSided(p float64) float64 {
	if math.IsNaN(p) {
		return p
	}
	return min(1, 2*min(p, 1-p))
}
