package stats

import (
	"math"
	"math/rand/v2"
	"testing"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// Every rank of every 3x4 and 4x4 binary matrix, counted by RankGF2,
// against the closed form: equal as fractions of 2^(mn).
func TestRankProbsEnumerated(t *testing.T) {
	for _, mn := range [][2]int{{3, 4}, {4, 4}, {4, 3}} {
		m, n := mn[0], mn[1]
		count := make([]float64, min(m, n)+1)
		for bitsOf := 0; bitsOf < 1<<(m*n); bitsOf++ {
			rows := make([]uint32, m)
			for r := range rows {
				rows[r] = uint32(bitsOf>>(r*n)&(1<<n-1)) << (32 - n)
			}
			count[RankGF2(rows)]++
		}
		for r, p := range RankProbs(m, n) {
			if want := count[r] / float64(int(1)<<(m*n)); !near(p, want, 1e-12) {
				t.Errorf("%dx%d rank %d: closed form %v, enumerated %v", m, n, r, p, want)
			}
		}
	}
	// Marsaglia's figures for 32x32: 0.2888, 0.5776, 0.1284 and 0.0053 for 29 or less.
	p := RankProbs(32, 32)
	low := 0.0
	for _, v := range p[:30] {
		low += v
	}
	for i, c := range []struct{ got, want float64 }{{p[32], 0.2888}, {p[31], 0.5776}, {p[30], 0.1284}, {low, 0.0053}} {
		if !near(c.got, c.want, 1e-4) {
			t.Errorf("32x32 case %d: %v, want %v", i, c.got, c.want)
		}
	}
}

// Collisions of 3 balls in 4 urns, all 64 throws enumerated.
func TestCollisionProbsEnumerated(t *testing.T) {
	count := make([]float64, 4)
	for a := 0; a < 4; a++ {
		for b := 0; b < 4; b++ {
			for c := 0; c < 4; c++ {
				distinct := map[int]bool{a: true, b: true, c: true}
				count[3-len(distinct)]++
			}
		}
	}
	for c, p := range CollisionProbs(3, 4) {
		if !near(p, count[c]/64, 1e-15) {
			t.Errorf("%d collisions: %v, enumerated %v", c, p, count[c]/64)
		}
	}
}

// The mean run counts over all 5040 orders of 7 distinct values, tallied
// by Tally, equal RunsExpected(7).
func TestRunsExpectedEnumerated(t *testing.T) {
	const n = 7
	var sum [RunsMax]float64
	perms := 0
	perm := []uint32{0, 1, 2, 3, 4, 5, 6}
	var visit func(k int)
	visit = func(k int) {
		if k == n {
			c := make([]uint64, RunsMax)
			Tally(Runs, perm, 32, c)
			for i, v := range c {
				sum[i] += float64(v)
			}
			perms++
			return
		}
		for i := k; i < n; i++ {
			perm[k], perm[i] = perm[i], perm[k]
			visit(k + 1)
			perm[k], perm[i] = perm[i], perm[k]
		}
	}
	visit(0)
	e := RunsExpected(n)
	for i := range e {
		if got := sum[i] / float64(perms); !near(got, e[i], 1e-12) {
			t.Errorf("runs of length %d: enumerated mean %v, formula %v", i+1, got, e[i])
		}
	}
}

// GapExpected against every hit/miss pattern of 20 values (hit = 0, miss =
// all ones), weighted by p^hits q^misses.
func TestGapExpectedEnumerated(t *testing.T) {
	const n, p = 20, 0.25
	var sum [GapMax + 1]float64
	x := make([]uint32, n)
	for pat := 0; pat < 1<<n; pat++ {
		hits := 0
		for i := range x {
			x[i] = 0xFFFFFFFF
			if pat>>i&1 != 0 {
				x[i] = 0
				hits++
			}
		}
		c := make([]uint64, GapMax+1)
		Tally(Gap, x, 32, c)
		w := math.Pow(p, float64(hits)) * math.Pow(1-p, float64(n-hits))
		for i, v := range c {
			sum[i] += w * float64(v)
		}
	}
	for i, e := range GapExpected(n, p) {
		if !near(sum[i], e, 1e-12) {
			t.Errorf("gap bin %d: enumerated %v, formula %v", i, sum[i], e)
		}
	}
}

// Hand-counted tallies.
func TestTallyByHand(t *testing.T) {
	runs := make([]uint64, RunsMax)
	Tally(Runs, []uint32{1, 2, 3, 2, 5, 1}, 32, runs) // runs 1 2 3 | 2 5 | 1
	if runs[0] != 1 || runs[1] != 1 || runs[2] != 1 || runs[3]+runs[4]+runs[5] != 0 {
		t.Errorf("runs of 1 2 3 2 5 1: %v, want one each of lengths 1, 2, 3", runs)
	}
	gap := make([]uint64, GapMax+1)
	const H, M = 0, 0xFFFFFFFF
	Tally(Gap, []uint32{M, M, H, H, M, H}, 32, gap) // gaps 2 (from the start), 0, 1
	if gap[0] != 1 || gap[1] != 1 || gap[2] != 1 {
		t.Errorf("gaps of M M H H M H: %v, want one each of 0, 1, 2", gap[:4])
	}
	ones := make([]uint64, 1)
	Tally(Monobit, []uint32{0x7FFFFFFF, 1}, 31, ones) // 31 + 1 output bits set
	if ones[0] != 32 {
		t.Errorf("ones of 0x7FFFFFFF, 1 with 31 output bits: %d, want 32", ones[0])
	}
	pairs := make([]uint64, 1<<(2*PairBits))
	Tally(Pairs, []uint32{0xFC000000, 0x04000000, 5}, 32, pairs) // cell 63*64+1; the lone third dropped
	if pairs[63<<PairBits|1] != 1 || sum(pairs) != 1 {
		t.Errorf("pairs: cell %d holds %d of %d", 63<<PairBits|1, pairs[63<<PairBits|1], sum(pairs))
	}
}

func sum(c []uint64) (s uint64) {
	for _, v := range c {
		s += v
	}
	return s
}

// Exact p-values of small cases.
func TestExactPValues(t *testing.T) {
	// Chi-square of (10, 20, 30) against uniform: X = 10, 2 dof: e^-5.
	if p := ChiSquare([]uint64{10, 20, 30}, uniform(3)); !near(p, math.Exp(-5), 1e-12) {
		t.Errorf("chi-square of 10 20 30: %v, want e^-5", p)
	}
	// 60 ones in 100 bits (4 values of 25 output bits): z = 2, p = erfc(sqrt 2).
	if p := P(Monobit, []uint64{60}, Layout{1, 4}, 25); !near(p, math.Erfc(math.Sqrt2), 1e-12) {
		t.Errorf("monobit 60 of 100: %v, want %v", p, math.Erfc(math.Sqrt2))
	}
	// KS: ten p-values all at 0.95: D = 0.95, p ~ 0.
	if p := KS([]float64{.95, .95, .95, .95, .95, .95, .95, .95, .95, .95}); p > 1e-6 {
		t.Errorf("KS of ten 0.95s: %v", p)
	}
	for _, c := range []struct {
		p    float64
		want string
	}{{0.5, "PASS"}, {0.004, "SUSPECT"}, {0.9951, "SUSPECT"}, {1e-7, "FAIL"}, {1 - 1e-7, "FAIL"}, {math.NaN(), "n/a"}} {
		if got := Verdict(c.p); got != c.want {
			t.Errorf("Verdict(%v) = %s, want %s", c.p, got, c.want)
		}
	}
}

// The battery's statistics on good numbers (Go's PCG) give p-values that
// look uniform: a KS over 60 samples of each test does not fail. This
// checks Knuth's runs matrix, the gap means and the birthday Poisson
// approximation together with the tallies.
func TestPValuesUniformOnGoodNumbers(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	const samples, length = 60, 1 << 15
	x := make([]uint32, length)
	for _, test := range Tests {
		var ps []float64
		for s := 0; s < samples; s++ {
			for i := range x {
				x[i] = r.Uint32()
			}
			c := make([]uint64, test.Bins())
			Tally(test, x, 32, c)
			ps = append(ps, P(test, c, Layout{1, length}, 32))
		}
		if ks := KS(ps); !(ks > 1e-3) {
			t.Errorf("%s: KS of %d p-values on PCG numbers = %v", test, samples, ks)
		}
	}
}

// Knuth's table is for his parameters only: 512 birthdays, 2^25 days; its
// four probabilities sum to 1 (to his nine digits).
func TestKnuthBirthdayTableFitsTheTest(t *testing.T) {
	sum := 0.0
	for _, p := range KnuthBirthdayProbs {
		sum += p
	}
	if BirthdayGroup != 512 || BirthdayDayBits != 25 || math.Abs(sum-1) > 2e-9 {
		t.Errorf("m %d, 2^%d days, probabilities sum to %v", BirthdayGroup, BirthdayDayBits, sum)
	}
}

// EqualSpacings counts spacings round the year equal to their predecessor.
func TestEqualSpacings(t *testing.T) {
	for _, c := range []struct {
		y    []uint32
		bits int
		want int
	}{
		{[]uint32{0, 4, 8, 12}, 4, 3}, // spacings 4, 4, 4 and 0+16-12 = 4
		{[]uint32{1, 2, 4, 8}, 4, 0},  // 1, 2, 4, 9
		{[]uint32{0, 1, 3, 6}, 4, 0},  // 1, 2, 3, 10
		{[]uint32{5, 5, 5, 5}, 4, 2},  // 0, 0, 0, 16
		{[]uint32{0, 2, 3, 5}, 3, 1},  // 2, 1, 2, 3
		{[]uint32{1, 3, 5, 7}, 3, 3},  // 2, 2, 2 and the wrap 1+8-7 = 2
	} {
		if got := EqualSpacings(c.y, c.bits); got != c.want {
			t.Errorf("EqualSpacings(%v, %d) = %d, want %d", c.y, c.bits, got, c.want)
		}
	}
}
