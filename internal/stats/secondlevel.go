package stats

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// SecondLevel is test t's second-level p-value over its samples: the
// Kolmogorov-Smirnov test of the samples' p-values ps, except for rank on
// a generator with RankRows-8 output bits or fewer (24-bit words: RANLUX,
// the renderer order's floats). There a 32 x outBits matrix is of full rank
// but for a share q <= 2^-8 of them (24 bits: 0.0039), so a sample's rank
// counts are a near-empty tail: its chi-square p-value is NaN (one bin left)
// up to 1,280 matrices a sample, and a lumpy function of a small count
// beyond, which KS would reject for its lumps alone. The second level is
// then a chi-square of the samples' counts of matrices below full rank
// against their exact law, Binomial(matrices a sample, q) (bins expecting
// fewer than 5 merged, as ChiSquare does): it looks at how those counts
// spread from sample to sample, as KS does for the others. samples are the
// samples' count arrays (Bins long).
func SecondLevel(t Test, samples [][]uint64, ps []float64, outBits int) float64 {
	if t != Rank || outBits > RankRows-8 || len(samples) == 0 {
		return KS(ps)
	}
	return rankSpread(samples, outBits)
}

// rankSpread is the chi-square of the samples' counts below full rank
// against Binomial(n, q), n the matrices a sample (NaN if they differ).
func rankSpread(samples [][]uint64, outBits int) float64 {
	full := min(RankRows, outBits)
	n := sum64(samples[0])
	var below []uint64
	most := uint64(0)
	for _, c := range samples {
		if sum64(c) != n {
			return math.NaN()
		}
		k := n - c[full]
		below = append(below, k)
		most = max(most, k)
	}
	if n == 0 {
		return math.NaN()
	}
	law := distuv.Binomial{N: float64(n), P: 1 - RankProbs(RankRows, full)[full]}
	observed := make([]uint64, most+1)
	weights := make([]float64, most+1)
	for _, k := range below {
		observed[k]++
	}
	for k := range weights {
		weights[k] = law.Prob(float64(k))
	}
	weights[most] = law.Survival(float64(most) - 1) // the last bin: most or more
	return ChiSquare(observed, weights)
}
