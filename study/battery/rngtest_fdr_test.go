package battery

import (
	"math"
	"testing"

	"speckle/internal/stats"
	"speckle/study"
)

// The rule: one generator's p-values (both of each result, and its lags)
// graded together by Benjamini-Hochberg at q = 0.01, two-sided; FAIL
// exactly where rejected, SUSPECT and PASS as before.
func TestGradeAppliesBenjaminiHochberg(t *testing.T) {
	res := []TestResult{
		{Test: "a", P: 1e-5, KS: 0.5},       // 20 p-values: 2e-5 <= 0.01/20, rejected, though Verdict says SUSPECT
		{Test: "b", P: 0.3, KS: 0.9999},     // 2e-4 <= 2 x 0.01/20: rejected at rank 2 (step-up)
		{Test: "c", P: 0.002, KS: 0.6},      // 4e-3 > 3 x 0.01/20: SUSPECT, not rejected
		{Test: "d", P: 0.4, KS: math.NaN()}, // NaN: left out of m
		{Test: "e", P: math.NaN(), KS: math.NaN()},
	}
	for i := 0; i < 7; i++ {
		res = append(res, TestResult{Test: "x", P: 0.2 + 0.05*float64(i), KS: 0.3})
	}
	lags := []study.LagResult{{Lag: 1, P: 0.5}, {Lag: 2, P: 0.7}}
	grade(res, lags)
	// m: 12 results x 2 less 3 NaN, plus 2 lags = 23.
	want := map[string]string{"a": "FAIL", "b": "FAIL", "c": "SUSPECT", "d": "PASS", "e": "n/a", "x": "PASS"}
	for _, r := range res {
		if r.Verdict != want[r.Test] {
			t.Errorf("%s (p %g, KS p %g): %s, want %s", r.Test, r.P, r.KS, r.Verdict, want[r.Test])
		}
		if (r.Verdict == "FAIL") != (r.Q <= stats.FDRLevel) {
			t.Errorf("%s: q %g but %s", r.Test, r.Q, r.Verdict)
		}
	}
	if q := res[0].Q; math.Abs(q-23*2e-5) > 1e-12 {
		t.Errorf("a's q is %g, want 23 x 2e-5", q)
	}
	if !math.IsNaN(res[4].Q) || lags[0].Verdict != "PASS" || lags[0].Q != 1 {
		t.Errorf("e's q %g, lags %+v", res[4].Q, lags)
	}
	// A fixed-threshold FAIL that BH does not reject is SUSPECT: 6,000
	// p-values, the smallest 9e-7 (two-sided 1.8e-6 > 0.01/6000).
	many := make([]TestResult, 3000)
	for i := range many {
		many[i] = TestResult{Test: "y", P: 0.5, KS: 0.5}
	}
	many[0].P = 9e-7
	grade(many, nil)
	if many[0].Verdict != "SUSPECT" || stats.Verdict(many[0].P) != "FAIL" {
		t.Errorf("p 9e-7 among 6,000: %s", many[0].Verdict)
	}
}
