package stats

import (
	"math"
	"sort"

	"gonum.org/v1/gonum/stat/distuv"
)

// Layout is how the values of a sample (or of all samples pooled) fall
// into segments: Segments runs of Length values each.
type Layout struct {
	Segments, Length int64
}

// Numbers is the layout's count of values.
func (l Layout) Numbers() int64 { return l.Segments * l.Length }

// minExpected is the smallest expected count a chi-square bin keeps:
// neighbouring bins below it are merged.
const minExpected = 5

// KnuthBirthdayProbs are the exact probabilities of R = 0, 1, 2 and 3 or
// more equal spacings among 512 birthdays in a year of 2^25 days, from
// Knuth, The Art of Computer Programming, vol. 2, 3rd ed., §3.3.2J (also in
// Boost.Random's statistical tests).
var KnuthBirthdayProbs = [BirthdayMax + 1]float64{0.368801577, 0.369035243, 0.183471182, 0.078691997}

// P is test t's p-value for counts tallied over layout l of a generator
// with outBits output bits. It is NaN where the layout is too small for
// the test (fewer than two bins after merging).
func P(t Test, counts []uint64, l Layout, outBits int) float64 {
	switch t {
	case Monobit:
		n := float64(l.Numbers() * int64(outBits))
		z := (2*float64(counts[0]) - n) / math.Sqrt(n)
		return 2 * distuv.UnitNormal.CDF(-math.Abs(z))
	case Bytes:
		return ChiSquare(counts, uniform(len(counts)))
	case Pairs, Triples:
		return ChiSquare(counts, uniform(len(counts)))
	case Gap:
		e := GapExpected(int(l.Length), 1/float64(int(1)<<GapHitBits))
		return ChiSquare(counts, e[:])
	case Runs:
		return runsP(counts, l)
	case Birthdays:
		groups := l.Segments * (l.Length / BirthdayGroup)
		if groups == 0 {
			return math.NaN()
		}
		if outBits < BirthdayDayBits {
			return math.NaN() // days would have a bit that is always 0
		}
		return ChiSquare(counts, KnuthBirthdayProbs[:])
	case Collisions:
		c := CollisionProbs(BirthdayGroup, math.Exp2(CollisionCellBits))
		e := make([]float64, CollisionMax+1)
		copy(e, c[:CollisionMax])
		for _, p := range c[CollisionMax:] {
			e[CollisionMax] += p
		}
		return ChiSquare(counts, e)
	case Rank:
		probs := RankProbs(RankRows, min(RankRows, outBits))
		return ChiSquare(lumpRanks(counts, len(probs)-1), lumpRankProbs(probs))
	default:
		return pExtra(t, counts, l, outBits)
	}
}

// lumpRanks folds rank counts into full, full-1, full-2 and the rest.
func lumpRanks(counts []uint64, full int) []uint64 {
	out := make([]uint64, 4)
	for r, c := range counts[:full+1] {
		out[min(3, full-r)] += c
	}
	return out
}

func lumpRankProbs(p []float64) []float64 {
	out := make([]float64, 4)
	full := len(p) - 1
	for r, v := range p {
		out[min(3, full-r)] += v
	}
	return out
}

func uniform(n int) []float64 {
	e := make([]float64, n)
	for i := range e {
		e[i] = 1
	}
	return e
}

// ChiSquare is Pearson's test of observed counts against expected weights
// (scaled to the observed total): bins expecting fewer than 5 are merged
// with the next (a short tail with the last full bin); the degrees of
// freedom are the bins left less one. NaN if fewer than two are left.
func ChiSquare(observed []uint64, weights []float64) float64 {
	var total, wsum float64
	for i, o := range observed {
		total += float64(o)
		wsum += weights[i]
	}
	if total == 0 || wsum == 0 {
		return math.NaN()
	}
	type bin struct{ o, e float64 }
	var bins []bin
	var cur bin
	for i := range observed {
		cur.o += float64(observed[i])
		cur.e += weights[i] / wsum * total
		if cur.e >= minExpected {
			bins = append(bins, cur)
			cur = bin{}
		}
	}
	if len(bins) == 0 {
		return math.NaN()
	}
	bins[len(bins)-1].o += cur.o
	bins[len(bins)-1].e += cur.e
	var x float64
	for _, b := range bins {
		d := b.o - b.e
		x += d * d / b.e
	}
	return survival(x, len(bins)-1)
}

func survival(x float64, dof int) float64 {
	if dof < 1 {
		return math.NaN()
	}
	return distuv.ChiSquared{K: float64(dof)}.Survival(x)
}

// runsP is Knuth's runs-up test over the layout's segments, each run
// counted from its segment's start: exact means, Knuth's inverse
// covariance.
func runsP(counts []uint64, l Layout) float64 {
	if l.Length <= RunsMax {
		return math.NaN()
	}
	e := RunsExpected(int(l.Length))
	var d [RunsMax]float64
	for i := range d {
		d[i] = float64(counts[i]) - float64(l.Segments)*e[i]
	}
	var v float64
	for i := range d {
		for j := range d {
			v += d[i] * d[j] * runsA[i][j]
		}
	}
	v /= float64(l.Segments * (l.Length - RunsMax))
	return survival(v, RunsMax)
}

// KS is the two-sided Kolmogorov–Smirnov p-value of ps against the uniform
// distribution on [0,1] (NaN entries left out): the Kolmogorov limit with
// Stephens' correction for n samples, Q((sqrt(n) + 0.12 + 0.11/sqrt(n)) D),
// good to a few units in the third digit for n >= 5. NaN below 5 samples.
func KS(ps []float64) float64 {
	var x []float64
	for _, p := range ps {
		if !math.IsNaN(p) {
			x = append(x, p)
		}
	}
	n := len(x)
	if n < 5 {
		return math.NaN()
	}
	sort.Float64s(x)
	var d float64
	for i, p := range x {
		d = max(d, float64(i+1)/float64(n)-p, p-float64(i)/float64(n))
	}
	sn := math.Sqrt(float64(n))
	return kolmogorovQ((sn + 0.12 + 0.11/sn) * d)
}

// kolmogorovQ is P(K > lambda) for Kolmogorov's distribution:
// 2 sum_{j>=1} (-1)^(j-1) exp(-2 j^2 lambda^2).
func kolmogorovQ(lambda float64) float64 {
	if lambda < 0.2 {
		return 1
	}
	var sum float64
	sign := 1.0
	for j := 1; j <= 100; j++ {
		term := sign * math.Exp(-2*float64(j*j)*lambda*lambda)
		sum += term
		if math.Abs(term) < 1e-16*math.Abs(sum) {
			break
		}
		sign = -sign
	}
	return min(1, max(0, 2*sum))
}

// Verdict thresholds, dieharder's: a p-value this close to 0 or 1 fails,
// one within Suspect of either end is suspect.
const (
	FailBelow    = 1e-6
	SuspectBelow = 0.005
)

// Verdict grades a p-value: PASS, SUSPECT or FAIL (n/a for NaN).
func Verdict(p float64) string {
	switch {
	case math.IsNaN(p):
		return "n/a"
	case p < FailBelow || p > 1-FailBelow:
		return "FAIL"
	case p < SuspectBelow || p > 1-SuspectBelow:
		return "SUSPECT"
	}
	return "PASS"
}
