package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"speckle/gpu"
	"speckle/internal/units"
	"speckle/render"
	"speckle/rng"
	"speckle/study"
	"speckle/study/reference"
)

// referenceOptions are reference's flags.
type referenceOptions struct {
	sppm    sppmFlags
	spec    rng.Spec
	photons int64
	out     string
	force   bool
}

func newReferenceCmd() *cobra.Command {
	var o referenceOptions
	c := &cobra.Command{
		Use:   "reference [--scene S] [--size WxH] [--photons N] [flags]",
		Short: "render a long reference image of a scene",
		Long: `Render a long reference image of a scene and store its linear radiance as
assets/reference/SCENE-WxH.pfm (or in --references DIR, $SPECKLE_REFERENCES), which render and capture measure RMSE
against at that size (or at a size 2 to 8 times smaller, averaged down), and
SCENE-WxH.json beside it: the scene's content hash, the size, the photons
traced and the generator. A reference is used only for a scene of that
content: a same-named scene with other content gets no RMSE and a line saying
why. A scene with an exact image (plane) needs none. A reference made from
more photons than --photons (or one with no sidecar to say) is not replaced
without --force; --out writes elsewhere.

A reference needs at least ` + units.FormatCount(render.MinReferencePhotons) + ` photons: fewer is refused here, and a
stored one of fewer (or of an unknown count) is refused wherever RMSE would
use it, unless --` + render.AllowWeakFlag + `. Every use names the reference
with its count: "reference: 1e10 photons, assets/reference/cornell-640x360.pfm".`,
		Example: `  speckle reference --scene cornell --photons 1e9
  speckle reference --scene cornell --size 1280x720 --gen sobol`,
		Args: noArgs,
		RunE: func(c *cobra.Command, _ []string) error { return o.run(c) },
	}
	specFlag(c, &o.spec, "gen", rng.Spec{Gen: rng.Philox}, "generator for the reference")
	photonsFlag(c.Flags(), &o.photons, 1e9)
	c.Flags().StringVar(&o.out, "out", "", "write the reference (a .pfm, its .json sidecar beside it) here instead of assets/reference (or --references)")
	c.Flags().BoolVar(&o.force, "force", false, "replace a reference made from more photons than --photons, or of an unknown count")
	o.sppm.addTo(c, study.ReferenceSize)
	return c
}

func (o *referenceOptions) run(c *cobra.Command) error {
	setup, specs, err := o.sppm.setup(c, "gen", []rng.Spec{o.spec})
	if err != nil {
		return err
	}
	o.spec = specs[0]
	ref := reference.Reference{Setup: setup, Spec: o.spec, Total: o.photons, Out: o.out, Force: o.force}
	path, err := ref.Path()
	if err != nil {
		return inputOrRun(err)
	}
	// First that no path names another (--scene the reference itself), then
	// what Check says of the reference there.
	sidecar := render.SidecarPath(path)
	if err := checkPaths(input("--scene", sceneFile(o.sppm.scene)), output("the reference", path), derived("its sidecar", sidecar, render.IsReferenceMeta)); err != nil {
		return err
	}
	if err := ref.Check(); err != nil {
		return inputOrRun(err)
	}
	if w := ref.Warning(); w != "" {
		fmt.Fprintln(c.ErrOrStderr(), "speckle reference: warning: "+w)
	}
	mkdir := o.out == "" && render.UserReferenceDir() == "" // only the default folder is made
	if err := prepareFile(path, mkdir); err != nil {
		return err
	}
	if err := prepareFile(sidecar, mkdir); err != nil {
		return err
	}
	b := &bar{c: c, label: "reference " + setup.Scene.Name, unit: "k photons", scale: 1000}
	ref.Progress = b.report
	var emitted int64
	if err := o.sppm.gl.run(b.track(func(ctx *gpu.Context) (err error) { emitted, err = ref.Run(ctx); return err })); err != nil {
		return err
	}
	fmt.Fprintf(c.OutOrStdout(), "%s: %s with %s, %d photons\n", path, setup.Scene.Name, o.spec.Label(), emitted)
	return nil
}
