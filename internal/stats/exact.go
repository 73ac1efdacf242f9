package stats

import "math"

// RankProbs is the distribution of the GF(2) rank of an m x n matrix of
// independent fair bits, index r = 0..min(m,n): the closed form
// 2^(r(m+n-r)-mn) prod_{i<r} (1-2^(i-m))(1-2^(i-n))/(1-2^(i-r))
// (Kovalenko; Marsaglia and Tsay 1985).
func RankProbs(m, n int) []float64 {
	p := make([]float64, min(m, n)+1)
	for r := range p {
		v := math.Exp2(float64(r*(m+n-r) - m*n))
		for i := 0; i < r; i++ {
			v *= (1 - math.Exp2(float64(i-m))) * (1 - math.Exp2(float64(i-n))) / (1 - math.Exp2(float64(i-r)))
		}
		p[r] = v
	}
	return p
}

// CollisionProbs is the exact distribution of the collisions c = m - (urns
// hit) of m balls thrown into d urns, index c = 0..m: the occupancy
// recursion over balls (Knuth, TAOCP 3.3.2 I).
func CollisionProbs(m int, d float64) []float64 {
	hit := make([]float64, m+1) // hit[k]: k urns occupied so far
	hit[0] = 1
	for ball := 0; ball < m; ball++ {
		next := make([]float64, m+1)
		for k, p := range hit[:ball+1] {
			next[k] += p * float64(k) / d
			next[k+1] += p * (d - float64(k)) / d
		}
		hit = next
	}
	c := make([]float64, m+1)
	for k, p := range hit {
		c[m-k] = p
	}
	return c
}

// RunsExpected is the exact expected number of ascending runs of length
// 1..RunsMax-1, and of RunsMax or more, in n independent continuous
// uniforms: a run of length p or more starts at 0 (probability 1/p!) or
// after a descent at i = 1..n-p (1/p! - 1/(p+1)!), in all
// ((n+1)p - (p^2-1))/(p+1)! for p <= n.
func RunsExpected(n int) [RunsMax]float64 {
	atLeast := func(p int) float64 {
		if p > n {
			return 0
		}
		f := factorial(p + 1)
		return (float64(n+1)*float64(p) - float64(p*p-1)) / f
	}
	var e [RunsMax]float64
	for p := 1; p < RunsMax; p++ {
		e[p-1] = atLeast(p) - atLeast(p+1)
	}
	e[RunsMax-1] = atLeast(RunsMax)
	return e
}

func factorial(n int) float64 {
	f := 1.0
	for i := 2; i <= n; i++ {
		f *= float64(i)
	}
	return f
}

// runsA is Knuth's a_ij (TAOCP 3.3.2 (10)): with C the run counts and E
// their means, V = (C-E)' A (C-E) / (n-6) is chi-square with 6 degrees of
// freedom for large n.
var runsA = [RunsMax][RunsMax]float64{
	{4529.4, 9044.9, 13568, 18091, 22615, 27892},
	{9044.9, 18097, 27139, 36187, 45234, 55789},
	{13568, 27139, 40721, 54281, 67852, 83685},
	{18091, 36187, 54281, 72414, 90470, 111580},
	{22615, 45234, 67852, 90470, 113262, 139476},
	{27892, 55789, 83685, 111580, 139476, 172860},
}

// GapExpected is the expected count of each gap bin in a segment of n
// values whose values hit with probability p, gaps counted from the
// segment's start (Tally): a hit at i after g misses is preceded by a hit
// or by the start, so bin g < GapMax expects p q^g (1 + p (n-1-g)), and
// the last bin p q^GapMax (n - GapMax).
func GapExpected(n int, p float64) [GapMax + 1]float64 {
	q := 1 - p
	var e [GapMax + 1]float64
	for g := 0; g < GapMax && g < n; g++ {
		e[g] = p * math.Pow(q, float64(g)) * (1 + p*float64(n-1-g))
	}
	if n > GapMax {
		e[GapMax] = p * math.Pow(q, GapMax) * float64(n-GapMax)
	}
	return e
}
