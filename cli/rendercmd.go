package cli

import (
	"flag"
	"fmt"
	"image"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	xdraw "golang.org/x/image/draw"

	"speckle/gpu"
	"speckle/imageio"
	"speckle/internal/numcheck"
	"speckle/internal/units"
	"speckle/render"
	"speckle/rng"
	"speckle/scenes"
)

// parseCount reads a count like 1e7, 2.5e6 or 1000000.
func parseCount(flag, s string) (int64, error) {
	n, err := units.ParseCount(s)
	if err != nil {
		return 0, usagef("--%s %v", flag, err)
	}
	return n, nil
}

// parseSize reads WxH.
func parseSize(s string) (int, int, error) {
	w, h, err := units.ParseSize(s, 1, 16384)
	if err != nil {
		return 0, 0, usagef("--size %v", err)
	}
	return w, h, nil
}

// renderFlags are the options render, capture and reference share.
type renderFlags struct {
	scene, size, photons, perIter, seed string
	alpha, radius, exposure             *float64
	opts                                *genOptions
	gl                                  glFlags
}

// exposureFlagRange is the scene's exposure range, or 0 for the scene's own.
var exposureFlagRange = numcheck.Range{Lo: scenes.ExposureRange.Lo, Hi: scenes.ExposureRange.Hi, Zero: "the scene's"}

func (r *renderFlags) register(fs *flag.FlagSet, defaultPhotons, defaultSize string) {
	fs.StringVar(&r.scene, "scene", "cornell", "built-in scene ("+strings.Join(scenes.Names(), ", ")+") or a scene file")
	fs.StringVar(&r.size, "size", defaultSize, "image size WIDTHxHEIGHT")
	fs.StringVar(&r.photons, "photons", defaultPhotons, "photons in all, e.g. 1e7")
	fs.StringVar(&r.perIter, "photons-per-iteration", "auto", "photons per SPPM iteration, e.g. 1e6 (auto: 2^20 on a GPU, 2^16 on a CPU rasteriser)")
	fs.StringVar(&r.seed, "seed", "1", "seed")
	r.alpha = floatFlag(fs, "alpha", 0.7, render.AlphaRange, "SPPM alpha: fraction of new photons kept per iteration")
	r.radius = floatFlag(fs, "radius", 0, render.InitialRadiusRange, "initial gather radius in scene units (at most the scene's scale)")
	r.exposure = floatFlag(fs, "exposure", 0, exposureFlagRange, "exposure multiplier before tone mapping")
	r.gl.register(fs)
	r.opts = registerGenOptions(fs)
}

// parseOne parses a command of one generator (named by *gen once parsed) and
// checks everything that does not need the GPU.
func (r *renderFlags) parseOne(fs *flag.FlagSet, args []string, gen *string) (*rng.Generator, *scenes.Scene, render.SPPMConfig, int64, error) {
	if err := parse(fs, args); err != nil {
		return nil, nil, render.SPPMConfig{}, 0, err
	}
	g, err := rng.Lookup(*gen)
	if err != nil {
		return nil, nil, render.SPPMConfig{}, 0, usageError{err.Error()}
	}
	if err := checkOptions(r.opts, []*rng.Generator{g}); err != nil {
		return nil, nil, render.SPPMConfig{}, 0, err
	}
	scene, cfg, total, err := r.config(g)
	return g, scene, cfg, total, err
}

// checkOptions rejects a generator option that none of gens has.
func checkOptions(opts *genOptions, gens []*rng.Generator) error {
	for name := range opts.set() {
		used := false
		for _, g := range gens {
			used = used || len(forGenerator(g, map[string]string{name: ""})) > 0
		}
		if !used {
			names := make([]string, len(gens))
			for i, g := range gens {
				names[i] = g.Name
			}
			return usagef("option --%s does not apply to %s", name, strings.Join(names, ", "))
		}
	}
	return nil
}

// config checks the flags that do not need the GPU.
func (r *renderFlags) config(gen *rng.Generator) (*scenes.Scene, render.SPPMConfig, int64, error) {
	var cfg render.SPPMConfig
	scene, err := scenes.Open(r.scene)
	if err != nil {
		return nil, cfg, 0, usageError{err.Error()}
	}
	w, h, err := parseSize(r.size)
	if err != nil {
		return nil, cfg, 0, err
	}
	total, err := parseCount("photons", r.photons)
	if err != nil {
		return nil, cfg, 0, err
	}
	seed, err := parseSeed(r.seed)
	if err != nil {
		return nil, cfg, 0, err
	}
	radius := *r.radius // float64: 1e-46 must not become float32 0, the automatic radius
	if radius == 0 {
		radius = float64(render.AutoRadius(scene.Camera, h))
	}
	if err := render.RadiusRange(scene).Check(radius); err != nil {
		if *r.radius == 0 {
			return nil, cfg, 0, usagef("scene %s at %d pixels high: the automatic radius (a pixel footprint) %v; give --radius", scene.Name, h, err)
		}
		return nil, cfg, 0, usagef("--radius for scene %s %v", scene.Name, err)
	}
	// Photons per iteration: 1 stands in for "auto" until the GPU is known.
	cfg = render.SPPMConfig{Width: w, Height: h, Photons: 1, Alpha: float32(*r.alpha), Radius: float32(*r.radius), Seed: seed,
		Generator: gen, Options: forGenerator(gen, r.opts.set())}
	if r.perIter != "auto" {
		n, err := parseCount("photons-per-iteration", r.perIter)
		if err != nil {
			return nil, cfg, 0, err
		}
		if n > 1<<26 {
			return nil, cfg, 0, usagef("--photons-per-iteration %d is too large (at most %d)", n, 1<<26)
		}
		cfg.Photons = int(n)
	}
	check := cfg // Check fills defaults; those are NewSPPM's to fill
	if err := check.Check(); err != nil {
		return nil, cfg, 0, usageError{err.Error()}
	}
	if _, err := gen.New(rng.Config{Seed: seed, Streams: 1, Options: cfg.Options}); err != nil {
		return nil, cfg, 0, usageError{err.Error()}
	}
	if *r.exposure == 0 {
		*r.exposure = float64(scene.Exposure)
	}
	return scene, cfg, total, nil
}

// dividingIteration is the largest iteration size up to limit that divides
// every stop, so that captures fall at the ends of equal iterations; where
// that would make iterations smaller than half the limit (stops with no
// large common divisor), it is limit, and each stop that is not a multiple
// of it is reached by a shorter iteration (SPPM.IterateTo).
func dividingIteration(limit int, stops []int64) int {
	g := stops[0]
	for _, s := range stops[1:] {
		for b := s; b != 0; g, b = b, g%b {
		}
	}
	for d := int64(min(int64(limit), g)); 2*d >= int64(limit) && d > 1; d-- {
		if g%d == 0 {
			return int(d)
		}
	}
	return int(min(int64(limit), stops[len(stops)-1]))
}

// autoPhotons sizes an iteration for the GPU at hand.
func autoPhotons(software bool) int {
	if software {
		return 1 << 16
	}
	return 1 << 20
}

// checkIterations refuses a render of total photons in iterations of
// perIter, ending a shorter one at each of its stops, that would need more
// iterations than a render holds (render.MaxIterations).
func checkIterations(total int64, perIter, stops int) error {
	if iters := total/int64(perIter) + int64(stops); iters > render.MaxIterations {
		return usagef("%d photons at %d per iteration are %d iterations, more than a render holds (2^32 - 1): give more --photons-per-iteration", total, perIter, iters)
	}
	return nil
}

// referenceSize is the size of the stored reference renders, and so the
// default of capture and reference.
const referenceSize = "640x360"

// refLabel names a reference for a plot title.
func refLabel(where string) string {
	if where == "analytic" {
		return "the exact image"
	}
	return "the reference render"
}

// progressiveRender runs one SPPM render, calling at(k) when exactly
// stops[k] photons (sorted ascending) have been traced: where a stop is not a
// multiple of the iteration size, a shorter iteration ends there and the
// render goes on from it. The last stop ends it.
func progressiveRender(s *render.SPPM, stops []int64, bar interface{ set(int) }, at func(k int) error) error {
	for k, stop := range stops {
		for s.Emitted < stop {
			if err := s.IterateTo(stop, 64); err != nil {
				return err
			}
			bar.set(int(s.Emitted / 1000))
		}
		if err := at(k); err != nil {
			return err
		}
	}
	return nil
}

// checkTraced makes sure that the photon pass traced exactly the want
// photons that the labels (output line, file names, CSV rows) state.
func checkTraced(s *render.SPPM, want int64) error {
	if n := s.Traced(); n != want || s.Emitted != want {
		return fmt.Errorf("the photon pass traced %d photons, not the %d asked for", n, want)
	}
	return nil
}

func renderCmd(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("render", "render --scene S --gen G [--photons 1e7] [--size WxH] [--out FILE.png] [options]", stdout)
	var rf renderFlags
	rf.register(fs, "1e7", "960x540")
	gen := fs.String("gen", "philox", "generator: "+strings.Join(rng.Names(), ", "))
	out := fs.String("out", "", "PNG to write (default screenshots/<scene>-<gen>.png)")
	pfm := fs.String("pfm", "", "also write the linear radiance as PFM")
	g, scene, cfg, total, err := rf.parseOne(fs, args, gen)
	if err != nil {
		return err
	}
	mkdir := *out == ""
	if mkdir {
		*out = fmt.Sprintf("screenshots/%s-%s.png", scene.Name, g.Name)
	}
	// Both outputs are checked before the render, so a bad path costs no GPU time.
	if err := prepareFile(*out, mkdir); err != nil {
		return err
	}
	if *pfm != "" {
		if filepath.Clean(*pfm) == filepath.Clean(*out) {
			return usagef("--pfm and --out name the same file %s", imageio.Printable(*out))
		}
		if err := prepareFile(*pfm, false); err != nil {
			return err
		}
	}
	c, err := rf.gl.open()
	if err != nil {
		return err
	}
	defer c.Close()
	start := time.Now()
	s, err := rf.renderAll(c, scene, cfg, total, "render "+scene.Name+" "+g.Name)
	if err != nil {
		return err
	}
	defer s.Close()
	secs := time.Since(start).Seconds()
	img, err := radianceImage(s)
	if err != nil {
		return err
	}
	if err := imageio.WritePNG(*out, img.ToneMap(float32(*rf.exposure))); err != nil {
		return err
	}
	if *pfm != "" {
		if err := imageio.WritePFM(*pfm, img); err != nil {
			return err
		}
	}
	fmt.Fprintf(stdout, "%s: %s, %s, %d photons in %d iterations, %.2f s: %.3g photons/s, %.3g bounces/s\n",
		imageio.Printable(*out), scene.Name, g.Name, s.Emitted, s.Iterations, secs, float64(s.Emitted)/secs, float64(s.Bounces())/secs)
	if ref, where := render.ReferenceImage(scene, cfg.Width, cfg.Height); ref != nil {
		rmse, _ := imageio.RMSE(img, *ref)
		fmt.Fprintf(stdout, "RMSE against the %s reference: %.4g\n", where, rmse)
	}
	return nil
}

// renderAll renders total photons of scene with a progress bar and returns
// the finished render (the caller closes it); "auto" photons per iteration
// are sized for the GPU at hand.
func (rf *renderFlags) renderAll(c *gpu.Context, scene *scenes.Scene, cfg render.SPPMConfig, total int64, label string) (*render.SPPM, error) {
	if rf.perIter == "auto" {
		cfg.Photons = autoPhotons(c.Info.Software())
	}
	cfg.Photons = int(min(int64(cfg.Photons), total))
	if err := checkIterations(total, cfg.Photons, 1); err != nil {
		return nil, err
	}
	s, err := render.NewSPPM(c, scene, cfg)
	if err != nil {
		return nil, err
	}
	bar := newProgress(os.Stderr, label, int(total/1000), "k photons")
	err = progressiveRender(s, []int64{total}, bar, func(int) error { return nil })
	bar.done()
	if err != nil {
		s.Close()
		return nil, err
	}
	c.Finish()
	if err := checkTraced(s, total); err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

func radianceImage(s *render.SPPM) (imageio.Image, error) {
	px, err := s.Radiance()
	return imageio.Image{W: s.Cfg.Width, H: s.Cfg.Height, Pix: px}, err
}

// parseCounts reads a comma-separated list of counts, returned sorted.
func parseCounts(flag, s string) ([]int64, error) {
	var out []int64
	for _, f := range strings.Split(s, ",") {
		n, err := parseCount(flag, f)
		if err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	slices.Sort(out)
	return slices.Compact(out), nil
}

// parseGenerators reads a comma-separated list of generator names, or all.
func parseGenerators(s string) ([]*rng.Generator, error) {
	if s == "all" {
		return rng.All, nil
	}
	var out []*rng.Generator
	for _, name := range strings.Split(s, ",") {
		g, err := rng.Lookup(strings.TrimSpace(name))
		if err != nil {
			return nil, usageError{err.Error()}
		}
		if slices.Contains(out, g) { // it would render twice and write one file twice
			return nil, usagef("--gens lists %s twice", g.Name)
		}
		out = append(out, g)
	}
	return out, nil
}

func captureCmd(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("capture", "capture --scene S --gens A,B,... --at 1e5,1e6,1e7 --out DIR [options]", stdout)
	var rf renderFlags
	rf.register(fs, "1", referenceSize)
	gens := fs.String("gens", "rand48,lehmer,ranlux,sobol,ca,philox", "generators, comma-separated, or all")
	at := fs.String("at", "1e5,1e6,1e7", "photon counts to capture, comma-separated, or auto (1e5,1e6 on a CPU rasteriser, 1e6,1e7,1e8 on a GPU)")
	out := fs.String("out", "", "output directory (default screenshots/<scene>)")
	if err := parse(fs, args); err != nil {
		return err
	}
	list, err := parseGenerators(*gens)
	if err != nil {
		return err
	}
	var stops []int64
	if *at != "auto" {
		if stops, err = parseCounts("at", *at); err != nil {
			return err
		}
	}
	if err := checkOptions(rf.opts, list); err != nil {
		return err
	}
	var scene *scenes.Scene
	cfgs := make([]render.SPPMConfig, len(list))
	for i, g := range list {
		if scene, cfgs[i], _, err = rf.config(g); err != nil {
			return err
		}
	}
	if *out == "" {
		*out = "screenshots/" + scene.Name
	}
	batch, err := prepareBatch(*out)
	if err != nil {
		return err
	}
	defer batch.Discard() // after Commit: nothing left to discard
	c, err := rf.gl.open()
	if err != nil {
		return err
	}
	defer c.Close()
	if *at == "auto" {
		stops = []int64{1e6, 1e7, 1e8}
		if c.Info.Software() {
			stops = []int64{1e5, 1e6}
		}
	}
	w, h := cfgs[0].Width, cfgs[0].Height
	ref, where := render.ReferenceImage(scene, w, h)
	if ref == nil {
		fmt.Fprintln(stderr, "speckle capture: "+where+"; RMSE left out")
	}
	cells := make([][]*image.NRGBA, len(list))
	var rows []imageio.ConvergenceRow
	var rowLabels, colLabels []string
	for _, n := range stops {
		colLabels = append(colLabels, units.FormatCount(n)+" photons")
	}
	bar := newProgress(os.Stderr, "capture "+scene.Name, len(list)*int(stops[len(stops)-1]/1000), "k photons")
	for i, g := range list {
		cfg := cfgs[i]
		if rf.perIter == "auto" {
			cfg.Photons = dividingIteration(autoPhotons(c.Info.Software()), stops)
		}
		if err := checkIterations(stops[len(stops)-1], cfg.Photons, len(stops)); err != nil {
			bar.done()
			return err
		}
		s, err := render.NewSPPM(c, scene, cfg)
		if err != nil {
			bar.done()
			return err
		}
		label := g.Name
		if o := describeOptions(cfg.Options); o != "-" {
			label += " " + o
		}
		rowLabels = append(rowLabels, label)
		start := time.Now()
		offset := i * int(stops[len(stops)-1]/1000)
		err = progressiveRender(s, stops, &offsetBar{bar, offset}, func(k int) error {
			c.Finish()
			secs := time.Since(start).Seconds()
			if err := checkTraced(s, stops[k]); err != nil {
				return err
			}
			img, err := radianceImage(s)
			if err != nil {
				return err
			}
			png := img.ToneMap(float32(*rf.exposure))
			cells[i] = append(cells[i], png)
			path, err := batch.Path(fmt.Sprintf("%s-%s.png", g.Name, units.FormatCount(stops[k])))
			if err != nil {
				return err
			}
			if err := imageio.WritePNG(path, png); err != nil {
				return err
			}
			row := imageio.ConvergenceRow{Scene: scene.Name, Generator: label, Photons: s.Emitted, RMSE: math.NaN(), Seconds: secs}
			if ref != nil {
				row.RMSE, _ = imageio.RMSE(img, *ref)
			}
			rows = append(rows, row)
			return nil
		})
		s.Close()
		if err != nil {
			bar.done()
			return err
		}
	}
	bar.done()
	title := fmt.Sprintf("%s, %dx%d, seed %s", scene.Name, w, h, rf.seed)
	for _, row := range cells {
		for k, cell := range row {
			row[k] = shrink(cell, montageCellWidth)
		}
	}
	montage, _ := batch.Path("montage.png")
	if err := imageio.WritePNG(montage, imageio.Montage(cells, rowLabels, colLabels, title)); err != nil {
		return err
	}
	csvPath, _ := batch.Path("convergence.csv")
	if err := imageio.WriteConvergenceCSV(csvPath, rows); err != nil {
		return err
	}
	if ref != nil {
		plot, _ := batch.Path("convergence.png")
		if err := imageio.WritePNG(plot, imageio.ConvergencePlot(rows, title+": RMSE against "+refLabel(where))); err != nil {
			return err
		}
	}
	if err := batch.Commit(); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s: %d images, montage.png, convergence.csv", imageio.Printable(*out), len(rows))
	if ref != nil {
		fmt.Fprint(stdout, ", convergence.png")
	}
	fmt.Fprintln(stdout)
	return nil
}

// montageCellWidth keeps a montage of many large renders a picture one can
// open; the cells' own PNGs keep every pixel.
const montageCellWidth = 400

// shrink scales img down to at most width pixels across (Catmull-Rom).
func shrink(img *image.NRGBA, width int) *image.NRGBA {
	b := img.Bounds()
	if b.Dx() <= width {
		return img
	}
	dst := image.NewNRGBA(image.Rect(0, 0, width, b.Dy()*width/b.Dx()))
	xdraw.CatmullRom.Scale(dst, dst.Bounds(), img, b, xdraw.Src, nil)
	return dst
}

// offsetBar shows one render's progress within a capture of several.
type offsetBar struct {
	*progress
	offset int
}

func (o *offsetBar) set(done int) { o.progress.set(o.offset + done) }

// referenceDir is where reference renders are written (render.ReferencePath).
const referenceDir = "assets/reference"

func referenceCmd(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("reference", "reference --scene S [--size WxH] [--photons 1e9]", stdout)
	var rf renderFlags
	rf.register(fs, "1e9", referenceSize)
	gen := fs.String("gen", "philox", "generator for the reference")
	g, scene, cfg, total, err := rf.parseOne(fs, args, gen)
	if err != nil {
		return err
	}
	if scene.Analytic() {
		return usagef("scene %s has an analytic image: it needs no reference render", scene.Name)
	}
	path := render.ReferencePath(scene.Name, cfg.Width, cfg.Height)
	if rel, err := filepath.Rel(referenceDir, path); err != nil || !filepath.IsLocal(rel) || filepath.Dir(rel) != "." {
		return usagef("scene name %q would write %s, outside %s", scene.Name, path, referenceDir)
	}
	if err := prepareFile(path, true); err != nil {
		return err
	}
	c, err := rf.gl.open()
	if err != nil {
		return err
	}
	defer c.Close()
	s, err := rf.renderAll(c, scene, cfg, total, "reference "+scene.Name)
	if err != nil {
		return err
	}
	defer s.Close()
	img, err := radianceImage(s)
	if err != nil {
		return err
	}
	if err := imageio.WritePFM(path, img); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s: %s with %s, %d photons\n", path, scene.Name, g.Name, s.Emitted)
	return nil
}
