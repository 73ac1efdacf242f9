package cli

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"speckle/gpu"
	"speckle/imageio"
	"speckle/internal/suggest"
	"speckle/internal/units"
	"speckle/rng"
	"speckle/study"
	"speckle/study/capture"
)

// captureOptions are capture's flags.
type captureOptions struct {
	sppm    sppmFlags
	specs   []rng.Spec
	at      []int64 // nil: auto
	out     string
	seeds   int
	metric  imageio.Metric
	views   []string
	hdr     bool
	animate string
	caption []string
	split   splitFlags
	asJSON  bool
}

// The values of --views and --animate.
var (
	captureViews = []string{"image", "heatmap"}
	animations   = map[string]capture.Animation{"gif": capture.AnimateGIF, "frames": capture.AnimateFrames}
)

func newCaptureCmd() *cobra.Command {
	var o captureOptions
	c := &cobra.Command{
		Use:   "capture [--scene S] [--gens SPEC,...] [--at N,...] [--seeds K] [--metric M] [--views image,heatmap] [--hdr] [--animate[=gif|frames]] [--out DIR] [flags]",
		Short: "render with several generators at several photon counts: images, montages, CSV, plots, animation",
		Long: `Render a scene once per generator, progressively, and take an image at each of
the --at photon counts (exactly those: a shorter iteration ends at a count that
is no multiple of the iteration size). Into --out go LABEL-COUNT.png per
generator and count (LABEL is the generator spec's file name: lehmer-slm,
philox-seed3), montage.png, convergence.csv and, where the scene has an exact
image or a stored reference at this size (speckle reference), the plot
convergence.png, .svg and .pdf: the error against photons, log-log, with each
curve's fitted slope and guides for SPPM's N^-1/3 and Monte Carlo's N^-1/2.

--seeds K renders each generator K times (auto, the default: 3 where time
allows), with seeds s, s+1, ..., s+K-1 (s is the generator's own NAME:seed=S,
else --seed; lehmer steps by 2^26 and randu by 2^24, since their stream t is
seeded s+t and seed s+1 would reuse them): the CSV and the plot give the
mean error and its band from the least to the greatest; the images are the
first seed's. convergence.csv's columns: scene, generator, photons, seeds, the
metric's mean, _min and _max; slope (least squares of log error on log photons
over the generator's counts, only from 4 counts on, else NaN), slope_min and
slope_max (each seed's own); rmse, rmse_min, rmse_max; fireflies (mean pixels
a render brighter than 10x their reference) and fireflies_max; seconds (mean).
The plot says a curve diverges only when every seed's slope is above zero.

--metric chooses the error the plot leads with: medrel (the default) is the
median of |a-r|/(r+0.01) over the R, G and B of every pixel whose reference is
not black, which no one pixel can move (an SPPM render's error has heavy tails: one eye path seeing a lamp
through glass can triple a render's RMSE); rmse, relmse and mse are pbrt-v4
imgtool diff's (mse the mean of (a-r)^2, relmse of (a-r)^2/(r+0.01)^2, rmse
the root of mse). The CSV has RMSE beside the metric whichever leads. --views image,heatmap adds heatmap.png, each cell's
per-pixel error on one colour scale with its bar. --hdr writes each cell's
linear radiance as LABEL-COUNT.pfm. --animate writes animation.gif, one frame
per count; --animate=frames writes frame-001.png, ... instead.

The set replaces the folder's earlier one whole, and only when it is complete.`,
		Example: `  speckle capture --scene cornell --gens rand48,lehmer,philox --at 1e5,1e6
  speckle capture --gens lehmer:lehmer-seeding=slm,lehmer --at auto --out screenshots/lehmer
  speckle capture --scene plane --gens philox,sobol --size 320x180 --seeds 4 --views image,heatmap --animate`,
		Args: func(c *cobra.Command, args []string) error {
			if len(args) == 1 && animations[args[0]] != capture.NoAnimation {
				return usagef("unexpected argument %q: write --animate=%s", args[0], args[0])
			}
			return noArgs(c, args)
		},
		RunE: func(c *cobra.Command, _ []string) error { return o.run(c) },
	}
	specsFlag(c, &o.specs, "gens", mustSpecs("rand48,lehmer,ranlux,sobol,ca,philox"), "generators")
	o.at = nil // auto: the device decides (study.AutoStops)
	fs := c.Flags()
	fs.Var(stopsValue{&o.at}, "at", "photon counts to capture, comma-separated, or auto: 1e5,1e6 on a CPU rasteriser such as llvmpipe (a tenth of the photons of 1e5,1e6,1e7), 1e6,1e7,1e8 on a GPU")
	fs.StringVar(&o.out, "out", "", "output directory (default screenshots/<scene>)")
	fs.Var(seedsValue{&o.seeds}, "seeds", fmt.Sprintf("independent renders per generator, 1..%d, or auto: %d (a band, and slopes that can agree) unless a CPU rasteriser would trace over %s photons, then 1; from seed s (--seed or NAME:seed=S): s..s+K-1, or s+r*2^26 for lehmer (2^24 randu) so that no replicate shares a stream", capture.MaxSeeds, capture.BandSeeds, units.FormatCount(capture.CPUSeedPhotons)))
	metricFlag(fs, &o.metric)
	jsonFlag(fs, &o.asJSON)
	fs.StringSliceVar(&o.views, "views", []string{"image"}, "montages to write: image (montage.png), heatmap (heatmap.png), or both")
	fs.BoolVar(&o.hdr, "hdr", false, "also write each cell's linear radiance as LABEL-COUNT.pfm")
	fs.StringVar(&o.animate, "animate", "", "write the convergence as animation.gif (gif) or frame-NNN.png (frames), one frame per count")
	fs.Lookup("animate").NoOptDefVal = "gif"
	fs.StringArrayVar(&o.caption, "caption", nil, "a paragraph of text under montage.png (repeat for more)")
	o.sppm.addTo(c, study.ReferenceSize)
	o.split.addTo(fs)
	return c
}

func (o *captureOptions) run(c *cobra.Command) error {
	setup, specs, err := o.sppm.setup(c, "gens", o.specs)
	if err != nil {
		return err
	}
	o.specs = specs
	setup.Metric = o.metric
	cp := capture.Capture{Setup: setup, Specs: o.specs, At: o.at, Seeds: o.seeds, HDR: o.hdr, Caption: o.caption,
		Warn: func(s string) { fmt.Fprintln(c.ErrOrStderr(), "speckle capture: "+s) }}
	if err := o.figures(&cp); err != nil {
		return err
	}
	if err := cp.Check(); err != nil {
		return inputOrRun(err)
	}
	if err := o.split.check(&o.sppm.gl); err != nil {
		return err
	}
	if o.split.unit >= 0 {
		return o.runUnit(c, cp)
	}
	if o.split.devices != nil { // fixed before the set is prepared: a refusal leaves the folder alone
		if cp, err = o.resolveOn(o.split.devices[0], cp); err != nil {
			return err
		}
		if err := captureWarnings(cp, func(s string) { fmt.Fprintf(c.ErrOrStderr(), "%s: %s\n", c.CommandPath(), s) }); err != nil {
			return err
		}
	}
	given := o.out != ""
	if !given {
		o.out = "screenshots/" + setup.Scene.Name
	}
	if err := checkSet(!given, o.out, input("--scene", sceneFile(o.sppm.scene))); err != nil {
		return err
	}
	if cp.Set, err = prepareBatch(o.out, "capture"); err != nil {
		return err
	}
	defer cp.Set.Discard() // after Commit: nothing left to discard
	b := &bar{c: c, label: "capture " + setup.Scene.Name, unit: "k photons", scale: 1000}
	cp.Progress, cp.Status = b.report, b.say
	var res capture.Captured
	if o.split.devices != nil {
		res, err = o.runSplit(c, cp)
	} else {
		err = o.sppm.gl.run(b.track(func(ctx *gpu.Context) (err error) {
			// Once the device has fixed the counts and photons an
			// iteration: the warnings count what the renders draw.
			quiet := cp
			quiet.Status = nil
			if r, err := quiet.Resolved(ctx.Info); err == nil {
				if err := captureWarnings(r, b.say); err != nil {
					return err
				}
			}
			res, err = cp.Run(ctx)
			return err
		}))
	}
	if err != nil {
		return err
	}
	if o.asJSON {
		return writeJSON(c.OutOrStdout(), o.result(setup.Scene.Name, res))
	}
	files := summarizeFrames(res.Files)
	fmt.Fprintf(c.OutOrStdout(), "%s: %d images, %s\n", imageio.Printable(o.out), res.Images, strings.Join(files, ", "))
	if res.Reference != "" {
		fmt.Fprintf(c.OutOrStdout(), "reference: %s\n", res.Reference)
	}
	return nil
}

// figures reads --views and --animate into the capture: which montages and
// which animation it writes.
func (o *captureOptions) figures(cp *capture.Capture) error {
	for _, v := range o.views {
		if !slices.Contains(captureViews, v) {
			return usagef("--views takes %s, comma-separated %s", strings.Join(captureViews, ", "), suggest.Got(v, captureViews))
		}
	}
	if len(o.views) == 0 {
		return usagef("--views must name image, heatmap or both")
	}
	cp.Heatmaps = slices.Contains(o.views, "heatmap")
	cp.NoMontage = !slices.Contains(o.views, "image")
	if o.animate != "" {
		if cp.Animate = animations[o.animate]; cp.Animate == capture.NoAnimation {
			return usagef("--animate must be gif or frames %s", suggest.Got(o.animate, []string{"gif", "frames"}))
		}
	}
	return nil
}

// captureResult is capture --json: what the set holds.
type captureResult struct {
	Out        string   `json:"out"` // the folder
	Scene      string   `json:"scene"`
	Generators []string `json:"generators"` // the specs, as --gens takes them
	Images     int      `json:"images"`     // cell images (PNG)
	Files      []string `json:"files"`      // the rest, in the order written, each frame named
	Reference  string   `json:"reference,omitempty"`
}

func (o *captureOptions) result(scene string, res capture.Captured) captureResult {
	gens := make([]string, len(o.specs))
	for i, s := range o.specs {
		gens[i] = s.String()
	}
	return captureResult{o.out, scene, gens, res.Images, res.Files, res.Reference}
}

// summarizeFrames writes a run of frame-NNN.png as one entry.
func summarizeFrames(files []string) []string {
	var out []string
	n := 0
	for _, f := range files {
		if strings.HasPrefix(f, "frame-") {
			n++
			continue
		}
		out = append(out, f)
	}
	if n > 0 {
		out = append(out, fmt.Sprintf("frame-001..%03d.png", n))
	}
	return out
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

// seedsValue is --seeds: a count of seeds 1..capture.MaxSeeds, or auto (0):
// capture.Capture decides on the device.
type seedsValue struct{ n *int }

func (v seedsValue) Type() string { return "K|auto" }
func (v seedsValue) String() string {
	if *v.n == 0 {
		return "auto"
	}
	return strconv.Itoa(*v.n)
}
func (v seedsValue) Set(s string) error {
	if strings.TrimSpace(s) == "auto" {
		*v.n = 0
		return nil
	}
	return intValue{v.n, 1, capture.MaxSeeds}.Set(s)
}
