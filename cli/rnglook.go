package cli

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"speckle/gpu"
	"speckle/imageio"
	"speckle/render/study"
)

// lookOptions are rng look's flags.
type lookOptions struct {
	look         study.Look
	zoom, device string
	decision     string
	out          string
	gl           glFlags
	common       *genOptionFlags
}

func newRngLookCmd() *cobra.Command {
	var o lookOptions
	c := &cobra.Command{
		Use:   "look [--gens SPEC,...] [--view pairs|streams|bitplanes] [--out FILE.png] [flags]",
		Short: "see a generator's own numbers: successive pairs, neighbouring streams, bitplanes",
		Long: `Draw what each generator's numbers look like, side by side, from the exact
streams the renderer draws (the GPU port, or --device cpu for the Go
reference, the same bytes): pairs plots successive values (x_i, x_i+1) of one
stream; photons plots the 2-D samples the photon pass takes for one
--decision (light position or emission direction) in its first iteration of
--points photons (Sobol: points 0..N-1); spectrum their power spectrum
(periodogram, DC in the centre, log scale: white noise mid grey, with the
mean power of the lowest frequencies in the label); streams plots value i of stream t against value i of stream t+1, what
two neighbouring photons draw; bitplanes shows bit --bit of consecutive values
(across) of consecutive streams (down). --zoom X,Y,SIDE shows a small square of
the unit square, where lattices and planes of LCGs show; each label says how
many points fell in it.`,
		Example: `  speckle rng look --gens rand48,lehmer,ca,philox --view streams --out screenshots/lab-streams.png
  speckle rng look --gens lehmer,philox --view pairs --zoom 0.5,0.5,0.001 --points 4000000
  speckle rng look --gens rand48,ranlux:lux=0 --view bitplanes --bit 0
  speckle rng look --gens lehmer,sobol,philox --view photons --points 65536 --decision direction
  speckle rng look --gens lehmer,sobol,philox --view spectrum --points 4096`,
		Args: noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			o.look.Options = o.common.set()
			return o.run(c)
		},
	}
	fs := c.Flags()
	specsFlag(c, &o.look.Specs, "gens", mustSpecs("rand48,lehmer,ca,philox"), "generators")
	seedFlag(fs, &o.look.Seed)
	fs.StringVar(&o.look.View, "view", study.ViewPairs, strings.Join(study.LookViews, ", "))
	wholeFlag(fs, &o.look.Size, "size", 512, 16, study.MaxLookSize, "each picture's side in pixels (bitplanes: values across and streams down)")
	wholeFlag(fs, &o.look.Points, "points", 1<<20, 1, study.MaxLookPoints, "points of pairs and streams")
	wholeFlag(fs, &o.look.Bit, "bit", 0, 0, 31, "bitplanes: which bit of the native integer, 0 the lowest")
	wholeFlag(fs, &o.look.Stream, "stream", 0, 0, 1<<20-1, "pairs: which stream")
	fs.StringVar(&o.zoom, "zoom", "0,0,1", "X,Y,SIDE: the square of the unit square to show")
	fs.StringVar(&o.decision, "decision", "light", "photons: light (position, draws 0 and 1) or direction (emission, draws 2 and 3)")
	fs.StringVar(&o.device, "device", "gpu", "gpu (GLSL port) or cpu (Go reference)")
	fs.StringVar(&o.out, "out", "screenshots/rng-look.png", "PNG to write")
	o.gl.addTo(fs)
	o.common = addGenOptions(fs)
	return c
}

func (o *lookOptions) run(c *cobra.Command) error {
	parts := strings.Split(o.zoom, ",")
	if len(parts) != 3 {
		return usagef("--zoom must be X,Y,SIDE (got %q)", o.zoom)
	}
	for i, p := range parts {
		v, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil {
			return usagef("--zoom must be three numbers X,Y,SIDE (got %q)", o.zoom)
		}
		o.look.Zoom[i] = v
	}
	d, ok := study.PhotonDecisions[o.decision]
	if !ok {
		return usagef("--decision must be light or direction (got %q)", o.decision)
	}
	o.look.Decision = d
	if o.device != "gpu" && o.device != "cpu" {
		return usagef("--device must be gpu or cpu (got %q)", o.device)
	}
	o.look.OnGPU = o.device == "gpu" && o.look.View != study.ViewPhotons && o.look.View != study.ViewSpectrum // the photon samples: the Go reference
	if err := checkGenOptions(o.look.Options, o.look.Specs); err != nil {
		return err
	}
	if err := o.look.Check(); err != nil {
		return inputOrRun(err)
	}
	if err := prepareFile(o.out, true); err != nil {
		return err
	}
	var looked []study.Looked
	draw := func(ctx *gpu.Context) (err error) {
		looked, err = o.look.Run(ctx)
		return err
	}
	var err error
	if o.look.OnGPU {
		err = (&bar{c: c}).run(&o.gl, draw)
	} else {
		err = inputOrRun(draw(nil))
	}
	if err != nil {
		return err
	}
	if err := imageio.WritePNG(o.out, o.look.Montage(looked)); err != nil {
		return err
	}
	for _, lk := range looked {
		fmt.Fprintf(c.OutOrStdout(), "%s: %s, %d of %d points in view\n", o.out, lk.Spec.Label(), lk.Shown, lk.Points)
	}
	return nil
}
