package bench

import (
	"fmt"
	"io"
	"text/tabwriter"
	"time"

	"speckle/gpu"
	"speckle/imageio"
	"speckle/render"
	"speckle/scenes"
	"speckle/study"
)

// EqualTimeCase is one case of a bench at equal GPU time
// (RenderBench.EqualTime): the render started fresh after the warm-up and
// ran whole iterations until their GPU time reached the budget, then its
// image's RMSE against the scene's reference (render.ReferenceImage, as
// capture measures it).
type EqualTimeCase struct {
	Budget     float64 `json:"budget_s"`
	GPUSeconds float64 `json:"gpu_s"`
	Iterations int     `json:"iterations"`
	Photons    int64   `json:"photons"`
	RMSE       float64 `json:"rmse"`
	Reference  string  `json:"reference"`
}

// checkReferences refuses, before any GPU work, a bench at equal time of a
// scene with no reference at its size.
func (b RenderBench) checkReferences() error {
	if b.EqualTime < 0 {
		return study.Inputf("--equal-time must be positive (got %s)", b.EqualTime)
	}
	if b.EqualTime == 0 {
		return nil
	}
	if b.Breakdown {
		return study.Inputf("--equal-time and --breakdown: give one (equal time renders each case once from a fresh start)")
	}
	for _, scene := range b.Scenes {
		if scene.Analytic() {
			continue // computed, at any size
		}
		img, why, err := render.StoredReference(scene, b.Width, b.Height)
		if err != nil {
			return study.Inputf("%v", err)
		}
		if img == nil {
			return study.Inputf("--equal-time measures RMSE against %s's reference: %s (stored: %s)", scene.Name, why, render.ReferenceSources())
		}
	}
	return nil
}

// benchRef is a scene's reference image and where it came from.
type benchRef struct {
	img   *imageio.Image
	where string
}

// references are the bench's scenes' reference images at equal time, by
// scene name (none otherwise).
func (b RenderBench) references() (map[string]benchRef, error) {
	refs := map[string]benchRef{}
	if b.EqualTime <= 0 {
		return refs, nil
	}
	for _, scene := range b.Scenes {
		img, where, err := render.ReferenceImage(scene, b.Width, b.Height)
		if err != nil || img == nil {
			return nil, fmt.Errorf("%s: no reference at %dx%d: %v %s", scene.Name, b.Width, b.Height, err, where)
		}
		refs[scene.Name] = benchRef{img, where}
	}
	return refs, nil
}

// measure measures one case: at equal time, or its iterations timed and,
// if asked, its photon pass broken down.
func (b RenderBench) measure(c *gpu.Context, scene *scenes.Scene, cfg render.SPPMConfig, iters int, ref benchRef) (RenderBenchCase, error) {
	if b.EqualTime > 0 {
		res, err := equalTimeOne(c, scene, cfg, b.EqualTime, ref.img)
		if err == nil {
			res.EqualTime.Reference = ref.where
		}
		return res, err
	}
	res, err := benchOne(c, scene, cfg, iters)
	if err == nil && b.Breakdown {
		res.Breakdown, err = breakdown(c, scene, cfg, max(1, min(iters, breakdownProfiled)))
	}
	return res, err
}

// equalTimeOne renders cfg from a fresh start after the warm-up until its
// iterations' GPU time (each timed by Context.Time) reaches budget, and
// measures its RMSE against ref.
func equalTimeOne(c *gpu.Context, scene *scenes.Scene, cfg render.SPPMConfig, budget time.Duration, ref *imageio.Image) (RenderBenchCase, error) {
	r := RenderBenchCase{Scene: scene.Name, Width: cfg.Width, Height: cfg.Height, Photons: cfg.Photons}
	s, err := render.NewSPPM(c, scene, cfg)
	if err != nil {
		return r, err
	}
	defer s.Close()
	warm, err := warmUp(c, s)
	if err != nil {
		return r, err
	}
	r.addWarmUp(warm)
	if err := s.Reset(); err != nil {
		return r, err
	}
	var spent time.Duration
	for spent < budget {
		d, err := c.Time(func() error { return s.Iterate(1) })
		if err != nil {
			return r, err
		}
		spent += d
	}
	px, err := s.Radiance()
	if err != nil {
		return r, err
	}
	rmse, err := imageio.RMSE(imageio.Image{W: cfg.Width, H: cfg.Height, Pix: px}, *ref)
	if err != nil {
		return r, err
	}
	r.EqualTime = &EqualTimeCase{Budget: budget.Seconds(), GPUSeconds: spent.Seconds(), Iterations: s.Iterations, Photons: s.Emitted, RMSE: rmse}
	r.PhotonsPerS = float64(s.Emitted) / spent.Seconds()
	r.BouncesPerS = float64(s.Bounces()) / spent.Seconds()
	r.TimedIterations = s.Iterations
	return r, nil
}

// writeEqualTimeTable writes the cases of a bench at equal time.
func (rep RenderBenchReport) writeEqualTimeTable(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "scene\tgenerator\tgrid\tdeposit\tGPU s\titerations\tphotons\tphotons/s\tRMSE\t")
	for _, r := range rep.Cases {
		e := r.EqualTime
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%.3g\t%d\t%.3g\t%.3g\t%.4g\t\n", r.Scene, r.Generator, r.HashGrid, r.Deposit, e.GPUSeconds, e.Iterations, float64(e.Photons), r.PhotonsPerS, e.RMSE)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, r := range rep.Cases {
		if r.Generator == rep.Cases[0].Generator && r.HashGrid == rep.Cases[0].HashGrid && r.Deposit == rep.Cases[0].Deposit {
			fmt.Fprintf(w, "%s's reference: %s\n", r.Scene, r.EqualTime.Reference)
		}
	}
	return nil
}
