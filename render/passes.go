package render

import (
	"fmt"

	"speckle/gpu"
	"speckle/internal/suggest"
	"speckle/rng"
)

// Pass is one of the renderer's two uses of a generator.
type Pass int

const (
	// PhotonPass: photon i of every iteration continues stream slot i of
	// Photons streams (a quasi-random generator: point k*Photons+i).
	PhotonPass Pass = iota
	// EyePass: pixel p's eye rays continue slot p of Width*Height streams,
	// from a seed of their own (a quasi-random generator: a sequence per pixel).
	EyePass
)

// Passes are both, in the order the tables show them.
var Passes = []Pass{PhotonPass, EyePass}

func (p Pass) String() string { return [...]string{"photon", "eye"}[p] }

// ParsePass reads a pass's name.
func ParsePass(s string) (Pass, error) {
	for _, p := range Passes {
		if p.String() == s {
			return p, nil
		}
	}
	return 0, fmt.Errorf("the pass must be photon or eye %s", suggest.Got(s, []string{"photon", "eye"}))
}

// eyeSeedSalt keeps the eye pass's streams apart from the photons' when both
// come from one seed.
const eyeSeedSalt = 0x5bd1e995

// PassLayout is how a pass of a render lays out its generator: the config
// its RNG is made with and whether each slot is a quasi-random sequence of
// its own. NewSPPM makes its generators from it, and the lab's renderer
// order (Battery with a RendererDraws) draws from the same layout, so the
// two cannot drift apart.
type PassLayout struct {
	Cfg           rng.Config
	SlotSequences bool
}

// Layout is pass p's layout for a render of width x height pixels and
// photons per iteration, with seed and generator options.
func Layout(p Pass, width, height, photons int, seed uint32, options map[string]string) PassLayout {
	if p == EyePass {
		// Each pixel integrates its own area: a quasi-random generator gives
		// it a sequence of its own (photons share one domain and take k*N+i).
		return PassLayout{rng.Config{Seed: seed ^ eyeSeedSalt, Streams: width * height, Options: options}, true}
	}
	return PassLayout{Cfg: rng.Config{Seed: seed, Streams: photons, Options: options}}
}

// Layout is pass p's layout in this render.
func (c SPPMConfig) Layout(p Pass) PassLayout {
	return Layout(p, c.Width, c.Height, c.Photons, c.RNG.Seed, c.RNG.Options)
}

// NewLayoutRNG puts gen on the GPU as layout l has it.
func NewLayoutRNG(ctx *gpu.Context, gen *rng.Generator, l PassLayout) (*RNG, error) {
	r, err := NewRNG(ctx, gen, l.Cfg)
	if err != nil {
		return nil, err
	}
	r.SlotSequences = l.SlotSequences
	return r, nil
}

// DrawName says what draw d of a photon (or eye ray) is for, in the order
// sppm_photon.comp's trace (sppm_eye.comp's trace_eye) makes its draws.
func (p Pass) DrawName(d int) string {
	if p == EyePass {
		if d < 2 {
			return [...]string{"jitter x", "jitter y"}[d]
		}
		return fmt.Sprintf("specular bounce %d", d-1)
	}
	if d < 4 {
		return [...]string{"light, position u", "position v", "emission u", "emission v"}[d]
	}
	return fmt.Sprintf("bounce %d %s", (d-4)/3+1, [...]string{"roulette", "direction u", "direction v"}[(d-4)%3])
}

// DrawsPerPath is how many values a photon that bounces once draws (an eye
// ray that hits a diffuse surface): the default of the renderer order's
// values per photon, which only a quasi-random generator's points depend on.
func (p Pass) DrawsPerPath() int {
	if p == EyePass {
		return 2
	}
	return 4 + 3
}
