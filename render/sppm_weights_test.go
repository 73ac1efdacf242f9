package render

import (
	"fmt"
	"math"
	"testing"

	"speckle/gpu"
	"speckle/rng"
	"speckle/scenes"
)

// sceneBounds is what a scene allows, per channel: the brightest light's
// radiance (all an eye path can bring back, its throughput at most 1), the
// largest diffuse albedo over pi (a visible point's weight), and the largest
// power one photon carries (a light's power over its choice probability:
// roulette divides by its probability, which keeps it at most that).
type sceneBounds struct {
	radiance, weight, power [3]float64
}

func boundsOf(t *testing.T, s *SPPM) sceneBounds {
	t.Helper()
	var b sceneBounds
	sc := s.Scene
	for _, m := range sc.Materials {
		for c := 0; c < 3; c++ {
			v := float64(m.Color[c])
			switch m.Kind {
			case scenes.Light:
				b.radiance[c] = max(b.radiance[c], v)
			case scenes.Diffuse:
				b.weight[c] = max(b.weight[c], v/math.Pi)
			default: // mirror and glass: a throughput of at most 1 needs colours of at most 1
				if v > 1 {
					t.Fatalf("scene %s: %s's colour %v passes 1: the bounds below assume it does not", sc.Name, m.Name, m.Color)
				}
			}
		}
	}
	for i, l := range sc.Lights() {
		p := s.packed.Lights[4*i+1]
		if i > 0 {
			p -= s.packed.Lights[4*i-3]
		}
		pw := sc.LightPower(l)
		for c := 0; c < 3; c++ {
			b.power[c] = max(b.power[c], float64(pw[c]/p))
		}
	}
	return b
}

// No visible point, eye path or photon carries more than the scene allows
// (issue #32: a pixel of caustics read 300 where its reference is 10 — one
// eye path seeing the lamp through the glass at four iterations, the lamp's
// 1200 over 4, not an excess weight). Per iteration and pixel: each visible
// point's weight is at most the largest albedo over pi; what the eye pass
// adds to the direct sum at most the brightest radiance; the photons'
// flux at most M deposits of the largest photon power times the point's
// weight. Each bound is also approached (within a factor of 4), so that a
// test of empty buffers cannot pass, and the lamp is seen through the glass
// by some pixel of caustics.
func TestWeightsStayWithinTheScene(t *testing.T) {
	for _, name := range []string{"caustics", "cornell"} {
		t.Run(name, func(t *testing.T) {
			cfg := SPPMConfig{Width: 160, Height: 90, Photons: 1 << 15, Alpha: 0.7, RNG: rng.Spec{Gen: rng.Philox, Seed: 5}}
			withSPPM(t, builtin(t, name), cfg, func(c *gpu.Context, s *SPPM) error {
				return checkWeights(t, s, 6)
			})
		})
	}
}

func checkWeights(t *testing.T, s *SPPM, iterations int) error {
	b := boundsOf(t, s)
	pixels := s.Cfg.Width * s.Cfg.Height
	const slack = 1 + 1e-5 // float32 rounding
	var most struct{ weight, direct, flux [3]float64 }
	bad := 0
	report := func(format string, a ...any) {
		if bad++; bad <= 5 {
			t.Errorf(format, a...)
		}
	}
	prev := readStats(s)
	for it := 0; it < iterations; it++ {
		if err := s.openIteration(uint32(s.Iterations), s.Cfg.Photons); err != nil {
			return err
		}
		words := make([]uint32, 8*pixels)
		s.vps.Read(0, words)
		vp := make([]float32, len(words))
		for k, w := range words {
			vp[k] = math.Float32frombits(w)
		}
		stats := readStats(s)
		if err := s.tracePhotons(s.Cfg.Photons); err != nil {
			return err
		}
		acc := make([]uint32, pixels*8)
		s.acc.Read(0, acc)
		if err := s.closeIteration(); err != nil {
			return err
		}
		for i := 0; i < pixels; i++ {
			m := float64(acc[8*i])
			for c := 0; c < 3; c++ {
				w := float64(vp[8*i+4+c])
				direct := stats[8*i+5+c] - prev[8*i+5+c]
				phi := (float64(acc[8*i+2+2*c])*4294967296 + float64(acc[8*i+1+2*c])) / float64(s.fluxScale)
				most.weight[c], most.direct[c], most.flux[c] = max(most.weight[c], w), max(most.direct[c], direct), max(most.flux[c], phi/max(m, 1))
				if w > b.weight[c]*slack || w < 0 {
					report("iteration %d pixel %d: visible point weight %g passes albedo/pi %g", it, i, w, b.weight[c])
				}
				if direct > b.radiance[c]*slack || direct < 0 {
					report("iteration %d pixel %d: the eye pass added %g, more than the brightest radiance %g", it, i, direct, b.radiance[c])
				}
				if limit := m * b.power[c] * w * slack; phi > limit*(1+1e-6)+1/float64(s.fluxScale)*m {
					report("iteration %d pixel %d: %g photons brought flux %g, more than %g", it, i, m, phi, limit)
				}
			}
		}
		prev = stats // closeIteration leaves the direct sums as they are
	}
	for c := 0; c < 3; c++ {
		if most.weight[c] < b.weight[c]/4 || most.flux[c] < b.power[c]*b.weight[c]/64 {
			return fmt.Errorf("channel %d: the largest weight %g (bound %g) and photon flux %g (bound %g) leave the test vacuous",
				c, most.weight[c], b.weight[c], most.flux[c], b.power[c]*b.weight[c])
		}
	}
	if s.Scene.Name == "caustics" && most.direct[0] < b.radiance[0]/4 {
		return fmt.Errorf("no eye path saw the lamp through the glass in %d iterations (largest direct %g of %g)", iterations, most.direct[0], b.radiance[0])
	}
	t.Logf("%s: largest weight %.4g of %.4g, direct %.4g of %.4g, flux per photon %.4g of %.4g (red)",
		s.Scene.Name, most.weight[0], b.weight[0], most.direct[0], b.radiance[0], most.flux[0], b.power[0]*b.weight[0])
	return nil
}
