package render

import (
	"fmt"
	"math"
	"os"
	"testing"

	"speckle/gpu"
	"speckle/rng"
	"speckle/shaders"
)

// The adaptive grid's cells follow the radii and change no sum: cornell and
// caustics render 40 iterations to the same statistics and radiance bits
// as with the fixed cells of the initial radius, while the grid's state
// shows that the cells shrank and that large points went through the pool
// (caustics keeps points that photons never reach at the initial radius).
func TestAdaptiveGridFollowsTheRadii(t *testing.T) {
	for _, name := range []string{"cornell", "caustics"} {
		cfg := SPPMConfig{Width: 48, Height: 27, Photons: 1 << 12, Alpha: 0.7, RNG: rng.Spec{Gen: rng.Philox, Seed: 5}, Gather: GatherCells}
		want, _ := renderBitsN(t, cfg, name, 40, nil)
		cfg.Gather = GatherAdaptive
		var cell, fixed float32
		var pool uint32
		got, _ := renderBitsN(t, cfg, name, 40, func(s *SPPM) {
			var w [shaders.SPPMCounterWords]uint32
			s.counters.Read(0, w[:])
			cell, pool, fixed = math.Float32frombits(w[shaders.SPPMCounterGridCell]), w[shaders.SPPMCounterGridPool], s.grid.cell
		})
		t.Logf("%s: adaptive cell %.3g of the initial %.3g, %d pool links", name, cell, fixed, pool)
		if !(cell < 0.8*fixed) {
			t.Errorf("%s: after 40 iterations the adaptive cell is %g, the initial one %g: it did not follow the radii", name, cell, fixed)
		}
		if name == "caustics" && pool == 0 {
			t.Errorf("caustics: no large point went through the pool")
		}
		sameBits(t, name+", the adaptive grid against fixed cells", got, want)
	}
}

// A visible point the adaptive grid could not link fails the render, as a
// loop past the budget does, and the image keeps the iterations before.
func TestAdaptiveGridFullFailsTheRender(t *testing.T) {
	cfg := SPPMConfig{Width: 16, Height: 9, Photons: 256, Alpha: 0.7, RNG: rng.Spec{Gen: rng.PCG32, Seed: 1}}
	withSPPM(t, builtin(t, "cornell"), cfg, func(c *gpu.Context, s *SPPM) error {
		if err := s.Iterate(2); err != nil {
			return err
		}
		s.counters.Write(shaders.SPPMCounterGridFull, []uint32{1})
		if err := s.Iterate(1); err == nil || s.Iterations != 2 {
			return fmt.Errorf("a full grid: error %v after %d iterations; want the grid's error after 2", err, s.Iterations)
		}
		return nil
	})
}

// renderBitsN renders n iterations of the named scene, calls look (if
// any) on the render, and returns its statistics and radiance as bits and
// the photons pixels kept.
func renderBitsN(t *testing.T, cfg SPPMConfig, name string, n int, look func(*SPPM)) (bits []uint64, kept float64) {
	t.Helper()
	withSPPM(t, builtin(t, name), cfg, func(c *gpu.Context, s *SPPM) error {
		if err := s.Iterate(n); err != nil {
			return err
		}
		if look != nil {
			look(s)
		}
		bits, kept = statsBits(s)
		px, err := s.Radiance()
		if err != nil {
			return fmt.Errorf("%s cells of %g radii: %v", cfg.Gather, cfg.GridCell, err)
		}
		for _, v := range px {
			bits = append(bits, uint64(math.Float32bits(v)))
		}
		return nil
	})
	return bits, kept
}

// Past 2^24 pixels (4096x4096) the adaptive grid's pool is empty and its
// large points' heads must still be there: cornell renders 3 iterations to
// the fixed cells' bits. 16.7 million pixels are hours on llvmpipe, so it
// runs where SPECKLE_LARGE_RENDERS is set (on a GPU: docs/performance.md).
func TestAdaptiveGridPast2To24Pixels(t *testing.T) {
	if os.Getenv("SPECKLE_LARGE_RENDERS") == "" {
		t.Skip("16.7 million pixels: set SPECKLE_LARGE_RENDERS=1 on a GPU")
	}
	cfg := SPPMConfig{Width: 4096, Height: 4096, Photons: 1 << 20, Alpha: 0.7, RNG: rng.Spec{Gen: rng.Philox, Seed: 5}, Gather: GatherCells}
	want, _ := renderBitsN(t, cfg, "cornell", 3, nil)
	cfg.Gather = GatherAdaptive
	got, _ := renderBitsN(t, cfg, "cornell", 3, func(s *SPPM) {
		if s.grid.pool != 0 || s.grid.heads() != 2*s.grid.buckets {
			t.Errorf("a pool of %d links, %d heads for %d buckets; want none, two sets", s.grid.pool, s.grid.heads(), s.grid.buckets)
		}
	})
	sameBits(t, "cornell at 4096x4096, the adaptive grid against fixed cells", got, want)
}
