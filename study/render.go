package study

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"speckle/gpu"
	"speckle/imageio"
	"speckle/render"
	"speckle/rng"
	"speckle/scenes"
)

// Setup is what every render of a study shares: the scene, the image, the
// SPPM parameters and the generator options given for all generators.
type Setup struct {
	Scene         *scenes.Scene
	Width, Height int
	// PhotonsPerIteration: 0 sizes iterations for the device
	// (render.AutoPhotonsPerIteration, ForThroughput).
	PhotonsPerIteration int
	Alpha               float64
	Radius              float64        // initial gather radius; 0: a pixel's footprint
	Exposure            float64        // before tone mapping; 0: the scene's
	Seed                uint32         // of each generator without a seed of its own
	Metric              imageio.Metric // the error against the reference; "": imageio.DefaultMetric
	// Deposit is where photons deposit (the same image bytes either way).
	Deposit render.Deposit
	// Status hears a long step that shows no progress (the exact image of
	// an analytic scene); nil: silence.
	Status func(string)
	// Warn hears each warning about the generator ("warning: ..."), worked
	// out from the passes as the render lays them out on the device
	// (render.PassGens.Warnings), before it starts; a generator every
	// stream of whose pass is constant is refused. nil: neither.
	Warn func(string)
}

// Config is spec's render configuration, checked without the GPU: the
// radius against the scene and the SPPM parameters (the spec was checked
// where it was read: rng.ParseSpec).
// Photons per iteration stay 1 where they are automatic: Iteration sizes
// them once the device is known.
func (s Setup) Config(spec rng.Spec) (render.SPPMConfig, error) {
	radius := s.Radius // float64: 1e-46 must not become float32 0, the automatic radius
	if radius == 0 {
		radius = float64(render.AutoRadius(s.Scene.Camera, s.Height))
	}
	if err := render.RadiusRange(s.Scene).Check(radius); err != nil {
		if s.Radius == 0 {
			return render.SPPMConfig{}, Inputf("scene %s at %d pixels high: the automatic radius (a pixel footprint) %v; give --radius", s.Scene.Name, s.Height, err)
		}
		return render.SPPMConfig{}, Inputf("--radius for scene %s %v", s.Scene.Name, err)
	}
	cfg := render.SPPMConfig{Width: s.Width, Height: s.Height, Photons: max(1, s.PhotonsPerIteration), Alpha: float32(s.Alpha),
		Radius: float32(s.Radius), RNG: spec.Seeded(s.Seed), Deposit: s.Deposit}
	check := cfg // Check fills defaults; those are NewSPPM's to fill
	if err := check.Check(); err != nil {
		return cfg, Inputf("%v", err)
	}
	return cfg, nil
}

// Iteration is the iteration size on the device: the one given, or the
// photon policy's.
func (s Setup) Iteration(info gpu.Info) int {
	if s.PhotonsPerIteration > 0 {
		return s.PhotonsPerIteration
	}
	return render.AutoPhotonsPerIteration(info, render.ForThroughput)
}

// ChosenMetric is the error measure: the one given, or imageio.DefaultMetric.
func (s Setup) ChosenMetric() imageio.Metric {
	if s.Metric == "" {
		return imageio.DefaultMetric
	}
	return s.Metric
}

// CheckMetric refuses a metric that is none of imageio's.
func (s Setup) CheckMetric() error {
	if s.Metric == "" {
		return nil
	}
	if _, err := imageio.ParseMetric(string(s.Metric)); err != nil {
		return Inputf("--metric %v", err)
	}
	return nil
}

// ToneExposure is the tone mapping's multiplier: Exposure, or the scene's.
func (s Setup) ToneExposure() float32 {
	if s.Exposure == 0 {
		return s.Scene.Exposure
	}
	return float32(s.Exposure)
}

// Render is one image of Total photons with one generator, written as a PNG
// (Out) and, if PFM is set, as linear radiance.
type Render struct {
	Setup
	Spec     rng.Spec
	Total    int64
	Out, PFM string
	Progress Progress
}

// Rendered is what a render did.
type Rendered struct {
	Emitted, Bounces int64
	Iterations       int
	Seconds          float64
	// Error is Metric against the reference (ReferenceImage), where
	// Reference names one ("analytic" or its file); "" where there is none.
	Error     float64
	Metric    imageio.Metric
	Reference string
	// RMSE and Fireflies (imageio.Fireflies) against the same reference,
	// beside Error whatever the metric.
	RMSE      float64
	Fireflies int
	// Note says why there is no Error where that is worth saying: the
	// stored reference is another scene's.
	Note string
}

// Check refuses bad options before any GPU work.
func (r Render) Check() error {
	if err := r.CheckMetric(); err != nil {
		return err
	}
	if _, err := r.Config(r.Spec); err != nil {
		return err
	}
	return r.CheckReference()
}

// Run renders and writes the image.
func (r Render) Run(c *gpu.Context) (Rendered, error) {
	start := time.Now()
	img, s, err := r.Setup.RenderTo(c, r.Spec, r.Total, r.Progress)
	if err != nil {
		return Rendered{}, err
	}
	res := Rendered{Emitted: s.Emitted, Bounces: s.Bounces(), Iterations: s.Iterations, Seconds: time.Since(start).Seconds()}
	s.Close()
	if err := imageio.WritePNG(r.Out, img.ToneMap(r.ToneExposure())); err != nil {
		return res, err
	}
	if r.PFM != "" {
		if err := imageio.WritePFM(r.PFM, img); err != nil {
			return res, err
		}
	}
	res.Metric = r.ChosenMetric()
	ref, where, err := r.LoadReference()
	switch {
	case errors.Is(err, render.ErrOtherScene):
		res.Note = err.Error() + "; " + res.Metric.Short() + " left out"
	case err != nil:
		return res, err
	case ref != nil:
		if res.Error, err = res.Metric.Of(img, *ref); err != nil {
			return res, err
		}
		if res.RMSE, err = imageio.RMSE(img, *ref); err != nil {
			return res, err
		}
		if res.Fireflies, err = imageio.Fireflies(img, *ref); err != nil {
			return res, err
		}
		res.Reference = where
	default:
		res.Note = noReferenceNote(r.Scene.Name, r.Width, r.Height, res.Metric)
	}
	return res, nil
}

// noReferenceNote says why a render has no error figure, and at which
// sizes it would have one.
func noReferenceNote(scene string, w, h int, m imageio.Metric) string {
	sizes := render.ReferenceSizes(scene)
	if len(sizes) == 0 {
		return fmt.Sprintf("no %s: %s has no stored reference (speckle reference makes one)", m.Short(), scene)
	}
	return fmt.Sprintf("no %s: no stored reference of %s serves %dx%d; --size %s would have one", m.Short(), scene, w, h, strings.Join(sizes, ", "))
}

// RenderTo renders total photons with spec and returns the radiance and the
// finished render (the caller closes it).
func (s Setup) RenderTo(c *gpu.Context, spec rng.Spec, total int64, progress Progress) (imageio.Image, *render.SPPM, error) {
	cfg, err := s.Config(spec)
	if err != nil {
		return imageio.Image{}, nil, err
	}
	cfg.Photons = int(min(int64(s.Iteration(c.Info)), total))
	if err := CheckIterations(total, cfg.Photons, 1); err != nil {
		return imageio.Image{}, nil, err
	}
	gens, err := cfg.PassGens()
	if err != nil {
		return imageio.Image{}, nil, err
	}
	if s.Warn != nil {
		lines, err := gens.Warnings(spec, s.Seed, total)
		if err != nil {
			return imageio.Image{}, nil, InputError{err.Error()}
		}
		for _, l := range lines {
			s.Warn(l)
		}
	}
	r, err := render.NewSPPMWith(c, s.Scene, cfg, gens)
	if err != nil {
		return imageio.Image{}, nil, err
	}
	err = Progressive(r, []int64{total}, func(n int64) { progress.Report(n, total) }, func(int) error {
		c.Finish()
		return CheckTraced(r, total)
	})
	var img imageio.Image
	if err == nil {
		img, err = Radiance(r)
	}
	if err != nil {
		r.Close()
		return img, nil, err
	}
	return img, r, nil
}

// Radiance is the render's linear image.
func Radiance(s *render.SPPM) (imageio.Image, error) {
	px, err := s.Radiance()
	return imageio.Image{W: s.Cfg.Width, H: s.Cfg.Height, Pix: px}, err
}

// LoadReference is the image errors are measured against, and where it came
// from, or nil and why not; an exact image takes a while, so the capture
// says it is at work. A broken stored reference is an input error; one of
// another scene wraps render.ErrOtherScene (the caller leaves errors out
// and says why).
func (s Setup) LoadReference() (*imageio.Image, string, error) {
	if s.Scene.Analytic() && s.Status != nil {
		s.Status(fmt.Sprintf("computing %s's exact image at %dx%d (the reference)", s.Scene.Name, s.Width, s.Height))
	}
	img, where, err := render.ReferenceImage(s.Scene, s.Width, s.Height)
	if err != nil && !errors.Is(err, render.ErrOtherScene) {
		err = Inputf("%v", err)
	}
	return img, where, err
}

// CheckReference reads the stored reference before any GPU work, so that a
// broken one is refused before a long render rather than after it.
func (s Setup) CheckReference() error {
	if s.Scene.Analytic() {
		return nil // computed, never read
	}
	_, _, err := s.LoadReference()
	if errors.Is(err, render.ErrOtherScene) {
		return nil
	}
	return err
}

// ReferenceSize is the size of the stored reference renders: render's,
// capture's and reference's default, so that they find them.
const ReferenceSize = "640x360"
