package study

import (
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"speckle/gpu"
	"speckle/gpu/gltest"
	"speckle/imageio"
	"speckle/render"
	"speckle/rng"
)

func spec(t *testing.T, s string) rng.Spec {
	t.Helper()
	sp, err := rng.ParseSpec(s)
	if err != nil {
		t.Fatal(err)
	}
	return sp
}

// Config takes the spec's own seed over the setup's and the spec's
// options, and refuses a radius beyond the scene as bad input.
func TestSetupConfig(t *testing.T) {
	s := Setup{Scene: builtin(t, "cornell"), Width: 32, Height: 18, Alpha: 0.7, Seed: 1}
	cfg, err := s.Config(spec(t, "ranlux:lux=3:seed=9"))
	if err != nil || cfg.RNG.Seed != 9 || cfg.RNG.Options["lux"] != "3" || len(cfg.RNG.Options) != 1 {
		t.Errorf("ranlux:lux=3:seed=9: seed %d, options %v, %v", cfg.RNG.Seed, cfg.RNG.Options, err)
	}
	cfg, err = s.Config(spec(t, "lehmer:lehmer-seeding=slm"))
	if err != nil || cfg.RNG.Seed != 1 || cfg.RNG.Options["lehmer-seeding"] != "slm" || len(cfg.RNG.Options) != 1 {
		t.Errorf("lehmer: seed %d, options %v, %v", cfg.RNG.Seed, cfg.RNG.Options, err)
	}
	s.Radius = 100
	if _, err := s.Config(spec(t, "philox")); !IsInputError(err) {
		t.Errorf("radius 100 in cornell: %v, want an input error", err)
	}
}

// A generator's own seed is the seed: philox:seed=3 under seed 1 renders
// the image philox renders under seed 3, bit for bit, and not philox's
// under seed 1.
func TestRenderSpecSeedIsTheSeed(t *testing.T) {
	s := Setup{Scene: builtin(t, "plane"), Width: 16, Height: 12, Alpha: 0.7, PhotonsPerIteration: 600}
	render := func(sp rng.Spec, seed uint32) []float32 {
		s.Seed = seed
		var px []float32
		gltest.On(t, func(c *gpu.Context) error {
			img, r, err := s.RenderTo(c, sp, 1500, nil)
			if err == nil {
				r.Close()
				px = img.Pix
			}
			return err
		})
		return px
	}
	own, common, other := render(spec(t, "philox:seed=3"), 1), render(spec(t, "philox"), 3), render(spec(t, "philox"), 1)
	if !slices.Equal(own, common) {
		t.Error("philox:seed=3 under seed 1 differs from philox under seed 3")
	}
	if slices.Equal(own, other) {
		t.Error("philox:seed=3 under seed 1 is philox under seed 1")
	}
}

// Render writes the PNG and PFM it is given and measures the metric (MSE
// here) of that radiance against the scene's exact image, saying first that
// it computes the exact image.
func TestRenderWritesItsImages(t *testing.T) {
	dir := t.TempDir()
	var said []string
	r := Render{Setup: Setup{Scene: builtin(t, "plane"), Width: 16, Height: 12, Alpha: 0.7, Seed: 1, Metric: imageio.MetricMSE,
		Status: func(s string) { said = append(said, s) }},
		Spec: spec(t, "pcg32"), Total: 1234, Out: filepath.Join(dir, "r.png"), PFM: filepath.Join(dir, "r.pfm")}
	var res Rendered
	gltest.On(t, func(c *gpu.Context) (err error) {
		res, err = r.Run(c)
		return err
	})
	if res.Emitted != 1234 || res.Reference != "analytic" || res.Metric != imageio.MetricMSE || !(res.Error > 0) || math.IsInf(res.Error, 0) {
		t.Errorf("rendered %+v", res)
	}
	if len(said) != 1 || said[0] != "computing plane's exact image at 16x12 (the reference)" {
		t.Errorf("status %q", said)
	}
	img, err := imageio.ReadPFM(r.PFM)
	if err != nil || img.W != 16 || img.H != 12 {
		t.Fatalf("the PFM: %dx%d, %v", img.W, img.H, err)
	}
	exact, _, _ := render.ReferenceImage(r.Scene, 16, 12)
	if want, _ := imageio.MSE(img, *exact); res.Error != want {
		t.Errorf("MSE %v, want %v from the PFM", res.Error, want)
	}
	if _, err := imageio.ReadPNG(r.Out); err != nil {
		t.Error(err)
	}
}

// A render with no reference at its size says so, and names the sizes that
// have one (the shipped cornell reference is 640x360).
func TestNoReferenceNoteNamesTheSizes(t *testing.T) {
	wd, _ := os.Getwd()
	if err := os.Chdir(".."); err != nil { // the repository root, where assets/ is
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	n := noReferenceNote("cornell", 960, 540, imageio.MetricRMSE)
	if !strings.Contains(n, "no RMSE: no stored reference of cornell serves 960x540") || !strings.Contains(n, "640x360, 320x180") {
		t.Errorf("note %q", n)
	}
	if n := noReferenceNote("nosuchscene", 8, 8, imageio.MetricRMSE); !strings.Contains(n, "has no stored reference") {
		t.Errorf("note %q", n)
	}
}

// A render makes its generator once a pass, and its warnings (Warn) come
// from those passes as the device lays them out: 512 photons draw 512
// streams whatever the device (no wrap past 2^32 from this seed), 1,008
// at once reach the streams that Lehmer's modulus makes equal (issue 33
// item 3).
func TestRenderMakesItsGeneratorOncePerPassAndWarnsFromIt(t *testing.T) {
	made := 0
	g := *rng.Lehmer
	g.Configure = func(c rng.Config) (rng.Instance, error) { made++; return rng.Lehmer.Configure(c) }
	for _, c := range []struct {
		total, perIteration int
		want                string
	}{{512, 0, ""}, {1008, 1008, "warning: lehmer seed=4294966296: its photon and eye passes reuse streams: 5 pairs of equal streams"}} {
		made = 0
		var warned []string
		r := Render{Setup: Setup{Scene: builtin(t, "plane"), Width: 8, Height: 8, Alpha: 0.7, Seed: 4294966296, PhotonsPerIteration: c.perIteration,
			Warn: func(s string) { warned = append(warned, s) }}, Spec: rng.Spec{Gen: &g}, Total: int64(c.total), Out: filepath.Join(t.TempDir(), "r.png")}
		gltest.On(t, func(ctx *gpu.Context) error { _, err := r.Run(ctx); return err })
		got := strings.Join(warned, "\n")
		if made != len(render.Passes) || c.want == "" && got != "" || !strings.Contains(got, c.want) {
			t.Errorf("%d photons: %d instances, warnings %q; want %d and %q", c.total, made, got, len(render.Passes), c.want)
		}
	}
}
