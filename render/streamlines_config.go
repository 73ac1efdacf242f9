package render

import (
	"fmt"

	"speckle/internal/suggest"
	"speckle/rng"
	"speckle/scenes/flow"
)

// StreamlineConfig fixes a streamline trace. The zero value of
// IndependentStreams is slm's seeding (a stream per seed pixel).
type StreamlineConfig struct {
	Width, Height int
	flow.Params   // Density, Jitter, Step, MaxSteps (0: flow.AutoMaxSteps), IndependentStreams
	// RNG drives the jitter: the generator, its options and its seed
	// (rng.Spec.Seeded: the seed is RNG.Seed).
	RNG rng.Spec
	// Part cuts the trace down for a cost breakdown (bench only).
	Part StreamlinePart
}

// StreamlinePart is how much of the streamline trace runs: `streamlines
// --bench --breakdown` times each and reads the cost of a part as what
// leaving it out saves.
type StreamlinePart int

const (
	StreamlineFull StreamlinePart = iota
	// StreamlineNoVisits leaves out the density map's atomic adds; the
	// paths are the same (nothing reads the map during a trace).
	StreamlineNoVisits
	// StreamlineHashJitter also draws the jitter from a five-operation
	// integer hash instead of the generator: other paths of the same kind,
	// so its time per step is the field's look-ups and the arithmetic.
	StreamlineHashJitter
)

// streamlinePartDefines are the defines of the cut-down traces.
var streamlinePartDefines = map[StreamlinePart][]string{
	StreamlineNoVisits:   {"STREAMLINE_NO_VISITS"},
	StreamlineHashJitter: {"STREAMLINE_NO_VISITS", "STREAMLINE_HASH_JITTER"},
}

// maxStreamlines bounds Width x Height x Density^2 (streamline indices are
// 32-bit on the GPU).
const maxStreamlines = 1 << 31

// Check fills MaxSteps if it is 0 and rejects impossible values; errors read
// like the command line's flags.
func (c *StreamlineConfig) Check() error {
	if c.Width < 1 || c.Height < 1 || c.Width > 16384 || c.Height > 16384 {
		return fmt.Errorf("--size %dx%d: width and height must be 1..16384", c.Width, c.Height)
	}
	if c.RNG.Gen == nil {
		return fmt.Errorf("no generator")
	}
	if c.MaxSteps == 0 && c.Step > 0 {
		n, err := flow.AutoMaxSteps(c.Width, c.Height, c.Step)
		if err != nil {
			return err
		}
		c.MaxSteps = n
	}
	if err := c.Params.Check(); err != nil {
		return err
	}
	if n := int64(c.Width) * int64(c.Height) * int64(c.Density*c.Density); n > maxStreamlines {
		return fmt.Errorf("%dx%d pixels at density %d are %d streamlines, more than %d", c.Width, c.Height, c.Density, n, int64(maxStreamlines))
	}
	return nil
}

// Unit says what a map's values count, for a colour bar.
func (m StreamlineMap) Unit() string {
	if m == LengthMap {
		return "mean streamline length from the pixel (pixels)"
	}
	return "streamline visits per pixel"
}

// StreamlineMap names one of the two maps.
type StreamlineMap int

const (
	DensityMap StreamlineMap = iota // visits per pixel
	LengthMap                       // mean streamline length (pixels) per seed pixel
)

func (m StreamlineMap) String() string {
	if m == LengthMap {
		return "length"
	}
	return "density"
}

// ParseStreamlineMap reads "density" or "length".
func ParseStreamlineMap(s string) (StreamlineMap, error) {
	switch s {
	case "density":
		return DensityMap, nil
	case "length":
		return LengthMap, nil
	}
	return 0, fmt.Errorf("--map must be density or length %s", suggest.Got(s, []string{"density", "length"}))
}

// MapScaling says how values become colours.
type MapScaling int

const (
	ScaleAuto   MapScaling = iota // log for density, linear for length
	ScaleLog                      // log(1+v) / log(1+max)
	ScaleLinear                   // v / max
)

// MapOptions choose the streamline picture; the zero value is the default: inferno
// on a log scale for density, viridis on a linear scale for length, each
// scaled to its own maximum.
type MapOptions struct {
	Colormap string     // "viridis", "inferno" or "" (by map)
	Scaling  MapScaling // ScaleAuto, ScaleLog, ScaleLinear
	Max      float32    // value at the top of the colour map; 0: the map's maximum (see MapMax)
}

// Resolve is the colour map and scale that map m is drawn with: the one
// given, or the map's own; log is log(1+v)/log(1+max).
func (o MapOptions) Resolve(m StreamlineMap) (colormap string, log bool) {
	colormap = o.Colormap
	if colormap == "" {
		colormap = "inferno"
		if m == LengthMap {
			colormap = "viridis"
		}
	}
	return colormap, o.Scaling == ScaleLog || (o.Scaling == ScaleAuto && m == DensityMap)
}
