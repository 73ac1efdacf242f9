package lesson

import (
	"math"
	"strings"
	"testing"

	"speckle/study"
)

// rand48 leapfrogged over 2^20 photons: A = a^(2^20) mod 2^48 is 1 mod 2^22
// and no higher power, as the issue states; over 2^e streams, k = e + 2
// (a = 1 mod 4 and a = 5 mod 8). The first differences then repeat mod 2^k.
func TestRand48LeapfrogK22(t *testing.T) {
	a, k := Rand48Leapfrog(1 << 20)
	if k != 22 || a&(1<<22-1) != 1 || a>>22&1 != 1 {
		t.Errorf("a^(2^20) = %#x, k = %d; want k = 22", a, k)
	}
	for e := 1; e <= 26; e++ {
		if _, k := Rand48Leapfrog(1 << e); k != e+2 {
			t.Errorf("2^%d streams: k = %d, want %d", e, k, e+2)
		}
	}
	if n := Rand48SteadySteps(1<<20, 0x1330E, 1000, 22); n != 1000 {
		t.Errorf("%d of 1000 steps' differences repeat mod 2^22", n)
	}
	if n := Rand48SteadySteps(1<<20, 0x1330E, 1000, 23); n > 600 {
		t.Errorf("%d of 1000 steps' differences repeat mod 2^23: k is not the largest", n)
	}
}

// rand48 over 2^20 photons: draws n and n+L of a photon differ mod 1 by
// 64/gcd(L, 64) values in the renderer's 24 bits, one at lag 64: a
// structure the lag table's lags 1..4 do not reach, which the explanation
// states (issue 32 item 7).
func TestRand48LagValues(t *testing.T) {
	lags := []int{1, 2, 3, 4, 5, 6, 7, 8, 16, 32, 64, 128}
	got := Rand48LagValues(1<<20, lags, 1<<14)
	for i, l := range lags {
		if want := 64 / gcd(l, 64); got[i] != want {
			t.Errorf("lag %d: %d values, want 64/gcd(%d, 64) = %d", l, got[i], l, want)
		}
	}
	var r ExplainRun
	r.PhotonsPerIteration = 1 << 20
	facts := strings.Join(rand48Facts(r), " ")
	if !strings.Contains(facts, "1 at lag 64") {
		t.Errorf("facts: %q", facts)
	}
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// Lehmer's consecutive seeds: every pair of neighbouring streams' first
// outputs differ by the multiplier mod p; slm's seeding scatters them.
func TestLehmerNeighboursDifferByTheMultiplier(t *testing.T) {
	a, same, err := LehmerNeighbours("lehmer", 1, 4096)
	if err != nil || same != 4096 || a != 279470273 {
		t.Errorf("consecutive: a %d, %d of 4096 (%v)", a, same, err)
	}
	if _, same, _ := LehmerNeighbours("lehmer:lehmer-seeding=slm", 1, 4096); same > 4 {
		t.Errorf("slm: %d of 4096 differ by a", same)
	}
}

// slm's seeding leaves 25 strides where consecutive seeds leave one: its
// fainter rings are 25 lines, not none (issue 32 item 7).
func TestLehmerSlmStrides(t *testing.T) {
	if n, c, err := LehmerStrides("lehmer", 1, 4096); err != nil || n != 1 || c != 4096 {
		t.Errorf("consecutive: %d strides, commonest %d (%v)", n, c, err)
	}
	if n, c, err := LehmerStrides("lehmer:lehmer-seeding=slm", 1, 4096); err != nil || n != 25 || c != 1308 {
		t.Errorf("slm: %d strides, commonest %d (%v); want 25, 1308", n, c, err)
	}
}

// The linear CA repeats every 64 numbers, found by iterating; the paper's
// CA has no period up to 4096.
func TestCAPeriods(t *testing.T) {
	if p, err := OutputPeriod("ca:ca-preset=linear", 4096); err != nil || p != 64 {
		t.Errorf("linear CA: period %d (%v), want 64", p, err)
	}
	if p, err := OutputPeriod("ca", 4096); err != nil || p != 0 {
		t.Errorf("paper CA: period %d (%v), want none up to 4096", p, err)
	}
	if k, odd, err := caNeighbourParity("ca"); err != nil || len(k) != 4 || odd != 2 {
		t.Errorf("neighbours %v: %d odd (%v), want 2 of 4", k, odd, err)
	}
}

// pcg32's n-th states of neighbouring streams differ by one constant D_n,
// and the model reproduces rng's outputs.
func TestPCG32StreamStep(t *testing.T) {
	for n := 0; n < 4; n++ {
		if d, holds, ok := PCG32StreamStep(7, n, 256); !ok || holds != 256 || d == 0 {
			t.Errorf("n %d: D %#x holds for %d of 256 streams, model ok %v", n, d, holds, ok)
		}
	}
}

// Sobol shared: pixel 0's jitter x stays within 2^-(z-1) of the pixel, z
// the power of two in the pixel count; its own sequence spans the pixel.
func TestSobolSharedSpread(t *testing.T) {
	s, z, err := SobolSharedSpread("sobol:sobol-pixels=shared", 320, 180, 0, 256)
	if err != nil || z != 8 || s >= math.Ldexp(1, -(z-1)) {
		t.Errorf("shared: spread %g, z %d (%v)", s, z, err)
	}
	if s, _, _ := SobolSharedSpread("sobol", 320, 180, 0, 256); s < 0.9 {
		t.Errorf("own: spread %g", s)
	}
}

// Every lesson has its page, and a page's bad sizes are refused.
func TestEveryLessonExplains(t *testing.T) {
	atRoot(t)
	for _, l := range Lessons {
		r := ExplainRun{Lesson: l, Numbers: DefaultExplainNumbers, Budget: 1e9}
		if err := r.Check(); err != nil {
			t.Errorf("%s: %v", l.Name, err)
		}
		if len(r.Facts()) == 0 {
			t.Errorf("%s: no facts", l.Name)
		}
	}
	r := ExplainRun{Lesson: Lessons[0], Numbers: 100, Budget: 1e9}
	if err := r.Check(); err == nil || !study.IsInputError(err) {
		t.Errorf("--numbers 100: %v", err)
	}
}

// The LCG hash keyed linearly: every photon's draws are one arithmetic
// progression from its first, the same step for all; pcg, keyed the same
// way, has none.
func TestHashDrawSteps(t *testing.T) {
	step, holds, err := HashDrawSteps("lcg:hash-key=linear", 1<<16, 1024, 64)
	if err != nil || holds != 1024 || step != 26125<<16 {
		t.Errorf("lcg linear: step %#x, %d of 1024 (%v); want 26125·2^16, all", step, holds, err)
	}
	if _, holds, err := HashDrawSteps("pcg:hash-key=linear", 1<<16, 1024, 64); err != nil || holds != 0 {
		t.Errorf("pcg linear: %d of 1024 (%v), want none", holds, err)
	}
}

// Wang's hash of sequential keys: neighbouring photons' first draws differ
// by few values (to 12 bits), one of them 257 times in 4096; pcg's as a
// random hash's, about 2590 values.
func TestHashNeighbourDiffs(t *testing.T) {
	if v, c, err := HashNeighbourDiffs("wang:hash-key=linear", 1<<20, 4096, 12); err != nil || v != 654 || c != 257 {
		t.Errorf("wang linear: %d values, commonest %d (%v); want 654, 257", v, c, err)
	}
	if v, c, err := HashNeighbourDiffs("pcg", 1<<20, 4096, 12); err != nil || v < 2400 || c > 10 {
		t.Errorf("pcg: %d values, commonest %d (%v); want about 2590, a handful", v, c, err)
	}
}

// trig keyed by a word: most of a photon's draws lie on the 2^-9 grid (the
// product sin·43758.5453 keeps 8 or 9 fraction bits), two thirds on 2^-8;
// pcg's draws, almost none.
func TestTrigLevels(t *testing.T) {
	by8, by9, distinct, err := TrigLevels("trig", 1<<16, 1<<16)
	if err != nil || by8 != 42469 || by9 != 54878 || distinct != 4194 {
		t.Errorf("trig: %d on 2^-8, %d on 2^-9, %d distinct (%v); want 42469, 54878, 4194", by8, by9, distinct, err)
	}
	if by8, by9, distinct, err := TrigLevels("pcg", 1<<16, 1<<16); err != nil || by8 > 10 || by9 > 20 || distinct < 65000 {
		t.Errorf("pcg: %d on 2^-8, %d on 2^-9, %d distinct (%v)", by8, by9, distinct, err)
	}
}
