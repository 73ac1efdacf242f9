package cli

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"speckle/gpu"
	"speckle/imageio"
	"speckle/internal/numcheck"
	"speckle/internal/suggest"
	"speckle/internal/units"
	"speckle/render"
	"speckle/rng"
	"speckle/scenes/flow"
	"speckle/study/streamlines"
)

// streamlinesOptions are the streamlines command's flags; study takes the
// ones that need no translating.
type streamlinesOptions struct {
	study             streamlines.Streamlines
	field             string
	gen               rng.Spec
	jitter, step      float64
	jitters           string
	size              string
	mapName, colormap string
	scale, out        string
	shared, bench     bool
	breakdown         bool
	benchTime         time.Duration
	gl                glFlags
	common            *genOptionFlags
	jitterGiven       bool
}

func newStreamlinesCmd() *cobra.Command {
	var o streamlinesOptions
	c := &cobra.Command{
		Use:   "streamlines [flags]",
		Short: "jittered streamlines over a flow field with any generator",
		Long: `Jittered streamlines (slm's compute_step_vec_jittered) from every pixel of
the image, density^2 per pixel, with any generator driving the jitter (slm
itself: --gen lehmer:lehmer-seeding=slm).

One generator and jitter: one PNG (--out). Several (--gens and/or --jitters):
a directory with one PNG per generator and jitter, montage.png (rows:
generators, columns: jitters, one colour scale; one row of generators for a
single jitter) and stats.csv (a row per cell; rms_log_diff is the RMS
difference of log(1 + value) from the first generator at the same jitter).

--bench: streamline steps per second at 2048x2048, density 3 (unless --size
or --density say otherwise), for each generator and jitter; --breakdown adds
the GPU time per step of the density map's atomics, the generator, and the
field's look-ups with the step's arithmetic (what leaving each out saves).

Height-field files: "W H" (nodes), then W*H heights row by row from the top,
whitespace-separated, # starts a comment (assets/volcano.txt is one); or
JSON {"width":W,"height":H,"values":[...]}.`,
		Example: `  speckle streamlines --field dem --gen lehmer:lehmer-seeding=slm --out slm.png
  speckle streamlines --field gyre --gens philox,philox:seed=2,ca:ca-preset=linear --jitters 0,0.5,1
  speckle streamlines --field assets/volcano.txt --map length --colormap viridis
  speckle streamlines --bench --gens all --bench-time 2s`,
		Args: noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			o.jitterGiven = c.Flags().Changed("jitter")
			if c.Flags().Changed("gen") && c.Flags().Changed("gens") {
				return usagef("--gen and --gens cannot be used together")
			}
			return o.run(c)
		},
	}
	o.addFlags(c)
	return c
}

func (o *streamlinesOptions) addFlags(c *cobra.Command) {
	fs := c.Flags()
	s := &o.study
	fs.StringVar(&o.field, "field", "dem", "flow field: dem (Maunga Whau), gyre (double gyre), cylinder (flow past a cylinder) or a height-field file")
	specFlag(c, &o.gen, "gen", rng.Spec{Gen: rng.Lehmer}, "generator driving the jitter")
	specsFlag(c, &s.Specs, "gens", nil, "several generators: a montage (or a bench of each)")
	numberFlag(fs, &o.jitter, "jitter", 1, flow.JitterRange, "jitter magnitude: the random vector in [-0.5,0.5]^2 times this is added to the unit flow vector")
	fs.StringVar(&o.jitters, "jitters", "", "several jitter magnitudes, comma-separated: montage columns")
	wholeFlag(fs, &s.Params.Density, "density", 3, 1, flow.MaxDensity, "seed points per pixel side: density^2 streamlines per pixel")
	fs.Float64Var(&o.step, "step", 0.5, "integration step in pixels")
	wholeFlag(fs, &s.Params.MaxSteps, "max-steps", 0, 0, flow.MaxMaxSteps, "steps before a streamline stops (0: enough to cross the image once)")
	fs.StringVar(&o.size, "size", "auto", "image size WIDTHxHEIGHT (auto: 480 wide at the field's aspect; 2048x2048 with --bench)")
	seedFlag(fs, &s.Seed)
	fs.BoolVar(&o.shared, "shared-streams", true, "true: every sub-pixel streamline of a pixel restarts the pixel's stream (slm); false: a stream per streamline")
	fs.StringVar(&o.mapName, "map", "density", "density (visits per pixel, log scale) or length (mean streamline length per seed pixel)")
	fs.StringVar(&o.colormap, "colormap", "", "viridis or inferno (default: inferno for density, viridis for length)")
	fs.StringVar(&o.scale, "scale", "auto", "colour scale: log (log(1+v)/log(1+max)), linear, or auto (log for density, linear for length)")
	fs.StringVar(&o.out, "out", "", "PNG to write (default screenshots/<field>-<gen>.png); a directory for a montage (default screenshots/streamlines-<field>)")
	fs.BoolVar(&o.bench, "bench", false, "measure streamline steps per second instead of writing pictures")
	fs.DurationVar(&o.benchTime, "bench-time", time.Second, "--bench: time to measure each generator for, after a 0.25 s warm-up")
	fs.BoolVar(&o.breakdown, "breakdown", false, "--bench: also time the trace without its density-map atomics and with a hash for jitter, and print GPU ps per step of each part")
	o.gl.addTo(fs)
	o.common = addGenOptions(fs)
}

// fill turns the flags into the study's options, checking what the study cannot.
func (o *streamlinesOptions) fill(c *cobra.Command) error {
	s := &o.study
	flag := "gens"
	if len(s.Specs) == 0 {
		s.Specs, flag = []rng.Spec{o.gen}, "gen"
	}
	var err error
	if s.Specs, err = o.common.fold(c, flag, s.Specs); err != nil {
		return err
	}
	s.Jitters = []float64{o.jitter}
	if o.jitters != "" {
		if o.jitterGiven {
			return usagef("--jitter and --jitters cannot be used together")
		}
		var err error
		if s.Jitters, err = parseJitters(o.jitters); err != nil {
			return err
		}
	}
	if f := float32(o.step); o.step > 0 && (f == 0 || math.IsInf(float64(f), 0)) {
		return usagef("--step %v is beyond a float32 (about 1e-45..3e38 pixels)", o.step)
	}
	s.Params.Step = float32(o.step)
	s.Params.IndependentStreams = !o.shared
	if s.Map, err = render.ParseStreamlineMap(o.mapName); err != nil {
		return usageError{err.Error()}
	}
	if err := o.fillDisplay(); err != nil {
		return err
	}
	if s.Field, err = flow.Open(o.field); err != nil {
		return usageError{err.Error()}
	}
	return o.fillSize()
}

func (o *streamlinesOptions) fillDisplay() error {
	if o.colormap != "" {
		if _, err := imageio.LookupColormap(o.colormap); err != nil {
			return usagef("--colormap: %v", err)
		}
	}
	o.study.Display.Colormap = o.colormap
	switch o.scale {
	case "auto":
	case "log":
		o.study.Display.Scaling = render.ScaleLog
	case "linear":
		o.study.Display.Scaling = render.ScaleLinear
	default:
		return usagef("--scale must be auto, log or linear %s", suggest.Got(o.scale, []string{"auto", "log", "linear"}))
	}
	return nil
}

func (o *streamlinesOptions) fillSize() error {
	s := &o.study
	var err error
	switch {
	case o.size != "auto":
		if s.Width, s.Height, err = units.ParseSize(o.size, 1, 16384); err != nil {
			err = usagef("--size %v", err)
		}
	case o.bench:
		s.Width, s.Height = 2048, 2048
	default:
		s.Width = 480
		s.Height = max(1, int(float64(s.Width)/s.Field.Aspect()+0.5))
	}
	return err
}

// parseJitters reads a comma-separated list of jitter magnitudes.
func parseJitters(s string) ([]float64, error) {
	var out []float64
	for _, f := range strings.Split(s, ",") {
		v, err := numcheck.ParseFloat(f)
		if err != nil {
			return nil, usagef("--jitters must be numbers, comma-separated, like 0,0.5,1 (got %q)", f)
		}
		if err := flow.JitterRange.Check(v); err != nil {
			return nil, usagef("--jitters: each %v", err)
		}
		out = append(out, v)
	}
	return out, nil
}

func (o *streamlinesOptions) run(c *cobra.Command) error {
	if err := o.fill(c); err != nil {
		return err
	}
	if o.bench {
		return o.runBench(c)
	}
	if o.breakdown {
		return usagef("--breakdown is a part of --bench")
	}
	if err := inputOrRun(o.study.Check()); err != nil {
		return err
	}
	s := &o.study // degenerate streams warned about, and refused, as a render's are
	if _, err := degenerate(c, s.Specs, s.Params.Streams(s.Width, s.Height), s.Seed); err != nil {
		return err
	}
	mkdir := o.out == ""
	if mkdir {
		var err error
		if o.out, err = o.study.DefaultOut(); err != nil {
			return inputOrRun(err)
		}
	}
	if o.study.IsMontage() {
		return o.runMontage(c, mkdir)
	}
	if err := checkPaths(input("--field", fieldFile(o.field)), output("--out", o.out)); err != nil {
		return err
	}
	if err := prepareFile(o.out, mkdir); err != nil {
		return err
	}
	progress := &bar{c: c, label: "streamlines " + s.Field.Name() + " " + s.Label(s.Specs[0]), unit: "streamlines", scale: 1}
	s.Progress = progress.report
	var t streamlines.Traced
	err := o.gl.run(progress.track(func(ctx *gpu.Context) (err error) {
		t, err = s.WritePicture(ctx, o.out)
		return err
	}))
	if err != nil {
		return err
	}
	fmt.Fprintf(c.OutOrStdout(), "%s: %s map, %s with %s, %s\n", imageio.Printable(o.out), s.Map, imageio.Printable(s.Field.Name()), t.Label, t)
	return nil
}

func (o *streamlinesOptions) runMontage(c *cobra.Command, defaultOut bool) error {
	if err := checkSet(defaultOut, o.out, input("--field", fieldFile(o.field))); err != nil {
		return err
	}
	batch, err := prepareBatch(o.out, "streamlines")
	if err != nil {
		return err
	}
	defer batch.Discard() // after Commit: nothing left to discard
	s := &o.study
	progress := &bar{c: c, label: "streamlines " + s.Field.Name(), unit: "streamlines", scale: 1}
	s.Progress = progress.report
	var m streamlines.Montaged
	err = o.gl.run(progress.track(func(ctx *gpu.Context) (err error) {
		m, err = s.WriteMontage(ctx, batch)
		return err
	}))
	if err != nil {
		return err
	}
	if err := batch.Commit(); err != nil {
		return err
	}
	fmt.Fprintf(c.OutOrStdout(), "%s: %d images, montage.png, stats.csv (%s map, one scale: 0..%.4g)\n", imageio.Printable(o.out), m.Images, s.Map, m.Max)
	return nil
}

// runBench writes a line per case instead of a progress bar.
func (o *streamlinesOptions) runBench(c *cobra.Command) error {
	if o.out != "" {
		return usagef("--bench writes no pictures: leave out --out")
	}
	b := streamlines.StreamlineBench{Streamlines: o.study, Time: o.benchTime, Breakdown: o.breakdown}
	if err := inputOrRun(b.Check()); err != nil {
		return err
	}
	quiet := &bar{c: c, scale: 1}
	return o.gl.run(quiet.track(func(ctx *gpu.Context) error { return b.Run(ctx, c.OutOrStdout()) }))
}
