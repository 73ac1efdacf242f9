package lesson

import (
	"fmt"
	"math"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"speckle/render"
	"speckle/rng"
	"speckle/study"
)

// The number-theoretic and algebraic facts behind the lessons' artifacts,
// computed (never quoted) so that a changed layout or generator changes
// what the explanation prints.

const (
	rand48A    = 0x5DEECE66D // POSIX lrand48's multiplier (rng/rand48.go)
	rand48Mask = 1<<48 - 1
)

// Rand48Leapfrog is the leapfrog multiplier A = a^T mod 2^48 of rand48 over
// T streams and the largest k with A = 1 mod 2^k (48 where A = 1): x_{n+1}
// - x_n = (A-1)(x_n - x_{n-1}) + (x_n - x_{n-1}), so a stream's first
// differences repeat mod 2^k.
func Rand48Leapfrog(streams int) (a uint64, k int) {
	a, m := 1, uint64(rand48A)
	for e := uint64(streams); e > 0; e >>= 1 {
		if e&1 != 0 {
			a = a * m & rand48Mask // the low 64 bits of the product are exact
		}
		m = m * m & rand48Mask
	}
	if a == 1 {
		return a, 48
	}
	return a, bits.TrailingZeros64(a - 1)
}

// Rand48SteadySteps counts, over n leapfrog steps of T streams from x0,
// the steps whose first difference equals the previous one mod 2^k:
// all n where k is Rand48Leapfrog's.
func Rand48SteadySteps(streams int, x0 uint64, n, k int) int {
	a, _ := Rand48Leapfrog(streams)
	c := uint64(12345) // any increment: the differences do not depend on it
	x, mask := x0&rand48Mask, uint64(1)<<k-1
	prev, steady := uint64(0), 0
	for i := 0; i <= n; i++ {
		next := (a*x + c) & rand48Mask
		d := (next - x) & rand48Mask
		if i > 0 && d&mask == prev&mask {
			steady++
		}
		x, prev = next, d
	}
	return steady
}

func rand48Facts(r ExplainRun) []string {
	a, k := Rand48Leapfrog(r.PhotonsPerIteration)
	steady := Rand48SteadySteps(r.PhotonsPerIteration, 1<<16|0x330E, 1000, k)
	lags := []int{1, 2, 3, 4, 8, 16, 32, 64}
	values := Rand48LagValues(r.PhotonsPerIteration, lags, 1<<14)
	counts := make([]string, len(lags))
	for i, l := range lags {
		counts[i] = fmt.Sprintf("%d at lag %d", values[i], l)
	}
	return []string{
		fmt.Sprintf("rand48 over T = %s photons: A = a^T mod 2^48 = 0x%012X, and A = 1 mod 2^%d (the largest such k).",
			study.PowerText(r.PhotonsPerIteration), a, k),
		fmt.Sprintf("So the second differences (A-1)(x_n - x_{n-1}) of a photon's states are multiples of 2^%d: mod 2^%d its states are an arithmetic progression (checked: %d of 1000 steps), and its draws are strongly related at every lag.",
			k, k, steady),
		fmt.Sprintf("In the bits the renderer uses (24 to 47) draws n and n+L of photon slot 0 differ, mod 1, by few values (counted over 2^14 draws, values one unit of bit 24 apart as one): %s.",
			strings.Join(counts, ", ")),
	}
}

// Rand48LagValues counts, for each lag L, the values u(n+L) - u(n) mod 1
// takes over n draws of photon slot 0 of rand48 leapfrogged over T
// streams (u: the renderer's float, bits 24..47 of the state), counting
// values one unit of the 24th bit apart as one (the bits below carry into
// it). Over 2^20 streams the third differences of a slot's states are 0
// mod 2^48 and its second a constant multiple of 2^42, so that is
// 64/gcd(L, 64): one value at lag 64.
func Rand48LagValues(streams int, lags []int, n int) []int {
	inst, err := rng.Rand48.New(rng.Config{Seed: 1, Streams: streams})
	if err != nil {
		return nil
	}
	maxLag := slices.Max(lags)
	s := inst.Stream(0)
	u := make([]uint32, n+maxLag)
	for i := range u {
		u[i] = uint32(s.F32() * (1 << 24))
	}
	out := make([]int, len(lags))
	for i, l := range lags {
		seen := map[uint32]bool{}
		for j := 0; j < n; j++ {
			seen[(u[j+l]-u[j])&(1<<24-1)] = true
		}
		for v := range seen {
			if !seen[(v-1)&(1<<24-1)] {
				out[i]++
			}
		}
	}
	return out
}

// lehmerModulus is Lehmer's modulus, 2^32 - 5 (rng/lehmer.go).
const lehmerModulus = 1<<32 - 5

// LehmerNeighbours compares the first outputs of streams t and t+1 for t
// < n: how many differ by the multiplier a mod p. With consecutive seeds
// (stream t starts at seed + t) every one does, so the points (u_t,
// u_t+1) lie on the line y = x + a/p mod 1.
func LehmerNeighbours(spec string, seed uint32, n int) (a uint32, same int, err error) {
	sp, err := rng.ParseSpec(spec)
	if err != nil {
		return 0, 0, err
	}
	inst, err := sp.New(n+1, seed)
	if err != nil {
		return 0, 0, err
	}
	a = rng.LehmerStep(0) // (0+1)*a mod p
	prev := uint64(inst.Stream(0).U32())
	for t := 1; t <= n; t++ {
		cur := uint64(inst.Stream(t).U32())
		if (cur+lehmerModulus-prev)%lehmerModulus == uint64(a) {
			same++
		}
		prev = cur
	}
	return a, same, nil
}

// LehmerStrides counts the distinct differences mod p between the first
// outputs of streams t and t+1, t < n, and how often the commonest occurs:
// each is a line y = x + d/p mod 1 that neighbouring photons' first draws
// lie on. Consecutive seeds give one (a); slm's seeding, whose stream
// starts are byte-reversed steps of byte-reversed neighbours, a few: a
// times bswap(a 2^24 mod p) with carries between bytes, and others where
// seed + t carries out of its low byte.
func LehmerStrides(spec string, seed uint32, n int) (strides, commonest int, err error) {
	sp, err := rng.ParseSpec(spec)
	if err != nil {
		return 0, 0, err
	}
	inst, err := sp.New(n+1, seed)
	if err != nil {
		return 0, 0, err
	}
	count := map[uint64]int{}
	prev := uint64(inst.Stream(0).U32())
	for t := 1; t <= n; t++ {
		cur := uint64(inst.Stream(t).U32())
		d := (cur + lehmerModulus - prev) % lehmerModulus
		count[d]++
		commonest = max(commonest, count[d])
		prev = cur
	}
	return len(count), commonest, nil
}

func lehmerFacts(r ExplainRun) []string {
	var out []string
	for _, spec := range []string{r.Specs[0], r.Specs[len(r.Specs)-1]} {
		a, same, err := LehmerNeighbours(spec, 1, 4096)
		if err != nil {
			return []string{err.Error()}
		}
		strides, commonest, err := LehmerStrides(spec, 1, 4096)
		if err != nil {
			return []string{err.Error()}
		}
		out = append(out, fmt.Sprintf("%s: of 4096 neighbouring streams, %d have first outputs that differ by exactly a = %d mod p = 2^32-5; they differ by %d distinct values in all (the commonest %d times): %d lines y = x + d/p mod 1.",
			spec, same, a, strides, commonest, strides))
	}
	a := rng.LehmerStep(0)
	return append(out, fmt.Sprintf("Stream t starts at seed + t, so u_{t+1} = u_t + a/p mod 1 with a/p = %.6f: neighbouring photons' first draws lie on one line, the lattice the rings come from.",
		float64(a)/lehmerModulus))
}

// OutputPeriod is the smallest P <= most with out[i+P] = out[i] for the
// first `most` outputs of spec's stream 0 (seed 1), or 0 for none: the
// period of a stream's numbers, found by iterating.
func OutputPeriod(spec string, most int) (int, error) {
	sp, err := rng.ParseSpec(spec)
	if err != nil {
		return 0, err
	}
	inst, err := sp.New(1, 1)
	if err != nil {
		return 0, err
	}
	st := inst.Stream(0)
	out := make([]uint32, 2*most)
	for i := range out {
		out[i] = st.U32()
	}
	for p := 1; p <= most; p++ {
		same := true
		for i := 0; i < most && same; i++ {
			same = out[i+p] == out[i]
		}
		if same {
			return p, nil
		}
	}
	return 0, nil
}

func caLinearFacts(r ExplainRun) []string {
	p, err := OutputPeriod(r.Specs[0], 4096)
	if err != nil {
		return []string{err.Error()}
	}
	perPath := render.PhotonPass.DrawsPerPath()
	return []string{
		fmt.Sprintf("Iterated: %s's numbers repeat with period %d (the rule XORs cells i-56, i-2, i-21: over GF(2) a step is multiplication by x^56 + x^2 + x^21 mod x^64 - 1 = (x+1)^64, whose 64th power is x^3584 + x^128 + x^1344 = 1).", r.Specs[0], p),
		fmt.Sprintf("A photon draws about %d numbers a path, so its slot replays the same draws every %.1f paths: the same photons, again and again, and the error stops falling.", perPath, float64(p)/float64(perPath)),
	}
}

// caNeighbourParity counts the odd neighbour offsets among the CA's four:
// an odd cell i reads cell i-k, odd again where k is even, so that many of
// the four inputs of each output bit were output bits one number before.
func caNeighbourParity(spec string) (k []int, odd int, err error) {
	sp, err := rng.ParseSpec(spec)
	if err != nil {
		return nil, 0, err
	}
	for _, o := range sp.Gen.Options {
		if o.Name == "ca-k" && o.Effective != nil {
			for _, f := range strings.Split(o.Effective(sp.Options), ",") {
				v, _ := strconv.Atoi(f)
				k = append(k, v)
				if v%2 == 0 {
					odd++
				}
			}
		}
	}
	return k, odd, nil
}

func caBandsFacts(r ExplainRun) []string {
	k, kept, err := caNeighbourParity(r.Specs[0])
	if err != nil {
		return []string{err.Error()}
	}
	p, _ := OutputPeriod(r.Specs[0], 4096)
	period := "no period up to 4096 numbers"
	if p > 0 {
		period = fmt.Sprintf("period %d", p)
	}
	return []string{
		fmt.Sprintf("Neighbours %v: an output bit (odd cell i) is made from cells i-k, %d of which are odd cells, bits of the number just before: successive numbers are one step apart and share half their inputs.", k, kept),
		fmt.Sprintf("Iterated: %s (the CA is not linear, so no short cycle is forced); the fault is the dependence between a photon's successive draws, not the period.", period),
	}
}

// SobolSharedSpread is what pixel `pixel` of a w x h eye pass draws for
// its jitter x over `iterations` iterations, shared (point k*P + p) or
// its own sequence: the width max - min of the values, and z, the
// power of two in P = w*h: indices k*P + p agree in their low z bits, and
// the first dimension (the bit-reversed index) in its top z bits.
func SobolSharedSpread(spec string, w, h, pixel, iterations int) (spread float64, z int, err error) {
	sp, err := rng.ParseSpec(spec)
	if err != nil {
		return 0, 0, err
	}
	l := render.Layout(render.EyePass, w, h, 1, 1, sp.Options)
	inst, err := sp.Gen.New(l.Cfg)
	if err != nil {
		return 0, 0, err
	}
	next := rng.RendererStream(inst, l.Cfg.Streams, pixel, 2, l.SlotSequences)
	lo, hi := 1.0, 0.0
	for k := 0; k < iterations; k++ {
		x := float64(next())
		next() // jitter y
		lo, hi = math.Min(lo, x), math.Max(hi, x)
	}
	return hi - lo, bits.TrailingZeros(uint(w * h)), nil
}

func sobolFacts(r ExplainRun) []string {
	w, h := r.size()
	var out []string
	for _, spec := range []string{r.Specs[0], r.Specs[len(r.Specs)-1]} {
		s, z, err := SobolSharedSpread(spec, w, h, 0, 256)
		if err != nil {
			return []string{err.Error()}
		}
		if len(out) == 0 {
			out = append(out, fmt.Sprintf("P = %d x %d = %d pixels = 2^%d x %d: pixel p's points k*P + p share their low %d index bits, so their Gray codes share the low %d, and Sobol's first dimension reverses them: jitter x keeps its top %d bits, within 2^-%d of a pixel.",
				w, h, w*h, z, (w*h)>>z, z, z-1, z-1, z-1))
		}
		out = append(out, fmt.Sprintf("Measured, pixel 0 over 256 iterations: %s's jitter x spans %.5f of the pixel.", spec, s))
	}
	return out
}

// pcg32Mult is PCG's multiplier (rng/pcg32.go).
const pcg32Mult = 6364136223846793005

// PCG32StreamStep is D_n, the difference of the n-th states of pcg32's
// streams t+1 and t (stream t: increment 2t+1 from the same seed), and how
// many of t < streams it holds for: s_n(t) = a^(n+1) seed + (2t+1)(1 + a +
// ... + a^(n+1)), so D_n = 2(1 + a + ... + a^(n+1)) mod 2^64 for every t.
// ok says the model's outputs equal rng's pcg32, value for value.
func PCG32StreamStep(seed uint32, n, streams int) (d uint64, holds int, ok bool) {
	inst, err := rng.PCG32.New(rng.Config{Seed: seed, Streams: streams + 1})
	if err != nil {
		return 0, 0, false
	}
	state := func(t int) (uint64, bool) { // the n-th state, checked against rng
		inc := uint64(t)<<1 | 1
		s := (inc+uint64(seed))*pcg32Mult + inc
		st := inst.Stream(t)
		for i := 0; i < n; i++ {
			if st.U32() != pcg32Output(s) {
				return s, false
			}
			s = s*pcg32Mult + inc
		}
		return s, true
	}
	for i := 0; i <= n+1; i++ { // the sum 1 + a + ... + a^(n+1), twice
		p := uint64(1)
		for j := 0; j < i; j++ {
			p *= pcg32Mult
		}
		d += 2 * p
	}
	prev, ok := state(0)
	for t := 1; t <= streams; t++ {
		cur, good := state(t)
		ok = ok && good
		if cur-prev == d {
			holds++
		}
		prev = cur
	}
	return d, holds, ok
}

// pcg32Output is XSH RR of a state.
func pcg32Output(s uint64) uint32 {
	x := uint32((s>>18 ^ s) >> 27)
	return bits.RotateLeft32(x, -int(s>>59))
}

func pcg32Facts(ExplainRun) []string {
	var steps []string
	all := true
	for n := 0; n < 3; n++ {
		d, holds, ok := PCG32StreamStep(1, n, 1024)
		all = all && ok && holds == 1024
		steps = append(steps, fmt.Sprintf("D_%d = 0x%016X", n, d))
	}
	return []string{
		"The stream selector is the increment: stream t is pcg32_srandom_r(seed, t), increment 2t+1, every stream from the same seed.",
		fmt.Sprintf("So the n-th states of streams t and t+1 differ by D_n = 2(1 + a + ... + a^(n+1)) mod 2^64, the same for every t (%s; checked for 1024 streams: %v).",
			strings.Join(steps, ", "), all),
		"Across photons the n-th states are a counter with a fixed step, which XSH-RR's output permutation hides too weakly: the consumed order (value n of every stream) fails, while each slot alone, which is what a photon's path reads, passes.",
	}
}

func philoxFacts(ExplainRun) []string {
	return []string{"No number-theoretic fault to compute: philox is a keyed bijection of a counter (10 rounds), the key from the seed; both seeds pass every test and lag, and the renders differ by noise."}
}
