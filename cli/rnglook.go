package cli

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"speckle/gpu"
	"speckle/imageio"
	"speckle/internal/suggest"
	"speckle/rng"
	"speckle/study/look"
)

// lookOptions are rng look's flags.
type lookOptions struct {
	look         look.Look
	zoom, device string
	rotate       string
	decision     string
	out, csv     string
	order        string
	renderer     rendererFlags
	gl           glFlags
	common       *genOptionFlags
}

func newRngLookCmd() *cobra.Command {
	var o lookOptions
	c := &cobra.Command{
		Use:   "look [--gens SPEC,...] [--view " + strings.Join(look.ViewNames(), "|") + "] [--out FILE.png] [flags]",
		Short: "see a generator's own numbers: successive pairs and triples, neighbouring streams, bitplanes, photon samples and their spectrum",
		Long: `Draw what each generator's numbers look like, side by side, from the exact
streams the renderer draws (the GPU port, or --device cpu for the Go
reference, the same bytes): pairs plots successive values (x_i, x_i+1) of one
stream; triples (x_i, x_i+1, x_i+2) as a point cloud in the unit cube, turned
by --rotate YAW,PITCH degrees (0,0 looks along x_i+2) and drawn with the
cube's edges: an LCG's planes show as lines when it is turned to look along
them; photons plots the 2-D samples the photon pass takes for one
--decision (light position, emission direction or first bounce) in its first iteration of
--points photons (Sobol: points 0..N-1); spectrum their power spectrum
(periodogram, DC in the centre, log scale: white noise mid grey, with the
mean power of the lowest frequencies in the label) and under it its radial
average as pbrt-v4's pspec takes it (--csv writes it for tools); streams plots value i of stream t against value i of stream t+1, what
two neighbouring photons draw; bitplanes shows bit --bit of consecutive values
(across) of consecutive streams (down). --zoom X,Y,SIDE shows a small square of
the unit square (triples: X,Y,Z,SIDE a small cube), where lattices and planes
of LCGs show; each label says how many points fell in it. --scan N is the
deep zoom of pairs and triples: about N values are drawn from many streams
(up to 65,536 of them, each continuing its successive values) on the GPU,
and only the tuples inside the zoom are kept, at most --points of them; the
label says how many were drawn, how many fell in the box and how many values
were scanned (1e9 and more on a big GPU; a square of side 0.001 holds a
millionth of them). --lag L makes pairs (x_i, x_i+L) and triples
(x_i, x_i+L, x_i+2L).

--order renderer (the default of pairs and triples, where it shows
rand48's lines and planes beside philox's noise) reads every view's numbers
exactly as a pass of the renderer draws them (as rng test and rng dump --order renderer do): the
generator laid out for a render (--scene, --pass, --render-size,
--photons-per-iteration, default 2^20, --draws-per-photon) and stream s
replaced by slot s's draws through the render, photon after photon, as the
renderer's floats (their 24 fraction bits): pairs and triples take one slot
(--stream), streams neighbouring slots, bitplanes slots down, photons and
spectrum the photon pass's first iteration of that layout. The deep zoom
(--scan) is not in this order.

Views (--view):
` + look.ViewHelp(),
		Example: `  speckle rng look --gens rand48,lehmer,ca,philox --view streams --out screenshots/lab-streams.png
  speckle rng look --gens lehmer,philox --view pairs --zoom 0.5,0.5,0.001 --points 4000000
  speckle rng look --gens lehmer,rand48 --view pairs --zoom 0.5,0.5,0.001 --scan 1e9 --points 100000
  speckle rng look --gens lehmer,rand48,philox --view triples --rotate 30,20 --points 200000
  speckle rng look --gens rand48,ranlux:lux=0 --view bitplanes --bit 0
  speckle rng look --gens lehmer,sobol,philox --view photons --points 65536 --decision direction
  speckle rng look --gens lehmer,sobol,philox --view spectrum --points 4096 --csv radial.csv
  speckle rng look --order renderer --gens rand48,philox --view pairs --lag 2 --photons-per-iteration 2^20`,
		Args: noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			o.viewDefaults(c)
			return o.run(c)
		},
	}
	o.addFlags(c)
	return c
}

// addFlags are rng look's flags; the views' words come from look.Views.
func (o *lookOptions) addFlags(c *cobra.Command) {
	fs := c.Flags()
	specsFlag(c, &o.look.Specs, "gens", mustSpecs("rand48,lehmer,ca,philox"), "generators")
	seedFlag(fs, &o.look.Seed)
	fs.StringVar(&o.look.View, "view", look.DefaultView(), strings.Join(look.ViewNames(), ", "))
	wholeFlag(fs, &o.look.Size, "size", 512, 16, look.MaxLookSize, "each picture's side in pixels (bitplanes: values across and streams down)")
	wholeFlag(fs, &o.look.Points, "points", look.DefaultLookPoints(look.DefaultView()), 1, look.MaxLookPoints,
		"points of each view (with --scan: the most kept)"+ownPoints())
	wholeFlag(fs, &o.look.Bit, "bit", 0, 0, 31, look.ViewsTaking(look.OptBit)+": which bit of the native integer, 0 the lowest")
	wholeFlag(fs, &o.look.Stream, "stream", 0, 0, 1<<20-1, look.ViewsTaking(look.OptStream)+": which stream (renderer order: which slot)")
	fs.StringVar(&o.zoom, "zoom", "0,0,1", "X,Y,SIDE: the square of the unit square to show ("+look.ViewsTaking(look.OptCube)+": X,Y,Z,SIDE, a cube)")
	fs.StringVar(&o.rotate, "rotate", "30,20", look.ViewsTaking(look.OptRotate)+": YAW,PITCH in degrees, the turn of the cube (0,0 looks along x_i+2)")
	fs.Var(countValue{n: &o.look.Scan}, "scan", look.ViewsTaking(look.OptScan)+": deep zoom, scan about this many values (like 1e9) for tuples in the zoom; 0: off")
	fs.StringVar(&o.decision, "decision", "light", "photons: light (position, draws 0 and 1), direction (emission, draws 2 and 3) or bounce (the first bounce's scattering direction, draws 5 and 6, after its roulette draw 4)")
	wholeFlag(fs, &o.look.Lag, "lag", 1, 1, look.MaxLookLag, look.ViewsTaking(look.OptLag)+": the step L, pairs (x_i, x_i+L), triples (x_i, x_i+L, x_i+2L)")
	fs.StringVar(&o.order, "order", "", "stream (the dump's streams) or renderer (a render pass's slots, as the renderer draws them); default: renderer for "+
		look.ViewsWhere(func(v *look.View) bool { return v.RendererOrder })+" (where rand48's structure shows), stream for the other views and with --zoom, --scan or --points")
	o.renderer.sizeName = "render-size"
	o.renderer.addTo(fs, false)
	fs.StringVar(&o.device, "device", "gpu", "gpu (GLSL port), cpu (Go reference) or N: the GLSL port on EGL device N (speckle gpu lists them)")
	fs.StringVar(&o.out, "out", "screenshots/rng-look.png", "PNG to write")
	fs.StringVar(&o.csv, "csv", "", look.ViewsWhere(func(v *look.View) bool { return v.CSV != nil })+": also write the radial averages to this CSV (generator,frequency,power)")
	o.gl.addTo(fs)
	o.common = addGenOptions(fs)
}

// viewDefaults sets what a view's defaults decide where the flags were
// not given: the points, and the order in which rand48's structure shows.
func (o *lookOptions) viewDefaults(c *cobra.Command) {
	f := c.Flags()
	if !f.Changed("points") {
		o.look.Points = look.DefaultLookPoints(o.look.View)
	}
	if !f.Changed("order") {
		o.order = look.DefaultLookOrder(o.look.View, f.Changed("zoom") || f.Changed("scan") || f.Changed("points"))
	}
}

// setOrder reads --order and, for the renderer order, its flags; a render
// needs no device to be laid out, so photons per iteration default to a
// GPU render's 2^20.
func (o *lookOptions) setOrder(c *cobra.Command) error {
	switch o.order {
	case "stream":
		return o.renderer.refuseUnused(c)
	case "renderer":
		r, err := o.renderer.resolve()
		if err == nil && r.Photons == 0 {
			r.Photons = 1 << 20
		}
		o.look.Renderer = r
		return err
	}
	return usagef("--order must be stream or renderer %s", suggest.Got(o.order, []string{"stream", "renderer"}))
}

func (o *lookOptions) run(c *cobra.Command) (err error) {
	if o.look.Specs, err = o.common.fold(c, "gens", o.look.Specs); err != nil {
		return err
	}
	if err := o.setOrder(c); err != nil {
		return err
	}
	if err := o.readZoomAndTurn(); err != nil {
		return err
	}
	view := o.look.ViewDef()
	if o.csv != "" && view.CSV == nil {
		return usagef("%s", look.CSVRefusal())
	}
	d, ok := look.PhotonDecisions[o.decision]
	if !ok {
		return usagef("--decision must be light, direction or bounce %s", suggest.Got(o.decision, []string{"light", "direction", "bounce"}))
	}
	o.look.Decision = d
	if err := gpuOrCPU(&o.device, &o.gl); err != nil {
		return err
	}
	o.look.OnGPU = o.device == "gpu" && !view.Photons // the photon samples: the Go reference
	if err := o.look.Check(); err != nil {
		return inputOrRun(err)
	}
	for _, sp := range o.look.Specs {
		if err := o.checkSpecs(c, []rng.Spec{sp}); err != nil {
			return err
		}
	}
	paths := []pathArg{output("--out", o.out), output("--csv", o.csv)}
	if o.look.Renderer != nil {
		paths = append(paths, input("--scene", sceneFile(o.look.Renderer.Scene)))
	}
	if err := checkPaths(paths...); err != nil {
		return err
	}
	// Only the default path's folder is made (screenshots/), as every command does.
	if err := prepareFile(o.out, !c.Flags().Changed("out")); err != nil {
		return err
	}
	if o.csv != "" {
		if err := prepareFile(o.csv, false); err != nil {
			return err
		}
	}
	var looked []look.Looked
	draw := func(ctx *gpu.Context) (err error) {
		looked, err = o.look.Run(ctx)
		return err
	}
	if o.look.OnGPU {
		err = o.gl.run((&bar{c: c}).track(draw))
	} else {
		err = inputOrRun(draw(nil))
	}
	if err != nil {
		return err
	}
	if err := imageio.WritePNG(o.out, o.look.Figure(looked)); err != nil {
		return err
	}
	for _, lk := range looked {
		if o.look.Scan > 0 {
			fmt.Fprintf(c.OutOrStdout(), "%s: %s, %d points drawn, %d in the box, of %d values scanned\n", imageio.Printable(o.out), lk.Spec.Label(), lk.Shown, lk.InBox, lk.Scanned)
		} else {
			fmt.Fprintf(c.OutOrStdout(), "%s: %s, %d of %d points in view\n", imageio.Printable(o.out), lk.Spec.Label(), lk.Shown, lk.Points)
		}
	}
	if o.csv != "" {
		if err := view.CSV(o.csv, looked); err != nil {
			return err
		}
		fmt.Fprintf(c.OutOrStdout(), "wrote %s\n", imageio.Printable(o.csv))
	}
	return nil
}

// readZoomAndTurn reads --zoom (a square, or a cube for triples) and --rotate.
func (o *lookOptions) readZoomAndTurn() error {
	zoom, err := numbers("--zoom", o.zoom, 3, 4)
	if err != nil {
		return err
	}
	if len(zoom) == 4 && !o.look.ViewDef().Takes(look.OptCube) {
		return usagef("%s", look.CubeRefusal(o.look.View))
	}
	if len(zoom) == 4 {
		o.look.Zoom, o.look.ZoomZ = [3]float64{zoom[0], zoom[1], zoom[3]}, zoom[2]
	} else {
		o.look.Zoom = [3]float64(zoom)
	}
	rotate, err := numbers("--rotate", o.rotate, 2, 2)
	if err != nil {
		return err
	}
	o.look.Rotate = [2]float64(rotate)
	return nil
}

// ownPoints names the views whose default --points is not the others'
// ("; spectrum's default is 4096").
func ownPoints() string {
	s := ""
	for _, v := range look.Views {
		if v.DefaultPoints() != look.DefaultLookPoints(look.DefaultView()) {
			s += fmt.Sprintf("; %s's default is %d", v.Name, v.DefaultPoints())
		}
	}
	return s
}

// numbers reads a flag's comma-separated numbers, lo..hi of them.
func numbers(flag, value string, lo, hi int) ([]float64, error) {
	parts := strings.Split(value, ",")
	want := fmt.Sprintf("%d", lo)
	if hi > lo {
		want = fmt.Sprintf("%d or %d", lo, hi)
	}
	if len(parts) < lo || len(parts) > hi {
		return nil, usagef("%s must be %s numbers separated by commas (got %q)", flag, want, value)
	}
	out := make([]float64, len(parts))
	for i, p := range parts {
		v, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil {
			return nil, usagef("%s must be %s numbers separated by commas (got %q)", flag, want, value)
		}
		out[i] = v
	}
	return out, nil
}
