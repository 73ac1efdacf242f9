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
	var uses []rng.Use
	for _, p := range Passes {
		uses = append(uses, passUse(p, Layout(p, width, height, photons, seed, options), photons, total))
	}
	return uses
}

// passUse is what pass p laid out as l draws in a render of `total`
// photons, `photons` an iteration: at least MinDraws a path and iteration.
func passUse(p Pass, l PassLayout, photons int, total int64) rng.Use {
	iterations := float64((total + int64(photons) - 1) / int64(max(photons, 1)))
	return rng.Use{Cfg: l.Cfg, Draws: iterations * float64(p.MinDraws())}
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
	uses := make([][]rng.Use, len(seeds))
	for i, seed := range seeds {
		uses[i] = Uses(width, height, photons, total, seed, options)
	}
	return reuse(gen, uses, total)
}

// reuse is Reuse's lines for the uses of each seed's render.
func reuse(gen *rng.Generator, seeds [][]rng.Use, total int64) ([]string, error) {
	var out []string
	var all []rng.Use
	for i, uses := range seeds {
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
	if len(all) == 0 || gen.PeriodOf(all[0].Cfg.Options).Pool == 0 { // the uses share one configuration
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
	var layouts []PassLayout
	for _, pass := range Passes {
		layouts = append(layouts, Layout(pass, width, height, photons, sp.Seeded(seed).Seed, sp.Options))
	}
	return degenerateLines(sp, layouts)
}

// degenerateLines is Degenerate's lines for the passes laid out so.
func degenerateLines(sp rng.Spec, layouts []PassLayout) ([]string, error) {
	var out []string
	if sp.Gen.UserFile != "" { // glsl:FILE: nothing known, said once
		out = append(out, sp.Label()+": no CPU reference: its degenerate seeds, its period and the streams its passes share are not checked")
	}
	for i, pass := range Passes {
		l := layouts[i]
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

// SpecWarnings are what renders of specs not yet made say before they
// start (a capture's, `replicates` of each, seeded as
// rng.Generator.ReplicateSeed seeds them from its own seed, else seed),
// one line each ("warning: ..."), as they lay their passes out at width x
// height and photons an iteration: every spec's degenerate seeds or
// states (Degenerate; an error where every stream of a pass is constant),
// then where its renders of `total` photons reuse states (Reuse).
func SpecWarnings(specs []rng.Spec, seed uint32, replicates, width, height, photons int, total int64) ([]string, error) {
	var out []string
	for _, sp := range specs {
		lines, err := Degenerate(sp, seed, width, height, photons)
		if err != nil {
			return nil, err
		}
		for _, l := range lines {
			out = append(out, "warning: "+l)
		}
	}
	for _, sp := range specs {
		seeded := sp.Seeded(seed)
		seeds := make([]uint32, max(replicates, 1))
		for r := range seeds {
			s, err := sp.Gen.ReplicateSeed(seeded.Seed, r)
			if err != nil {
				return nil, err
			}
			seeds[r] = s
		}
		lines, err := Reuse(sp.Gen, seeds, width, height, photons, total, sp.Options)
		if err != nil {
			return nil, err
		}
		for _, l := range lines {
			out = append(out, fmt.Sprintf("warning: %s: %s", seeded.Label(), l))
		}
	}
	return out, nil
}
