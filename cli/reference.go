package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"speckle/gpu"
	"speckle/render"
	"speckle/render/study"
	"speckle/rng"
)

// referenceOptions are reference's flags.
type referenceOptions struct {
	sppm    sppmFlags
	spec    rng.Spec
	photons int64
}

func newReferenceCmd() *cobra.Command {
	var o referenceOptions
	c := &cobra.Command{
		Use:   "reference [--scene S] [--size WxH] [--photons N] [flags]",
		Short: "render a long reference image of a scene",
		Long: `Render a long reference image of a scene and store its linear radiance as
` + study.ReferenceDir + `/SCENE-WxH.pfm, which render and capture measure RMSE
against at that size (or at a size 2 to 8 times smaller, averaged down), and
SCENE-WxH.json beside it: the scene's content hash, the size, the photons
traced and the generator. A reference is used only for a scene of that
content: a same-named scene with other content gets no RMSE and a line saying
why. A scene with an exact image (plane) needs none.`,
		Example: `  speckle reference --scene cornell --photons 1e9
  speckle reference --scene cornell --size 1280x720 --gen sobol`,
		Args: noArgs,
		RunE: func(c *cobra.Command, _ []string) error { return o.run(c) },
	}
	specFlag(c, &o.spec, "gen", rng.Spec{Gen: rng.Philox}, "generator for the reference")
	photonsFlag(c.Flags(), &o.photons, 1e9)
	o.sppm.addTo(c, study.ReferenceSize)
	return c
}

func (o *referenceOptions) run(c *cobra.Command) error {
	setup, err := o.sppm.setup([]rng.Spec{o.spec})
	if err != nil {
		return err
	}
	ref := study.Reference{Setup: setup, Spec: o.spec, Total: o.photons}
	if err := ref.Check(); err != nil {
		return inputOrRun(err)
	}
	path, _ := ref.Path()
	if err := checkPaths(input("--scene", sceneFile(o.sppm.scene)), output("the reference", path)); err != nil {
		return err
	}
	if err := prepareFile(path, true); err != nil {
		return err
	}
	if err := prepareFile(render.SidecarPath(path), true); err != nil {
		return err
	}
	b := &bar{c: c, label: "reference " + setup.Scene.Name, unit: "k photons", scale: 1000}
	ref.Progress = b.report
	var emitted int64
	if err := b.run(&o.sppm.gl, func(ctx *gpu.Context) (err error) { emitted, err = ref.Run(ctx); return err }); err != nil {
		return err
	}
	fmt.Fprintf(c.OutOrStdout(), "%s: %s with %s, %d photons\n", path, setup.Scene.Name, o.spec.With(setup.Options).Label(), emitted)
	return nil
}
