package battery

import (
	"fmt"
	"math"

	"speckle/internal/stats"
	"speckle/study"
)

// Multiple testing (issue 35 item 3). A generator's run grades many
// p-values: every test in every order, each with its p over all numbers and
// its KS p over the samples, and in the renderer order every lag. Its
// verdicts are graded together: a FAIL is a rejection by Benjamini and
// Hochberg's step-up rule at false discovery rate stats.FDRLevel over that
// generator's p-values, each read two-sided (stats.TwoSided), as Verdict
// reads a p-value near 1. The family is one generator's, not the whole
// run's: BH is adaptive (many true rejections raise its threshold for the
// others), so over the whole run a weak generator's FAILs would turn a good
// one's borderline p-values into FAILs, and a generator's verdicts would
// depend on which others share the run (and a split run over devices would
// differ from one run on one). For a perfect generator every null
// hypothesis is true, so BH's false discovery rate is the chance of any
// FAIL at all: at most 1 % a generator and run.

// FDRRule states the rule, for help texts, footers and the docs.
func FDRRule() string {
	return fmt.Sprintf("FAIL where Benjamini-Hochberg at false discovery rate q = %g rejects, over each generator's p-values "+
		"(every test, order and lag; a test's p and KS p both; each read two-sided as 2 min(p, 1-p)); "+
		"a perfect generator shows a FAIL in at most 1 run in %g", stats.FDRLevel, 1/stats.FDRLevel)
}

// grade applies the rule to one generator's results and lags: each result's
// Q is the smaller BH-adjusted p-value of its two (a FAIL exactly where Q <=
// stats.FDRLevel), each lag's Q its own. A p-value FAILing by
// stats.Verdict's fixed threshold but not rejected (possible only past
// some 5,000 p-values) is SUSPECT; SUSPECT and PASS are as Verdict grades
// them.
func grade(res []TestResult, lags []study.LagResult) {
	var ps []float64
	for _, r := range res {
		ps = append(ps, stats.TwoSided(r.P), stats.TwoSided(r.KS))
	}
	for _, l := range lags {
		ps = append(ps, stats.TwoSided(l.P))
	}
	reject, q := stats.BenjaminiHochberg(ps, stats.FDRLevel)
	for i := range res {
		res[i].Q = minQ(q[2*i], q[2*i+1])
		res[i].Verdict = graded(worse(stats.Verdict(res[i].P), stats.Verdict(res[i].KS)), reject[2*i] || reject[2*i+1])
	}
	for i := range lags {
		k := 2*len(res) + i
		lags[i].Q = q[k]
		lags[i].Verdict = graded(stats.Verdict(lags[i].P), reject[k])
	}
}

// graded is verdict v under the rule: FAIL if rejected, never else.
func graded(v string, rejected bool) string {
	switch {
	case rejected:
		return "FAIL"
	case v == "FAIL":
		return "SUSPECT"
	}
	return v
}

// minQ is the smaller of two q-values, NaN only if both are.
func minQ(a, b float64) float64 {
	switch {
	case math.IsNaN(a):
		return b
	case math.IsNaN(b):
		return a
	}
	return min(a, b)
}
