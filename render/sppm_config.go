package render

import (
	"fmt"
	"math"
	"strconv"

	"speckle/internal/numcheck"
	"speckle/rng"
	"speckle/scenes"
)

// SPPMConfig fixes what one progressive render computes.
type SPPMConfig struct {
	Width, Height int
	Photons       int     // photons per iteration (IterateTo may end with a shorter one)
	Alpha         float32 // fraction of new photons kept per iteration (0.7)
	Radius        float32 // initial radius in scene units; 0 picks one from the pixel footprint
	// RNG is the generator with its options and seed (rng.Spec.Seeded: the
	// seed is RNG.Seed), checked where it was read.
	RNG        rng.Spec
	MaxDepth   int // eye path specular bounces (default 10)
	MaxBounces int // photon bounces (default 16)
	// GridCell is the hash grid's cell size in initial radii (GridCellRange;
	// 0 is DefaultGridCell). It changes how many visible points a photon
	// reads, never which ones it adds to: images are the same bytes.
	GridCell float32
	// Gather is how photons find visible points in the grid (the same
	// points either way).
	Gather GridGather
	// Deposit is where photons add their power to visible points (the same
	// bytes either way).
	Deposit Deposit
	// FluxTally makes the photon pass sum the power reaching diffuse
	// surfaces (depositedFlux); for tests, it costs atomics.
	FluxTally bool
	// PhotonPass cuts the photon pass down for `bench render --breakdown`;
	// a render of any but PhotonPassFull is no picture.
	PhotonPass PhotonPassPart
}

// PhotonPassPart is how much of the photon pass runs.
type PhotonPassPart int

const (
	PhotonPassFull  PhotonPassPart = iota
	PhotonPassTrace                // light sampling, traversal, shading and the generator: no gather
	PhotonPassWalk                 // the gather's grid walk and tests, without its atomic adds
)

// photonPassDefines are the defines of the cut-down photon passes.
var photonPassDefines = map[PhotonPassPart]string{PhotonPassTrace: "PHOTON_TRACE_ONLY", PhotonPassWalk: "PHOTON_NO_ATOMICS"}

// Check fills defaults and rejects impossible values.
func (c *SPPMConfig) Check() error {
	switch {
	case c.Width < 1 || c.Height < 1 || c.Width > 16384 || c.Height > 16384:
		return fmt.Errorf("--size %dx%d: width and height must be 1..16384", c.Width, c.Height)
	case c.Photons < 1:
		return fmt.Errorf("photons per iteration must be at least 1 (got %d)", c.Photons)
	case !AlphaRange.Contains(float64(c.Alpha)):
		return fmt.Errorf("--alpha %v", AlphaRange.Check32(c.Alpha))
	case !(c.Radius >= 0) || c.Radius > math.MaxFloat32:
		return fmt.Errorf("--radius must be positive (got %v)", c.Radius)
	case !GridCellRange.Contains(float64(c.GridCell)):
		return fmt.Errorf("--grid-cell %v", GridCellRange.Check32(c.GridCell))
	case c.Gather < GatherAdaptive || c.Gather > GatherStochastic:
		return fmt.Errorf("unknown gather %d", c.Gather)
	case c.Gather == GatherAdaptive && c.GridCell != 0 && c.GridCell != DefaultGridCell:
		return fmt.Errorf("--grid-cell %v: the adaptive gather's cells are %v radii; use --gather cells or pbrt for others", c.GridCell, DefaultGridCell)
	case c.Gather == GatherStochastic && (c.Deposit == DepositCombined || c.Deposit == DepositPoints):
		return fmt.Errorf("--gather stochastic deposits inline, deferred or sorted, not %s (it adds one photon at a time, or gathers at the points)", c.Deposit)
	case c.RNG.Gen == nil:
		return fmt.Errorf("no generator")
	case c.PhotonPass < PhotonPassFull || c.PhotonPass > PhotonPassWalk:
		return fmt.Errorf("unknown photon pass part %d", c.PhotonPass)
	case c.Deposit < DepositAuto || c.Deposit > DepositPoints:
		return fmt.Errorf("unknown deposit %d", c.Deposit)
	case c.Deposit != DepositInline && c.Deposit != DepositAuto && c.PhotonPass != PhotonPassFull:
		return fmt.Errorf("the cut-down photon passes deposit inline only (got %s)", c.Deposit)
	}
	if c.MaxDepth == 0 {
		c.MaxDepth = 10
	}
	if c.MaxBounces == 0 {
		c.MaxBounces = 16
	}
	if c.GridCell == 0 {
		c.GridCell = DefaultGridCell
	}
	return nil
}

// AlphaRange bounds SPPMConfig.Alpha: (0, 1] in theory, from 0.3 here.
// Each iteration multiplies a pixel's R^2 by (N + alpha M)/(N + M); where
// photons reach the pixel every iteration that product over 1e8 iterations
// (1e14 photons at 1e6 per iteration) is 1e-18.2 at alpha 0.3 but 1e-30.6
// at 0.2 and 1e-66 at 0.1, and R^2 would fall from its smallest start
// (MinRadius^2, 1e-8) below float32's normal numbers, which GPUs flush to
// 0: a NaN pixel.
var AlphaRange = numcheck.Closed(0.3, 1)

// MinRadius is the smallest initial radius: the shaders' ray offset
// RAY_EPS. Within scenes.MaxCoord float32 spaces positions at most 7.6e-6
// apart (13 steps per MinRadius), the hash grid's cell index
// (x - origin) / (2 R) stays below 2e6, far inside int32, and R^2 >= 1e-8
// is a normal float32.
const MinRadius = 1e-4

// RadiusRange bounds the initial radius for a scene: from MinRadius to the
// scene's scale (scenes.Scene.Scale; a larger radius gathers everything).
func RadiusRange(scene *scenes.Scene) numcheck.Range {
	// The scale to 3 digits, so that messages read [0.0001, 3.85].
	s, _ := strconv.ParseFloat(strconv.FormatFloat(float64(scene.Scale()), 'g', 3, 32), 64)
	return numcheck.Closed(MinRadius, max(s, MinRadius))
}

// InitialRadiusRange bounds a radius before the scene is known (flags,
// settings): 0 picks AutoRadius; else from MinRadius to past the largest
// scene's scale (a scene spans at most 2 sqrt(3) scenes.MaxCoord).
var InitialRadiusRange = numcheck.Range{Lo: MinRadius, Hi: 4 * scenes.MaxCoord, Zero: "one pixel footprint at the look-at distance"}

// AutoRadius is the initial radius that Radius 0 picks for an image height
// pixels high: one pixel footprint at the distance the camera looks at:
// little blur, and the gather, which dominates the photon pass, stays cheap
// (on an H200 at 1280x720 cornell runs at 1.7e9 photon bounces/s with it,
// 8e8 with two footprints).
func AutoRadius(cam scenes.Camera, height int) float32 {
	pixel := 2 * float32(math.Tan(float64(cam.FOV)*math.Pi/360)) / float32(height)
	return cam.LookAt.Sub(cam.Position).Len() * pixel
}
