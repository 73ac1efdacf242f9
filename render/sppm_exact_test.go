package render

import (
	"fmt"
	"math"
	"testing"

	"speckle/gpu"
	"speckle/rng"
)

// readStats reads every pixel's statistics as 8 float64s: tau rgb, R^2, N,
// direct rgb.
func readStats(s *SPPM) []float64 {
	n := s.Cfg.Width * s.Cfg.Height
	out := make([]float64, 8*n)
	for half, b := range []*gpu.Buffer{s.statsTau, s.statsN} {
		w := make([]uint32, 8*n)
		b.Read(0, w)
		for i := 0; i < n; i++ {
			for j := 0; j < 4; j++ {
				k := 8*i + 2*j
				out[8*i+4*half+j] = math.Float64frombits(uint64(w[k]) | uint64(w[k+1])<<32)
			}
		}
	}
	return out
}

// writeStats is readStats' inverse.
func writeStats(s *SPPM, v []float64) {
	n := s.Cfg.Width * s.Cfg.Height
	for half, b := range []*gpu.Buffer{s.statsTau, s.statsN} {
		part := make([]float64, 4*n)
		for i := 0; i < n; i++ {
			copy(part[4*i:4*i+4], v[8*i+4*half:8*i+4*half+4])
		}
		b.Write(0, doubleWords(part))
	}
}

// The progressive statistics stay exact where float32 ones stall (issue #9
// item 3): from a state as after 2^25 iterations and 1e11 photons (N from
// 2^24 to 2^26, tau as large, the direct sums of 2^25 iterations), a few
// more iterations give what a float64 evaluation of the same recurrences
// gives from the same photons (M and Phi read from the accumulators):
//
//	N' = N + alpha M, ratio = N' / (N + M), tau' = (tau + Phi) ratio,
//	R2' = R2 ratio, direct' = direct + what the eye pass saw,
//	radiance = direct / iterations + tau / (pi R2 emitted),
//
// within 1e-12 relative (the radiance, stored as float32, within 2^-23).
// What the eye pass sees each iteration is measured first from a zero sum.
func TestStatsExactNearTheirLimits(t *testing.T) {
	scene := builtin(t, "cornell")
	cfg := SPPMConfig{Width: 32, Height: 24, Photons: 1 << 12, Alpha: 0.7, RNG: rng.Spec{Gen: rng.PCG32, Seed: 3}}
	const (
		steps    = 4
		base     = 1 << 25 // iterations so far
		emitted0 = int64(1e11)
	)
	pixels := cfg.Width * cfg.Height
	onGL(t, func(c *gpu.Context) error {
		s, err := NewSPPM(c, scene, cfg)
		if err != nil {
			return err
		}
		defer s.Close()
		// What the eye pass adds to each pixel's direct sum, iteration by
		// iteration (the eye pass does not read the sum; Reset reseeds).
		seen := make([][]float64, steps)
		lit := 0
		for k := range seen {
			st := readStats(s)
			for i := 0; i < pixels; i++ {
				st[8*i+5], st[8*i+6], st[8*i+7] = 0, 0, 0
			}
			writeStats(s, st)
			if err := s.openIteration(uint32(base+k), cfg.Photons); err != nil {
				return err
			}
			s.open = false
			seen[k] = readStats(s)
			for i := 0; i < pixels; i++ {
				if seen[k][8*i+5] > 0 {
					lit++
				}
			}
		}
		if err := s.Reset(); err != nil {
			return err
		}
		model := readStats(s)
		for i := 0; i < pixels; i++ {
			f := float64(i) / float64(pixels)
			n := math.Ldexp(1+3*f, 24) + 0.3 // 2^24 .. 2^26, not a whole number
			for ch := 0; ch < 3; ch++ {
				model[8*i+ch] = n * 1e-3 * float64(ch+1) // tau
				model[8*i+5+ch] = math.Ldexp(0.37+f, 25) // direct, 2^25 iterations of 0.37..1.37
			}
			model[8*i+4] = n
		}
		writeStats(s, model)
		s.Iterations, s.Emitted = base, emitted0
		gathered := 0
		for k := 0; k < steps; k++ {
			if err := s.openIteration(uint32(s.Iterations), cfg.Photons); err != nil {
				return err
			}
			if err := s.tracePhotons(cfg.Photons); err != nil {
				return err
			}
			acc := make([]uint32, pixels*8)
			s.acc.Read(0, acc)
			if err := s.closeIteration(); err != nil {
				return err
			}
			alpha, scale := float64(cfg.Alpha), float64(s.fluxScale)
			for i := 0; i < pixels; i++ {
				p := model[8*i : 8*i+8]
				for ch := 0; ch < 3; ch++ {
					p[5+ch] += seen[k][8*i+5+ch]
				}
				m := float64(acc[8*i])
				if m == 0 {
					continue
				}
				gathered++
				kept := p[4] + alpha*m
				ratio := kept / (p[4] + m)
				for ch := 0; ch < 3; ch++ {
					phi := (float64(acc[8*i+2+2*ch])*4294967296 + float64(acc[8*i+1+2*ch])) / scale
					p[ch] = (p[ch] + phi) * ratio
				}
				p[3] *= ratio
				p[4] = kept
			}
		}
		if lit == 0 || gathered == 0 {
			return fmt.Errorf("a vacuous test: %d pixel iterations saw the light, %d gathered photons", lit, gathered)
		}
		got := readStats(s)
		names := []string{"tau.r", "tau.g", "tau.b", "R^2", "N", "direct.r", "direct.g", "direct.b"}
		worst := make([]float64, 8)
		for i := range got {
			worst[i%8] = max(worst[i%8], math.Abs(got[i]-model[i])/math.Abs(model[i]))
		}
		for j, w := range worst {
			if !(w <= 1e-12) {
				t.Errorf("%s: off by up to %.3g relative after %d iterations (want <= 1e-12)", names[j], w, steps)
			}
		}
		px, err := s.Radiance()
		if err != nil {
			return err
		}
		bad, emitted := 0, float64(emitted0+steps*int64(cfg.Photons))
		for i := 0; i < pixels; i++ {
			p := model[8*i : 8*i+8]
			for ch := 0; ch < 3; ch++ {
				want := p[5+ch] / float64(base+steps)
				if p[3] > 0 {
					want += p[ch] / (math.Pi * p[3] * emitted)
				}
				if d := math.Abs(float64(px[4*i+ch])-want) / want; !(d <= 0x1p-23) {
					if bad++; bad <= 3 {
						t.Errorf("pixel %d channel %d: radiance %g, want %g", i, ch, px[4*i+ch], want)
					}
				}
			}
		}
		t.Logf("%d pixel iterations saw the light, %d gathered photons; worst relative errors %.3g", lit, gathered, worst)
		return nil
	})
}
