package render

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"

	"speckle/internal/numcheck"
	"speckle/internal/suggest"
	"speckle/scenes"
	"speckle/shaders"
)

// GridCellRange bounds SPPMConfig.GridCell, the hash grid's cell size in
// largest radii: at 0.5 a gather's reach spans up to shaders.GridSpanMax = 5
// cells per axis, at 4 one cell holds up to 8x the points of a radius's box.
var GridCellRange = numcheck.Range{Lo: 2.0 / (shaders.GridSpanMax - 1), Hi: 4, Zero: "2 radii"}

// GridGather is how the photon pass finds the visible points near a hit.
type GridGather int

const (
	// GatherAdaptive (the default) is GatherCells with cells that follow
	// the radii as they shrink: each iteration the eye pass counts the
	// visible points' R^2 in a histogram and the grid's clear pass picks
	// the cell of fewest expected reads (grid_pick, sppm_grid.comp); points
	// larger than its cells are linked into every cell within their reach,
	// as GatherPBRT links all. Cells of 2 radii only (the 2x2x2 walk).
	GatherAdaptive GridGather = iota
	// GatherCells links each point into its own cell; a photon walks the
	// cells within its reach. The cells stay those of the initial radius.
	GatherCells
	// GatherPBRT (pbrt-v4's scheme) links each point into every cell within
	// its reach; a photon walks its own cell.
	GatherPBRT
	// GatherStochastic (Hachisuka & Jensen's stochastic spatial hashing,
	// 2010) enters each point into every cell its own radius reaches, as
	// GatherPBRT, but a cell's bucket keeps one point, picked at random
	// among them (reproducibly: by a hash of the point and the iteration);
	// a photon deposits into its own cell's point only, its power and its
	// count in M multiplied by the number of points the bucket held. Each
	// point's sums are the other gathers' in expectation, not in bytes.
	GatherStochastic
)

var gatherNames = []string{"adaptive", "cells", "pbrt", "stochastic"}

func (g GridGather) String() string { return gatherNames[g] }

// ParseGridGather reads a GridGather by name.
func ParseGridGather(s string) (GridGather, error) { return parseNamed[GridGather](gatherNames, s) }

// parseNamed reads the value of a type whose value i is named names[i].
func parseNamed[T ~int](names []string, s string) (T, error) {
	if i := slices.Index(names, s); i >= 0 {
		return T(i), nil
	}
	return 0, fmt.Errorf("must be %s %s", strings.Join(names, " or "), suggest.Got(s, names))
}

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
	margin        float32 // the reach's margin past the radius for rounding, in scene units
	span, buckets int
	links         int  // link slots: a point's, or GatherPBRT's span^3 a point; GatherAdaptive's a point's and the pool's; GatherStochastic's a bucket
	pool          int  // GatherAdaptive's pool links, for points larger than its cells
	bigLists      bool // GatherAdaptive: a second set of heads, its large points' lists
}

// GatherAdaptive's pool holds adaptivePoolPerPoint links a visible point,
// as far as one buffer allows (2 words a link, 2^27 bytes: gl-notes.md).
// Its large points take up to GridSpanMax^3 links each, and the cells are
// picked to fill at most half of it, so the more points keep large radii
// the larger the cells it must keep.
const (
	adaptivePoolPerPoint = 8
	maxLinkBufferBytes   = 1 << 27
)

// heads are the grid's bucket heads: GatherAdaptive's large points have
// buckets of their own, which photons walk even where the pool is empty
// (from 2^24 pixels, one buffer holds no links past the points' own: its
// pick then keeps every point in its own cell).
func (g gridLayout) heads() int {
	if g.bigLists {
		return 2 * g.buckets
	}
	return g.buckets
}

// newGridLayout lays the grid out for radii up to radius (radii only
// shrink) in a scene within lo..hi, with cells of f radii, pixels visible
// points and gather.
//
// The gather accepts a point by its own radius and normal, never by its
// cell, so the image does not depend on f or gather as long as every cell
// that can hold an accepted point is walked (GatherCells) or the point is
// linked into the photon's cell (GatherPBRT). The float32 tests accept
// points up to a few ulps past the radius and place points and photons in
// cells with rounding errors of a few ulps of the coordinates; the reach is
// the radius plus a margin well past both, and the cell f reaches, so the
// cells within reach of a point (x - reach .. x + reach, one point's view
// or the other's) span at most ceil(2/f) + 1 per axis.
func newGridLayout(radius float32, lo, hi scenes.Vec3, f float32, gather GridGather, pixels int) gridLayout {
	extent := float32(0)
	for i := range 3 {
		extent = max(extent, abs32(lo[i]), abs32(hi[i]))
	}
	rounding := 16 * ulp32(2*extent+16*radius*max(f, 1))
	reach := radius + radius/4096 + rounding
	g := gridLayout{cell: f * reach, margin: rounding}
	g.span, g.buckets = GridShape(f, gather, pixels)
	g.reach = float32(float64(reach) / float64(g.cell))
	if gather == GatherAdaptive {
		g.reach = 0.5 // of its cells, which the GPU makes twice a reach
	}
	g.origin = lo.Sub(scenes.Vec3{g.cell, g.cell, g.cell})
	g.links = pixels
	switch gather {
	case GatherPBRT:
		g.links *= g.cells()
	case GatherAdaptive:
		g.pool = max(0, min(adaptivePoolPerPoint*pixels, maxLinkBufferBytes/8-pixels))
		g.links += g.pool
		g.bigLists = true
	case GatherStochastic:
		g.links = g.buckets // a count and a largest hash a bucket
	}
	return g
}

// maxGridBuckets caps the buckets; tests lower it so that cells share
// buckets, which the gathers must walk once (2x2x2) or take from by key.
var maxGridBuckets = 1 << 25

// GridShape is the grid of cells of f radii over pixels visible points: the
// cells within a gather's reach span at most span a side; buckets is a power
// of two.
func GridShape(f float32, gather GridGather, pixels int) (span, buckets int) {
	span = int(math.Ceil(2/float64(f))) + 1
	// At most one link in two buckets, as far as 2^25 (128 MiB) allows: a
	// walk reads the links of other cells that share its buckets. A point
	// is linked once, or (GatherPBRT) into up to span^3 cells; with
	// GatherCells a walk visits about (2/f)^2 cells of a surface, each a
	// bucket.
	want := 2 * pixels * int(math.Ceil(max(1, 4/float64(f*f))))
	if gather == GatherPBRT || gather == GatherStochastic {
		want = 2 * pixels * span * span * span
	}
	buckets = 1
	for buckets < min(want, max(2*pixels, 1<<25), maxGridBuckets) {
		buckets *= 2
	}
	return span, buckets
}

// nearest8: a photon's reach spans at most two cells an axis, walked as the
// 2x2x2 cells from its box's corner (GRID_NEAREST8) with GatherCells.
func (g gridLayout) nearest8() bool { return g.span == 2 }

// pickSalt moves every pick key (tests: other picks among the same points
// and photons).
var pickSalt uint64

// pickKey is GatherStochastic's key (grid_pick_key) of iteration it of a
// render seeded seed: a SplitMix64 step of both, so that iterations and
// seeds pick differently, and the same ones alike.
func pickKey(seed uint64, it uint32) uint32 {
	z := (seed+pickSalt)*0x9E3779B97F4A7C15 + uint64(it)*0xBF58476D1CE4E5B9 + 0x94D049BB133111EB
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return uint32(z ^ z>>31)
}

// cells is the most cells a photon hit walks.
func (g gridLayout) cells() int { return g.span * g.span * g.span }

func abs32(v float32) float32 { return float32(math.Abs(float64(v))) }

// ulp32 is the spacing of float32s at v (v >= 0).
func ulp32(v float32) float32 { return math.Nextafter32(v, float32(math.Inf(1))) - v }

// gridDefines adds GRID_ADAPTIVE to defs (a copy) where the render's grid
// is adaptive: the eye pass counts radii for it and the clear pass picks
// its cells.
func (s *SPPM) gridDefines(defs map[string]string) map[string]string {
	if s.Cfg.Gather != GatherAdaptive {
		return defs
	}
	out := map[string]string{"GRID_ADAPTIVE": "1"}
	maps.Copy(out, defs)
	return out
}

// GridState is the adaptive grid's last iteration: its cell over the
// initial radius's, and the links its large points took from the pool
// (GatherAdaptive; 0, 0 otherwise). It reads back from the GPU.
func (s *SPPM) GridState() (cellRatio float64, poolLinks int) {
	if s.Cfg.Gather != GatherAdaptive {
		return 0, 0
	}
	w := make([]uint32, 3)
	s.counters.Read(shaders.SPPMCounterGridCell, w)
	return float64(math.Float32frombits(w[0])) / float64(s.grid.cell), int(w[2])
}

// gridDefine is the define of the grid build and walk for gather on grid g.
func gridDefine(gather GridGather, g gridLayout) string {
	switch {
	case gather == GatherPBRT:
		return "GRID_PBRT"
	case gather == GatherStochastic:
		return "GRID_STOCHASTIC"
	case g.nearest8():
		return "GRID_NEAREST8"
	}
	return ""
}
