package cli

import (
	"fmt"

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
error against it (--metric: RMSE by default).`,
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
	o.sppm.addTo(c, "960x540")
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
	if err := degenerateRender(c, []rng.Spec{o.spec}, setup.Width, setup.Height, layoutPhotons(setup.PhotonsPerIteration), setup.Seed); err != nil {
		return err
	}
	lines, err := reuseRender([]rng.Spec{o.spec}, setup.Width, setup.Height, layoutPhotons(setup.PhotonsPerIteration), o.photons, 1, setup.Seed)
	if err != nil {
		return err
	}
	for _, l := range lines {
		fmt.Fprintf(c.ErrOrStderr(), "%s: %s\n", c.CommandPath(), l)
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
	r.Progress, r.Status = b.report, b.say
	var res study.Rendered
	if err := o.sppm.gl.run(b.track(func(ctx *gpu.Context) (err error) { res, err = r.Run(ctx); return err })); err != nil {
		return err
	}
	secs := res.Seconds
	fmt.Fprintf(c.OutOrStdout(), "%s: %s, %s, %d photons in %d iterations, %.2f s: %.3g photons/s, %.3g bounces/s\n",
		imageio.Printable(r.Out), setup.Scene.Name, label.Label(), res.Emitted, res.Iterations, secs, float64(res.Emitted)/secs, float64(res.Bounces)/secs)
	if res.Reference != "" {
		fmt.Fprintf(c.OutOrStdout(), "%s against the %s reference: %.4g\n", res.Metric.Short(), res.Reference, res.Error)
	}
	if res.Note != "" {
		fmt.Fprintln(c.ErrOrStderr(), "speckle render: "+res.Note)
	}
	return nil
}
