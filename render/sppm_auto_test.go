package render

import (
	"fmt"
	"testing"

	"speckle/gpu"
	"speckle/rng"
)

// DepositAuto switches between inline and points as its trials say, and
// the image stays the same bytes: on llvmpipe (whose timers say nothing,
// so the choices are arbitrary) with trials from the first iteration, 12
// iterations of cornell and caustics give inline's statistics and radiance,
// with iterations traced both ways.
func TestAutoDepositKeepsTheImage(t *testing.T) {
	savedSoftware, savedFirst := autoOnSoftware, firstTrial
	autoOnSoftware, firstTrial = true, 1
	defer func() { autoOnSoftware, firstTrial = savedSoftware, savedFirst }()
	for _, name := range []string{"cornell", "caustics"} {
		cfg := SPPMConfig{Width: 48, Height: 27, Photons: 1 << 12, Alpha: 0.7, RNG: rng.Spec{Gen: rng.PCG32, Seed: 3}, Deposit: DepositInline}
		want, _ := renderBitsN(t, cfg, name, 12, nil)
		cfg.Deposit = DepositAuto
		var inline, points int
		got, _ := renderBitsN(t, cfg, name, 12, func(s *SPPM) { _, inline, points = s.DepositNow() })
		if inline == 0 || points == 0 || inline+points != 12 {
			t.Errorf("%s: auto traced %d iterations inline and %d by points; want both, 12 in all", name, inline, points)
		}
		sameBits(t, name+", auto against inline", got, want)
	}
}

// Where it cannot tune (a CPU rasteriser, the stochastic gather, a
// cut-down photon pass) DepositAuto deposits inline and builds nothing
// for points.
func TestAutoDepositFallsBackToInline(t *testing.T) {
	for _, cfg := range []SPPMConfig{
		{Width: 16, Height: 9, Photons: 256, Alpha: 0.7, RNG: rng.Spec{Gen: rng.PCG32, Seed: 1}},
		{Width: 16, Height: 9, Photons: 256, Alpha: 0.7, RNG: rng.Spec{Gen: rng.PCG32, Seed: 1}, Gather: GatherStochastic},
	} {
		renderBitsN(t, cfg, "cornell", 2, func(s *SPPM) {
			if cfg.Gather == GatherAdaptive && !s.ctx.Info.Software() {
				return // a GPU tunes there
			}
			if now, inline, points := s.DepositNow(); now != DepositInline || inline+points != 0 || s.tuner != nil || s.hits != nil {
				t.Errorf("%s gather on llvmpipe: auto deposits %s (%d, %d iterations), tuner %v, hit buffer %v; want inline, nothing built", cfg.Gather, now, inline, points, s.tuner != nil, s.hits != nil)
			}
		})
	}
}

// DepositAuto's iterations by points take the adaptive grid's cells that
// hold every point (no pool links); its inline ones pick as before. On
// caustics after 40 inline iterations the pick sends large points through
// the pool; one iteration by points then links none.
func TestAutoPointsTakeOwnCells(t *testing.T) {
	savedSoftware, savedFirst := autoOnSoftware, firstTrial
	autoOnSoftware, firstTrial = true, 1<<30
	defer func() { autoOnSoftware, firstTrial = savedSoftware, savedFirst }()
	cfg := SPPMConfig{Width: 48, Height: 27, Photons: 1 << 12, Alpha: 0.7, RNG: rng.Spec{Gen: rng.Philox, Seed: 5}}
	withSPPM(t, builtin(t, "caustics"), cfg, func(c *gpu.Context, s *SPPM) error {
		if err := s.Iterate(40); err != nil {
			return err
		}
		inlineCell, inlinePool := s.GridState()
		s.deposit = DepositPoints
		if err := s.Iterate(1); err != nil {
			return err
		}
		pointsCell, pointsPool := s.GridState()
		t.Logf("cell over the initial one, pool links: inline %.3g, %d; points %.3g, %d", inlineCell, inlinePool, pointsCell, pointsPool)
		if inlinePool == 0 {
			return fmt.Errorf("caustics inline: no large point went through the pool, so the test shows nothing")
		}
		if _, _, points := s.DepositNow(); points != 1 || pointsPool != 0 || pointsCell <= inlineCell {
			return fmt.Errorf("an iteration by points (%d traced): cell %.3g, %d pool links; want one iteration, a cell larger than inline's %.3g, none", points, pointsCell, pointsPool, inlineCell)
		}
		return nil
	})
}

// A trial traces the current way, the other twice, then the current again,
// so that the cost's fall from one iteration to the next favours neither.
func TestAutoTrialOrder(t *testing.T) {
	savedSoftware, savedFirst := autoOnSoftware, firstTrial
	autoOnSoftware, firstTrial = true, 1
	defer func() { autoOnSoftware, firstTrial = savedSoftware, savedFirst }()
	cfg := SPPMConfig{Width: 16, Height: 9, Photons: 256, Alpha: 0.7, RNG: rng.Spec{Gen: rng.PCG32, Seed: 1}}
	withSPPM(t, builtin(t, "cornell"), cfg, func(c *gpu.Context, s *SPPM) error {
		want := []Deposit{DepositInline, DepositInline, DepositPoints, DepositPoints, DepositInline}
		for i, w := range want {
			inline, points := s.tuner.Iterations[0], s.tuner.Iterations[1]
			if err := s.Iterate(1); err != nil {
				return err
			}
			got := DepositInline
			if s.tuner.Iterations[1] > points {
				got = DepositPoints
			}
			if got != w || s.tuner.Iterations[0]+s.tuner.Iterations[1] != inline+points+1 {
				return fmt.Errorf("iteration %d traced %s; want %s (trial from iteration 1: inline, points, points, inline)", i, got, w)
			}
		}
		return nil
	})
}
