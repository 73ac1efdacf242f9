package render

import (
	"fmt"
	"strings"
	"testing"

	"speckle/gpu"
	"speckle/rng"
)

// counting is a copy of g that counts its instances (Configure calls).
func counting(g *rng.Generator, made *int) *rng.Generator {
	c := *g
	c.Configure = func(cfg rng.Config) (rng.Instance, error) {
		*made++
		return g.Configure(cfg)
	}
	return &c
}

// A render makes its generator once a pass: the warnings before it (the
// degeneracies, and the shared streams that Lehmer's pool makes
// rng.Generator.Shared look for) read the instances the render then puts
// on the GPU and draws from.
func TestRenderMakesItsGeneratorOncePerPass(t *testing.T) {
	made := 0
	sp := rng.Spec{Gen: counting(rng.Lehmer, &made)}
	cfg := SPPMConfig{Width: 8, Height: 8, Photons: 64, Alpha: 0.7, RNG: sp.Seeded(4294967295)}
	if err := sp.Check(); err != nil || made != 0 {
		t.Fatalf("checking the spec: %v, %d instances; want none", err, made)
	}
	gens, err := cfg.PassGens()
	if err != nil {
		t.Fatal(err)
	}
	lines, err := gens.Warnings(sp, 4294967295, 64)
	if err != nil || len(lines) == 0 {
		t.Fatalf("warnings %q, %v: want the shared streams", lines, err)
	}
	onGL(t, func(c *gpu.Context) error {
		s, err := NewSPPMWith(c, builtin(t, "plane"), cfg, gens)
		if err != nil {
			return err
		}
		defer s.Close()
		return s.IterateTo(64, 1)
	})
	if made != len(Passes) {
		t.Errorf("a render made its generator %d times; want once a pass (%d)", made, len(Passes))
	}
}

// The warnings a render says come from its passes as it lays them out:
// photons an iteration as the device runs them, the eye pass's pixels. A
// stream is named only where the render draws it, and streams are said
// to be shared exactly where the layout shares them.
func TestPassGensWarnFromTheirLayout(t *testing.T) {
	warnings := func(seed uint32, w, h, photons int) string {
		t.Helper()
		sp := rng.Spec{Gen: rng.Lehmer}
		cfg := SPPMConfig{Width: w, Height: h, Photons: photons, RNG: sp.Seeded(seed)}
		gens, err := cfg.PassGens()
		if err != nil {
			t.Fatal(err)
		}
		lines, err := gens.Warnings(sp, seed, int64(photons))
		if err != nil {
			t.Fatal(err)
		}
		return strings.Join(lines, "\n")
	}
	const fixed = 2446816017 // Lehmer's fixed point: a stream seeded there is constant
	for _, c := range []struct {
		seed          uint32
		w, h, photons int
		want          string // "": no warning
	}{
		{fixed - 1000, 8, 8, 512, ""},
		{fixed - 1000, 8, 8, 1001, "(the photon pass, seed 2446815017): degenerate stream 1000 (1 of 1001)"},
		{(fixed - 100) ^ eyeSeedSalt, 8, 8, 64, ""},
		{(fixed - 100) ^ eyeSeedSalt, 16, 16, 64, fmt.Sprintf("(the eye pass, seed %d): degenerate stream 100 (1 of 256)", fixed-100)},
		// Past 2^32 the photon pass's streams are seeded 0, 1, ...: the
		// modulus 2^32 - 5 makes streams seeded 2^32 - 5 ... step as 0 ... do.
		{1<<32 - 1000, 8, 8, 512, ""},
		{1<<32 - 1000, 8, 8, 1008, "reuse streams: 5 pairs of equal streams"},
	} {
		got := warnings(c.seed, c.w, c.h, c.photons)
		if c.want == "" && got != "" || !strings.Contains(got, c.want) {
			t.Errorf("seed %d, %dx%d, %d photons an iteration: warnings %q; want %q", c.seed, c.w, c.h, c.photons, got, c.want)
		}
	}
}
