package look

import (
	"bytes"
	"fmt"

	"speckle/gpu"
	"speckle/lab"
	"speckle/render"
	"speckle/rng"
	"speckle/study"
)

// MaxLookLag bounds --lag: the linear CA's period, 64, and well beyond.
const MaxLookLag = 1 << 16

// lag is the step of pairs and triples (0 is 1).
func (l Look) lag() int { return max(1, l.Lag) }

// bits is how many bits a value of the sample holds: the generator's
// native integer, or the renderer order's words (the floats' 24 fraction
// bits, rng.RendererWord).
func (l Look) bits(g *rng.Generator) int {
	if l.Renderer != nil {
		return lab.RendererBits
	}
	return g.Bits()
}

// checkRenderer refuses what the renderer order cannot show, with why.
func (l Look) checkRenderer() error {
	r := *l.Renderer
	if err := r.CheckSlots(0); err != nil {
		return err
	}
	slots, _ := l.shape()
	pass := l.Streams(nil)
	if l.Scan > 0 {
		return study.Inputf("--scan is not in the renderer order: the deep zoom scans the dump's streams on the GPU, not a render's slots (zoom with --points instead)")
	}
	if v := l.ViewDef(); v.CheckRenderer != nil {
		if err := v.CheckRenderer(l); err != nil {
			return err
		}
	}
	switch {
	case l.photonView() && r.Pass != render.PhotonPass:
		return study.Inputf("--view %s shows the photon pass's decisions: it needs --pass photon", l.View)
	case l.photonView() && l.Decision+2 > r.PerPhoton:
		return study.Inputf("--decision takes draws %d and %d of a path: --draws-per-photon at least %d", l.Decision, l.Decision+1, l.Decision+2)
	case l.photonView() && l.Points > pass:
		return study.Inputf("--points %d: the photon pass's first iteration has %d photons (--photons-per-iteration)", l.Points, pass)
	case !l.photonView() && slots > pass:
		return study.Inputf("--stream %d: the %s pass has only %d slots (0..%d)", l.Stream, r.Pass, pass, pass-1)
	}
	return nil
}

// checkRendererGPU refuses what the renderer's own calls cannot draw at
// once on the GPU (lab.DumpRenderer holds every slot in its pool
// and several slots in one block).
func (l Look) checkRendererGPU() error {
	slots, count := l.shape()
	if most := lab.MaxRendererDumpValues(); slots > 1 && slots*count > most {
		return study.Inputf("the renderer order on the GPU holds %d slots' %d values at once: at most %d values (fewer --points, or --device cpu)", slots, count, most)
	}
	for _, sp := range l.Specs {
		lay := l.Renderer.PassLayout(sp.Config(1, l.Seed).Seed, sp.Options)
		inst, err := sp.Gen.New(lay.Cfg)
		if err != nil {
			return study.Inputf("%v", err)
		}
		if most := lab.MaxBatteryStreams(inst); slots > most {
			return study.Inputf("the renderer order on the GPU holds every slot at once: at most %d for %s (a lower --stream or fewer --points, or --device cpu)", most, sp.Gen.Name)
		}
	}
	return nil
}

// rendererSample draws sp's view in the renderer order: slots 0..S-1 of
// the pass laid out as the render has it (render.Layout), each slot's
// draws through the render as the renderer's words, slot after slot, from
// the Go reference (rng.DumpRenderer) or the renderer's own calls on the
// GPU (the same bytes); the photon views take the floats themselves.
func (l Look) rendererSample(c *gpu.Context, sp rng.Spec) (Sample, error) {
	r := l.Renderer
	lay := r.PassLayout(sp.Config(1, l.Seed).Seed, sp.Options)
	inst, err := sp.Gen.New(lay.Cfg)
	if err != nil {
		return Sample{}, err
	}
	if l.photonView() {
		return Sample{Values: l.photonSamples(inst, lay.Cfg.Streams, r.PerPhoton, lay.SlotSequences)}, nil
	}
	slots, count := l.shape()
	var buf bytes.Buffer
	if !l.OnGPU {
		err = rng.DumpRenderer(inst, lay.Cfg.Streams, slots, count, r.PerPhoton, lay.SlotSequences, &buf, nil)
		return Sample{Values: words(buf.Bytes())}, err
	}
	g, err := render.NewLayoutRNG(c, sp.Gen, lay)
	if err != nil {
		return Sample{}, err
	}
	defer g.Close()
	err = lab.DumpRenderer(g, lab.RendererDraws{Slots: slots, PerPhoton: r.PerPhoton}, count, &buf, nil)
	return Sample{Values: words(buf.Bytes())}, err
}

// rendererOf names the renderer order's pass for a title ("the photon
// pass at 2^20 photons an iteration (cornell)").
func (l Look) rendererOf() string {
	r := l.Renderer
	if r.Pass == render.PhotonPass {
		return fmt.Sprintf("the photon pass at %s photons an iteration (%s)", study.PowerText(r.Photons), r.Scene)
	}
	return fmt.Sprintf("the %s pass of a %dx%d %s render", r.Pass, r.Width, r.Height, r.Scene)
}
