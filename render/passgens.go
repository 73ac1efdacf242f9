package render

import (
	"fmt"

	"speckle/gpu"
	"speckle/rng"
)

// PassGens is a render's generator made once for each pass (Passes'
// order), as the render lays it out: what the warnings before the render
// read (Warnings) and what NewSPPMWith puts on the GPU, one value from the
// flag to the shader.
type PassGens struct {
	Gen     *rng.Generator
	Layouts []PassLayout
	Insts   []rng.Instance
}

// PassGens makes c's generator once for each pass, as c lays it out (its
// photons an iteration as the device runs them).
func (c SPPMConfig) PassGens() (PassGens, error) {
	g := PassGens{Gen: c.RNG.Gen}
	for _, p := range Passes {
		l := c.Layout(p)
		inst, err := g.Gen.New(l.Cfg)
		if err != nil {
			return PassGens{}, err
		}
		g.Layouts, g.Insts = append(g.Layouts, l), append(g.Insts, inst)
	}
	return g, nil
}

// Warnings are what a render of `total` photons from g says before it
// starts, one line each ("warning: ..."): the degenerate seeds or states
// its passes run into as g lays them out (Degenerate's lines; an error
// where every stream of a pass is constant), then where it draws past the
// period or reuses streams (Reuse's lines). sp is the generator as named
// (its own seed or none), for the labels; seed, the render's.
func (g PassGens) Warnings(sp rng.Spec, seed uint32, total int64) ([]string, error) {
	lines, err := degenerateLines(sp, g.Layouts)
	if err != nil {
		return nil, err
	}
	photons := g.Layouts[PhotonPass].Cfg.Streams
	uses := make([]rng.Use, len(g.Layouts))
	for i, p := range Passes {
		uses[i] = passUse(p, g.Layouts[i], photons, total)
		uses[i].Inst = g.Insts[i]
	}
	reused, err := reuse(g.Gen, [][]rng.Use{uses}, total)
	if err != nil {
		return nil, err
	}
	out := make([]string, 0, len(lines)+len(reused))
	for _, l := range lines {
		out = append(out, "warning: "+l)
	}
	label := sp.Seeded(seed).Label()
	for _, l := range reused {
		out = append(out, fmt.Sprintf("warning: %s: %s", label, l))
	}
	return out, nil
}

// rng puts pass p's instance on the GPU, as cfg lays the pass out.
func (g PassGens) rng(ctx *gpu.Context, cfg SPPMConfig, p Pass) (*RNG, error) {
	l := cfg.Layout(p)
	if g.Gen != cfg.RNG.Gen || len(g.Layouts) != len(Passes) || g.Layouts[p].Cfg.Seed != l.Cfg.Seed || g.Layouts[p].Cfg.Streams != l.Cfg.Streams {
		return nil, fmt.Errorf("the %s pass's generator was made for another layout", p)
	}
	r, err := NewRNGOf(ctx, g.Gen, l.Cfg, g.Insts[p])
	if err != nil {
		return nil, err
	}
	r.SlotSequences = l.SlotSequences
	return r, nil
}
