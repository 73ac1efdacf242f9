package render

import (
	"math"

	"speckle/internal/numcheck"
	"speckle/scenes"
)

// GridCellRange bounds SPPMConfig.GridCell, the hash grid's cell size in
// largest radii: at 0.5 a photon walks up to 5x5x5 cells, at 4 one cell
// holds up to 8x the points of a radius's box.
var GridCellRange = numcheck.Range{Lo: 0.5, Hi: 4, Zero: "2 radii"}

// DefaultGridCell is the cell size GridCell 0 picks: 2 radii, 2x2x2 cells
// walked per photon hit.
const DefaultGridCell = 2

// gridLayout is the hash grid of visible points (shaders/lib/sppm.glsl):
// cubes of cell scene units from origin, hashed into buckets (a power of
// two). A photon walks the cells within reach of it: reach is the largest
// radius padded for rounding, and span the most cells it may need per axis.
type gridLayout struct {
	origin        scenes.Vec3
	cell, reach   float32 // reach in cells
	span, buckets int
}

// newGridLayout lays the grid out for radii up to radius (radii only
// shrink) in a scene within lo..hi, with cells of f radii and pixels
// visible points.
//
// The gather accepts a point by its own radius and normal, never by its
// cell, so the image does not depend on f as long as the walk visits every
// cell that can hold an accepted point. The float32 tests accept points up
// to a few ulps past the radius and place a point's cell (insertion) and the
// photon's box (gather) with rounding errors of a few ulps of the
// coordinates; the reach is the radius plus a margin well past both, and
// the cell f reaches, so span = ceil(2/f) + 1 cells per axis cover it.
func newGridLayout(radius float32, lo, hi scenes.Vec3, f float32, pixels int) gridLayout {
	extent := float32(0)
	for i := range 3 {
		extent = max(extent, abs32(lo[i]), abs32(hi[i]))
	}
	margin := radius/4096 + 16*ulp32(2*extent+16*radius*max(f, 1))
	reach := radius + margin
	g := gridLayout{cell: f * reach}
	g.span, g.buckets = GridShape(f, pixels)
	g.reach = float32(float64(reach) / float64(g.cell))
	g.origin = lo.Sub(scenes.Vec3{g.cell, g.cell, g.cell})
	return g
}

// GridShape is the grid of cells of f radii over pixels visible points: a
// photon hit walks at most span cells a side, hashed into buckets (a power
// of two).
func GridShape(f float32, pixels int) (span, buckets int) {
	span = int(math.Ceil(2/float64(f))) + 1
	// At most one point in two buckets whatever the cells' size: a walk
	// reads the points of other cells that share its buckets, and walks
	// about (2/f)^2 cells of a surface, so smaller cells get more buckets
	// (at most 2^24, 64 MiB).
	want := 2 * pixels * int(math.Ceil(max(1, 4/float64(f*f))))
	buckets = 1
	for buckets < min(want, max(2*pixels, 1<<24)) {
		buckets *= 2
	}
	return span, buckets
}

// cells is the most cells a photon hit walks.
func (g gridLayout) cells() int { return g.span * g.span * g.span }

func abs32(v float32) float32 { return float32(math.Abs(float64(v))) }

// ulp32 is the spacing of float32s at v (v >= 0).
func ulp32(v float32) float32 { return math.Nextafter32(v, float32(math.Inf(1))) - v }
