package study

import (
	"fmt"
	"image"
	"math"
	"time"

	"speckle/gpu"
	"speckle/imageio"
	"speckle/internal/units"
	"speckle/render"
	"speckle/rng"
)

// Capture renders each generator once, progressively, and takes an image
// at each photon count: the images (LABEL-COUNT.png), montage.png,
// convergence.csv and, where the scene has a reference, convergence.png,
// all into Set, which replaces its folder's earlier set whole at the end.
type Capture struct {
	Setup
	Specs    []rng.Spec
	At       []int64 // photon counts, ascending; nil: autoStops for the device
	Set      *imageio.Batch
	Progress Progress
	Warn     func(string) // hears what the capture leaves out, and why
}

// Captured is what a capture wrote.
type Captured struct {
	Images int
	Plot   bool // convergence.png: the scene has a reference
}

// Check refuses bad options before any GPU work: a generator that will not
// render, or two that would draw the same picture or write the same files.
func (o Capture) Check() error {
	files := map[string]string{}
	for _, sp := range o.Specs {
		if _, err := o.Config(sp); err != nil {
			return err
		}
		sp = sp.With(o.Options)
		if prev, ok := files[sp.FileName()]; ok {
			if prev == sp.String() {
				return inputf("--gens %s is named twice (once the options given for all generators apply)", sp)
			}
			return inputf("--gens: %s and %s would both write %s-*.png", prev, sp, sp.FileName())
		}
		files[sp.FileName()] = sp.String()
	}
	return nil
}

// Run renders and writes the set.
func (o Capture) Run(c *gpu.Context) (Captured, error) {
	if err := o.Check(); err != nil {
		return Captured{}, err
	}
	if o.At == nil {
		o.At = autoStops(c.Info)
	}
	ref, where := render.ReferenceImage(o.Scene, o.Width, o.Height)
	if ref == nil && o.Warn != nil {
		o.Warn(where + "; RMSE left out")
	}
	t := table{ref: ref}
	for i, sp := range o.Specs {
		if err := o.captureOne(c, sp, &t, int64(i)); err != nil {
			return Captured{}, err
		}
	}
	title := fmt.Sprintf("%s, %dx%d, seed %d", o.Scene.Name, o.Width, o.Height, o.Seed)
	if err := o.writeSummary(t, title, where); err != nil {
		return Captured{}, err
	}
	return Captured{Images: len(t.rows), Plot: ref != nil}, o.Set.Commit()
}

// table is what a capture has taken so far.
type table struct {
	ref       *imageio.Image
	cells     [][]*image.NRGBA // per generator, per count
	rowLabels []string
	rows      []imageio.ConvergenceRow
}

// captureOne renders one generator (the i-th) through every count.
func (o Capture) captureOne(c *gpu.Context, sp rng.Spec, t *table, i int64) error {
	last := o.At[len(o.At)-1]
	cfg, err := o.Config(sp)
	if err != nil {
		return err
	}
	cfg.Photons = o.PhotonsPerIteration
	if cfg.Photons == 0 {
		cfg.Photons = dividingIteration(o.Iteration(c.Info), o.At)
	}
	if err := checkIterations(last, cfg.Photons, len(o.At)); err != nil {
		return err
	}
	s, err := render.NewSPPM(c, o.Scene, cfg)
	if err != nil {
		return err
	}
	defer s.Close()
	sp = sp.With(o.Options)
	t.rowLabels = append(t.rowLabels, sp.Label())
	t.cells = append(t.cells, nil)
	start := time.Now()
	progress := func(n int64) { o.Progress.report(i*last+n, int64(len(o.Specs))*last) }
	return progressive(s, o.At, progress, func(k int) error {
		c.Finish()
		secs := time.Since(start).Seconds()
		if err := checkTraced(s, o.At[k]); err != nil {
			return err
		}
		img, err := radiance(s)
		if err != nil {
			return err
		}
		png := img.ToneMap(o.exposure())
		t.cells[i] = append(t.cells[i], png)
		path, err := o.Set.Path(fmt.Sprintf("%s-%s.png", sp.FileName(), units.FormatCount(o.At[k])))
		if err != nil {
			return err
		}
		row := imageio.ConvergenceRow{Scene: o.Scene.Name, Generator: sp.Label(), Photons: s.Emitted, RMSE: math.NaN(), Seconds: secs}
		if t.ref != nil {
			row.RMSE, _ = imageio.RMSE(img, *t.ref)
		}
		t.rows = append(t.rows, row)
		return imageio.WritePNG(path, png)
	})
}

// writeSummary writes the montage, the CSV and, with a reference, the plot.
func (o Capture) writeSummary(t table, title, where string) error {
	var colLabels []string
	for _, n := range o.At {
		colLabels = append(colLabels, units.FormatCount(n)+" photons")
	}
	for _, row := range t.cells {
		for k, cell := range row {
			row[k] = imageio.Shrink(cell, imageio.MontageCellWidth)
		}
	}
	montage, _ := o.Set.Path("montage.png")
	if err := imageio.WritePNG(montage, imageio.Montage(t.cells, t.rowLabels, colLabels, title)); err != nil {
		return err
	}
	csv, _ := o.Set.Path("convergence.csv")
	if err := imageio.WriteConvergenceCSV(csv, t.rows); err != nil {
		return err
	}
	if t.ref == nil {
		return nil
	}
	against := "the reference render"
	if where == "analytic" {
		against = "the exact image"
	}
	plot, _ := o.Set.Path("convergence.png")
	return imageio.WritePNG(plot, imageio.ConvergencePlot(t.rows, title+": RMSE against "+against))
}
