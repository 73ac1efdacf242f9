package rng

import (
	"math"
	"slices"
	"strings"
	"testing"
)

// replicateUses are `n` replicates of seed 1 as ReplicateSeed gives them,
// each `streams` streams drawing `draws` values.
func replicateUses(t *testing.T, g *Generator, opts map[string]string, n, streams int, draws float64) []Use {
	var uses []Use
	for r := range n {
		seed, err := g.ReplicateSeed(1, r)
		if err != nil {
			t.Fatal(err)
		}
		uses = append(uses, Use{Cfg: Config{Seed: seed, Streams: streams, Options: opts}, Draws: draws})
	}
	return uses
}

// TestReplicatesShareNoStream: for every generator (and lehmer's slm
// seeding), four
// replicates of 256 streams (capture --seeds 4 at 256 photons an
// iteration) share no stream, equal or shifted, over 100 iterations of 7
// draws a photon, counted exactly: no two are equal, and no more are
// another shifted than birthdays give where streams start at random on
// one cycle (lehmer, randu: the warning's case). Consecutive seeds fail
// it for lehmer (both seedings) and randu: seed s+1's stream t is seed
// s's stream t+1.
// Sobol's streams are dimensions of a scramble per seed: its replicates'
// first points differ.
func TestReplicatesShareNoStream(t *testing.T) {
	const streams, draws = 256, 700
	for _, g := range All {
		sets := []map[string]string{nil}
		if g == Lehmer {
			sets = append(sets, map[string]string{"lehmer-seeding": "slm"})
		}
		for _, opts := range sets {
			uses := replicateUses(t, g, opts, 4, streams, draws)
			s, err := g.Shared(uses, 1<<30)
			if err != nil {
				t.Fatal(err)
			}
			if g == Sobol {
				if s.Total != 0 {
					t.Errorf("sobol: Shared looked at %d streams of a quasi-random generator", s.Total)
				}
				a, _ := g.New(uses[0].Cfg)
				b, _ := g.New(uses[1].Cfg)
				if a.(QuasiRandom).Point(5).U32() == b.(QuasiRandom).Point(5).U32() {
					t.Errorf("sobol: replicates 0 and 1 (seeds %d, %d) draw the same point 5", uses[0].Cfg.Seed, uses[1].Cfg.Seed)
				}
				continue
			}
			// A generator whose streams repeat one another by design (a float
			// hash of a pixel) is exempt while, and only while, they do.
			if g.SharedStreams != "" {
				if s.Equal+s.Shifted == 0 {
					t.Errorf("%s: exempt (%s) but its replicates share nothing: drop Generator.SharedStreams", g.Name, g.SharedStreams)
				}
				continue
			}
			if !s.Exact() || s.Streams != 4*streams {
				t.Fatalf("%s %v: counted %d of %d streams over %d of %g draws, want all", g.Name, opts, s.Streams, s.Total, s.Checked, s.Draws)
			}
			// Streams that start at random on one cycle of Pool states
			// (lehmer, randu) meet by birthdays: N^2 D / Pool shifts
			// expected, N streams drawing D each (0.17 for lehmer, 0.68
			// for randu). Nothing else may be shared.
			n := float64(4 * streams)
			want := 0.0
			if g.Period.Pool > 0 && g != Rand48 {
				want = n * n * draws / g.Period.Pool
			}
			if s.Equal != 0 || s.Overlap != 0 || float64(s.Shifted) > want+4*math.Sqrt(want)+2*min(want, 1) {
				t.Errorf("%s %v: replicates share streams (%.2f shifts expected by chance): %s", g.Name, opts, want, s.Text())
			}
		}
	}
}

// TestSharedFinds: the check finds what consecutive seeds and a seed
// crossing 2^32 make, at the shift they make it.
func TestSharedFinds(t *testing.T) {
	cfg := func(seed uint32, n int) Config { return Config{Seed: seed, Streams: n} }
	// Seed 1's stream t is seed 0's stream t+1: 63 equal pairs.
	s, err := Lehmer.Shared([]Use{{Cfg: cfg(0, 64), Draws: 100}, {Cfg: cfg(1, 64), Draws: 100}}, 0)
	if err != nil {
		t.Fatal(err)
	}
	if s.Equal != 63 || s.Shifted != 0 {
		t.Errorf("lehmer seeds 0 and 1: %d equal, %d shifted; want 63, 0", s.Equal, s.Shifted)
	}
	// lehmer:seed=4294967295: stream 0 steps 2^32-1 -> 0, where stream 1 starts.
	s, _ = Lehmer.Shared([]Use{{Cfg: cfg(1<<32-1, 2), Draws: 10}}, 0)
	if s.Shifted != 1 || s.Equal != 0 {
		t.Errorf("lehmer:seed=4294967295: %d shifted, %d equal; want stream 1 = stream 0 shifted by one", s.Shifted, s.Equal)
	}
	// RANDU's seeds s and s+2^30 are one generator.
	s, _ = RANDU.Shared([]Use{{Cfg: cfg(7, 16), Draws: 10}, {Cfg: cfg(7+1<<30, 16), Draws: 10}}, 0)
	if s.Equal != 16 {
		t.Errorf("randu seeds 7 and 7+2^30: %d equal pairs, want 16", s.Equal)
	}
}

// TestLehmerSharesByBirthdays: at 2^20 streams Lehmer's streams start on
// one cycle of p-1 states, so about 2^40/p = 256 streams a lag are another
// shifted; the check counts that many, and scales it to the run.
func TestLehmerSharesByBirthdays(t *testing.T) {
	if testing.Short() {
		t.Skip("2^23 look-ups")
	}
	s, err := Lehmer.Shared([]Use{{Cfg: Config{Seed: 1, Streams: 1 << 20}, Draws: 4000}}, 0)
	if err != nil {
		t.Fatal(err)
	}
	perLag := float64(s.Shifted) / float64(s.Checked-1)
	if s.Checked != 8 || perLag < 200 || perLag > 320 || s.Equal != 0 {
		t.Errorf("lehmer seed 1, 2^20 streams: %d equal, %d shifted over %d lags (%.0f a lag), want about 256 a lag", s.Equal, s.Shifted, s.Checked-1, perLag)
	}
	if s.Estimate < 8e5 || s.Estimate > 1.3e6 {
		t.Errorf("estimate %.3g over 4000 draws, want about 256*4000", s.Estimate)
	}
}

// TestPastPeriod: Lehmer's 2^20 photon streams pass its one cycle of p-1
// states at 2^32/(4*2^20) = 1024 iterations of at least 4 draws a photon;
// pcg32's streams each have their own.
func TestPastPeriod(t *testing.T) {
	use := func(iterations float64) Use {
		return Use{Cfg: Config{Seed: 1, Streams: 1 << 20}, Draws: 4 * iterations}
	}
	if why := Lehmer.PastPeriod(use(1023)); why != "" {
		t.Errorf("lehmer, 1023 iterations: %s", why)
	}
	if why := Lehmer.PastPeriod(use(1024)); !strings.Contains(why, "certainly") {
		t.Errorf("lehmer, 1024 iterations: %q, want a warning", why)
	}
	if why := RANDU.PastPeriod(use(257)); why == "" {
		t.Error("randu, 257 iterations at 2^20 streams: no warning past 2^30 states")
	}
	if why := PCG32.PastPeriod(use(1 << 20)); why != "" {
		t.Errorf("pcg32: %s", why)
	}
}

// TestReplicateSeed: strided where streams are seeded seed+t, refused
// past 2^32-1 where seeds step by one.
func TestReplicateSeed(t *testing.T) {
	if s, _ := Lehmer.ReplicateSeed(1, 3); s != 1+3<<26 {
		t.Errorf("lehmer replicate 3 of seed 1: %d", s)
	}
	if s, _ := Philox.ReplicateSeed(1, 3); s != 4 {
		t.Errorf("philox replicate 3 of seed 1: %d", s)
	}
	if _, err := Philox.ReplicateSeed(1<<32-2, 2); err == nil {
		t.Error("philox replicate 2 of seed 2^32-2: no error")
	}
	if _, err := Philox.ReplicateSeed(1, MaxReplicates); err == nil {
		t.Error("replicate MaxReplicates: no error")
	}
}

// rand48's seeds are places on its one cycle of 2^48 (Position: from seed
// 0's x_0, jumping there lands on the seed's), and Shared counts exactly
// the states two seeds' pieces share: seed 2 lies 112,144,302,538,752
// steps after seed 1, so 2^20 streams of 2^27 draws (2^47 states) from
// seed 1 run 2^47 - 112144302538752 states into seed 2's piece.
func TestRand48Pieces(t *testing.T) {
	x0 := func(s uint32) uint64 { return uint64(s)<<16 | 0x330E }
	for _, s := range []uint32{1, 2, 3, 4, 0xFFFFFFFF, 123456789} {
		p := rand48Position(s)
		a, c := rand48Jump(p)
		if (a*x0(0)+c)&rand48Mask != x0(s) {
			t.Errorf("seed %d: position %d does not lead from seed 0's x_0 to its", s, p)
		}
	}
	d := (rand48Position(2) - rand48Position(1)) & rand48Mask
	if d != 112144302538752 {
		t.Errorf("seed 2 lies %d after seed 1", d)
	}
	use := func(seed uint32, draws float64) Use {
		return Use{Cfg: Config{Seed: seed, Streams: 1 << 20}, Draws: draws}
	}
	if s, _ := Rand48.Shared([]Use{use(1, 1e6), use(2, 1e6)}, 0); !s.Pieces || s.Overlap != 0 || s.Text() != "" {
		t.Errorf("seeds 1, 2 at 1e6 draws: %+v", s)
	}
	s, _ := Rand48.Shared([]Use{use(1, 1<<27), use(2, 1<<27)}, 0)
	if want := float64(uint64(1)<<47 - d); s.Overlap != want || !strings.Contains(s.Text(), "counted exactly") {
		t.Errorf("seeds 1, 2 at 2^27 draws: overlap %g, want %g (%q)", s.Overlap, want, s.Text())
	}
}

// TestHashOverlapCountedExactly: where a hash's streams count on from
// starts of their own (Period.Starts), Shared's count of the draws that
// repeat another stream's equals the count found by drawing every stream's
// keys: nested keying (starts at random: 4,096 streams of 1,000 draws meet
// by birthdays), counter keying (Weyl-spaced: none until a stream draws
// past the smallest gap, then some) and paper keying (4 draws a count).
func TestHashOverlapCountedExactly(t *testing.T) {
	cases := []struct {
		g       *Generator
		key     string
		streams int
		draws   float64
	}{
		{PCG, keyNested, 4096, 1000},
		{PCG, keyCounter, 128, 1 << 25},
		{PCG4D, keyPaper, 64, 1 << 28},
	}
	for _, c := range cases {
		cfg := Config{Seed: 3, Streams: c.streams, Options: map[string]string{"hash-key": c.key}}
		s, err := c.g.Shared([]Use{{Cfg: cfg, Draws: c.draws}}, 0)
		if err != nil {
			t.Fatal(err)
		}
		per := c.g.PeriodOf(cfg.Options)
		// Brute force over the counts: which of the cycle's states each
		// stream's draws take, a state drawn k times repeating k-1.
		lanes := uint64(per.Pool / (1 << 32))
		seen := map[uint64]bool{}
		repeats := 0.0
		for _, start := range per.Starts(cfg) {
			if c.draws > 1<<20 { // long streams: only the states near other starts can repeat
				continue
			}
			for d := uint64(0); d < uint64(c.draws); d++ {
				k := (start + d) % (lanes << 32)
				if seen[k] {
					repeats++
				}
				seen[k] = true
			}
		}
		if c.draws > 1<<20 {
			repeats = overlapBySorting(per.Starts(cfg), c.draws, per.Pool)
		}
		if !s.Counted || s.Overlap != repeats {
			t.Errorf("%s %s, %d streams of %g draws: Shared counted %g repeats (counted %v), the draws %g", c.g.Name, c.key, c.streams, c.draws, s.Overlap, s.Counted, repeats)
		}
		if s.Overlap == 0 {
			t.Errorf("%s %s: no repeats: the case does not test the count", c.g.Name, c.key)
		}
		// Draws up to the smallest gap repeat nothing.
		s, _ = c.g.Shared([]Use{{Cfg: cfg, Draws: s.MinGap}}, 0)
		if s.Overlap != 0 {
			t.Errorf("%s %s: %g repeats at the smallest gap's draws, want 0", c.g.Name, c.key, s.Overlap)
		}
	}
	// Each stream's keys are those of its Go stream, in draws (the model
	// Starts describes): stream t's first key, as Stream seeds it.
	cfg := Config{Seed: 3, Streams: 8, Options: map[string]string{"hash-key": keyNested}}
	inst, _ := PCG.New(cfg)
	for t2, start := range PCG.PeriodOf(cfg.Options).Starts(cfg) {
		if a := inst.Stream(t2).(*hashStream).a; uint64(a) != start {
			t.Errorf("nested stream %d starts at %d, Starts says %d", t2, a, start)
		}
	}
}

// overlapBySorting counts, for streams too long to draw key by key, the
// draws that repeat another's: all the draws less the states they cover
// together, the union of equal intervals on a circle summed gap by gap
// (an independent count from Shared's sweep over the intervals).
func overlapBySorting(starts []uint64, draws, pool float64) float64 {
	xs := make([]float64, len(starts))
	for i, s := range starts {
		xs[i] = float64(s)
	}
	slices.Sort(xs)
	return float64(len(xs))*draws - unionOnCircle(xs, draws, pool)
}

// unionOnCircle is how many states of a cycle of pool states the intervals
// [x, x+draws) cover together.
func unionOnCircle(xs []float64, draws, pool float64) float64 {
	// Mark the gaps: between consecutive starts a, b (b the next, round
	// the circle) the states a .. a+draws cover min(draws, b-a) of the gap.
	total := 0.0
	for i, a := range xs {
		b := xs[0] + pool
		if i+1 < len(xs) {
			b = xs[i+1]
		}
		total += min(draws, b-a)
	}
	return total
}
