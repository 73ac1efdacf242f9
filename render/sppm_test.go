package render

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"testing"

	"speckle/gpu"
	"speckle/imageio"
	"speckle/imageio/golden"
	"speckle/rng"
	"speckle/scenes"
)

// renderScene runs iterations of a small render and returns the radiance
// after each entry of stops (iterations, ascending).
func renderScene(t *testing.T, scene *scenes.Scene, cfg SPPMConfig, stops ...int) []imageio.Image {
	t.Helper()
	var out []imageio.Image
	onGL(t, func(c *gpu.Context) error {
		s, err := NewSPPM(c, scene, cfg)
		if err != nil {
			return err
		}
		defer s.Close()
		for _, stop := range stops {
			if err := s.Iterate(stop - s.Iterations); err != nil {
				return err
			}
			px, err := s.Radiance()
			if err != nil {
				return err
			}
			out = append(out, imageio.Image{W: cfg.Width, H: cfg.Height, Pix: px})
		}
		return nil
	})
	return out
}

func builtin(t *testing.T, name string) *scenes.Scene {
	t.Helper()
	s, err := scenes.Builtin(name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// On `plane` the exact image is known. SPPM's error falls as photons grow:
// bias (the radius) and noise both shrink; with alpha = 0.7 the expected rate
// is about N^-1/3, so 16 times the photons must at least halve the RMSE
// (16^-1/3 = 0.40, with margin for noise). The image's mean radiance, the
// light's power arriving on the plane as the estimator sees it, must match the
// analytic mean within 3 %.
func TestPlaneConvergesToAnalytic(t *testing.T) {
	scene := builtin(t, "plane")
	const w, h = 64, 48
	exact := imageio.Image{W: w, H: h, Pix: scene.AnalyticImage(w, h, 4)}
	cfg := SPPMConfig{Width: w, Height: h, Photons: 1 << 15, Alpha: 0.7, RNG: rng.Spec{Gen: rng.Philox, Seed: 5}}
	imgs := renderScene(t, scene, cfg, 2, 32)
	var rmse []float64
	for _, img := range imgs {
		r, err := imageio.RMSE(img, exact)
		if err != nil {
			t.Fatal(err)
		}
		rmse = append(rmse, r)
	}
	mean := meanGreen(exact)
	slope := imageio.FitSlope([]float64{2, 32}, rmse)
	t.Logf("plane: exact mean %.4f; RMSE %.4g after 2 iterations, %.4g after 32 (ratio %.3f, slope %.3f)", mean, rmse[0], rmse[1], rmse[1]/rmse[0], slope)
	if rmse[1] > 0.5*rmse[0] {
		t.Errorf("RMSE fell from %.4g to only %.4g with 16x the photons (want at most half)", rmse[0], rmse[1])
	}
	if rel := rmse[1] / mean; rel > 0.1 {
		t.Errorf("RMSE after 32 iterations is %.1f%% of the mean radiance (want < 10%%)", 100*rel)
	}
	got := meanGreen(imgs[1])
	if d := math.Abs(got-mean) / mean; d > 0.03 {
		t.Errorf("mean radiance %.4f, analytic %.4f: off by %.1f%% (want < 3%%)", got, mean, 100*d)
	}
}

// Same scene, seed, generator and photons: the same bytes, also after Reset.
func TestRenderIsDeterministic(t *testing.T) {
	scene := builtin(t, "cornell")
	cfg := SPPMConfig{Width: 48, Height: 36, Photons: 1 << 12, Alpha: 0.7, RNG: rng.Spec{Gen: rng.Lehmer, Seed: 9}}
	a := renderScene(t, scene, cfg, 3)[0]
	b := renderScene(t, scene, cfg, 3)[0]
	var c imageio.Image
	onGL(t, func(ctx *gpu.Context) error {
		s, err := NewSPPM(ctx, scene, cfg)
		if err != nil {
			return err
		}
		defer s.Close()
		if err := s.Iterate(2); err != nil {
			return err
		}
		if err := s.Reset(); err != nil {
			return err
		}
		if err := s.Iterate(3); err != nil {
			return err
		}
		px, err := s.Radiance()
		c = imageio.Image{W: cfg.Width, H: cfg.Height, Pix: px}
		return err
	})
	if !bytes.Equal(floatBytes(a.Pix), floatBytes(b.Pix)) {
		t.Error("two renders with the same inputs differ")
	}
	if !bytes.Equal(floatBytes(a.Pix), floatBytes(c.Pix)) {
		t.Error("a render after Reset differs from a fresh one")
	}
	cfg.RNG.Seed++
	d := renderScene(t, scene, cfg, 3)[0]
	if bytes.Equal(floatBytes(a.Pix), floatBytes(d.Pix)) {
		t.Error("another seed gives the same image")
	}
}

func floatBytes(f []float32) []byte {
	var b bytes.Buffer
	for _, v := range f {
		u := math.Float32bits(v)
		b.Write([]byte{byte(u), byte(u >> 8), byte(u >> 16), byte(u >> 24)})
	}
	return b.Bytes()
}

// Every generator renders every scene: finite, not constant. The hashes
// that are not rng.Representative render one scene each, in turn, so that
// every scene is rendered with some of them (they cost 0.7 s a render on
// llvmpipe; their ports are another hash's GLSL around another function).
func TestEveryGeneratorRendersEveryScene(t *testing.T) {
	for k, name := range scenes.Names() {
		scene := builtin(t, name)
		for i, g := range rng.All {
			if !rng.Representative(g) && i%len(scenes.Names()) != k {
				continue
			}
			t.Run(name+"/"+g.Name, func(t *testing.T) {
				cfg := SPPMConfig{Width: 32, Height: 24, Photons: 4096, Alpha: 0.7, RNG: rng.Spec{Gen: g, Seed: 3}}
				img := renderScene(t, scene, cfg, 2)[0]
				nonFinite, lo, hi := finiteRange(img)
				if nonFinite > 0 {
					t.Fatalf("%d NaN or Inf values", nonFinite)
				}
				if hi <= lo {
					t.Fatalf("constant image (%v)", lo)
				}
			})
		}
	}
}

// Golden images: each scene, small, philox, compared with a tolerance; the
// failing image is saved under testdata/failed. Regenerate with
// go test ./render -run Golden -update-golden.
func TestGoldenScenes(t *testing.T) {
	for _, name := range scenes.Names() {
		t.Run(name, func(t *testing.T) {
			scene := builtin(t, name)
			cfg := SPPMConfig{Width: 96, Height: 72, Photons: 1 << 15, Alpha: 0.7, RNG: rng.Spec{Gen: rng.Philox, Seed: 1}}
			img := renderScene(t, scene, cfg, 8)[0]
			golden.Match(t, fmt.Sprintf("scene-%s", name), img.ToneMap(scene.Exposure), golden.DefaultTolerance)
		})
	}
}

// Bad configurations are refused with the option named.
func TestSPPMConfigErrors(t *testing.T) {
	for _, c := range []struct {
		cfg  SPPMConfig
		want string
	}{
		{SPPMConfig{Width: 0, Height: 10, Photons: 1, Alpha: 0.7, RNG: rng.Spec{Gen: rng.Philox}}, "--size"},
		{SPPMConfig{Width: 10, Height: 10, Photons: 0, Alpha: 0.7, RNG: rng.Spec{Gen: rng.Philox}}, "photons per iteration"},
		{SPPMConfig{Width: 10, Height: 10, Photons: 1, Alpha: 1.5, RNG: rng.Spec{Gen: rng.Philox}}, "--alpha"},
		{SPPMConfig{Width: 10, Height: 10, Photons: 1, Alpha: 0.7, Radius: -1, RNG: rng.Spec{Gen: rng.Philox}}, "--radius"},
		// NaN compares false with everything: it must not slip through.
		{SPPMConfig{Width: 10, Height: 10, Photons: 1, Alpha: float32(math.NaN()), RNG: rng.Spec{Gen: rng.Philox}}, "--alpha must be in [0.3, 1] (got NaN)"},
		{SPPMConfig{Width: 10, Height: 10, Photons: 1, Alpha: 0.1, RNG: rng.Spec{Gen: rng.Philox}}, "--alpha must be in [0.3, 1] (got 0.1)"},
		{SPPMConfig{Width: 10, Height: 10, Photons: 1, Alpha: 0.7, Radius: float32(math.NaN()), RNG: rng.Spec{Gen: rng.Philox}}, "--radius"},
		{SPPMConfig{Width: 10, Height: 10, Photons: 1, Alpha: 0.7, Radius: float32(math.Inf(1)), RNG: rng.Spec{Gen: rng.Philox}}, "--radius"},
		{SPPMConfig{Width: 10, Height: 10, Photons: 1, Alpha: 0.7, RNG: rng.Spec{Gen: rng.Philox}, Deposit: DepositPoints + 1}, fmt.Sprintf("unknown deposit %d", DepositPoints+1)},
		{SPPMConfig{Width: 10, Height: 10, Photons: 1, Alpha: 0.7, RNG: rng.Spec{Gen: rng.Philox}, Deposit: DepositDeferred, PhotonPass: PhotonPassWalk}, "inline only"},
		{SPPMConfig{Width: 10, Height: 10, Photons: 1, Alpha: 0.7, RNG: rng.Spec{Gen: rng.Philox}, Gather: GatherStochastic + 1}, "unknown gather 4"},
		{SPPMConfig{Width: 10, Height: 10, Photons: 1, Alpha: 0.7, RNG: rng.Spec{Gen: rng.Philox}, Gather: GatherStochastic, Deposit: DepositCombined}, "not combined"},
		{SPPMConfig{Width: 10, Height: 10, Photons: 1, Alpha: 0.7, RNG: rng.Spec{Gen: rng.Philox}, Gather: GatherStochastic, Deposit: DepositPoints}, "not points"},
	} {
		err := c.cfg.Check()
		if err == nil || !bytes.Contains([]byte(err.Error()), []byte(c.want)) {
			t.Errorf("%+v: error %v, want one naming %s", c.cfg, err, c.want)
		}
	}
}

// NewSPPM refuses an initial radius outside the scene's range (RadiusRange:
// MinRadius to the scene's scale), given or automatic, before any GPU work.
func TestNewSPPMRefusesRadiusOutsideTheScene(t *testing.T) {
	cornell := builtin(t, "cornell")
	if r := RadiusRange(cornell); r.Lo != 1e-4 || r.Hi != 3.85 {
		t.Errorf("RadiusRange(cornell) = %v, want [1e-4, 3.85] (scale: the look-from point's z, 3.85)", r)
	}
	tiny := *cornell
	tiny.Camera.FOV = 0.01 // the automatic radius: a pixel footprint, 3.85 x 2 tan(0.005 deg) / 4096 = 1.6e-7
	for _, c := range []struct {
		scene  *scenes.Scene
		radius float32
	}{{cornell, 1e-7}, {cornell, 100}, {&tiny, 0}} {
		onGL(t, func(ctx *gpu.Context) error {
			cfg := SPPMConfig{Width: 4, Height: 4096, Photons: 64, Alpha: 0.7, Radius: c.radius, RNG: rng.Spec{Gen: rng.PCG32}}
			s, err := NewSPPM(ctx, c.scene, cfg)
			if err == nil {
				s.Close()
				t.Errorf("radius %g (fov %g): no error", c.radius, c.scene.Camera.FOV)
			} else if !strings.Contains(err.Error(), "the initial radius must be in [0.0001, 3.85]") {
				t.Errorf("radius %g: %v", c.radius, err)
			}
			return nil
		})
	}
}

// The power photons bring to the plane equals the light's power times the
// share of it that lands on the plane (99.6003 %: computed by integrating
// Lambert's irradiance over the 100 x 100 plane; some escapes past the
// edges), within 0.1 %: about 15 standard deviations of the binomial noise of
// 2^20 photons, and far below any normalisation error (a factor of pi, a
// wrong light area or a lost light-choice weight).
func TestPlaneFluxMatchesLightPower(t *testing.T) {
	scene := builtin(t, "plane")
	power := scene.LightPower(scene.Lights()[0])
	const landing = 0.996003
	cfg := SPPMConfig{Width: 32, Height: 24, Photons: 1 << 16, Alpha: 0.7, RNG: rng.Spec{Gen: rng.PCG32, Seed: 2}, FluxTally: true}
	var got scenes.Vec3
	onGL(t, func(c *gpu.Context) error {
		s, err := NewSPPM(c, scene, cfg)
		if err != nil {
			return err
		}
		defer s.Close()
		if err := s.Iterate(16); err != nil {
			return err
		}
		got = s.depositedFlux()
		return nil
	})
	for ch := 0; ch < 3; ch++ {
		want := float64(power[ch]) * landing
		if d := math.Abs(float64(got[ch])-want) / want; d > 0.001 {
			t.Errorf("channel %d: %.4f of power reached the plane, want %.4f (off by %.3f%%)", ch, got[ch], want, 100*d)
		}
	}
	t.Logf("light power %.3f, landed %.3f (want %.3f)", power[0], got[0], float64(power[0])*landing)
}

// The BVH finds the same nearest hits as testing every primitive: caustics
// renders to the same bytes both ways.
func TestBVHMatchesLinearIntersection(t *testing.T) {
	scene := builtin(t, "caustics")
	if scene.Primitives() <= bvhThreshold {
		t.Fatalf("caustics has %d primitives: no BVH to test", scene.Primitives())
	}
	cfg := SPPMConfig{Width: 48, Height: 36, Photons: 1 << 13, Alpha: 0.7, RNG: rng.Spec{Gen: rng.PCG32, Seed: 4}}
	withBVH := renderScene(t, scene, cfg, 2)[0]
	defer func(old int) { bvhThreshold = old }(bvhThreshold)
	bvhThreshold = 1 << 30
	linear := renderScene(t, scene, cfg, 2)[0]
	if !bytes.Equal(floatBytes(withBVH.Pix), floatBytes(linear.Pix)) {
		r, _ := imageio.RMSE(withBVH, linear)
		t.Fatalf("BVH and linear renders differ (RMSE %g)", r)
	}
}

// edgeScene is a small room whose lamp has radiance lamp and whose every
// coordinate is multiplied by scale.
func edgeScene(t *testing.T, lamp, scale float64) *scenes.Scene {
	t.Helper()
	s := func(v float64) string { return fmt.Sprint(v * scale) }
	text := fmt.Sprintf(`{"name": "edge",
  "camera": {"position": [0, %[2]s, %[3]s], "look_at": [0, %[2]s, 0], "fov": 40},
  "materials": {"white": {"type": "diffuse", "color": [0.7, 0.7, 0.7]}, "lamp": {"type": "light", "color": [%[1]g, %[1]g, %[1]g]}},
  "objects": {"quads": [{"corner": [%[4]s, 0, %[4]s], "u": [0, 0, %[5]s], "v": [%[5]s, 0, 0], "material": "white"},
    {"corner": [%[6]s, %[7]s, %[6]s], "u": [%[2]s, 0, 0], "v": [0, 0, %[2]s], "material": "lamp"}]}}`,
		lamp, s(1), s(5), s(-2), s(4), s(-0.5), s(2))
	sc, err := scenes.Parse("edge.json", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// The ends of the scene ranges render as well as the middle: the fixed-point
// flux scale follows the lights' power, so a lamp of radiance 1e6 or 1e-6
// (scenes.MaxRadiance, MinRadiance) gives the image of radiance 1 times
// 1e6 or 1e-6 to float32 rounding, and a room scaled by 20 (coordinates up
// to scenes.MaxCoord) or 0.01 (a lamp scenes.MinSize wide) gives the same
// image to float32 rounding: finite, never black. Scaled, a photon may
// take another path where a test falls the other way by a rounding: none
// did on llvmpipe; on the H200 one pixel was off by 1.4 % of the mean,
// about one photon of the 85 a pixel holds (that a rounding moved it is
// likely, not measured), so a scaled room may differ by a few photons a
// pixel (5 %).
func TestEdgeOfRangeScenesRender(t *testing.T) {
	cfg := SPPMConfig{Width: 16, Height: 12, Photons: 1 << 12, Alpha: 0.7, RNG: rng.Spec{Gen: rng.PCG32, Seed: 3}}
	base := renderScene(t, edgeScene(t, 1, 1), cfg, 4)[0]
	var sum float64
	for i, v := range base.Pix {
		if i%4 != 3 {
			sum += float64(v)
		}
	}
	if !(sum > 0) {
		t.Fatalf("the middle of the range renders black (sum %g)", sum)
	}
	for _, c := range []struct {
		lamp, scale float64
		tol         float64 // relative to the image's mean, per pixel
	}{
		{1e6, 1, 1e-4}, {1e-6, 1, 1e-4}, {1e6, 20, 0.05}, {1e-6, 0.01, 0.05}, {1, 20, 0.05}, {1, 0.01, 0.05},
	} {
		img := renderScene(t, edgeScene(t, c.lamp, c.scale), cfg, 4)[0]
		mean := sum / float64(3*cfg.Width*cfg.Height)
		worst := 0.0
		for i, v := range img.Pix {
			if i%4 == 3 {
				continue
			}
			x := float64(v) / c.lamp
			if math.IsNaN(x) || math.IsInf(x, 0) || x < 0 {
				t.Fatalf("lamp %g, scale %g: pixel value %v", c.lamp, c.scale, v)
			}
			worst = max(worst, math.Abs(x-float64(base.Pix[i]))/mean)
		}
		t.Logf("lamp %g, scale %g: worst pixel differs by %.3g of the mean", c.lamp, c.scale, worst)
		if worst > c.tol {
			t.Errorf("lamp %g, scale %g: image / lamp differs from the lamp-1 image by %.3g of its mean (at most %g)", c.lamp, c.scale, worst, c.tol)
		}
	}
}

// meanGreen is the mean of img's green channel.
func meanGreen(img imageio.Image) float64 {
	var sum float64
	for p := 0; p < img.W*img.H; p++ {
		sum += float64(img.Pix[4*p+1])
	}
	return sum / float64(img.W*img.H)
}

// finiteRange counts the NaN and Inf values of img's R, G and B and gives
// the least and greatest of the others.
func finiteRange(img imageio.Image) (nonFinite int, lo, hi float32) {
	lo, hi = float32(math.Inf(1)), float32(math.Inf(-1))
	for p := 0; p < img.W*img.H; p++ {
		for _, v := range img.Pix[4*p : 4*p+3] {
			if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
				nonFinite++
				continue
			}
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	return nonFinite, lo, hi
}
