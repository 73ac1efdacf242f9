package cli

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"speckle/gpu"
	"speckle/imageio"
	"speckle/internal/numcheck"
	"speckle/internal/units"
	"speckle/render"
	"speckle/rng"
	"speckle/scenes"
	"speckle/study"
)

// The flags of the SPPM commands (render, capture, reference, bench
// render): value types for sizes, counts and seeds, and the flags that
// make a study.Setup.

// sizeValue is a --size WxH flag: the rendered image's size.
type sizeValue struct{ w, h *int }

func (v sizeValue) Type() string   { return "WxH" }
func (v sizeValue) String() string { return units.FormatSize(*v.w, *v.h) }
func (v sizeValue) Set(s string) (err error) {
	*v.w, *v.h, err = units.ParseSize(s, 1, 16384)
	return err
}

// sizeFlag defines --size, the rendered image's size.
func sizeFlag(fs *pflag.FlagSet, w, h *int, value string) {
	if err := (sizeValue{w, h}).Set(value); err != nil {
		panic(err) // a default in this file
	}
	fs.Var(sizeValue{w, h}, "size", "rendered image size WIDTHxHEIGHT")
}

// countValue is a count (photons, numbers), e.g. 1e7 or 2^30 (units.ParseCount).
type countValue struct{ n, hi *int64 }

func (v countValue) Type() string   { return "count" }
func (v countValue) String() string { return units.FormatCount(*v.n) }
func (v countValue) Set(s string) error {
	n, err := units.ParseCount(s)
	if v.hi != nil && ((err == nil && n > *v.hi) || units.IsTooLarge(err)) {
		err = fmt.Errorf("must be at most %s (got %q)", units.FormatLimit(*v.hi), s)
	}
	if err != nil {
		return err
	}
	*v.n = n
	return nil
}

// countFlag defines an int64 flag read by units.ParseCount (1e7, 2^30), of at most
// units.MaxCount; its help says so.
func countFlag(fs *pflag.FlagSet, p *int64, name string, value int64, usage string) {
	countRangeFlag(fs, p, name, value, units.MaxCount, usage)
}

// countRangeFlag is countFlag of at most hi: the flag's help and its refusal both name it
// (issue 34 item 17).
func countRangeFlag(fs *pflag.FlagSet, p *int64, name string, value, hi int64, usage string) {
	*p = value
	fs.Var(countValue{p, &hi}, name, fmt.Sprintf("%s; 1..%s", usage, units.FormatLimit(hi)))
}

// photonsFlag defines --photons, the photons of a render in all.
func photonsFlag(fs *pflag.FlagSet, p *int64, value int64) {
	countFlag(fs, p, "photons", value, "photons in all, e.g. 1e7")
}

// perIterationValue is --photons-per-iteration: a count, or auto (0).
type perIterationValue struct{ n *int }

func (v perIterationValue) Type() string { return "count|auto" }
func (v perIterationValue) String() string {
	if *v.n == 0 {
		return "auto"
	}
	return units.FormatCount(int64(*v.n))
}
func (v perIterationValue) Set(s string) error {
	if strings.TrimSpace(s) == "auto" {
		*v.n = 0
		return nil
	}
	n, err := units.ParseCount(s)
	if err != nil {
		return err
	}
	if n > render.MaxPhotonsPerIteration {
		return fmt.Errorf("%d is too large (at most %d)", n, render.MaxPhotonsPerIteration)
	}
	*v.n = int(n)
	return nil
}

// perIterationFlag defines --photons-per-iteration, automatic by default.
func perIterationFlag(fs *pflag.FlagSet, p *int) {
	fs.Var(perIterationValue{p}, "photons-per-iteration",
		"photons per SPPM iteration, e.g. 1e6, or auto: 2^20 on a GPU, 2^16 on a CPU rasteriser")
}

// seedValue is a --seed: a uint32, decimal or 0x hex (rng.ParseSeed).
type seedValue struct{ s *uint32 }

func (v seedValue) Type() string   { return "uint32" }
func (v seedValue) String() string { return fmt.Sprint(*v.s) }
func (v seedValue) Set(s string) error {
	n, err := rng.ParseSeed(s)
	if err != nil {
		return fmt.Errorf("%s", strings.TrimPrefix(err.Error(), "the seed ")) // "--seed must be ..."
	}
	*v.s = n
	return nil
}

// seedFlag defines --seed, 1 by default: the seed of each generator that
// does not name its own (philox:seed=3).
func seedFlag(fs *pflag.FlagSet, p *uint32) {
	*p = 1
	fs.Var(seedValue{p}, "seed", "seed of the generators that do not set their own (NAME:seed=S)")
}

// metricFlag defines --metric, the error against the reference figures lead with,
// imageio.DefaultMetric by default.
func metricFlag(fs *pflag.FlagSet, m *imageio.Metric) {
	*m = imageio.DefaultMetric
	fs.Var(namedValue[imageio.Metric]{m, strings.Join(imageio.MetricNames(), "|"), imageio.ParseMetric}, "metric",
		"error against the reference that figures lead with: medrel (median of |a-r|/(r+0.01) over the R, G, B of every pixel whose reference is not black: no one pixel moves it), rmse, relmse (mean (a-r)^2/(r+0.01)^2) or mse, as pbrt-v4's imgtool diff")
}

// sppmFlags are the flags render, capture and reference share: the scene,
// the image and the SPPM parameters (study.Setup).
type sppmFlags struct {
	scene                   string
	w, h, perIteration      int
	alpha, radius, exposure float64
	seed                    uint32
	deposit                 render.Deposit
	gl                      glFlags
	opts                    *genOptionFlags
}

// exposureFlagRange is the scene's exposure range, or 0 for the scene's own.
var exposureFlagRange = numcheck.Range{Lo: scenes.ExposureRange.Lo, Hi: scenes.ExposureRange.Hi, Zero: "the scene's"}

func (f *sppmFlags) addTo(c *cobra.Command, size string) {
	fs := c.Flags()
	fs.StringVar(&f.scene, "scene", "cornell", "built-in scene ("+strings.Join(scenes.Names(), ", ")+") or a scene file")
	c.RegisterFlagCompletionFunc("scene", completeScenes)
	sizeFlag(fs, &f.w, &f.h, size)
	perIterationFlag(fs, &f.perIteration)
	seedFlag(fs, &f.seed)
	numberFlag(fs, &f.alpha, "alpha", 0.7, render.AlphaRange, "SPPM alpha: fraction of new photons kept per iteration")
	// Not numberFlag: its range would print InitialRadiusRange's 400, which no built-in
	// scene takes; the scene's own range is checked once the scene is read.
	fs.Var(numberValue{&f.radius, render.InitialRadiusRange}, "radius", "initial gather radius in scene units")
	fs.SetAnnotation("radius", lazyUsage, []string{"radius"}) // radiusUsage parses every built-in scene
	numberFlag(fs, &f.exposure, "exposure", 0, exposureFlagRange, "exposure multiplier before tone mapping")
	fs.Var(namedValue[render.Deposit]{&f.deposit, "auto|inline|points|...", render.ParseDeposit}, "deposit",
		"where photons deposit (speckle bench render --help lists every way): auto (the default: inline or points, whichever the render times faster on its GPU now and then; inline on a CPU rasteriser), inline (the photon pass adds to the visible points near each hit) or points (each visible point gathers the photons' stored hits; faster on caustics on an H200); the same image bytes every way")
	f.gl.addTo(fs)
	f.opts = addGenOptions(fs)
}

// lazyUsage marks a flag whose help costs work (radiusUsage parses every
// built-in scene): it is worked out only where help or completion shows
// it (fillUsages), not at every start of the program.
const lazyUsage = "speckle-lazy-usage"

// lazyUsages are the help texts that lazyUsage names.
var lazyUsages = map[string]func() string{"radius": radiusUsage}

// fillUsages puts the lazy help texts (lazyUsage) of c's flags in place,
// and with all those of the commands under it, each worked out once.
func fillUsages(c *cobra.Command, all bool) {
	done := map[string]string{}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		c.Flags().VisitAll(func(f *pflag.Flag) {
			key, ok := f.Annotations[lazyUsage]
			if !ok || len(key) != 1 || lazyUsages[key[0]] == nil {
				return
			}
			if _, ok := done[key[0]]; !ok {
				done[key[0]] = lazyUsages[key[0]]()
			}
			f.Usage = done[key[0]]
			delete(f.Annotations, lazyUsage)
		})
		if !all {
			return
		}
		for _, s := range c.Commands() {
			walk(s)
		}
	}
	walk(c)
}

// radiusUsage is --radius's help: the range is the scene's (render.RadiusRange),
// so each built-in scene's is named.
func radiusUsage() string {
	var ranges []string
	for _, name := range scenes.Names() {
		if scene, err := scenes.Open(name); err == nil {
			ranges = append(ranges, name+" "+strconv.FormatFloat(render.RadiusRange(scene).Hi, 'g', -1, 64))
		}
	}
	return "initial gather radius in scene units: 0 (" + render.InitialRadiusRange.Zero + "), else from " +
		strconv.FormatFloat(render.MinRadius, 'g', -1, 64) + " to the scene's scale (" + strings.Join(ranges, ", ") + "; a scene file's own)"
}

// setup opens the scene and folds the generator options given as flags
// (deprecated) into the specs that flag names.
func (f *sppmFlags) setup(c *cobra.Command, flag string, specs []rng.Spec) (study.Setup, []rng.Spec, error) {
	scene, err := scenes.Open(f.scene)
	if err != nil {
		return study.Setup{}, nil, usageError{err.Error()}
	}
	if specs, err = f.opts.fold(c, flag, specs); err != nil {
		return study.Setup{}, nil, err
	}
	return study.Setup{Scene: scene, Width: f.w, Height: f.h, PhotonsPerIteration: f.perIteration,
		Alpha: f.alpha, Radius: f.radius, Exposure: f.exposure, Seed: f.seed, Deposit: f.deposit}, specs, nil
}

func completeScenes(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return scenes.Names(), cobra.ShellCompDirectiveDefault // or a scene file
}

// checkGenOptions refuses a generator option given as a flag (--lux) that
// none of the generators named has.
func checkGenOptions(opts map[string]string, specs []rng.Spec) error {
	names := make([]string, len(specs))
	for i, sp := range specs {
		names[i] = sp.Gen.Name
	}
	given := make([]string, 0, len(opts))
	for name := range opts {
		given = append(given, name)
	}
	slices.Sort(given)
	for _, name := range given {
		used := false
		for _, sp := range specs {
			used = used || slices.ContainsFunc(sp.Gen.Options, func(o rng.Option) bool { return o.Name == name })
		}
		if !used {
			return usagef("option --%s does not apply to %s", name, strings.Join(names, ", "))
		}
	}
	return nil
}

// inputOrRun makes the library's refusals of the options usage errors
// (exit status 2); other errors fail at run time (1).
func inputOrRun(err error) error {
	if study.IsInputError(err) {
		return usageError{err.Error()}
	}
	return err
}

// bar shows a study's progress with the terminal bar (progress.go), made
// at the first report, when the total is known; scale divides the units
// (1000: k photons).
type bar struct {
	c           *cobra.Command
	label, unit string
	scale       int64
	p           *progress
	start       time.Time // when the work began: the rate and ETA count from it
}

func (b *bar) report(done, total int64) {
	if b.p == nil {
		b.p = newProgress(b.c.ErrOrStderr(), b.label, int(total/b.scale), b.unit)
		if !b.start.IsZero() { // not from the first report, which comes a batch of work later
			b.p.restart(b.start)
		}
	}
	b.p.set(int(done / b.scale))
}

// say prints a status line of the study (study.Setup.Status), on a line of
// its own where the bar is being drawn.
func (b *bar) say(s string) {
	if b.p != nil {
		b.p.breakLine()
	}
	fmt.Fprintln(b.c.ErrOrStderr(), "speckle "+b.c.Name()+": "+s)
}

// track wraps a study so that the bar shows its progress, the rate and ETA
// counting from the study's start (not from the context's opening).
func (b *bar) track(study func(*gpu.Context) error) func(*gpu.Context) error {
	return func(ctx *gpu.Context) error {
		b.start = time.Now()
		err := study(ctx)
		if b.p != nil {
			b.p.done()
		}
		return err
	}
}

// run opens the GPU context and runs a study on it; the study's refusals of
// its options are usage errors.
func (g *glFlags) run(study func(*gpu.Context) error) error {
	ctx, err := g.open()
	if err != nil {
		return err
	}
	defer ctx.Close()
	return inputOrRun(study(ctx))
}

// mustSpecs reads a default list of generators.
func mustSpecs(list string) []rng.Spec {
	s, err := rng.ParseSpecs(list)
	if err != nil {
		panic(err)
	}
	return s
}
