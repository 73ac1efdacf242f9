package render

import (
	"math"
	"strings"
	"testing"

	"speckle/rng"
)

// TestReuseWarns: computed, not rendered. Lehmer's 2^20 photon streams at
// 4 draws a photon pass its cycle of 2^32-6 states after 1024 iterations
// (1.07e9 photons; the README's window shows Lehmer at 5.2-6.3e8, at 7
// draws a one-bounce photon); at one iteration about 256 streams a lag are
// another shifted by birthdays. lehmer:seed=4294967295 makes stream 1
// stream 0 shifted by one draw. Seeds 1 and 2 share 63 photon streams and
// 61 eye streams (their eye seeds, XOR the salt, are 3 apart); replicate
// seeds share none. Four replicates of philox share nothing.
func TestReuseWarns(t *testing.T) {
	seeds := func(g *rng.Generator, seed uint32, n int) []uint32 {
		var out []uint32
		for r := range n {
			s, err := g.ReplicateSeed(seed, r)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, s)
		}
		return out
	}
	for _, c := range []struct {
		gen           *rng.Generator
		seeds         []uint32
		w, h, photons int
		total         int64
		want          []string // in order; nil: no warning
	}{
		{rng.Lehmer, []uint32{1}, 320, 180, 1 << 20, 1024 << 20, []string{"past the 4.295e+09 states lehmer's streams share", "reuse streams"}},
		{rng.Lehmer, []uint32{1}, 8, 8, 1 << 20, 1 << 20, []string{"0 pairs of equal streams, 7"}},
		{rng.Lehmer, []uint32{4294967295}, 8, 8, 64, 64, []string{"0 pairs of equal streams, 1 streams that are another shifted"}},
		{rng.Lehmer, []uint32{1}, 8, 8, 64, 64, nil},
		{rng.Lehmer, []uint32{1, 2}, 8, 8, 64, 640, []string{"124 pairs of equal streams"}},
		{rng.Lehmer, seeds(rng.Lehmer, 1, 2), 8, 8, 64, 640, nil},
		{rng.RANDU, []uint32{1}, 320, 180, 1 << 20, 257 << 20, []string{"past the 1.074e+09 states randu's streams share"}},
		{rng.Philox, seeds(rng.Philox, 1, 4), 320, 180, 1 << 20, 1e12, nil},
	} {
		lines, err := Reuse(c.gen, c.seeds, c.w, c.h, c.photons, c.total, nil)
		if err != nil {
			t.Fatal(err)
		}
		text := strings.Join(lines, "\n")
		if len(lines) < len(c.want) || c.want == nil && len(lines) > 0 {
			t.Errorf("%s seeds %v, %dx%d, %d photons: %q; want %q", c.gen.Name, c.seeds, c.w, c.h, c.total, text, c.want)
			continue
		}
		for i, w := range c.want {
			if !strings.Contains(lines[i], w) {
				t.Errorf("%s seeds %v, %d photons: line %d %q; want %q", c.gen.Name, c.seeds, c.total, i, lines[i], w)
			}
		}
	}
}

// TestPeriodPhotons: the window's threshold is where Reuse starts to warn:
// Lehmer at 2^20 photons on 320x180 passes 2^32-6 states in iteration 997
// (4 draws a photon, 2 a pixel: 4,309,504 an iteration), RANDU its 2^30 in
// iteration 250; philox never.
func TestPeriodPhotons(t *testing.T) {
	for _, c := range []struct {
		gen        *rng.Generator
		iterations int64
	}{{rng.Lehmer, 997}, {rng.RANDU, 250}, {rng.Philox, 0}} {
		got := PeriodPhotons(c.gen, 320, 180, 1<<20, nil)
		if got != c.iterations<<20 {
			t.Errorf("%s: %d photons, want %d iterations of 2^20", c.gen.Name, got, c.iterations)
		}
		if got > 0 {
			before, _ := Reuse(c.gen, []uint32{1}, 320, 180, 1<<20, got-1<<20, nil)
			at, _ := Reuse(c.gen, []uint32{1}, 320, 180, 1<<20, got, nil)
			if len(at) == 0 || !strings.Contains(at[0], "certainly") || len(before) > 0 && strings.Contains(before[0], "certainly") {
				t.Errorf("%s: Reuse at %d photons %q, one iteration before %q", c.gen.Name, got, at, before)
			}
		}
	}
}

// TestReplicatesShareNoStreamInRender: capture --seeds 4 as renders lay
// their generators out, both passes (the eye pass seeded seed XOR a salt):
// 256 photons an iteration, 16x16 pixels, 100 iterations, counted exactly
// for every generator. No stream equals another, and no more are another
// shifted than birthdays give where streams start at random on one cycle
// (lehmer, randu); with consecutive seeds lehmer and randu share 255
// photon and up to 255 eye streams between neighbouring replicates.
func TestReplicatesShareNoStreamInRender(t *testing.T) {
	const photons, iterations = 256, 100
	for _, g := range rng.All {
		var uses []rng.Use
		for r := range 4 {
			seed, err := g.ReplicateSeed(1, r)
			if err != nil {
				t.Fatal(err)
			}
			uses = append(uses, Uses(16, 16, photons, photons*iterations, seed, nil)...)
		}
		s, err := g.Shared(uses, 1<<30)
		if err != nil {
			t.Fatal(err)
		}
		if g == rng.Sobol {
			continue // no streams: each seed its own scramble (rng's TestReplicatesShareNoStream)
		}
		// A generator whose streams repeat one another by design (a float
		// hash of a pixel) is exempt while, and only while, they do.
		if g.SharedStreams != "" {
			if s.Equal+s.Shifted == 0 {
				t.Errorf("%s: exempt (%s) but its replicates share nothing: drop Generator.SharedStreams", g.Name, g.SharedStreams)
			}
			continue
		}
		if !s.Exact() {
			t.Fatalf("%s: counted %d of %d streams over %d of %g draws", g.Name, s.Streams, s.Total, s.Checked, s.Draws)
		}
		want := 0.0
		if g.Period.Pool > 0 && g != rng.Rand48 {
			n := float64(s.Total)
			want = n * n * s.Draws / g.Period.Pool
		}
		if s.Equal != 0 || s.Overlap != 0 || float64(s.Shifted) > want+4*math.Sqrt(want)+2*min(want, 1) {
			t.Errorf("%s: replicates share streams (%.2f shifts expected by chance): %s", g.Name, want, s.Text())
		}
	}
}
