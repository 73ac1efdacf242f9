package imageio

import (
	"fmt"
	"image/color"
	"math"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgpdf"
	"gonum.org/v1/plot/vg/vgsvg"
)

// PlotFormats are the file types a plot is saved as: by the path's extension.
var PlotFormats = []string{"png", "svg", "pdf"}

// Plot size (a two-column figure's width) and the PNG's resolution.
const (
	plotWidth  = 7 * vg.Inch
	plotHeight = 5.25 * vg.Inch
	plotDPI    = 150
)

// Rates are the reference rates a convergence plot draws as guides, in RMSE: SPPM's, whose
// error (bias from the shrinking radius plus variance, Knaus and Zwicker 2011) falls at best
// as N^-1/3 (the plane test measures about that at α = 0.7), and plain Monte Carlo's N^-1/2.
var Rates = []struct {
	Name  string
	Slope float64
}{{"SPPM theory", -1.0 / 3}, {"Monte Carlo", -1.0 / 2}}

// PlotText is what a convergence plot says: its title and the reference the errors are
// measured against ("the exact image").
type PlotText struct {
	Title, Against string
}

// Figure is a plot and its Y axis title, which SavePlot draws itself:
// gonum/plot pads a log axis for its title as if the title stood at the
// axis's arithmetic middle, squashing the plot under a long title.
type Figure struct {
	*plot.Plot
	YLabel string
}

// ConvergencePlot plots the metric m of rows against photons on log-log axes: per series
// (generator) a line with markers in Palette's colour, the band from Min to Max shaded where
// there are several seeds, and the fitted slope (Slope) in the legend; and dashed guides of the
// Rates (in the metric's power) through the first point of the best curve (the lowest error at
// its largest count). Rows a log axis cannot show are left out.
func ConvergencePlot(rows []ConvergenceRow, m Metric, text PlotText) (*Figure, error) {
	p := plot.New()
	p.Title.Text = text.Title
	p.X.Label.Text = "photons traced (N)"
	p.X.Scale, p.Y.Scale = plot.LogScale{}, plot.LogScale{}
	p.X.Tick.Marker, p.Y.Tick.Marker = decadeTicks{}, decadeTicks{}
	p.Add(plotter.NewGrid())
	p.Legend.Left = true // bottom left: falling curves leave it empty
	p.Legend.XOffs, p.Legend.YOffs = vg.Points(8), vg.Points(8)
	p.Legend.ThumbnailWidth = 0.4 * vg.Inch

	xlo, xhi, ylo, yhi := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	seeds := 1
	var best []ConvergenceRow // the curve the guides go through
	for i, s := range convergenceSeries(rows) {
		var pts []ConvergenceRow
		for _, k := range s.rows {
			if r := rows[k]; usable(r) {
				pts = append(pts, r)
				xlo, xhi = math.Min(xlo, float64(r.Photons)), math.Max(xhi, float64(r.Photons))
				ylo, yhi = math.Min(ylo, bandLo(r)), math.Max(yhi, bandHi(r))
				seeds = max(seeds, r.Seeds)
			}
		}
		if len(pts) == 0 {
			continue
		}
		if best == nil || pts[len(pts)-1].Error < best[len(best)-1].Error {
			best = pts
		}
		if err := addSeries(p, s.name, pts, SeriesColor(i), i); err != nil {
			return nil, err
		}
	}
	if best == nil {
		p.Title.Text += " (no data)"
		xlo, xhi, ylo, yhi = 1e4, 1e7, 1e-3, 1
	}
	x0, x1 := DecadeRange(xlo, xhi)
	y0, y1 := DecadeRange(ylo, yhi)
	p.X.Min, p.X.Max = math.Pow(10, x0), math.Pow(10, x1)
	p.Y.Min, p.Y.Max = math.Pow(10, y0), math.Pow(10, y1)
	if best != nil {
		if err := addGuides(p, best[0], m.Power()); err != nil {
			return nil, err
		}
	}
	if seeds > 1 {
		p.Legend.Add(fmt.Sprintf("shaded: min to max over %d seeds", seeds))
	}
	return &Figure{Plot: p, YLabel: m.Title() + "\na: the render, r: " + text.Against}, nil
}

func bandLo(r ConvergenceRow) float64 {
	if r.Min > 0 && r.Min < r.Error {
		return r.Min
	}
	return r.Error
}

func bandHi(r ConvergenceRow) float64 {
	if r.Max > r.Error && !math.IsInf(r.Max, 0) {
		return r.Max
	}
	return r.Error
}

// glyphs tell series apart without colour.
var glyphs = []draw.GlyphDrawer{draw.CircleGlyph{}, draw.SquareGlyph{}, draw.TriangleGlyph{},
	draw.PyramidGlyph{}, draw.BoxGlyph{}, draw.RingGlyph{}, draw.CrossGlyph{}, draw.PlusGlyph{}}

// addSeries adds one curve, its band and its legend entry.
func addSeries(p *plot.Plot, name string, pts []ConvergenceRow, col color.NRGBA, i int) error {
	xy := make(plotter.XYs, len(pts))
	var lo, hi plotter.XYs
	for k, r := range pts {
		xy[k] = plotter.XY{X: float64(r.Photons), Y: r.Error}
		lo = append(lo, plotter.XY{X: float64(r.Photons), Y: bandLo(r)})
		hi = append(plotter.XYs{{X: float64(r.Photons), Y: bandHi(r)}}, hi...)
	}
	if pts[0].Seeds > 1 && len(pts) > 1 {
		band, err := plotter.NewPolygon(append(lo, hi...))
		if err != nil {
			return err
		}
		band.Color = color.NRGBA{R: col.R, G: col.G, B: col.B, A: 70}
		band.LineStyle.Width = 0
		p.Add(band)
	}
	line, points, err := plotter.NewLinePoints(xy)
	if err != nil {
		return err
	}
	line.Color, line.Width = col, vg.Points(1.5)
	points.Color, points.Shape, points.Radius = col, glyphs[i%len(glyphs)], vg.Points(3)
	p.Add(line, points)
	label := name
	if s := pts[0].Slope; !math.IsNaN(s) {
		label = fmt.Sprintf("%s  (fitted slope %.2f)", name, s)
	}
	p.Legend.Add(label, line, points)
	return nil
}

// addGuides draws the Rates through the point at, each slope times power.
func addGuides(p *plot.Plot, at ConvergenceRow, power float64) error {
	dashes := [][]vg.Length{{vg.Points(6), vg.Points(3)}, {vg.Points(2), vg.Points(2)}}
	x0, y0 := float64(at.Photons), at.Error
	for k, rate := range Rates {
		slope := rate.Slope * power
		f := plotter.NewFunction(func(x float64) float64 { return y0 * math.Pow(x/x0, slope) })
		f.XMin, f.XMax = x0, p.X.Max
		// Stop where the guide leaves the axes at the bottom.
		if y := y0 * math.Pow(f.XMax/x0, slope); y < p.Y.Min {
			f.XMax = x0 * math.Pow(p.Y.Min/y0, 1/slope)
		}
		f.Samples = 2
		f.Color = color.NRGBA{R: 80, G: 80, B: 80, A: 255}
		f.Width = vg.Points(1)
		f.Dashes = dashes[k%len(dashes)]
		p.Add(f)
		p.Legend.Add(fmt.Sprintf("guide: %s, slope %s", rate.Name, SlopeFraction(slope)), f)
	}
	return nil
}

// SlopeFraction writes a guide's slope as the fraction it is (-1/3, -2/3, -1/2, -1).
func SlopeFraction(s float64) string {
	for _, d := range []float64{1, 2, 3} {
		if n := s * d; math.Abs(n-math.Round(n)) < 1e-9 {
			if d == 1 {
				return fmt.Sprintf("%.0f", n)
			}
			return fmt.Sprintf("%.0f/%.0f", n, d)
		}
	}
	return fmt.Sprintf("%.3g", s)
}

// decadeTicks are a log axis's ticks, labelled 1e4, 1e-2 at the decades
// (as units.FormatCount writes counts and the window's plot its axes).
type decadeTicks struct{}

func (decadeTicks) Ticks(lo, hi float64) []plot.Tick {
	ticks := plot.LogTicks{Prec: -1}.Ticks(lo, hi)
	for i, t := range ticks {
		if t.Label != "" {
			ticks[i].Label = fmt.Sprintf("1e%d", int(math.Round(math.Log10(t.Value))))
		}
	}
	return ticks
}

// DecadeRange is [floor(log10 lo), ceil(log10 hi)], at least one decade wide:
// the extent of a log axis (the capture plot's and the window's).
func DecadeRange(lo, hi float64) (float64, float64) {
	a, b := math.Floor(math.Log10(lo)), math.Ceil(math.Log10(hi))
	if a == b {
		a, b = a-1, b+1
	}
	return a, b
}

// SavePlot writes f to path atomically, in the format its extension names (PlotFormats).
func SavePlot(f *Figure, path string) error {
	var c vg.CanvasWriterTo
	switch ext := strings.ToLower(strings.TrimPrefix(filepath.Ext(path), ".")); ext {
	case "png":
		c = vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(plotWidth, plotHeight), vgimg.UseDPI(plotDPI))}
	case "svg":
		c = vgsvg.New(plotWidth, plotHeight)
	case "pdf":
		c = vgpdf.New(plotWidth, plotHeight)
	default:
		return fmt.Errorf("%s: a plot is saved as %s, not %q", Printable(path), strings.Join(PlotFormats, ", "), ext)
	}
	dc := draw.New(c)
	if f.YLabel != "" {
		sty := f.Y.Label.TextStyle
		h := sty.Height(f.YLabel)
		sty.Rotation += math.Pi / 2
		dc.FillText(sty, vg.Point{X: dc.Min.X + h - sty.FontExtents().Descent, Y: dc.Center().Y}, f.YLabel)
		dc = draw.Crop(dc, h+f.Y.Label.Padding, 0, 0, 0)
	}
	f.Draw(dc)
	return writeCanvas(path, c)
}
