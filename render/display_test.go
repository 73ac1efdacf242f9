package render

import (
	"bytes"
	"fmt"
	"math"
	"math/rand"
	"testing"

	"speckle/gpu"
	"speckle/imageio"
	"speckle/rng"
	"speckle/scenes"
)

// withSPPM runs f on the GL thread with a fresh render of scene.
func withSPPM(t *testing.T, scene *scenes.Scene, cfg SPPMConfig, f func(c *gpu.Context, s *SPPM) error) {
	t.Helper()
	onGL(t, func(c *gpu.Context) error {
		s, err := NewSPPM(c, scene, cfg)
		if err != nil {
			return err
		}
		defer s.Close()
		return f(c, s)
	})
}

// floatTexture uploads img into a new RGBA32F texture.
func floatTexture(c *gpu.Context, img imageio.Image) (*gpu.Texture, error) {
	tex, err := c.NewTexture(img.W, img.H, gpu.RGBA32F)
	if err != nil {
		return nil, err
	}
	if err := tex.WriteFloats(img.Pix); err != nil {
		tex.Delete()
		return nil, err
	}
	return tex, nil
}

// display runs s.Display into a fresh RGBA8 texture and reads it back.
func display(c *gpu.Context, s *SPPM, d DisplayOptions) ([]byte, error) {
	dst, err := c.NewTexture(s.Cfg.Width, s.Cfg.Height, gpu.RGBA8)
	if err != nil {
		return nil, err
	}
	defer dst.Delete()
	if err := s.Display(dst, d); err != nil {
		return nil, err
	}
	return dst.ReadBytes()
}

// closeBytes reports the first channel where got and want differ by more
// than 1 (an LSB: GLSL's pow and interpolation round a little differently).
func closeBytes(got, want []byte, w int) error {
	if len(got) != len(want) {
		return fmt.Errorf("%d bytes, want %d", len(got), len(want))
	}
	for i := range got {
		if d := int(got[i]) - int(want[i]); d > 1 || d < -1 {
			p := i / 4
			return fmt.Errorf("pixel (%d, %d) channel %d: GPU %d, Go %d", p%w, p/w, i%4, got[i], want[i])
		}
	}
	return nil
}

// syntheticImage is a w x h image of awkward values: the tone map's and the
// colour map's edges, NaN, infinities, negatives, and smooth ramps between.
func syntheticImage(w, h int, seed int64) imageio.Image {
	r := rand.New(rand.NewSource(seed))
	img := imageio.NewImage(w, h)
	special := []float32{0, 1, 0.0031308, 0.00313, 0.5, 1e-8, 2, -1, 1e30,
		float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1)), math.MaxFloat32}
	for i := range img.Pix {
		switch {
		case i%4 == 3:
			img.Pix[i] = 1
		case r.Intn(8) == 0:
			img.Pix[i] = special[r.Intn(len(special))]
		default:
			img.Pix[i] = float32(math.Exp(r.Float64()*8 - 6)) // 0.0025 .. 7.4
		}
	}
	return img
}

// The GPU tone map is imageio.ToneMap within one level per channel, on a
// render and on awkward values (NaN and Inf show magenta in both).
func TestDisplayImageMatchesToneMap(t *testing.T) {
	scene := builtin(t, "cornell")
	cfg := SPPMConfig{Width: 64, Height: 36, Photons: 1 << 12, Alpha: 0.7, RNG: rng.Spec{Gen: rng.Philox, Seed: 3}}
	withSPPM(t, scene, cfg, func(c *gpu.Context, s *SPPM) error {
		if err := s.Iterate(2); err != nil {
			return err
		}
		for k, src := range []string{"render", "synthetic"} {
			if k == 1 {
				if err := s.image.WriteFloats(syntheticImage(cfg.Width, cfg.Height, 1).Pix); err != nil {
					return err
				}
			}
			px, err := s.Radiance()
			if err != nil {
				return err
			}
			img := imageio.Image{W: cfg.Width, H: cfg.Height, Pix: px}
			for _, exposure := range []float32{1, 0.37, 4, 0} {
				got, err := display(c, s, DisplayOptions{Mode: DisplayImage, Exposure: exposure})
				if err != nil {
					return err
				}
				if err := closeBytes(got, img.ToneMap(exposure).Pix, cfg.Width); err != nil {
					return fmt.Errorf("%s, exposure %v: %v", src, exposure, err)
				}
			}
		}
		return nil
	})
}

// The GPU heatmaps are imageio.Heatmap within one level per channel, with
// black and non-finite reference pixels, and the colour scale is used from
// end to end.
func TestDisplayHeatmapMatchesGo(t *testing.T) {
	scene := builtin(t, "plane")
	cfg := SPPMConfig{Width: 64, Height: 36, Photons: 1 << 12, Alpha: 0.7, RNG: rng.Spec{Gen: rng.Philox, Seed: 3}}
	exact := imageio.Image{W: cfg.Width, H: cfg.Height, Pix: scene.AnalyticImage(cfg.Width, cfg.Height, 2)}
	synth := syntheticImage(cfg.Width, cfg.Height, 2)
	synthRef := syntheticImage(cfg.Width, cfg.Height, 3)
	for i := 0; i < 200; i++ {
		synthRef.Pix[4*i] = 0 // black reference red channels
	}
	copy(synth.Pix[4*300:4*400], synthRef.Pix[4*300:4*400]) // no error: the scale's bottom
	withSPPM(t, scene, cfg, func(c *gpu.Context, s *SPPM) error {
		if err := s.Iterate(2); err != nil {
			return err
		}
		px, err := s.Radiance()
		if err != nil {
			return err
		}
		render := imageio.Image{W: cfg.Width, H: cfg.Height, Pix: px}
		for _, pair := range []struct {
			name     string
			img, ref imageio.Image
		}{{"render vs analytic", render, exact}, {"synthetic", synth, synthRef}} {
			ref, err := floatTexture(c, pair.ref)
			if err != nil {
				return err
			}
			defer ref.Delete()
			if err := s.image.WriteFloats(pair.img.Pix); err != nil {
				return err
			}
			for _, mode := range []DisplayMode{DisplayHeatmap, DisplayHeatmapAbs} {
				rel := mode == DisplayHeatmap
				// A scale near the median error: both ends of the colour map appear.
				var errs []float64
				for p := 0; p < cfg.Width*cfg.Height; p++ {
					e := imageio.PixelError([3]float32(pair.img.Pix[4*p:4*p+3]), [3]float32(pair.ref.Pix[4*p:4*p+3]), rel)
					if !math.IsNaN(e) && !math.IsInf(e, 0) {
						errs = append(errs, e)
					}
				}
				scale := float32(median(errs)) * 1.5
				got, err := display(c, s, DisplayOptions{Mode: mode, Reference: ref, ErrorScale: scale})
				if err != nil {
					return err
				}
				want, err := imageio.Heatmap(pair.img, pair.ref, rel, scale)
				if err != nil {
					return err
				}
				if err := closeBytes(got, want.Pix, cfg.Width); err != nil {
					return fmt.Errorf("%s, mode %d: %v", pair.name, mode, err)
				}
				top, bottom := imageio.HeatColor(1), imageio.HeatColor(0)
				if !bytes.Contains(got, top[:]) || (pair.name == "synthetic" && !bytes.Contains(got, bottom[:])) {
					return fmt.Errorf("%s, mode %d: the colour scale is not used up to its ends", pair.name, mode)
				}
			}
		}
		return nil
	})
}

func median(v []float64) float64 {
	s := append([]float64(nil), v...)
	for i := 1; i < len(s); i++ { // insertion sort: small slices
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
	return s[len(s)/2]
}

// GPU RMSE and relative RMSE equal Go's (imageio.RMSE; the RMS of
// imageio.PixelError) within 1e-5 relative, on sizes that
// are not multiples of the work group's pixels, on a render and on noise.
func TestGPURMSEMatchesImageio(t *testing.T) {
	scene := builtin(t, "plane")
	for _, size := range [][2]int{{64, 36}, {37, 19}, {1, 1}, {300, 217}} {
		w, h := size[0], size[1]
		t.Run(fmt.Sprintf("%dx%d", w, h), func(t *testing.T) {
			cfg := SPPMConfig{Width: w, Height: h, Photons: 1 << 12, Alpha: 0.7, RNG: rng.Spec{Gen: rng.Philox, Seed: 4}}
			exact := imageio.Image{W: w, H: h, Pix: scene.AnalyticImage(w, h, 1)}
			noise, patchy := imageio.NewImage(w, h), imageio.NewImage(w, h)
			r := rand.New(rand.NewSource(int64(w)))
			for i := range noise.Pix {
				noise.Pix[i] = float32(r.ExpFloat64())
				if r.Intn(3) > 0 { // a third black: RelRMSE's epsilon at work
					patchy.Pix[i] = float32(r.ExpFloat64())
				}
			}
			withSPPM(t, scene, cfg, func(c *gpu.Context, s *SPPM) error {
				if err := s.Iterate(1); err != nil {
					return err
				}
				px, err := s.Radiance()
				if err != nil {
					return err
				}
				render := imageio.Image{W: w, H: h, Pix: px}
				for _, pair := range []struct {
					name     string
					img, ref imageio.Image
				}{{"render vs analytic", render, exact}, {"noise vs analytic", noise, exact}, {"noise vs patchy", noise, patchy}} {
					ref, err := floatTexture(c, pair.ref)
					if err != nil {
						return err
					}
					defer ref.Delete()
					if err := s.image.WriteFloats(pair.img.Pix); err != nil {
						return err
					}
					for _, m := range []struct {
						name string
						gpu  func(*gpu.Texture) (float64, error)
						cpu  func(a, b imageio.Image) (float64, error)
					}{{"RMSE", s.RMSE, imageio.RMSE}, {"RelRMSE", s.relRMSE, relRMSEOf}} {
						got, err := m.gpu(ref)
						if err != nil {
							return err
						}
						want, err := m.cpu(pair.img, pair.ref)
						if err != nil {
							return err
						}
						if want == 0 || math.Abs(got-want) > 1e-5*want {
							return fmt.Errorf("%s: GPU %s %.9g, imageio %.9g", pair.name, m.name, got, want)
						}
					}
				}
				return nil
			})
		})
	}
}

// A NaN in the image is not hidden by the GPU RMSE, as in imageio's.
func TestGPURMSEShowsNaN(t *testing.T) {
	cfg := SPPMConfig{Width: 40, Height: 30, Photons: 1 << 12, Alpha: 0.7, RNG: rng.Spec{Gen: rng.Philox, Seed: 4}}
	withSPPM(t, builtin(t, "plane"), cfg, func(c *gpu.Context, s *SPPM) error {
		img := imageio.NewImage(cfg.Width, cfg.Height)
		img.Pix[4*777+1] = float32(math.NaN())
		ref, err := floatTexture(c, imageio.NewImage(cfg.Width, cfg.Height))
		if err != nil {
			return err
		}
		defer ref.Delete()
		if err := s.image.WriteFloats(img.Pix); err != nil {
			return err
		}
		if got, err := s.RMSE(ref); err != nil || !math.IsNaN(got) {
			return fmt.Errorf("RMSE of an image with a NaN: %v, %v; want NaN", got, err)
		}
		return nil
	})
}

// Display and RMSE refuse what they cannot use, with a reason.
func TestDisplayErrors(t *testing.T) {
	cfg := SPPMConfig{Width: 16, Height: 8, Photons: 64, Alpha: 0.7, RNG: rng.Spec{Gen: rng.Philox, Seed: 4}}
	withSPPM(t, builtin(t, "plane"), cfg, func(c *gpu.Context, s *SPPM) error {
		good, err := c.NewTexture(16, 8, gpu.RGBA8)
		if err != nil {
			return err
		}
		defer good.Delete()
		ref, err := c.NewTexture(16, 8, gpu.RGBA32F)
		if err != nil {
			return err
		}
		defer ref.Delete()
		small, err := c.NewTexture(8, 8, gpu.RGBA32F)
		if err != nil {
			return err
		}
		defer small.Delete()
		for i, bad := range []struct {
			dst *gpu.Texture
			d   DisplayOptions
		}{
			{ref, DisplayOptions{Mode: DisplayImage, Exposure: 1}},                          // float destination
			{good, DisplayOptions{Mode: DisplayHeatmap, ErrorScale: 1}},                     // no reference
			{good, DisplayOptions{Mode: DisplayHeatmap, Reference: small, ErrorScale: 1}},   // wrong size
			{good, DisplayOptions{Mode: DisplayHeatmapAbs, Reference: good, ErrorScale: 1}}, // bytes
			{good, DisplayOptions{Mode: DisplayHeatmap, Reference: ref}},                    // no scale
			{good, DisplayOptions{Mode: 7}},
		} {
			if err := s.Display(bad.dst, bad.d); err == nil {
				return fmt.Errorf("case %d: Display(%+v) gave no error", i, bad.d)
			}
		}
		if _, err := s.RMSE(small); err == nil {
			return fmt.Errorf("RMSE against a reference of another size gave no error")
		}
		return nil
	})
}

// SetCamera to the scene's own camera renders the same bytes as a fresh
// render; an orbited camera renders something else; a bad camera is refused.
func TestSetCamera(t *testing.T) {
	scene := builtin(t, "cornell")
	cfg := SPPMConfig{Width: 64, Height: 36, Photons: 1 << 12, Alpha: 0.7, RNG: rng.Spec{Gen: rng.PCG32, Seed: 6}}
	want := renderScene(t, scene, cfg, 2)[0]
	radiance := func(s *SPPM) ([]byte, error) {
		if err := s.Iterate(2); err != nil {
			return nil, err
		}
		px, err := s.Radiance()
		return floatBytes(px), err
	}
	withSPPM(t, scene, cfg, func(c *gpu.Context, s *SPPM) error {
		if err := s.Iterate(1); err != nil {
			return err
		}
		orbit := scene.Camera.Orbit(0.4, 0.2)
		if err := s.SetCamera(orbit); err != nil {
			return err
		}
		if s.Iterations != 0 || s.Emitted != 0 || s.InFlight() != 0 || s.cam != orbit {
			return fmt.Errorf("SetCamera did not start over: %d iterations, %d emitted", s.Iterations, s.Emitted)
		}
		moved, err := radiance(s)
		if err != nil {
			return err
		}
		if bytes.Equal(moved, floatBytes(want.Pix)) {
			return fmt.Errorf("an orbited camera renders the same bytes")
		}
		if _, err := s.Trace(100); err != nil { // leave an iteration open
			return err
		}
		if err := s.SetCamera(scene.Camera); err != nil {
			return err
		}
		back, err := radiance(s)
		if err != nil {
			return err
		}
		if !bytes.Equal(back, floatBytes(want.Pix)) {
			return fmt.Errorf("SetCamera(the scene's camera) renders other bytes than a fresh render")
		}
		bad := scene.Camera
		bad.LookAt = bad.Position
		if err := s.SetCamera(bad); err == nil {
			return fmt.Errorf("a camera looking at its own position was accepted")
		}
		return nil
	})
}

// A render shows black before its first iteration closes, also after a reset.
func TestResetClearsImage(t *testing.T) {
	cfg := SPPMConfig{Width: 16, Height: 8, Photons: 256, Alpha: 0.7, RNG: rng.Spec{Gen: rng.Philox, Seed: 4}}
	withSPPM(t, builtin(t, "cornell"), cfg, func(c *gpu.Context, s *SPPM) error {
		if err := s.Iterate(1); err != nil {
			return err
		}
		if err := s.Reset(); err != nil {
			return err
		}
		if _, err := s.Trace(100); err != nil {
			return err
		}
		px, err := s.Radiance()
		if err != nil {
			return err
		}
		for i, v := range px {
			if v != 0 {
				return fmt.Errorf("float %d is %v after Reset, before an iteration closed", i, v)
			}
		}
		return nil
	})
}

// relRMSEOf is imageio's relative RMSE of img against ref: the RMS over the
// pixels of imageio.PixelError (relative), whose square averages to it.
func relRMSEOf(img, ref imageio.Image) (float64, error) {
	var sum float64
	for p := 0; p < img.W*img.H; p++ {
		e := imageio.PixelError([3]float32(img.Pix[4*p:4*p+3]), [3]float32(ref.Pix[4*p:4*p+3]), true)
		sum += e * e
	}
	return math.Sqrt(sum / float64(img.W*img.H)), nil
}
