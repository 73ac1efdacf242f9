package study

import (
	"fmt"
	"math"

	"speckle/internal/stats"
	"speckle/lab"
	"speckle/rng"
)

// TestResult is one test in one order of one generator: the p-value over
// all numbers, the second-level KS p-value over the samples' p-values, and
// the verdict of the worse of the two.
type TestResult struct {
	Generator string  `json:"generator"`
	Test      string  `json:"test"`
	Order     string  `json:"order"`
	Numbers   int64   `json:"numbers"`
	P         float64 `json:"p"`
	KS        float64 `json:"ks_p"`
	// Q is the smaller Benjamini-Hochberg adjusted p-value of P and KS
	// among the generator's p-values: the verdict is FAIL exactly where Q
	// <= stats.FDRLevel (the battery's FDRRule).
	Q       float64 `json:"q"`
	Verdict string  `json:"verdict"`
}

// Evaluate turns a battery's counts into p-values and verdicts, graded
// together as one generator's (Grade). It lives here, below the battery
// and the lab's views, so that rng test, rng pareto and the views grade
// alike.
func Evaluate(label string, c lab.BatteryCounts, tests []stats.Test, outBits int) []TestResult {
	var out []TestResult
	size := c.Size
	for _, o := range lab.Orders {
		if c.Counts[o] == nil { // not counted
			continue
		}
		seg := size.Segments(o)
		pooled := stats.Layout{Segments: seg.Segments * size.Samples64(), Length: seg.Length}
		for i, t := range tests {
			bins := t.Bins()
			all := make([]uint64, bins)
			ps := make([]float64, size.Samples)
			samples := make([][]uint64, size.Samples)
			for s := range ps {
				samples[s] = c.Counts[o][i][s*bins : (s+1)*bins]
				for b, v := range samples[s] {
					all[b] += v
				}
				ps[s] = stats.P(t, samples[s], seg, outBits)
			}
			p := stats.P(t, all, pooled, outBits)
			ks := stats.SecondLevel(t, samples, ps, outBits)
			out = append(out, TestResult{label, t.String(), orderName(o, size), size.Numbers, p, ks, math.NaN(), ""})
		}
	}
	Grade(out, nil)
	return out
}

// orderName is how the report names order o of a battery of size.
func orderName(o lab.Order, size lab.BatterySize) string {
	if size.Renderer != nil {
		return "renderer"
	}
	return o.String()
}

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

// Grade applies the rule to one generator's results and lags: each result's
// Q is the smaller BH-adjusted p-value of its two (a FAIL exactly where Q <=
// stats.FDRLevel), each lag's Q its own. A p-value FAILing by
// stats.Verdict's fixed threshold but not rejected (possible only past
// some 5,000 p-values) is SUSPECT; SUSPECT and PASS are as Verdict grades
// them.
func Grade(res []TestResult, lags []LagResult) {
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
		res[i].Verdict = graded(Worse(stats.Verdict(res[i].P), stats.Verdict(res[i].KS)), reject[2*i] || reject[2*i+1])
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

// verdictRank orders verdicts from best to worst.
var verdictRank = map[string]int{"n/a": 0, "PASS": 1, "SUSPECT": 2, "FAIL": 3}

// Worse is the worse of two verdicts (n/a, PASS, SUSPECT, FAIL).
func Worse(a, b string) string {
	if verdictRank[b] > verdictRank[a] {
		return b
	}
	return a
}

// PastPeriod is why a battery of numbers values an order, drawn from
// streams streams of sp (seed, unless sp sets its own), draws past sp's
// period (rng.Generator.PastPeriod), "" if it does not: a hash keyed by one
// 32-bit word has 2^32 inputs for all its streams, so at 2^36 numbers every
// value is drawn 16 times and the FAILs measure the period, not the hash.
// rng test warns of it; rng pareto grows its battery only up to it.
func PastPeriod(sp rng.Spec, streams int, seed uint32, numbers int64) string {
	why := sp.Gen.PastPeriod(rng.Use{Cfg: sp.Config(streams, seed), Draws: float64(numbers / int64(streams))})
	if why == "" {
		return ""
	}
	return why + ": its FAILs measure the period, not the generator"
}

// Repeats is why a battery of numbers values an order from streams
// streams of sp draws some of its numbers twice, "" if it does not: past
// the period (PastPeriod), else where its streams overlap (Overlap). rng
// test warns of it; rng pareto grows its battery only while no spec does.
func Repeats(sp rng.Spec, streams int, seed uint32, numbers int64) (string, error) {
	if why := PastPeriod(sp, streams, seed, numbers); why != "" {
		return why, nil
	}
	return Overlap(sp, streams, seed, numbers)
}

// Overlap is what a battery of numbers values an order from streams streams
// of sp repeats of one stream in another, where its streams count on from
// starts on one cycle (the hashes' counter, nested and paper keyings:
// rng.Period.Starts, counted exactly), "" where none is repeated or that
// is not known: a stream that draws past the next stream's start draws its
// values again, long before the period is spent.
func Overlap(sp rng.Spec, streams int, seed uint32, numbers int64) (string, error) {
	cfg := sp.Config(streams, seed)
	if sp.Gen.PeriodOf(cfg.Options).Starts == nil {
		return "", nil
	}
	s, err := sp.Gen.Shared([]rng.Use{{Cfg: cfg, Draws: float64(numbers / int64(streams))}}, 0)
	if err != nil || s.Text() == "" {
		return "", err
	}
	return fmt.Sprintf("its streams overlap: %s: some FAILs may measure the overlap, not the generator", s.Text()), nil
}
