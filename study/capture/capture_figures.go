package capture

import (
	"fmt"
	"image"
	"image/color/palette"
	"image/draw"
	"image/gif"
	"io"
	"math"
	"slices"
	"strings"

	"speckle/imageio"
	"speckle/internal/units"
	"speckle/rng"
	"speckle/study"
)

// heatmapPercentile is the share of all cells' pixels (every generator and
// count) whose error lies below the heatmap's top colour: a robust scale, so
// that the fireflies and caustics of the noisiest column do not set it and
// turn the largest count's column dark; brighter pixels show the top colour.
const heatmapPercentile = 0.95

// gifDelay is each GIF frame's time in 1/100 s; the last one stays longer.
const gifDelay, gifLastDelay = 100, 300

// writeSummary writes the montages, the CSV, the plot and the animation,
// and returns their names.
func (o Capture) writeSummary(t *table) ([]string, error) {
	var files []string
	put := func(name string, write func(path string) error) error {
		path, err := o.Set.Path(name)
		if err == nil {
			err = write(path)
		}
		files = append(files, name)
		return err
	}
	title := fmt.Sprintf("%s, %dx%d, %s", o.Scene.Name, o.Width, o.Height, o.seedsText())
	var colLabels []string
	for _, n := range o.At {
		colLabels = append(colLabels, units.FormatCount(n)+" photons")
	}
	cells := o.shrunk(t)
	var heat [][]*image.NRGBA
	var bar *imageio.ColorBar
	if o.Heatmaps && t.ref != nil {
		var err error
		if heat, bar, err = o.heatmaps(t); err != nil {
			return nil, err
		}
	}
	if !o.NoMontage {
		g := imageio.Grid{Cells: cells, RowLabels: t.rowLabels, ColLabels: colLabels, Title: title, SeriesRows: true}
		slide := imageio.Slide{Grid: g, Caption: o.Caption} // 1920x1080, for a projector
		if err := put("montage.png", func(p string) error { return imageio.WritePNG(p, slide.Draw()) }); err != nil {
			return nil, err
		}
	}
	if heat != nil {
		g := imageio.Grid{Cells: heat, RowLabels: t.rowLabels, ColLabels: colLabels, Title: title + ": error", SeriesRows: true, Bar: bar}
		if err := put("heatmap.png", func(p string) error { return imageio.WritePNG(p, g.Draw()) }); err != nil {
			return nil, err
		}
	}
	rows := o.rows(t)
	if err := put("convergence.csv", func(p string) error { return imageio.WriteConvergenceCSV(p, o.Metric, rows) }); err != nil {
		return nil, err
	}
	if t.ref != nil {
		against := "the reference (" + t.where + ")"
		if t.where == "analytic" {
			against = "the exact image"
		}
		p, err := imageio.ConvergencePlot(rows, o.Metric, imageio.PlotText{Title: title, Against: against, Alpha: o.Alpha})
		if err != nil {
			return nil, err
		}
		for _, ext := range imageio.PlotFormats {
			if err := put("convergence."+ext, func(path string) error { return imageio.SavePlot(p, path) }); err != nil {
				return nil, err
			}
		}
	}
	frames := o.frames(t, cells, heat, bar, title)
	switch o.Animate {
	case AnimateGIF:
		if err := put("animation.gif", func(p string) error { return writeGIF(p, frames) }); err != nil {
			return nil, err
		}
	case AnimateFrames:
		for k, f := range frames {
			name := fmt.Sprintf("frame-%03d.png", k+1)
			if err := put(name, func(p string) error { return imageio.WritePNG(p, f) }); err != nil {
				return nil, err
			}
		}
	}
	return files, nil
}

// seedsText names the seeds in a title: the common one, or the range each
// generator ran where some have seeds of their own.
func (o Capture) seedsText() string {
	own := slices.ContainsFunc(o.Specs, func(sp rng.Spec) bool { return sp.HasSeed })
	switch {
	case o.Seeds == 1 && !own:
		return fmt.Sprintf("seed %d", o.Seed)
	case o.Seeds == 1:
		return fmt.Sprintf("seed %d unless the generator names one", o.Seed)
	case !own:
		return fmt.Sprintf("seeds %d to %d%s (images: the first)", o.Seed, o.Seed+uint32(o.Seeds-1), o.stridesText())
	}
	return fmt.Sprintf("%d seeds from each generator's own%s (images: the first)", o.Seeds, o.stridesText())
}

// stridesText names the generators whose replicates step by more than one
// seed (rng.Generator.ReplicateStride: lehmer's seed+1 would shift its
// streams), "; lehmer's step 2^26", or "".
func (o Capture) stridesText() string {
	var out []string
	for _, sp := range o.Specs {
		if s := sp.Gen.ReplicateStride; s > 1 && !slices.Contains(out, sp.Gen.Name+"'s step "+study.PowerText(int(s))) {
			out = append(out, sp.Gen.Name+"'s step "+study.PowerText(int(s)))
		}
	}
	if len(out) == 0 {
		return ""
	}
	return "; " + strings.Join(out, ", ")
}

// shrunk is the cells' images at montage size.
func (o Capture) shrunk(t *table) [][]*image.NRGBA {
	out := make([][]*image.NRGBA, len(t.cells))
	for i, row := range t.cells {
		for _, c := range row {
			out[i] = append(out[i], imageio.Shrink(c.image, imageio.MontageCellWidth))
		}
	}
	return out
}

// heatmaps are the cells' error images on one colour scale, whose top is the
// heatmapPercentile of the per-pixel errors of all cells, rounded up to two
// significant digits, and its colour bar. The per-pixel error is the
// metric's own (imageio.MetricPixelError), so that the heatmap and the CSV
// measure the same thing.
func (o Capture) heatmaps(t *table) ([][]*image.NRGBA, *imageio.ColorBar, error) {
	pixelError := imageio.MetricPixelError(o.Metric)
	var errs []float64
	for _, row := range t.cells {
		for _, c := range row {
			errs = appendPixelErrors(errs, c.radiance, *t.ref, pixelError)
		}
	}
	top := robustTop(errs, heatmapPercentile)
	out := make([][]*image.NRGBA, len(t.cells))
	for i, row := range t.cells {
		for _, c := range row {
			h, err := imageio.HeatmapBy(c.radiance, *t.ref, pixelError, float32(top))
			if err != nil {
				return nil, nil, err
			}
			out[i] = append(out[i], imageio.Shrink(h, imageio.MontageCellWidth))
		}
	}
	label := "per-pixel RMS error over R, G, B against the reference (radiance; its square's mean is MSE)"
	switch o.Metric {
	case imageio.MetricRelMSE:
		label = "per-pixel relative error sqrt(mean over R, G, B of (a-r)^2/(r+0.01)^2) (its square's mean is relMSE)"
	case imageio.MetricMedRel:
		label = "per-pixel relative error, mean over R, G, B of |a-r|/(r+0.01) (the figures' median is over these channels)"
	}
	label += fmt.Sprintf("; scale tops at the %gth percentile of all cells' pixels, brighter ones clipped", 100*heatmapPercentile)
	return out, &imageio.ColorBar{Map: imageio.HeatColormap(), Lo: 0, Hi: top, Label: label}, nil
}

// appendPixelErrors adds img's finite per-pixel errors against ref to errs.
func appendPixelErrors(errs []float64, img, ref imageio.Image, pixelError func(a, r [3]float32) float64) []float64 {
	for p := 0; p < img.W*img.H; p++ {
		var a, r [3]float32
		copy(a[:], img.Pix[4*p:4*p+3])
		copy(r[:], ref.Pix[4*p:4*p+3])
		if e := pixelError(a, r); !math.IsNaN(e) && !math.IsInf(e, 0) {
			errs = append(errs, e)
		}
	}
	return errs
}

// robustTop is the share q's percentile of errs rounded up to two significant
// digits (1 without errors): a colour scale's top that outliers do not set.
func robustTop(errs []float64, q float64) float64 {
	if len(errs) == 0 {
		return 1
	}
	slices.Sort(errs)
	v := max(errs[int(q*float64(len(errs)-1))], 1e-12)
	e := math.Floor(math.Log10(v)) - 1
	if e < 0 { // divide by the power of ten, which prints as the digits do
		f := math.Pow(10, -e)
		return math.Ceil(v*f-1e-9) / f
	}
	f := math.Pow(10, e)
	return math.Ceil(v/f-1e-9) * f
}

// rows are the CSV's: per generator and count the mean error over the
// seeds, the band from least to greatest, the mean time and the fitted slope.
func (o Capture) rows(t *table) []imageio.ConvergenceRow {
	var rows []imageio.ConvergenceRow
	for i, row := range t.cells {
		for _, c := range row {
			r := imageio.ConvergenceRow{Scene: o.Scene.Name, Generator: t.rowLabels[i], Photons: c.photons, Seeds: len(c.errs),
				Error: mean(c.errs), Min: slices.Min(c.errs), Max: slices.Max(c.errs), Each: c.errs,
				RMSE: mean(c.rmses), RMSEMin: slices.Min(c.rmses), RMSEMax: slices.Max(c.rmses),
				Fireflies: mean(c.flies), FirefliesMax: int(slices.Max(c.flies)), Seconds: mean(c.secs), Reference: t.where}
			if math.IsNaN(r.Error) {
				r.Min, r.Max = r.Error, r.Error
			}
			if math.IsNaN(r.RMSE) {
				r.RMSEMin, r.RMSEMax, r.FirefliesMax = r.RMSE, r.RMSE, 0
			}
			rows = append(rows, r)
		}
	}
	imageio.SetSlopes(rows)
	return rows
}

func mean(v []float64) float64 {
	var s float64
	for _, x := range v {
		s += x
	}
	return s / float64(len(v))
}

// frames are the animation's: per count the generators side by side, their
// heatmaps (and colour bar) under them where there are some, all frames the
// same size.
func (o Capture) frames(t *table, cells, heat [][]*image.NRGBA, bar *imageio.ColorBar, title string) []*image.NRGBA {
	if o.Animate == NoAnimation {
		return nil
	}
	var frames []*image.NRGBA
	size := image.Rectangle{}
	for k, n := range o.At {
		var pics, heats []*image.NRGBA
		for i := range cells {
			pics = append(pics, cells[i][k])
			if heat != nil {
				heats = append(heats, heat[i][k])
			}
		}
		g := imageio.Grid{Cells: [][]*image.NRGBA{pics}, ColLabels: t.rowLabels,
			Title: fmt.Sprintf("%s: %s photons", title, units.FormatCount(n))}
		if heat != nil {
			g.Cells, g.RowLabels, g.Bar = append(g.Cells, heats), []string{"image", "error"}, bar
		}
		f := g.Draw()
		size = size.Union(f.Rect)
		frames = append(frames, f)
	}
	for k, f := range frames { // a longer count's title may be wider
		if f.Rect != size {
			big := image.NewNRGBA(size)
			draw.Draw(big, f.Rect, f, image.Point{}, draw.Src)
			frames[k] = big
		}
	}
	return frames
}

// writeGIF writes frames as a looping animated GIF (Plan 9 palette,
// Floyd-Steinberg dithered), atomically.
func writeGIF(path string, frames []*image.NRGBA) error {
	a := &gif.GIF{}
	for k, f := range frames {
		p := image.NewPaletted(f.Rect, palette.Plan9)
		draw.FloydSteinberg.Draw(p, f.Rect, f, image.Point{})
		a.Image = append(a.Image, p)
		a.Delay = append(a.Delay, gifDelay)
		if k == len(frames)-1 {
			a.Delay[k] = gifLastDelay
		}
	}
	return imageio.WriteFileAtomic(path, func(w io.Writer) error { return gif.EncodeAll(w, a) })
}
