package stats

import (
	"math"
	"math/rand/v2"
	"testing"
)

// rank24Samples tallies rank over samples of 32,768 24-bit values (1,024
// matrices, too few for a sample's own chi-square) from r.
func rank24Samples(r *rand.Rand, samples int) ([][]uint64, []float64) {
	const length = 1 << 15
	x := make([]uint32, length)
	var out [][]uint64
	var ps []float64
	for s := 0; s < samples; s++ {
		for i := range x {
			x[i] = r.Uint32() >> 8
		}
		c := make([]uint64, Rank.Bins())
		Tally(Rank, x, 24, c)
		out = append(out, c)
		ps = append(ps, P(Rank, c, Layout{1, length}, 24))
	}
	return out, ps
}

// Rank on 24-bit words has a second-level p-value: NaN per sample at
// 1,024 matrices (KS had none), uniform on good numbers (KS over 12 runs),
// small where the samples' counts of singular matrices spread too little
// or too much though their mean is right (the pooled p-value passes).
func TestRankSecondLevelFor24BitWords(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var runs []float64
	for range 12 {
		samples, ps := rank24Samples(r, 32)
		if !math.IsNaN(KS(ps)) {
			t.Fatalf("a sample's own p-value is not NaN at 1,024 matrices: %v", ps[:4])
		}
		p := SecondLevel(Rank, samples, ps, 24)
		if math.IsNaN(p) {
			t.Fatal("no second-level p-value for 24-bit rank")
		}
		runs = append(runs, p)
	}
	if ks := KS(runs); !(ks > 1e-3) {
		t.Errorf("12 second-level p-values on PCG numbers: KS %g (%v)", ks, runs)
	}
	var lumpy [][]uint64 // 1,024 matrices a sample, 0 or 8 below full rank: mean 4, as Binomial(1024, 0.0039)
	all := make([]uint64, Rank.Bins())
	for s := range 128 {
		c := make([]uint64, Rank.Bins())
		c[23], c[24] = uint64(8*(s%2)), 1024-uint64(8*(s%2))
		lumpy = append(lumpy, c)
		all[23], all[24] = all[23]+c[23], all[24]+c[24]
	}
	if p, pooled := SecondLevel(Rank, lumpy, nil, 24), P(Rank, all, Layout{128, 1 << 15}, 24); !(p < 1e-6) || !(pooled > 0.01) {
		t.Errorf("0 or 8 singular matrices a sample: second-level p %g (pooled p %g)", p, pooled)
	}
	if p := SecondLevel(Rank, lumpy, []float64{0.1, 0.3, 0.5, 0.7, 0.9}, 32); p != KS([]float64{0.1, 0.3, 0.5, 0.7, 0.9}) {
		t.Errorf("32-bit words: %g, not KS", p)
	}
}
