package cli

import (
	"encoding/csv"
	"flag"
	"fmt"
	"image"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"speckle/gpu"
	"speckle/imageio"
	"speckle/internal/numcheck"
	"speckle/render"
	"speckle/rng"
	"speckle/scenes"
	"speckle/scenes/flow"
)

const streamlinesUsage = `streamlines [--field dem|gyre|cylinder|FILE] [--gen G | --gens A,B,...] [--jitters J1,J2,...]
       [--density 3] [--jitter 1] [--step 0.5] [--max-steps N] [--size WxH] [--seed S]
       [--shared-streams=true|false] [--map density|length] [--colormap viridis|inferno] [--scale auto|log|linear]
       [--out FILE.png | DIR] [--bench] [generator options]

Jittered streamlines (slm's compute_step_vec_jittered) from every pixel of the image, density^2
per pixel, with any generator driving the jitter (slm itself: --gen lehmer --lehmer-seeding slm).
One generator and jitter: one PNG (--out). Several (--gens and/or --jitters): a directory with
one PNG per generator and jitter, montage.png (rows: generators, columns: jitters, one colour
scale; one row of generators for a single jitter) and stats.csv.
--bench: streamline steps per second at 2048x2048, density 3 (unless --size/--density say
otherwise), for --gen or each of --gens.

Height-field files: "W H" (nodes), then W*H heights row by row from the top, whitespace-separated,
# starts a comment (assets/volcano.txt is one); or JSON {"width":W,"height":H,"values":[...]}.`

// streamlineFlags are the streamlines command's options, parsed.
type streamlineFlags struct {
	field     flow.Field
	fieldName string
	gens      []genSpec
	jitters   []float64
	params    flow.Params
	w, h      int
	seed      uint32
	opts      map[string]string
	m         render.StreamlineMap
	display   render.MapOptions
	out       string
	montage   bool
	bench     bool
	benchTime time.Duration
}

func streamlinesCmd(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("streamlines", streamlinesUsage, stdout)
	fieldName := fs.String("field", "dem", "flow field: dem (Maunga Whau), gyre (double gyre), cylinder (flow past a cylinder) or a height-field file")
	gen := fs.String("gen", "lehmer", "generator driving the jitter: "+strings.Join(rng.Names(), ", "))
	gens := fs.String("gens", "", "several generators, comma-separated, or all: a montage (or a bench of each); NAME:OPTION=VALUE gives one its own option or seed, e.g. lehmer:lehmer-seeding=slm, philox:seed=1")
	jitter := floatFlag(fs, "jitter", 1, flow.JitterRange, "jitter magnitude: the random vector in [-0.5,0.5]^2 times this is added to the unit flow vector")
	jitters := fs.String("jitters", "", "several jitter magnitudes, comma-separated: montage columns")
	density := fs.Int("density", 3, "seed points per pixel side: density^2 streamlines per pixel")
	step := fs.Float64("step", 0.5, "integration step in pixels")
	maxSteps := fs.Int("max-steps", 0, fmt.Sprintf("steps before a streamline stops, at most %d (0: enough to cross the image once)", flow.MaxMaxSteps))
	size := fs.String("size", "auto", "image size WIDTHxHEIGHT (auto: 480 wide at the field's aspect; 2048x2048 with --bench)")
	seedText := fs.String("seed", "0", "generator seed")
	shared := fs.Bool("shared-streams", true, "true: every sub-pixel streamline of a pixel restarts the pixel's stream (slm); false: a stream per streamline")
	mapName := fs.String("map", "density", "density (visits per pixel, log scale) or length (mean streamline length per seed pixel)")
	colormap := fs.String("colormap", "", "viridis or inferno (default: inferno for density, viridis for length)")
	scale := fs.String("scale", "auto", "colour scale: log (log(1+v)/log(1+max)), linear, or auto (log for density, linear for length)")
	out := fs.String("out", "", "PNG to write (default screenshots/<field>-<gen>.png); a directory for a montage (default screenshots/streamlines-<field>)")
	bench := fs.Bool("bench", false, "measure streamline steps per second instead of writing pictures")
	benchTime := fs.Duration("bench-time", time.Second, "--bench: time to measure each generator for, after a 0.25 s warm-up")
	var glf glFlags
	glf.register(fs)
	opts := registerGenOptions(fs)
	if err := parse(fs, args); err != nil {
		return err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if *benchTime <= 0 || *benchTime > time.Hour {
		return usagef("--bench-time must be more than 0 and at most 1h (got %v)", *benchTime)
	}
	f := streamlineFlags{fieldName: *fieldName, bench: *bench, benchTime: *benchTime, out: *out}
	var err error
	if *gens != "" {
		if set["gen"] {
			return usagef("--gen and --gens cannot be used together")
		}
		if f.gens, err = parseGenSpecs(*gens); err != nil {
			return err
		}
	} else {
		g, err := rng.Lookup(*gen)
		if err != nil {
			return usageError{err.Error()}
		}
		f.gens = []genSpec{{g: g}}
	}
	var list []*rng.Generator
	for _, sp := range f.gens {
		list = append(list, sp.g)
	}
	if err := checkOptions(opts, list); err != nil {
		return err
	}
	f.opts = opts.set()
	f.jitters = []float64{*jitter}
	if *jitters != "" {
		if set["jitter"] {
			return usagef("--jitter and --jitters cannot be used together")
		}
		if f.jitters, err = parseJitters(*jitters); err != nil {
			return err
		}
	}
	if s := float32(*step); *step > 0 && (s == 0 || math.IsInf(float64(s), 0)) {
		return usagef("--step %v is beyond a float32 (about 1e-45..3e38 pixels)", *step)
	}
	f.params = flow.Params{Density: *density, Jitter: float32(f.jitters[0]), Step: float32(*step), MaxSteps: *maxSteps,
		IndependentStreams: !*shared}
	if *maxSteps < 0 {
		return usagef("--max-steps must be 0 (auto) or more (got %d)", *maxSteps)
	}
	check := f.params
	check.MaxSteps = max(check.MaxSteps, 1) // 0 is auto
	for _, j := range f.jitters {
		check.Jitter = float32(j)
		if err := check.Check(); err != nil {
			return usageError{err.Error()}
		}
	}
	if f.seed, err = parseSeed(*seedText); err != nil {
		return err
	}
	if f.m, err = render.ParseStreamlineMap(*mapName); err != nil {
		return usageError{err.Error()}
	}
	if *colormap != "" {
		if _, err := imageio.LookupColormap(*colormap); err != nil {
			return usagef("--colormap: %v", err)
		}
	}
	f.display.Colormap = *colormap
	switch *scale {
	case "auto":
	case "log":
		f.display.Scaling = render.ScaleLog
	case "linear":
		f.display.Scaling = render.ScaleLinear
	default:
		return usagef("--scale must be auto, log or linear (got %q)", *scale)
	}
	if f.field, err = flow.Open(*fieldName); err != nil {
		return usageError{err.Error()}
	}
	switch {
	case *size != "auto":
		if f.w, f.h, err = parseSize(*size); err != nil {
			return err
		}
	case f.bench:
		f.w, f.h = 2048, 2048
	default:
		f.w = 480
		f.h = max(1, int(float64(f.w)/f.field.Aspect()+0.5))
	}
	for _, sp := range f.gens {
		cfg := f.config(sp, f.jitters[0])
		if err := cfg.Check(); err != nil {
			return usageError{err.Error()}
		}
		if _, err := sp.g.New(rng.Config{Seed: f.seed, Streams: 1, Options: cfg.Options}); err != nil {
			return usageError{err.Error()}
		}
	}
	f.montage = len(f.gens) > 1 || len(f.jitters) > 1
	if f.bench {
		if *out != "" {
			return usagef("--bench writes no pictures: leave out --out")
		}
		c, err := glf.open()
		if err != nil {
			return err
		}
		defer c.Close()
		return f.runBench(c, stdout)
	}
	if f.montage {
		if err := f.checkCells(); err != nil {
			return err
		}
	}
	mkdir := f.out == ""
	if mkdir {
		if f.montage {
			f.out = "screenshots/streamlines-" + fieldBase(f.field.Name())
		} else {
			name := fmt.Sprintf("%s-%s.png", fieldBase(f.field.Name()), f.gens[0].file(f.opts))
			if !filepath.IsLocal(name) || filepath.Base(name) != name {
				return usagef("%q cannot name a file in screenshots: give --out", name)
			}
			f.out = "screenshots/" + name
		}
	}
	var batch *imageio.Batch
	if f.montage {
		if batch, err = prepareBatch(f.out); err != nil {
			return err
		}
		defer batch.Discard() // after Commit: nothing left to discard
	} else if err := prepareFile(f.out, mkdir); err != nil {
		return err
	}
	c, err := glf.open()
	if err != nil {
		return err
	}
	defer c.Close()
	if f.montage {
		return f.runMontage(c, batch, stdout)
	}
	return f.runOne(c, stdout)
}

// checkCells refuses a montage two of whose cells would have one file name (a generator or
// jitter listed twice): it would trace twice and keep one.
func (f *streamlineFlags) checkCells() error {
	seen := map[string]bool{}
	for _, sp := range f.gens {
		for _, jit := range f.jitters {
			name := cellFile(sp, f.opts, jit)
			if seen[name] {
				return usagef("--gens and --jitters list %s, jitter %g twice", sp.label(f.opts), jit)
			}
			seen[name] = true
		}
	}
	return nil
}

// cellFile names a montage cell's PNG.
func cellFile(sp genSpec, common map[string]string, jitter float64) string {
	return fmt.Sprintf("%s-jitter%s.png", sp.file(common), strconv.FormatFloat(jitter, 'g', -1, 64))
}

// fieldBase names a field in file names: a file's base name without extension, made safe
// as scene names are ("my field.txt" → "my_field").
func fieldBase(name string) string {
	b := filepath.Base(name)
	return scenes.SafeName(strings.TrimSuffix(b, filepath.Ext(b)))
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

// genSpec is a generator of --gens with options of its own
// (NAME:OPTION=VALUE:...), which override the command's.
type genSpec struct {
	g    *rng.Generator
	opts map[string]string
	seed *uint32 // NAME:seed=S: this generator's own seed
}

// parseGenSpecs reads --gens: names, or all, each optionally with its own
// options.
func parseGenSpecs(s string) ([]genSpec, error) {
	if s == "all" {
		var out []genSpec
		for _, g := range rng.All {
			out = append(out, genSpec{g: g})
		}
		return out, nil
	}
	specs, err := rng.ParseSpecs(s)
	if err != nil {
		return nil, usagef("--gens: %v", err)
	}
	var out []genSpec
	for _, sp := range specs {
		g := genSpec{g: sp.Gen, opts: sp.Options}
		if sp.HasSeed {
			g.seed = &sp.Seed
		}
		out = append(out, g)
	}
	return out, nil
}

// options are the generator's options: the command's, then its own.
func (sp genSpec) options(common map[string]string) map[string]string {
	o := forGenerator(sp.g, common)
	for k, v := range sp.opts {
		o[k] = v
	}
	return o
}

// label names a generator with its options' values (and its own seed),
// e.g. "lehmer slm" or "philox seed 1".
func (sp genSpec) label(common map[string]string) string {
	s := sp.g.Name
	opts := sp.options(common)
	for _, name := range rng.OptionNames() {
		if v, ok := opts[name]; ok {
			s += " " + v
		}
	}
	if sp.seed != nil {
		s += fmt.Sprintf(" seed %d", *sp.seed)
	}
	return s
}

// file names a generator in file names, e.g. "lehmer-slm".
func (sp genSpec) file(common map[string]string) string {
	return strings.ReplaceAll(sp.label(common), " ", "-")
}

func (f *streamlineFlags) config(sp genSpec, jitter float64) render.StreamlineConfig {
	p := f.params
	p.Jitter = float32(jitter)
	seed := f.seed
	if sp.seed != nil {
		seed = *sp.seed
	}
	return render.StreamlineConfig{Width: f.w, Height: f.h, Params: p, Seed: seed, Generator: sp.g, Options: sp.options(f.opts)}
}

// traceOne runs one whole trace with a progress bar.
func traceOne(c *gpu.Context, field flow.Field, cfg render.StreamlineConfig, bar *progress, offset int) (*render.Streamlines, float64, error) {
	s, err := render.NewStreamlines(c, field, cfg)
	if err != nil {
		return nil, 0, err
	}
	start := time.Now()
	chunk := s.DefaultChunk()
	for !s.Done() {
		if _, err := s.Trace(chunk); err != nil {
			s.Close()
			return nil, 0, err
		}
		c.Finish()
		done, _ := s.Progress()
		bar.set(offset + done)
	}
	return s, time.Since(start).Seconds(), nil
}

// picture colours map m of s on the GPU and reads it back.
func picture(c *gpu.Context, s *render.Streamlines, m render.StreamlineMap, opt render.MapOptions) (*image.NRGBA, error) {
	tex, err := c.NewTexture(s.Cfg.Width, s.Cfg.Height, gpu.RGBA8)
	if err != nil {
		return nil, err
	}
	defer tex.Delete()
	if err := s.Display(tex, m, opt); err != nil {
		return nil, err
	}
	px, err := tex.ReadBytes()
	if err != nil {
		return nil, err
	}
	return &image.NRGBA{Pix: px, Stride: 4 * s.Cfg.Width, Rect: image.Rect(0, 0, s.Cfg.Width, s.Cfg.Height)}, nil
}

func describeStats(st flow.Stats, step float32) string {
	return fmt.Sprintf("%d streamlines, %d steps (stalled %d, left %d, max-steps %d), mean length %.1f px",
		st.Streamlines, st.Steps, st.Stalled, st.Left, st.MaxSteps, st.MeanLength(step))
}

func (f *streamlineFlags) runOne(c *gpu.Context, stdout io.Writer) error {
	sp := f.gens[0]
	cfg := f.config(sp, f.jitters[0])
	total := f.w * f.h * cfg.Density * cfg.Density
	bar := newProgress(os.Stderr, "streamlines "+f.field.Name()+" "+sp.label(f.opts), total, "streamlines")
	s, secs, err := traceOne(c, f.field, cfg, bar, 0)
	bar.done()
	if err != nil {
		return err
	}
	defer s.Close()
	img, err := picture(c, s, f.m, f.display)
	if err != nil {
		return err
	}
	if err := imageio.WritePNG(f.out, img); err != nil {
		return err
	}
	st := s.Stats()
	fmt.Fprintf(stdout, "%s: %s map, %s with %s, %dx%d, density %d, jitter %g, step %g: %s; %.2f s (%.3g steps/s)\n",
		imageio.Printable(f.out), f.m, imageio.Printable(f.field.Name()), sp.label(f.opts), f.w, f.h, cfg.Density, cfg.Jitter, cfg.Step,
		describeStats(st, cfg.Step), secs, float64(st.Steps)/secs)
	return nil
}

// statsHeader are the columns of a montage's stats.csv, one row per cell.
var statsHeader = []string{"field", "generator", "options", "jitter", "width", "height", "density", "step", "max_steps",
	"seed", "shared_streams", "streamlines", "steps", "stalled", "left", "max_steps_reached", "mean_length_px", "seconds",
	"rms_log_diff"}

func (f *streamlineFlags) runMontage(c *gpu.Context, batch *imageio.Batch, stdout io.Writer) error {
	per := f.w * f.h * f.params.Density * f.params.Density
	bar := newProgress(os.Stderr, "streamlines "+f.field.Name(), per*len(f.gens)*len(f.jitters), "streamlines")
	traces := make([][]*render.Streamlines, len(f.gens))
	defer func() {
		for _, row := range traces {
			for _, s := range row {
				s.Close()
			}
		}
	}()
	var rows [][]string
	top := float32(0)
	// The RMS difference of log(1 + value) from the first generator's map at
	// the same jitter: how far apart two cells are, pixel by pixel (another
	// seed of one generator gives the noise floor).
	firsts := make([][]float64, len(f.jitters))
	for i, sp := range f.gens {
		for j, jit := range f.jitters {
			cfg := f.config(sp, jit)
			s, secs, err := traceOne(c, f.field, cfg, bar, (i*len(f.jitters)+j)*per)
			if err != nil {
				bar.done()
				return fmt.Errorf("%s, jitter %g: %v", sp.label(f.opts), jit, err)
			}
			traces[i] = append(traces[i], s)
			m, err := s.MapMax(f.m)
			if err != nil {
				bar.done()
				return err
			}
			top = max(top, m)
			vals, err := mapValues(s, f.m)
			if err != nil {
				bar.done()
				return err
			}
			if i == 0 {
				firsts[j] = vals
			}
			st := s.Stats()
			rows = append(rows, []string{f.field.Name(), sp.g.Name, describeOptions(cfg.Options), strconv.FormatFloat(jit, 'g', -1, 64),
				strconv.Itoa(f.w), strconv.Itoa(f.h), strconv.Itoa(cfg.Density), strconv.FormatFloat(float64(cfg.Step), 'g', -1, 32),
				strconv.Itoa(s.Cfg.MaxSteps), strconv.FormatUint(uint64(cfg.Seed), 10), strconv.FormatBool(!cfg.IndependentStreams), strconv.FormatInt(st.Streamlines, 10),
				strconv.FormatInt(st.Steps, 10), strconv.FormatInt(st.Stalled, 10), strconv.FormatInt(st.Left, 10),
				strconv.FormatInt(st.MaxSteps, 10), strconv.FormatFloat(st.MeanLength(cfg.Step), 'f', 3, 64), imageio.FormatSeconds(secs),
				strconv.FormatFloat(rmsLogDiff(vals, firsts[j]), 'f', 4, 64)})
		}
	}
	bar.done()
	// One colour scale for every cell, so that they compare.
	opt := f.display
	opt.Max = top
	cells := make([][]*image.NRGBA, len(f.gens))
	var genLabels, jitLabels []string
	for _, j := range f.jitters {
		jitLabels = append(jitLabels, "jitter "+strconv.FormatFloat(j, 'g', -1, 64))
	}
	for i, sp := range f.gens {
		genLabels = append(genLabels, sp.label(f.opts))
		for j, jit := range f.jitters {
			img, err := picture(c, traces[i][j], f.m, opt)
			if err != nil {
				return err
			}
			path, err := batch.Path(cellFile(sp, f.opts, jit))
			if err != nil {
				return err
			}
			if err := imageio.WritePNG(path, img); err != nil {
				return err
			}
			cells[i] = append(cells[i], shrink(img, montageCellWidth))
		}
	}
	rowLabels, colLabels := genLabels, jitLabels
	if len(f.jitters) == 1 { // one row of generators reads better than a column
		cells = [][]*image.NRGBA{transpose(cells)}
		rowLabels, colLabels = jitLabels, genLabels
	}
	shared := "shared streams"
	if f.params.IndependentStreams {
		shared = "independent streams"
	}
	title := fmt.Sprintf("%s, %s map, %dx%d, density %d, step %g, %s", f.field.Name(), f.m, f.w, f.h, f.params.Density, f.params.Step, shared)
	montage, _ := batch.Path("montage.png")
	if err := imageio.WritePNG(montage, imageio.Montage(cells, rowLabels, colLabels, title)); err != nil {
		return err
	}
	stats, _ := batch.Path("stats.csv")
	err := imageio.WriteFileAtomic(stats, func(w io.Writer) error {
		cw := csv.NewWriter(w)
		cw.Write(statsHeader)
		cw.WriteAll(rows)
		return cw.Error()
	})
	if err != nil {
		return err
	}
	if err := batch.Commit(); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s: %d images, montage.png, stats.csv (%s map, one scale: 0..%.4g)\n", imageio.Printable(f.out), len(rows), f.m, top)
	return nil
}

// mapValues reads a map back as numbers.
func mapValues(s *render.Streamlines, m render.StreamlineMap) ([]float64, error) {
	var out []float64
	if m == render.DensityMap {
		d, err := s.Density()
		for _, v := range d {
			out = append(out, float64(v))
		}
		return out, err
	}
	l, err := s.Lengths()
	for _, v := range l {
		out = append(out, float64(v))
	}
	return out, err
}

// rmsLogDiff is the RMS difference of log(1 + v) between two maps.
func rmsLogDiff(a, b []float64) float64 {
	sum := 0.0
	for i := range a {
		d := math.Log1p(a[i]) - math.Log1p(b[i])
		sum += d * d
	}
	return math.Sqrt(sum / float64(max(len(a), 1)))
}

// transpose turns a column of one-cell rows into one row.
func transpose(cells [][]*image.NRGBA) []*image.NRGBA {
	var row []*image.NRGBA
	for _, r := range cells {
		row = append(row, r[0])
	}
	return row
}

// runBench measures streamline steps per second for each generator: whole
// traces timed on the GPU (GL_TIME_ELAPSED, or glFinish and the wall clock on
// llvmpipe) after at least 0.25 s of warm-up.
func (f *streamlineFlags) runBench(c *gpu.Context, stdout io.Writer) error {
	for _, sp := range f.gens {
		for _, jit := range f.jitters {
			cfg := f.config(sp, jit)
			s, err := render.NewStreamlines(c, f.field, cfg)
			if err != nil {
				return fmt.Errorf("%s: %v", sp.label(f.opts), err)
			}
			run := func() (time.Duration, flow.Stats, error) {
				s.Reset()
				c.Finish()
				d, err := c.Time(s.Run)
				return d, s.Stats(), err
			}
			// Warm-up: compilation, first touch, and GPU clocks, which
			// rise only after some time under load.
			for warm := time.Now(); time.Since(warm) < 250*time.Millisecond; {
				if _, _, err := run(); err != nil {
					s.Close()
					return err
				}
			}
			var total time.Duration
			var steps int64
			var st flow.Stats
			reps := 0
			for total < f.benchTime || reps < 1 {
				d, stats, err := run()
				if err != nil {
					s.Close()
					return err
				}
				total += d
				steps += stats.Steps
				st = stats
				reps++
			}
			s.Close()
			fmt.Fprintf(stdout, "streamlines bench: %.4g steps/s  %s, %s %dx%d, density %d, jitter %g, step %g, max-steps %d: %d steps per trace (mean length %.1f px), %.4g s per trace (%d traces) on %s\n",
				float64(steps)/total.Seconds(), sp.label(f.opts), f.field.Name(), f.w, f.h, cfg.Density, cfg.Jitter, cfg.Step,
				s.Cfg.MaxSteps, st.Steps, st.MeanLength(cfg.Step), total.Seconds()/float64(reps), reps, c.Info)
		}
	}
	return nil
}
