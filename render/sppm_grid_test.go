package render

import (
	"fmt"
	"math"
	"testing"

	"speckle/gpu"
	"speckle/rng"
)

// The grid's cell size and gather change how many visible points a photon
// reads, never which ones it adds to: cornell and caustics (its BVH, glass
// and many deposits per photon) render a few iterations to the same
// statistics (tau, R^2, N, direct, as float64 bits) and radiance bits with
// cells of 0.5, 1 and 4 radii as with 2, walking cells or (pbrt) linking
// points into cells, at the automatic radius and at five times it (more
// points per walk, more cells shared by a bucket).
func TestGridCellSizeLeavesTheRenderUnchanged(t *testing.T) {
	for _, name := range []string{"cornell", "caustics"} {
		scene := builtin(t, name)
		for _, radius := range []float32{0, 5 * AutoRadius(scene.Camera, 27)} {
			cfg := SPPMConfig{Width: 48, Height: 27, Photons: 1 << 12, Alpha: 0.7, Radius: radius, Generator: rng.Philox, Seed: 5}
			var want []uint64
			for _, grid := range []struct {
				gather GridGather
				cell   float32
			}{{GatherCells, DefaultGridCell}, {GatherCells, 1}, {GatherCells, 0.5}, {GatherCells, 4}, {GatherPBRT, 2}, {GatherPBRT, 1}, {GatherPBRT, 0.5}} {
				cfg.Gather, cfg.GridCell = grid.gather, grid.cell
				got, deposits := renderBits(t, cfg, name)
				if deposits == 0 {
					t.Fatalf("%s radius %g: no photon reached a visible point", name, radius)
				}
				if want == nil {
					want = got
					continue
				}
				for i := range want {
					if got[i] != want[i] {
						t.Fatalf("%s radius %g: %s cells of %g radii give word %d = %#x, cells of %d %#x", name, radius, grid.gather, grid.cell, i, got[i], DefaultGridCell, want[i])
					}
				}
			}
		}
	}
}

// renderBits renders 3 iterations of the named scene: its statistics and
// radiance as bits, and the photons pixels kept (the sum of N).
func renderBits(t *testing.T, cfg SPPMConfig, name string) (bits []uint64, kept float64) {
	t.Helper()
	onGL(t, func(c *gpu.Context) error {
		s, err := NewSPPM(c, builtin(t, name), cfg)
		if err != nil {
			return err
		}
		defer s.Close()
		if err := s.Iterate(3); err != nil {
			return err
		}
		stats := readStats(s)
		for i, v := range stats {
			bits = append(bits, math.Float64bits(v))
			if i%8 == 4 {
				kept += v
			}
		}
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
