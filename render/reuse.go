package render

import (
	"fmt"

	"speckle/rng"
)

// MinDraws is the fewest values one path of pass p draws in an iteration:
// a photon its light position and emission (4, sppm_photon.comp), an eye
// ray its jitter (2, sppm_eye.comp). Counts from it are lower bounds, so
// a period they pass is passed for certain.
func (p Pass) MinDraws() int {
	if p == EyePass {
		return 2
	}
	return 4
}

// Uses is what a render of `total` photons, `photons` an iteration, at
// width x height draws from each pass of gen (options as given) with
// seed: at least MinDraws a path and iteration.
func Uses(width, height, photons int, total int64, seed uint32, options map[string]string) []rng.Use {
	iterations := float64((total + int64(photons) - 1) / int64(max(photons, 1)))
	var uses []rng.Use
	for _, p := range Passes {
		l := Layout(p, width, height, photons, seed, options)
		uses = append(uses, rng.Use{Cfg: l.Cfg, Draws: iterations * float64(p.MinDraws())})
	}
	return uses
}

// Reuse says, one line each, where renders of gen with each of seeds (the
// replicates of a capture; one seed: a render) reuse states: a render
// drawing past gen's period, all of them together drawing past the states
// their streams share, and streams that are others shifted
// (rng.Generator.Shared, for generators whose streams share cycles:
// rng.Period.Pool; the rest run on cycles of their own or are keyed).
func Reuse(gen *rng.Generator, seeds []uint32, width, height, photons int, total int64, options map[string]string) ([]string, error) {
	var out []string
	var all []rng.Use
	for i, seed := range seeds {
		uses := Uses(width, height, photons, total, seed, options)
		if why := gen.PastPeriod(uses...); why != "" && i == 0 {
			out = append(out, fmt.Sprintf("%.3g photons: %s", float64(total), why))
		}
		all = append(all, uses...)
	}
	if len(out) == 0 && len(seeds) > 1 {
		if why := gen.PastPeriod(all...); why != "" {
			out = append(out, fmt.Sprintf("%d renders of %.3g photons: %s", len(seeds), float64(total), why))
		}
	}
	if gen.Period.Pool == 0 {
		return out, nil
	}
	s, err := gen.Shared(all, 0)
	if err != nil {
		return nil, err
	}
	if text := s.Text(); text != "" {
		what := "its photon and eye passes"
		if len(seeds) > 1 {
			what = fmt.Sprintf("the photon and eye passes of %d seeds", len(seeds))
		}
		out = append(out, fmt.Sprintf("%s reuse streams: %s", what, text))
	}
	return out, nil
}
