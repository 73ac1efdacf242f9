package rng

import (
	"os"
	"testing"
)

// Every generator declares its degenerate seeds (none is a declaration
// too), and the defaults run into none of them.
func TestEveryGeneratorDeclaresDegenerate(t *testing.T) {
	for _, g := range All {
		if g.Degenerate == nil {
			t.Errorf("%s declares no Degenerate", g.Name)
			continue
		}
		if ds, err := g.Degeneracies(Config{Seed: 1, Streams: 64}); err != nil || len(ds) != 0 {
			t.Errorf("%s, seed 1, 64 streams: %v, %v; want nothing degenerate", g.Name, ds, err)
		}
	}
}

// constant says whether a stream's first n values are all equal.
func constant(s Stream, n int) bool {
	v := s.U32()
	for i := 1; i < n; i++ {
		if s.U32() != v {
			return false
		}
	}
	return true
}

// The two seeds give a constant Lehmer stream: both are found,
// named, and refused where every stream is constant (issue #22 item 3).
func TestLehmerFixedPointSeeds(t *testing.T) {
	if lehmerFixed != 2446816017 {
		t.Fatalf("fixed point %d, want 2446816017", lehmerFixed)
	}
	for _, c := range []struct {
		seeding string
		seed    uint32
	}{{"consecutive", 2446816017}, {"slm", 4008647215}} {
		opts := map[string]string{"lehmer-seeding": c.seeding}
		for _, streams := range []int{1, 64} {
			cfg := Config{Seed: c.seed, Streams: streams, Options: opts}
			ds, err := Lehmer.Degeneracies(cfg)
			if err != nil || len(ds) != 1 || !ds[0].Constant || ds[0].Count != 1 || ds[0].Streams[0] != 0 || Refuse(ds, streams) != (streams == 1) {
				t.Errorf("%s seed %d, %d streams: %+v, %v", c.seeding, c.seed, streams, ds, err)
			}
			inst, _ := Lehmer.New(cfg)
			if !constant(inst.Stream(0), 100) {
				t.Errorf("%s seed %d: stream 0 is not constant", c.seeding, c.seed)
			}
		}
		// One seed earlier, the constant stream is stream 1 of 2.
		ds, _ := Lehmer.Degeneracies(Config{Seed: c.seed - 1, Streams: 2, Options: opts})
		if len(ds) != 1 || ds[0].Streams[0] != 1 || ds[0].Text(2) != "stream 1 (1 of 2): "+ds[0].Reason {
			t.Errorf("%s seed %d, 2 streams: %+v", c.seeding, c.seed-1, ds)
		}
	}
}

// a = 279470273 is a primitive root mod p = 2^32-5, so the affine step
// s -> a(s+1) has no cycle but its fixed point shorter than p-1: s -> a s
// + a fixes s after k steps iff s = s* or a^k = 1. Also searched: no
// state of a few returns within 2^20 steps.
func TestLehmerCycles(t *testing.T) {
	n := uint64(lehmerModulus - 1)
	var primes []uint64
	for q, m := uint64(2), n; m > 1; q++ {
		if q*q > m {
			q = m
		}
		if m%q == 0 {
			primes = append(primes, q)
			for m%q == 0 {
				m /= q
			}
		}
	}
	for _, q := range primes {
		if lehmerPow(lehmerMultiplier, n/q) == 1 {
			t.Errorf("a^((p-1)/%d) = 1: a is no primitive root (p-1 = %v...)", q, primes)
		}
	}
	if len(primes) != 4 || primes[3] != 22605091 {
		t.Errorf("p-1 = 2*5*19*22605091, got primes %v", primes)
	}
	for _, s0 := range []uint32{0, 1, lehmerFixed + 1, 1<<32 - 1, 123456789} {
		s := s0
		for k := 1; k <= 1<<20; k++ {
			if s = LehmerStep(s); s == s0 {
				t.Fatalf("state %d returns after %d steps", s0, k)
			}
		}
	}
}

// Exhaustive: over all 2^32 states, the only fixed point of the step is
// s*, and the only slm seed whose first state is s* is 4008647215
// (about 20 s of CPU: run with SPECKLE_EXHAUSTIVE=1; the algebra above and
// TestLehmerFixedPointSeeds check each solution otherwise).
func TestLehmerFixedPointSearch(t *testing.T) {
	if os.Getenv("SPECKLE_EXHAUSTIVE") == "" {
		t.Skip("2^32 steps: set SPECKLE_EXHAUSTIVE=1")
	}
	var fixed, slm []uint32
	for x := uint64(0); x < 1<<32; x++ {
		s := LehmerStep(uint32(x))
		if s == uint32(x) {
			fixed = append(fixed, s)
		}
		if bswap32(LehmerStep(bswap32(uint32(x)))) == lehmerFixed {
			slm = append(slm, uint32(x))
		}
	}
	if len(fixed) != 1 || fixed[0] != lehmerFixed || len(slm) != 1 || slm[0] != 4008647215 {
		t.Errorf("fixed points %v, slm seeds to s* %v", fixed, slm)
	}
}

// Streams whose seeds step to the same state are equal and are reported:
// seeds 2^32-5.. alias 0..3 and 2^32-6 (consecutive seeding wraps S+t).
func TestLehmerTwinStreams(t *testing.T) {
	for x := uint64(lehmerModulus); x < 1<<32; x++ { // the five states past p
		alias := uint32(x - lehmerModulus)
		if x == 1<<32-1 {
			alias = lehmerModulus - 1
		}
		if LehmerStep(uint32(x)) != LehmerStep(alias) {
			t.Errorf("state %d steps to %d, %d to %d", x, LehmerStep(uint32(x)), alias, LehmerStep(alias))
		}
	}
	for _, seeding := range []string{"consecutive", "slm"} {
		slm := seeding == "slm"
		for _, g := range lehmerTwins(slm) {
			inst, _ := Lehmer.New(Config{Seed: g[0], Streams: 1, Options: map[string]string{"lehmer-seeding": seeding}})
			first := inst.Stream(0).U32()
			for _, x := range g[1:] {
				inst, _ := Lehmer.New(Config{Seed: x, Streams: 1, Options: map[string]string{"lehmer-seeding": seeding}})
				if v := inst.Stream(0).U32(); v != first {
					t.Errorf("%s: seeds %d and %d start %d and %d", seeding, g[0], x, first, v)
				}
			}
		}
	}
	ds, _ := Lehmer.Degeneracies(Config{Seed: lehmerModulus, Streams: 10})
	if len(ds) != 4 || ds[0].Count != 2 || ds[0].Streams[1] != 5 {
		t.Errorf("seed 2^32-5, 10 streams: %+v; want streams 0..3 equal to 5..8", ds)
	}
}
