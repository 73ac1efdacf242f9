package cli

import (
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"speckle/gpu"
	"speckle/imageio"
	"speckle/internal/units"
	"speckle/render/study"
	"speckle/rng"
)

// captureOptions are capture's flags.
type captureOptions struct {
	sppm  sppmFlags
	specs []rng.Spec
	at    []int64 // nil: auto
	out   string
}

func newCaptureCmd() *cobra.Command {
	var o captureOptions
	c := &cobra.Command{
		Use:   "capture [--scene S] [--gens SPEC,SPEC,...] [--at N,N,...] [--out DIR] [flags]",
		Short: "render with several generators at several photon counts: images, montage, CSV, plot",
		Long: `Render a scene once per generator, progressively, and take an image at each of
the --at photon counts (exactly those: a shorter iteration ends at a count that
is no multiple of the iteration size). Into --out go LABEL-COUNT.png per
generator and count (LABEL is the generator spec's file name: lehmer-slm,
philox-seed3), montage.png, convergence.csv (scene, generator, photons, RMSE,
seconds) and, where the scene has an exact image or a stored reference at this
size (speckle reference), convergence.png: RMSE against photons, log-log. The
set replaces the folder's earlier one whole, and only when it is complete.`,
		Example: `  speckle capture --scene cornell --gens rand48,lehmer,philox --at 1e5,1e6
  speckle capture --gens lehmer:lehmer-seeding=slm,lehmer --at auto --out screenshots/lehmer
  speckle capture --scene plane --gens philox:seed=3,philox --size 320x180`,
		Args: noArgs,
		RunE: func(c *cobra.Command, _ []string) error { return o.run(c) },
	}
	specsFlag(c, &o.specs, "gens", mustSpecs("rand48,lehmer,ranlux,sobol,ca,philox"), "generators")
	o.at = []int64{1e5, 1e6, 1e7}
	c.Flags().Var(stopsValue{&o.at}, "at", "photon counts to capture, comma-separated, or auto: 1e5,1e6 on a CPU rasteriser, 1e6,1e7,1e8 on a GPU")
	c.Flags().StringVar(&o.out, "out", "", "output directory (default screenshots/<scene>)")
	o.sppm.addTo(c, study.ReferenceSize)
	return c
}

func (o *captureOptions) run(c *cobra.Command) error {
	setup, err := o.sppm.setup(o.specs)
	if err != nil {
		return err
	}
	capture := study.Capture{Setup: setup, Specs: o.specs, At: o.at,
		Warn: func(s string) { fmt.Fprintln(c.ErrOrStderr(), "speckle capture: "+s) }}
	if err := capture.Check(); err != nil {
		return inputOrRun(err)
	}
	if o.out == "" {
		o.out = "screenshots/" + setup.Scene.Name
	}
	if capture.Set, err = prepareBatch(o.out); err != nil {
		return err
	}
	defer capture.Set.Discard() // after Commit: nothing left to discard
	b := &bar{c: c, label: "capture " + setup.Scene.Name, unit: "k photons", scale: 1000}
	capture.Progress = b.report
	var res study.Captured
	if err := b.run(&o.sppm.gl, func(ctx *gpu.Context) (err error) { res, err = capture.Run(ctx); return err }); err != nil {
		return err
	}
	fmt.Fprintf(c.OutOrStdout(), "%s: %d images, montage.png, convergence.csv", imageio.Printable(o.out), res.Images)
	if res.Plot {
		fmt.Fprint(c.OutOrStdout(), ", convergence.png")
	}
	fmt.Fprintln(c.OutOrStdout())
	return nil
}

// stopsValue is --at: photon counts, comma-separated, kept sorted and
// without repeats; or auto (nil), which the device decides.
type stopsValue struct{ at *[]int64 }

func (v stopsValue) Type() string { return "counts|auto" }
func (v stopsValue) String() string {
	if *v.at == nil {
		return "auto"
	}
	s := make([]string, len(*v.at))
	for i, n := range *v.at {
		s[i] = units.FormatCount(n)
	}
	return strings.Join(s, ",")
}
func (v stopsValue) Set(s string) error {
	if strings.TrimSpace(s) == "auto" {
		*v.at = nil
		return nil
	}
	var at []int64
	for _, f := range strings.Split(s, ",") {
		n, err := units.ParseCount(f)
		if err != nil {
			return err
		}
		at = append(at, n)
	}
	slices.Sort(at)
	*v.at = slices.Compact(at)
	return nil
}
