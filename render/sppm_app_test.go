package render

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"

	"speckle/gpu"
	"speckle/imageio"
	"speckle/rng"
	"speckle/scenes"
)

// traceRender renders iterations iterations, calling Trace with the chunk
// sizes in turn (cycling), and returns the radiance and the bounce count.
func traceRender(t *testing.T, scene *scenes.Scene, cfg SPPMConfig, iterations int, chunks []int) (imageio.Image, int64) {
	t.Helper()
	var img imageio.Image
	var bounces int64
	onGL(t, func(c *gpu.Context) error {
		s, err := NewSPPM(c, scene, cfg)
		if err != nil {
			return err
		}
		defer s.Close()
		for k := 0; s.Iterations < iterations; k++ {
			want := chunks[k%len(chunks)]
			before, inFlight := s.Iterations, s.InFlight()
			n, err := s.Trace(want)
			if err != nil {
				return err
			}
			if exp := min(want, cfg.Photons-inFlight); n != exp {
				return fmt.Errorf("Trace(%d) with %d in flight traced %d, want %d", want, inFlight, n, exp)
			}
			closed := inFlight+n == cfg.Photons
			switch {
			case closed && (s.Iterations != before+1 || s.InFlight() != 0):
				return fmt.Errorf("the iteration's last photon left iterations %d, in flight %d", s.Iterations, s.InFlight())
			case !closed && (s.Iterations != before || s.InFlight() != inFlight+n):
				return fmt.Errorf("after Trace(%d): iterations %d, in flight %d; want %d, %d", want, s.Iterations, s.InFlight(), before, inFlight+n)
			case s.Emitted != int64(s.Iterations*cfg.Photons):
				return fmt.Errorf("emitted %d after %d iterations", s.Emitted, s.Iterations)
			}
		}
		px, err := s.Radiance()
		img = imageio.Image{W: cfg.Width, H: cfg.Height, Pix: px}
		bounces = s.Bounces()
		return err
	})
	return img, bounces
}

// How an iteration is cut into Trace calls does not change a bit of the
// result: photon i keeps its stream slot (stream generators) or its point
// k*N+i (Sobol), and the accumulators sum in integers.
func TestTraceChunksMatchIterate(t *testing.T) {
	scene := builtin(t, "cornell")
	for _, g := range []*rng.Generator{rng.PCG32, rng.Sobol} {
		t.Run(g.Name, func(t *testing.T) {
			cfg := SPPMConfig{Width: 64, Height: 36, Photons: 1 << 12, Alpha: 0.7, RNG: rng.Spec{Gen: g, Seed: 7}}
			const iterations = 3
			want := renderScene(t, scene, cfg, iterations)[0]
			_, wantBounces := traceRender(t, scene, cfg, iterations, []int{cfg.Photons})
			for _, chunks := range [][]int{{1000}, {777}, {cfg.Photons}, {1, 5000, 2048, 3}} {
				got, bounces := traceRender(t, scene, cfg, iterations, chunks)
				if !bytes.Equal(floatBytes(got.Pix), floatBytes(want.Pix)) {
					r, _ := imageio.RMSE(got, want)
					t.Errorf("chunks %v: radiance differs from Iterate(%d) (RMSE %g)", chunks, iterations, r)
				}
				if bounces != wantBounces {
					t.Errorf("chunks %v: %d bounces, Iterate's %d", chunks, bounces, wantBounces)
				}
			}
		})
	}
}

// Renders that share programs (one scene, one generator: the context caches
// programs by source) but differ in camera, alpha, photons and size, traced
// in turns as the app's panes are, each give their own bytes.
func TestInterleavedRendersKeepTheirOwnState(t *testing.T) {
	scene := builtin(t, "cornell")
	cfgs := []SPPMConfig{
		{Width: 64, Height: 36, Photons: 1 << 12, Alpha: 0.7, RNG: rng.Spec{Gen: rng.PCG32, Seed: 7}},
		{Width: 48, Height: 30, Photons: 3000, Alpha: 0.5, RNG: rng.Spec{Gen: rng.PCG32, Seed: 8}},
		{Width: 64, Height: 36, Photons: 1 << 12, Alpha: 0.7, RNG: rng.Spec{Gen: rng.Philox, Seed: 7}},
	}
	cams := []scenes.Camera{scene.Camera, scene.Camera.Orbit(0.5, 0.2).Dolly(1.3), scene.Camera.Orbit(-0.3, 0)}
	const iterations = 2
	alone := make([][]byte, len(cfgs))
	for i, cfg := range cfgs {
		withSPPM(t, scene, cfg, func(c *gpu.Context, s *SPPM) error {
			if err := s.SetCamera(cams[i]); err != nil {
				return err
			}
			if err := s.Iterate(iterations); err != nil {
				return err
			}
			px, err := s.Radiance()
			alone[i] = floatBytes(px)
			return err
		})
	}
	onGL(t, func(c *gpu.Context) error {
		var rs []*SPPM
		defer func() {
			for _, s := range rs {
				s.Close()
			}
		}()
		for i, cfg := range cfgs {
			s, err := NewSPPM(c, scene, cfg)
			if err != nil {
				return err
			}
			rs = append(rs, s)
			if err := s.SetCamera(cams[i]); err != nil {
				return err
			}
		}
		for busy := true; busy; {
			busy = false
			for _, s := range rs {
				if s.Iterations < iterations {
					busy = true
					if _, err := s.Trace(1500); err != nil {
						return err
					}
				}
			}
		}
		for i, s := range rs {
			px, err := s.Radiance()
			if err != nil {
				return err
			}
			if !bytes.Equal(floatBytes(px), alone[i]) {
				return fmt.Errorf("render %d traced in turns with the others differs from it alone", i)
			}
		}
		return nil
	})
}

// A reference twice the size, averaged 2x2, stands in at half size.
func TestReferenceDownsampled(t *testing.T) {
	wd, _ := os.Getwd()
	if err := os.Chdir(".."); err != nil { // references live under the repository root
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	scene, err := scenes.Builtin("cornell")
	if err != nil {
		t.Fatal(err)
	}
	big, where, err := ReferenceImage(scene, 640, 360)
	if big == nil || err != nil {
		t.Fatalf("no 640x360 cornell reference: %s, %v", where, err)
	}
	small, where, err := ReferenceImage(scene, 320, 180)
	if small == nil || err != nil || !strings.Contains(where, "averaged 2x2") || small.W != 320 || small.H != 180 {
		t.Fatalf("320x180: %v (%s)", small != nil, where)
	}
	for _, p := range [][2]int{{0, 0}, {160, 90}, {319, 179}} {
		x, y := p[0], p[1]
		for c := 0; c < 3; c++ {
			var sum float32
			for d := 0; d < 4; d++ {
				sum += big.Pix[4*((2*y+d/2)*640+2*x+d%2)+c]
			}
			if got := small.Pix[4*(y*320+x)+c]; math.Abs(float64(got-sum/4)) > 1e-6*float64(sum) {
				t.Errorf("pixel %v channel %d: %v, want the mean %v", p, c, got, sum/4)
			}
		}
	}
	if none, _, err := ReferenceImage(scene, 333, 111); none != nil || err != nil {
		t.Error("a reference at a size no stored one divides")
	}
}
