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

// PeriodPhotons is the fewest photons in all at which a render of gen at
// width x height and photons an iteration draws past gen's period (as
// Reuse says it), 0 if it never does: for a render without an end (the
// window), to warn when it gets there.
func PeriodPhotons(gen *rng.Generator, width, height, photons int, options map[string]string) int64 {
	past := func(it int64) bool {
		return gen.PastPeriod(Uses(width, height, photons, it*int64(photons), 0, options)...) != ""
	}
	const most = int64(1) << 40 // iterations: past any run's
	if !past(most) {
		return 0
	}
	lo, hi := int64(0), most // past(hi), !past(lo)
	for hi-lo > 1 {
		if mid := lo + (hi-lo)/2; past(mid) {
			hi = mid
		} else {
			lo = mid
		}
	}
	return hi * int64(photons)
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
	if gen.PeriodOf(options).Pool == 0 {
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

// Degenerate is the degenerate seeds or states that both passes of a
// render of sp (with seed unless it has its own) at width x height and
// photons an iteration run into, one line each ("LABEL (the photon pass,
// seed S): degenerate ..."), for the commands and the window alike; an
// error where every stream of a pass is constant.
func Degenerate(sp rng.Spec, seed uint32, width, height, photons int) ([]string, error) {
	var out []string
	for _, pass := range Passes {
		l := Layout(pass, width, height, photons, sp.Seeded(seed).Seed, sp.Options)
		label := fmt.Sprintf("%s (the %s pass, seed %d)", sp.Label(), pass, l.Cfg.Seed)
		texts, refused, err := sp.Gen.Warnings(l.Cfg)
		if err != nil {
			return nil, err
		}
		if refused != "" {
			return nil, fmt.Errorf("%s: %s", label, refused)
		}
		for _, t := range texts {
			out = append(out, label+": "+t)
		}
	}
	return out, nil
}
