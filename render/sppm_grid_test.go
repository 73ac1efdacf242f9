package render

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"speckle/rng"
	"speckle/scenes"
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
		for _, radius := range []float32{0, 5 * AutoRadius(scene.Camera, 27), -8} {
			if radius < 0 { // the automatic radius in 128 buckets: cells share them often
				radius = 0
				saved := maxGridBuckets
				maxGridBuckets = 128
				defer func() { maxGridBuckets = saved }()
			}
			cfg := SPPMConfig{Width: 48, Height: 27, Photons: 1 << 12, Alpha: 0.7, Radius: radius, RNG: rng.Spec{Gen: rng.Philox, Seed: 5}}
			var want []uint64
			for _, grid := range []struct {
				gather GridGather
				cell   float32
			}{{GatherCells, DefaultGridCell}, {GatherCells, 1}, {GatherCells, 0.5}, {GatherCells, 4}, {GatherPBRT, 2}, {GatherPBRT, 1}, {GatherPBRT, 0.5}, {GatherAdaptive, 2}} {
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
	return renderBitsN(t, cfg, name, 3, nil)
}

// statsBits are s's statistics as bits and the photons pixels kept.
func statsBits(s *SPPM) (bits []uint64, kept float64) {
	for i, v := range readStats(s) {
		bits = append(bits, math.Float64bits(v))
		if i%8 == 4 {
			kept += v
		}
	}
	return bits, kept
}

// The reach's margin covers float32 rounding: for points a gather accepts
// (distance^2 <= radius^2 in float32, as the kernel tests it) at the edge of
// the radius, in scenes from 0.01 to scenes.MaxCoord across, at the
// smallest radius, the point's cell (as the grid build computes it) is in
// the photon's box of cells (at most span a side) and within reach of the
// photon, in the kernels' float32 arithmetic; and the other way round (the
// pbrt gather links a point into the cells within its reach, and a photon
// must find it in its own). The stochastic gather enters a point into the
// cells within its own radius's reach (grid_reach_of: its radius padded by
// 1/1024 and the rounding margin, over the cell): points of any radius up to
// the initial one are found from a photon's cell too.
func TestGridReachCoversAcceptedPoints(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, scale := range []float32{0.01, 1, scenes.MaxCoord / 5} {
		lo, hi := scenes.Vec3{-5 * scale, -scale, -3 * scale}, scenes.Vec3{5 * scale, 4 * scale, 2 * scale}
		for _, radius := range []float32{MinRadius, max(MinRadius, 0.003*scale)} {
			for _, f := range []float32{0.5, 0.75, 1, 2, 4} {
				g := newGridLayout(radius, lo, hi, f, GatherCells, 1)
				at := func(p scenes.Vec3) (c [3]int32, gc [3]float32) {
					for i := range 3 {
						gc[i] = (p[i] - g.origin[i]) / g.cell
						c[i] = int32(math.Floor(float64(gc[i])))
					}
					return c, gc
				}
				// found: the gather from a photon at x finds a point at p,
				// within reach cells of the photon.
				found := func(x, p scenes.Vec3, reach float32) error {
					pc, _ := at(p)
					_, gx := at(x)
					var gap float32
					for i := range 3 {
						boxLo := int32(math.Floor(float64(gx[i] - reach)))
						size := min(int32(math.Floor(float64(gx[i]+reach)))-boxLo+1, int32(g.span))
						if pc[i] < boxLo || pc[i] >= boxLo+size {
							return fmt.Errorf("a point at %v of one at %v is in cell %v, out of the box from %d, %d wide on axis %d", p, x, pc, boxLo, size, i)
						}
						a := max(float32(pc[i])-gx[i], gx[i]-float32(pc[i]+1), 0)
						gap += a * a
					}
					if gap > reach*reach {
						return fmt.Errorf("a point at %v of one at %v is in cell %v, %g cells away, past the reach %g", p, x, pc, math.Sqrt(float64(gap)), reach)
					}
					return nil
				}
				for range 20000 {
					var x, p scenes.Vec3
					var d [3]float64
					n := 0.0
					for i := range 3 {
						x[i] = lo[i] + float32(r.Float64())*(hi[i]-lo[i])
						d[i] = r.NormFloat64()
						n += d[i] * d[i]
					}
					own := radius // half at the initial radius, half smaller
					if r.IntN(2) == 0 {
						own *= float32(math.Pow(r.Float64(), 4))
					}
					edge := float64(own) * (1 + 1e-6*(r.Float64()-0.5)) / math.Sqrt(n)
					for i := range 3 {
						p[i] = x[i] + float32(d[i]*edge)
					}
					r2 := own * own
					if d := p.Sub(x); d.Dot(d) > r2 || r2 == 0 {
						continue
					}
					ownReach := min((float32(math.Sqrt(float64(r2)))*(1+1.0/1024)+g.margin)/g.cell, g.reach)
					for _, err := range []error{found(x, p, g.reach), found(p, x, g.reach), found(p, x, ownReach)} {
						if err != nil {
							t.Fatalf("scale %g, radius %g, cells of %g radii: %v", scale, radius, f, err)
						}
					}
				}
			}
		}
	}
}

// The adaptive grid's layout at the sizes users reach: its pool fits one
// 128 MiB link buffer beside the points' own links and is empty from 2^24
// pixels on (4096x4096), yet the heads keep the large points' second set,
// which every photon walks (lib/gather.glsl): a grid of one set would be
// read past its end there.
func TestAdaptiveLayoutAtEverySize(t *testing.T) {
	lo, hi := scenes.Vec3{-1, -1, -1}, scenes.Vec3{1, 1, 1}
	for _, side := range [][2]int{{16, 9}, {1280, 720}, {3840, 2160}, {4096, 4096}, {16384, 16384}} {
		pixels := side[0] * side[1]
		g := newGridLayout(0.01, lo, hi, DefaultGridCell, GatherAdaptive, pixels)
		if g.heads() != 2*g.buckets || g.pool < 0 || (g.pool > 0) != (pixels < maxLinkBufferBytes/8) ||
			(pixels < maxLinkBufferBytes/8 && 8*g.links > maxLinkBufferBytes) || g.links != pixels+g.pool {
			t.Errorf("%dx%d: %d heads for %d buckets, %d links with a pool of %d", side[0], side[1], g.heads(), g.buckets, g.links, g.pool)
		}
		if c := newGridLayout(0.01, lo, hi, DefaultGridCell, GatherCells, pixels); c.heads() != c.buckets {
			t.Errorf("%dx%d, fixed cells: %d heads for %d buckets", side[0], side[1], c.heads(), c.buckets)
		}
	}
}
