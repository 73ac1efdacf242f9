package render

import (
	"math"
	"os"
	"slices"
	"testing"

	"speckle/gpu"
	"speckle/rng"
)

// A measurement, slow on llvmpipe and so run on demand (docs/performance.md,
// "The photon pass, twice as fast"): how far the visible points' radii have shrunk after 32 and 328
// iterations at the H200 bench's density (320x180 with 2^16 photons an
// iteration is 1.14 photons a pixel, as 1280x720 with 2^20), as quantiles
// of R/R0 over the pixels with a visible point. Run with
// SPECKLE_MEASURE_RADII=1 go test ./render -run TestMeasureRadii -v.
func TestMeasureRadii(t *testing.T) {
	if os.Getenv("SPECKLE_MEASURE_RADII") == "" {
		t.Skip("a measurement: set SPECKLE_MEASURE_RADII=1")
	}
	const w, h = 320, 180
	for _, name := range []string{"cornell", "caustics"} {
		cfg := SPPMConfig{Width: w, Height: h, Photons: 1 << 16, Alpha: 0.7, RNG: rng.Spec{Gen: rng.PCG32, Seed: 1}}
		withSPPM(t, builtin(t, name), cfg, func(c *gpu.Context, s *SPPM) error {
			done := 0
			for _, at := range []int{32, 328} {
				if err := s.Iterate(at - done); err != nil {
					return err
				}
				done = at
				words := make([]uint32, w*h*8)
				s.vps.Read(0, words)
				var r []float64
				for i := range w * h {
					if r2 := math.Float32frombits(words[8*i+3]); r2 > 0 {
						r = append(r, math.Sqrt(float64(r2))/float64(s.radius))
					}
				}
				slices.Sort(r)
				q := func(p float64) float64 { return r[int(p*float64(len(r)-1))] }
				t.Logf("%s after %d iterations: R/R0 median %.2f, 90%% %.2f, 99%% %.2f, 99.9%% %.2f, largest %.2f (%d points)",
					name, at, q(.5), q(.9), q(.99), q(.999), q(1), len(r))
				// What the adaptive grid is built on: the bulk shrinks, and on
				// caustics some points keep the first radius.
				if at == 328 && (q(.5) > 0.5 || (name == "caustics") != (q(.99) > 0.99)) {
					t.Errorf("%s after 328 iterations: median R/R0 %.2f, 99th percentile %.2f", name, q(.5), q(.99))
				}
			}
			return nil
		})
	}
}
