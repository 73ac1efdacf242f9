package render

import (
	"fmt"
	"strings"
	"testing"

	"speckle/gpu"
	"speckle/rng"
)

// IterateTo ends exactly at the count asked for, with a last iteration
// shorter than Cfg.Photons, and that iteration traces the full one's first
// photons (stream slots 0.., Sobol points k*N+0..): after 2 full iterations
// and a short one of 500, the photon pass has counted 2,500 photons and hit
// as many surfaces as 2 iterations and Trace(500) of a third. Cut into
// calls of one iteration each, IterateTo gives the same bytes.
func TestIterateToTracesExactCounts(t *testing.T) {
	scene := builtin(t, "cornell")
	for _, g := range []*rng.Generator{rng.PCG32, rng.Sobol} {
		t.Run(g.Name, func(t *testing.T) {
			cfg := SPPMConfig{Width: 32, Height: 24, Photons: 1000, Alpha: 0.7, RNG: rng.Spec{Gen: g, Seed: 5}}
			const total = 2500
			var short, cut []float32
			var shortBounces, fullBounces int64
			onGL(t, func(c *gpu.Context) error {
				s, err := NewSPPM(c, scene, cfg)
				if err != nil {
					return err
				}
				defer s.Close()
				if err := s.IterateTo(total, 64); err != nil {
					return err
				}
				if s.Iterations != 3 || s.Emitted != total || s.Traced() != total || s.InFlight() != 0 {
					return fmt.Errorf("IterateTo(%d): %d iterations, %d emitted, %d traced on the GPU, %d in flight; want 3, %d, %d, 0",
						total, s.Iterations, s.Emitted, s.Traced(), s.InFlight(), total, total)
				}
				shortBounces = s.Bounces()
				if short, err = s.Radiance(); err != nil {
					return err
				}
				if err := s.Reset(); err != nil {
					return err
				}
				for s.Emitted < total {
					if err := s.IterateTo(total, 1); err != nil {
						return err
					}
				}
				if cut, err = s.Radiance(); err != nil {
					return err
				}
				if err := s.Reset(); err != nil {
					return err
				}
				if err := s.Iterate(2); err != nil {
					return err
				}
				if _, err := s.Trace(500); err != nil {
					return err
				}
				fullBounces = s.Bounces()
				return nil
			})
			if shortBounces != fullBounces || shortBounces == 0 {
				t.Errorf("the short iteration hit %d surfaces in all, the first 500 photons of a full one %d", shortBounces, fullBounces)
			}
			if string(floatBytes(short)) != string(floatBytes(cut)) {
				t.Error("IterateTo one iteration at a time differs from IterateTo at once")
			}
		})
	}
}

// A render may reach 2^32 - 1 iterations (the uint32 count); one more (which the
// kernels would see as iteration 0 again, replaying Sobol's points and the
// pixels' sequences) is refused in one line instead.
func TestSPPMRefusesIterationsPast2To32(t *testing.T) {
	scene := builtin(t, "plane")
	cfg := SPPMConfig{Width: 8, Height: 6, Photons: 64, Alpha: 0.7, RNG: rng.Spec{Gen: rng.Sobol, Seed: 1}}
	onGL(t, func(c *gpu.Context) error {
		s, err := NewSPPM(c, scene, cfg)
		if err != nil {
			return err
		}
		defer s.Close()
		s.Iterations = MaxIterations - 1
		if err := s.Iterate(1); err != nil {
			return fmt.Errorf("iteration 2^32 - 1: %v", err)
		}
		err = s.Iterate(1)
		if err == nil || s.Iterations != MaxIterations {
			return fmt.Errorf("iteration 2^32: err %v, %d iterations; want an error and %d", err, s.Iterations, int64(MaxIterations))
		}
		if msg := err.Error(); !strings.Contains(msg, "2^32 - 1") || strings.Contains(msg, "\n") {
			return fmt.Errorf("error %q: want one line naming 2^32 - 1", msg)
		}
		return nil
	})
}
