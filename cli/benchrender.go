package cli

import (
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"speckle/gpu"
	"speckle/internal/numcheck"
	"speckle/render"
	"speckle/scenes"
	"speckle/study/bench"
)

// benchRenderOptions are bench render's flags.
type benchRenderOptions struct {
	bench  bench.RenderBench
	scenes string
	asJSON bool
	repeat int
	gl     glFlags
	split  splitFlags
	opts   *genOptionFlags
}

func newBenchRenderCmd() *cobra.Command {
	var o benchRenderOptions
	c := &cobra.Command{
		Use:   "render [--scenes A,B|all] [--gens SPEC,...|all] [--size WxH] [--json] [flags]",
		Short: "measure photons per second per scene and generator",
		Long: `Measure the renderer: for each scene and generator, photons and bounces per
second over the same --iterations iterations of every case's render (the
median of five blocks), after a warm-up until the GPU's clocks have risen (a
quarter of a second at least) and, on a GPU, the render started over and 128
iterations run: an iteration's cost falls as the radii shrink. The shares of GPU time of the eye pass, the grid build, the photon pass and
the update, from a few separately timed iterations. A table, or --json.`,
		Example: `  speckle bench render
  speckle bench render --scenes cornell --gens philox,lehmer:lehmer-seeding=slm --json
  speckle bench render --scenes cornell,caustics --gens philox --breakdown
  speckle bench render --scenes cornell --gens philox --grid-cell 2,1,0.5 --gather cells,pbrt
  speckle bench render --scenes cornell,caustics,plane --gens philox --gather cells,stochastic --size 640x360 --equal-time 1s
  speckle bench render --scenes cornell,caustics --gens philox --deposit inline,deferred,sorted,combined,points --breakdown`,
		Args: noArgs,
		RunE: func(c *cobra.Command, _ []string) error { return o.run(c) },
	}
	fs := c.Flags()
	fs.StringVar(&o.scenes, "scenes", "all", "scenes, comma-separated, or all ("+strings.Join(scenes.Names(), ", ")+")")
	specsFlag(c, &o.bench.Specs, "gens", mustSpecs("all"), "generators")
	sizeFlag(fs, &o.bench.Width, &o.bench.Height, "1280x720")
	perIterationFlag(fs, &o.bench.PhotonsPerIteration)
	wholeFlag(fs, &o.bench.Iterations, "iterations", 0, 0, 1<<20, "timed iterations per case, after a warm-up and, on a GPU, 128 iterations of the render started over: every case is timed over the same iterations of its render (0: 200 on a GPU, 2 on a CPU rasteriser)")
	seedFlag(fs, &o.bench.Seed)
	jsonFlag(fs, &o.asJSON)
	wholeFlag(fs, &o.repeat, "repeat", 1, 1, maxRepeats, "run the whole bench in N fresh processes and print each case's photons/s as min, median, max and max/min")
	gridCellsFlag(fs, &o.bench.GridCells)
	gathersFlag(fs, &o.bench.Gathers)
	fs.Var(listValue[render.Deposit]{&o.bench.Deposits, "auto|inline|deferred|sorted|combined|points,...", render.ParseDeposit, render.Deposit.String, nil}, "deposit",
		"where photons deposit: auto (the default: inline or points, whichever the render times faster now and then; inline on a CPU rasteriser), inline (the photon pass walks the grid at each hit), deferred (it stores its hits, a second kernel deposits them), sorted (deferred, the hits sorted by place first), combined (sorted, each work group adding into a shared table of points first) or points (deferred, the hits sorted into buckets of their cells, then each visible point gathering the hits around it); the same image each; on the H200 inline was the fastest on cornell and plane, points on caustics (docs/performance.md); several comma-separated")
	fs.DurationVar(&o.bench.EqualTime, "equal-time", 0, "instead of timing iterations, render each case from a fresh start (after the warm-up) until its GPU time reaches this budget (e.g. 2s) and report its photons and its RMSE against the scene's reference, which must exist at --size (plane: any; cornell and caustics: 640x360 and 320x180, 160x90, 128x72, 80x45): a faster gather's variance at equal time")
	fs.BoolVar(&o.bench.Breakdown, "breakdown", false, "also time the photon pass without its gather and without its atomic adds: GPU ns per photon of tracing, the gather's walk and its atomics; the deferred deposits, their kernels apart")
	o.gl.addTo(fs)
	o.split.addTo(fs)
	o.opts = addGenOptions(fs)
	return c
}

func (o *benchRenderOptions) run(c *cobra.Command) error {
	b := o.bench
	var err error
	if b.Specs, err = o.opts.fold(c, "gens", b.Specs); err != nil {
		return err
	}
	if b.Scenes, err = openScenes(o.scenes); err != nil {
		return err
	}
	if err := b.Check(); err != nil {
		return inputOrRun(err)
	}
	if err := o.split.check(&o.gl); err != nil {
		return err
	}
	if o.repeat > 1 && (o.split.devices != nil || o.split.unit >= 0) {
		return usagef("--repeat and --devices: give one (a repeat's processes run on one device)")
	}
	if o.repeat > 1 {
		return o.runRepeated(c)
	}
	var rep bench.RenderBenchReport
	switch {
	case o.split.unit >= 0:
		return o.runUnit(c, b)
	case o.split.devices != nil:
		parts := make([]bench.RenderBenchReport, b.CaseCount())
		err = runSplit(c, o.split.devices, len(parts), nil, func(u int, out []byte) error { return readUnit(out, &parts[u]) })
		rep = bench.MergeRenderBenches(parts)
	default:
		progress := &bar{c: c, label: "bench render", unit: "cases", scale: 1}
		b.Progress = progress.report
		err = o.gl.run(progress.track(func(ctx *gpu.Context) (err error) { rep, err = b.Run(ctx); return err }))
	}
	if err != nil {
		return err
	}
	if o.asJSON {
		return rep.WriteJSON(c.OutOrStdout())
	}
	return rep.WriteTable(c.OutOrStdout())
}

// runUnit is a split's worker: one case, as gob on stdout.
func (o *benchRenderOptions) runUnit(c *cobra.Command, b bench.RenderBench) error {
	if n := b.CaseCount(); o.split.unit >= n {
		return usagef("--unit %d: this bench has %d cases", o.split.unit, n)
	}
	b.Only = []int{o.split.unit}
	var rep bench.RenderBenchReport
	if err := o.gl.run((&bar{c: c}).track(func(ctx *gpu.Context) (err error) { rep, err = b.Run(ctx); return err })); err != nil {
		return err
	}
	return writeUnit(c.OutOrStdout(), rep)
}

// gridCellsFlag is --grid-cell: cell sizes in radii, each in
// render.GridCellRange.
func gridCellsFlag(fs *pflag.FlagSet, p *[]float32) {
	parse := func(s string) (float32, error) {
		var f float64
		err := numberValue{&f, render.GridCellRange}.Set(s)
		return float32(f), err
	}
	fs.Var(listValue[float32]{p, "F,...", parse, numcheck.Format32, nil}, "grid-cell",
		"the SPPM hash grid's cell size in radii, or several comma-separated (each scene and generator runs at each); "+render.GridCellRange.String())
}

// gathersFlag is --gather: render.GridGather names.
func gathersFlag(fs *pflag.FlagSet, p *[]render.GridGather) {
	fs.Var(listValue[render.GridGather]{p, "adaptive|cells|pbrt|stochastic,...", render.ParseGridGather, render.GridGather.String, nil}, "gather",
		"how photons find visible points: adaptive (the default: cells that follow the radii as they shrink), cells (each point in its cell of the initial radius, a photon walks the cells within reach), pbrt (each point in every cell within reach, a photon walks its own) or stochastic (as pbrt, each point by its own radius, but a cell keeps one of its points, picked at random, and a photon adds to it as many times over as the cell had points: the same image in expectation, not in bytes), or several comma-separated")
}
