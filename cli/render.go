package cli

import (
	"fmt"
	"math"

	"github.com/spf13/cobra"

	"speckle/gpu"
	"speckle/imageio"
	"speckle/rng"
	"speckle/study"
)

// renderOptions are render's flags.
type renderOptions struct {
	sppm     sppmFlags
	spec     rng.Spec
	photons  int64
	out, pfm string
	metric   imageio.Metric
	asJSON   bool
}

func newRenderCmd() *cobra.Command {
	var o renderOptions
	c := &cobra.Command{
		Use:   "render [--scene S] [--gen SPEC] [--photons N] [--size WxH] [--out FILE.png] [flags]",
		Short: "render a scene with one generator",
		Long: `Render a scene with one generator: --photons photons in all, in iterations of
--photons-per-iteration (the last one shorter where the count is no multiple, so
that exactly --photons are traced), tone mapped into a PNG; --pfm also writes
the linear radiance. The line printed gives photons and bounces per second and,
where the scene has an exact image or a stored reference at this size, the
error against it (--metric: medrel, the median relative error, by default).`,
		Example: `  speckle render --scene cornell --gen philox --photons 1e7
  speckle render --gen lehmer:lehmer-seeding=slm --size 640x360 --out lehmer.png
  speckle render --scene plane --gen philox:seed=3 --pfm plane.pfm`,
		Args: noArgs,
		RunE: func(c *cobra.Command, _ []string) error { return o.run(c) },
	}
	specFlag(c, &o.spec, "gen", rng.Spec{Gen: rng.Philox}, "generator")
	photonsFlag(c.Flags(), &o.photons, 1e7)
	c.Flags().StringVar(&o.out, "out", "", "PNG to write (default screenshots/<scene>-<generator>.png)")
	c.Flags().StringVar(&o.pfm, "pfm", "", "also write the linear radiance as PFM")
	metricFlag(c.Flags(), &o.metric)
	jsonFlag(c.Flags(), &o.asJSON)
	o.sppm.addTo(c, study.ReferenceSize) // a size the stored references serve
	return c
}

func (o *renderOptions) run(c *cobra.Command) error {
	setup, specs, err := o.sppm.setup(c, "gen", []rng.Spec{o.spec})
	if err != nil {
		return err
	}
	o.spec = specs[0]
	setup.Metric = o.metric
	r := study.Render{Setup: setup, Spec: o.spec, Total: o.photons, Out: o.out, PFM: o.pfm}
	if err := r.Check(); err != nil {
		return inputOrRun(err)
	}
	label := o.spec
	mkdir := r.Out == ""
	if mkdir {
		r.Out = fmt.Sprintf("screenshots/%s-%s.png", setup.Scene.Name, label.FileName())
	}
	// Both outputs are checked before the render, so a bad path costs no GPU time.
	paths := []pathArg{input("--scene", sceneFile(o.sppm.scene)), output("--out", r.Out), output("--pfm", r.PFM)}
	if err := checkPaths(append(paths, referenceInputs(setup.Scene.Name, setup.Width, setup.Height)...)...); err != nil {
		return err
	}
	if err := prepareFile(r.Out, mkdir); err != nil {
		return err
	}
	if r.PFM != "" {
		if err := prepareFile(r.PFM, false); err != nil {
			return err
		}
	}
	b := &bar{c: c, label: "render " + setup.Scene.Name + " " + label.Label(), unit: "k photons", scale: 1000}
	// The warnings come from the passes as the device lays them out.
	r.Progress, r.Status, r.Warn = b.report, b.say, b.say
	var res study.Rendered
	if err := o.sppm.gl.run(b.track(func(ctx *gpu.Context) (err error) { res, err = r.Run(ctx); return err })); err != nil {
		return err
	}
	secs := res.Seconds
	if res.Note != "" {
		defer fmt.Fprintln(c.ErrOrStderr(), "speckle render: "+res.Note)
	}
	if o.asJSON {
		return writeJSON(c.OutOrStdout(), renderJSON(r, res, setup.Scene.Name, label))
	}
	fmt.Fprintf(c.OutOrStdout(), "%s: %s, %s, %d photons in %d iterations, %.2f s: %.3g photons/s, %.3g bounces/s\n",
		imageio.Printable(r.Out), setup.Scene.Name, label.Label(), res.Emitted, res.Iterations, secs, float64(res.Emitted)/secs, float64(res.Bounces)/secs)
	if res.Reference != "" {
		fmt.Fprintf(c.OutOrStdout(), "%s: %.4g; RMSE %.4g; %d fireflies, pixels over %dx their reference (reference: %s)\n",
			res.Metric.Short(), res.Error, res.RMSE, res.Fireflies, imageio.FireflyFactor, res.Reference)
	}
	return nil
}

// renderResult is render --json: the text report's numbers, by name.
type renderResult struct {
	Out         string   `json:"out"`
	PFM         string   `json:"pfm,omitempty"`
	Scene       string   `json:"scene"`
	Generator   string   `json:"generator"` // the spec, as --gen takes it
	Photons     int64    `json:"photons"`
	Iterations  int      `json:"iterations"`
	Seconds     float64  `json:"seconds"`
	PhotonsPerS float64  `json:"photons_per_s"`
	BouncesPerS float64  `json:"bounces_per_s"`
	Metric      string   `json:"metric"`
	Reference   string   `json:"reference,omitempty"` // "analytic" or the reference's file; absent where none
	Error       *float64 `json:"error"`               // the metric against the reference; null where none
	RMSE        *float64 `json:"rmse"`                // beside it, whatever the metric; null where none
	Fireflies   *int     `json:"fireflies"`           // pixels over imageio.FireflyFactor x their reference
	NoErrorWhy  string   `json:"note,omitempty"`
}

func renderJSON(r study.Render, res study.Rendered, scene string, spec rng.Spec) renderResult {
	out := renderResult{Out: r.Out, PFM: r.PFM, Scene: scene, Generator: spec.String(), Photons: res.Emitted,
		Iterations: res.Iterations, Seconds: res.Seconds, PhotonsPerS: float64(res.Emitted) / res.Seconds,
		BouncesPerS: float64(res.Bounces) / res.Seconds, Metric: res.Metric.String(), Reference: res.Reference, NoErrorWhy: res.Note}
	if res.Reference != "" && !math.IsNaN(res.Error) && !math.IsInf(res.Error, 0) {
		e, rmse, flies := res.Error, res.RMSE, res.Fireflies
		out.Error, out.RMSE, out.Fireflies = &e, &rmse, &flies
	}
	return out
}
