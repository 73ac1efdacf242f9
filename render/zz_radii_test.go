package render

import (
	"math"
	"os"
	"slices"
	"testing"

	"speckle/gpu"
	"speckle/rng"
)

func TestZZRadii(t *testing.T) {
	if os.Getenv("ZZ") == "" {
		t.Skip()
	}
	for _, name := range []string{"cornell", "caustics"} {
		scene := builtin(t, name)
		cfg := SPPMConfig{Width: 320, Height: 180, Photons: 1 << 16, Alpha: 0.7, RNG: rng.Spec{Gen: rng.PCG32, Seed: 1}}
		onGL(t, func(c *gpu.Context) error {
			s, err := NewSPPM(c, scene, cfg)
			if err != nil {
				return err
			}
			defer s.Close()
			r0 := float64(s.radius)
			done := 0
			for _, at := range []int{32, 328} {
				if err := s.Iterate(at - done); err != nil {
					return err
				}
				done = at
				w := make([]uint32, 320*180*8)
				s.vps.Read(0, w)
				var r []float64
				for i := 0; i < 320*180; i++ {
					r2 := math.Float32frombits(w[8*i+3])
					if r2 > 0 {
						r = append(r, math.Sqrt(float64(r2))/r0)
					}
				}
				slices.Sort(r)
				q := func(p float64) float64 { return r[int(p*float64(len(r)-1))] }
				t.Logf("%s it %d: R/R0 q50 %.3f q90 %.3f q99 %.3f q999 %.3f max %.3f  (valid %d)", name, at, q(.5), q(.9), q(.99), q(.999), q(1), len(r))
			}
			return nil
		})
	}
}
