package imageio

import (
	"fmt"
	"image/color"
	"math"
	"math/bits"
	"path/filepath"
	"strconv"
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

// Plot size: 16:9, 1920x1080 in the PNG, a slide's; the text sizes are for a projector.
const (
	plotWidth  = 8 * vg.Inch
	plotHeight = 4.5 * vg.Inch
	plotDPI    = 240
)

// Font sizes of a plot, in points at plotWidth: readable on a slide.
const (
	plotTitleSize  = 13
	plotLabelSize  = 11
	plotTickSize   = 10
	plotLegendSize = 9
	plotNoteSize   = 9
)

// Rates are the reference rates a convergence plot draws as guides, in RMSE: SPPM's, whose
// error (bias from the shrinking radius plus variance, Knaus and Zwicker 2011) falls at best
// as N^-1/3 (the plane test measures about that at α = 0.7), and plain Monte Carlo's N^-1/2.
var Rates = []struct {
	Name  string
	Slope float64
}{{"SPPM theory", -1.0 / 3}, {"Monte Carlo", -1.0 / 2}}

// SPPMRate is the range of slopes (in RMSE's power) SPPM's error falls at with alpha α:
// between -(1-α), the radius' bias, and -α/2, its variance (Knaus and Zwicker 2011): -0.35 to
// -0.30 at the default α = 0.7, -1/3 both at α = 2/3. It is widened by SPPMRateSlack.
func SPPMRate(alpha float64) (lo, hi float64) {
	a, b := -(1 - alpha), -alpha/2
	return min(a, b) - SPPMRateSlack, max(a, b) + SPPMRateSlack
}

// SPPMRateSlack widens SPPMRate: what a fit's last digit and the counts' own noise move it by.
const SPPMRateSlack = 0.01

// DefaultAlpha is the alpha a plot takes its SPPM rate from when its text gives none.
const DefaultAlpha = 0.7

// PlotText is what a convergence plot says: its title, the reference the errors are measured
// against ("the exact image"), and the SPPM alpha of the renders (0: DefaultAlpha).
type PlotText struct {
	Title, Against string
	Alpha          float64
}

// AtSPPMRate says whether a series' slopes (in RMSE's power) meet SPPM's rate at alpha: its
// seeds' range of slopes (or its one slope) overlaps SPPMRate.
func AtSPPMRate(r ConvergenceRow, alpha float64) bool {
	lo, hi := r.SlopeMin, r.SlopeMax
	if math.IsNaN(lo) {
		lo, hi = r.Slope, r.Slope
	}
	a, b := SPPMRate(alpha)
	return lo <= b && hi >= a
}

// Figure is a plot, its Y axis title, which SavePlot draws itself (gonum/plot pads a log axis
// for its title as if the title stood at the axis's arithmetic middle, squashing the plot
// under a long title), its key, which SavePlot draws beside the axes so that it never covers a
// curve, and notes, lines under the plot that say what it measures and how to read it.
type Figure struct {
	*plot.Plot
	YLabel string
	Key    *plot.Legend
	Notes  []string
}

// ConvergencePlot plots the metric m of rows against photons on log-log axes: per series
// (generator) a line with markers in its generator's colour, the band from Min to Max shaded
// where there are several seeds, and in the key its fitted slope where it has one
// (MinSlopePoints counts) and its trend in words (TrendOf: "diverges" only where every seed
// agrees); dashed guides of the Rates (in the metric's power) through the first point of the
// best curve (the lowest error at its largest count); and notes under it naming the measure,
// the band, the slope rule and the fireflies. Rows a log axis cannot show are left out.
func ConvergencePlot(rows []ConvergenceRow, m Metric, text PlotText) (*Figure, error) {
	alpha := text.Alpha
	if alpha == 0 {
		alpha = DefaultAlpha
	}
	p := plot.New()
	p.Title.Text = text.Title
	p.Title.TextStyle.Font.Size = plotTitleSize
	p.X.Label.Text = "photons traced (N)"
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Label.TextStyle.Font.Size = plotLabelSize
		a.Tick.Label.Font.Size = plotTickSize
	}
	p.X.Scale, p.Y.Scale = plot.LogScale{}, plot.LogScale{}
	p.X.Tick.Marker, p.Y.Tick.Marker = logTicks{}, logTicks{}
	p.Add(plotter.NewGrid())
	key := plot.NewLegend()
	key.Top, key.Left = true, true
	key.TextStyle.Font.Size = plotLegendSize
	key.ThumbnailWidth = 0.4 * vg.Inch
	key.Padding = vg.Points(2)

	xlo, xhi, ylo, yhi := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	seeds := 1
	var best []ConvergenceRow // the curve the guides go through
	var flies []string
	all := convergenceSeries(rows)
	var names []string
	for _, s := range all { // by generator, also where a scene prefixes the name
		names = append(names, rows[s.rows[0]].Generator)
	}
	styles := GeneratorStyles(names)
	for i, s := range all {
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
		if err := addSeries(p, &key, s.name, pts, styles[i], i, m.Power(), alpha); err != nil {
			return nil, err
		}
		fl := pts[len(pts)-1]
		flies = append(flies, fmt.Sprintf("%s %.3g (%d) at %s photons", s.name, fl.Fireflies, fl.FirefliesMax, countText(fl.Photons)))
	}
	if best == nil {
		p.Title.Text += " (no data)"
		xlo, xhi, ylo, yhi = 1e4, 1e7, 1e-3, 1
	}
	// The data's own extent, padded: decades around a curve of one octave
	// would flatten it.
	p.X.Min, p.X.Max = xlo/1.15, xhi*1.15
	p.Y.Min, p.Y.Max = ylo/1.25, yhi*1.25
	if best != nil {
		if err := addGuides(p, &key, best[0], m.Power()); err != nil {
			return nil, err
		}
	}
	return &Figure{Plot: p, Key: &key, Notes: plotNotes(m, text, seeds, flies),
		YLabel: m.Short()}, nil
}

// plotNotes are the lines under a convergence plot: the measure and its reference, the band
// over seeds, the slope rule and the fireflies (flies: a series' at its largest count each).
func plotNotes(m Metric, text PlotText, seeds int, flies []string) []string {
	band := "one seed: no band"
	if seeds > 1 {
		band = fmt.Sprintf("line: the mean over %d seeds; shaded: their least to greatest", seeds)
	}
	return []string{
		"Measure: " + m.Title() + " (a: the render, r: " + text.Against + ").",
		band + fmt.Sprintf("; slopes: least squares of log error on log N over at least %d counts (fewer: none),", MinSlopePoints),
		"beside them the range of the seeds' own slopes; a curve is said to diverge only if every seed's error grows.",
		FireflyText() + ", mean (most) a render:",
		strings.Join(flies, "; ") + ". RMSE and fireflies at every count: convergence.csv.",
	}
}

// countText writes a photon count as 2^20 where it is a power of two, else as
// 1e8 or 2.5e6 (as the capture's file names write counts).
func countText(n int64) string {
	if n > 0 && n&(n-1) == 0 {
		return fmt.Sprintf("2^%d", bits.TrailingZeros64(uint64(n)))
	}
	m, e := n, 0
	for m >= 10 && m%10 == 0 {
		m, e = m/10, e+1
	}
	if e == 0 {
		return strconv.FormatInt(n, 10)
	}
	digits := strconv.FormatInt(m, 10)
	if len(digits) == 1 {
		return fmt.Sprintf("%se%d", digits, e)
	}
	return fmt.Sprintf("%s.%se%d", digits[:1], digits[1:], e+len(digits)-1)
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

// addSeries adds one curve (in its generator's Style), its band and its key entry: the name,
// the fitted slope of the mean (in RMSE's power: power is the metric's) with the seeds' range,
// and what the slope says.
func addSeries(p *plot.Plot, key *plot.Legend, name string, pts []ConvergenceRow, sty Style, i int, power, alpha float64) error {
	col := LineOnWhite(sty.Color)
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
	line.Color, line.Width, line.Dashes = col, vg.Points(2), sty.Dashes()
	points.Color, points.Shape, points.Radius = col, glyphs[i%len(glyphs)], vg.Points(3.5)
	p.Add(line, points)
	label, says := seriesLabel(name, pts[0], power, alpha)
	key.Add(label, line, points)
	if says != "" {
		key.Add("   " + says)
	}
	return nil
}

// seriesLabel is a curve's key entry, its name and fitted slope ("philox: slope -0.33, seeds
// -0.35 to -0.31"), and a second line saying what the slope says ("at SPPM's rate": AtSPPMRate
// at alpha), if any.
func seriesLabel(name string, r ConvergenceRow, power, alpha float64) (string, string) {
	if math.IsNaN(r.Slope) {
		return name, fmt.Sprintf("no slope: fewer than %d counts", MinSlopePoints)
	}
	label := fmt.Sprintf("%s: slope %.2f", name, r.Slope)
	if !math.IsNaN(r.SlopeMin) && r.Seeds > 1 {
		label += fmt.Sprintf(", seeds %.2f to %.2f", r.SlopeMin, r.SlopeMax)
	}
	switch TrendOf(r) {
	case TrendDiverges:
		return label, fmt.Sprintf("DIVERGES: every seed's error grows")
	case TrendUnclear:
		return label, "no clear trend: the seeds disagree"
	case TrendConverges:
		lo, hi := SPPMRate(alpha)
		rate := fmt.Sprintf("%.2f to %.2f", lo*power, hi*power)
		unit := ConvergenceRow{Slope: r.Slope / power, SlopeMin: r.SlopeMin / power, SlopeMax: r.SlopeMax / power}
		switch {
		case AtSPPMRate(unit, alpha):
			return label, "converges at SPPM's rate (" + rate + ")"
		case unit.Slope > hi:
			return label, "converges, slower than SPPM's " + rate
		}
		return label, "converges, faster than SPPM's " + rate
	}
	return label, ""
}

// addGuides draws the Rates through the point at, each slope times power.
func addGuides(p *plot.Plot, key *plot.Legend, at ConvergenceRow, power float64) error {
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
		key.Add(fmt.Sprintf("guide: %s, slope %s", rate.Name, SlopeFraction(slope)), f)
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

// DecadeRange is [floor(log10 lo), ceil(log10 hi)], at least one decade wide:
// the extent of a log axis (the capture plot's and the window's).
func DecadeRange(lo, hi float64) (float64, float64) {
	a, b := math.Floor(math.Log10(lo)), math.Ceil(math.Log10(hi))
	if a == b {
		a, b = a-1, b+1
	}
	return a, b
}

// wrapPlotText breaks s at spaces into lines no wider than w by width.
func wrapPlotText(s string, w vg.Length, width func(string) vg.Length) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(s) {
		if next := strings.TrimSpace(line + " " + word); line == "" || width(next) <= w {
			line = next
			continue
		}
		lines = append(lines, line)
		line = word
	}
	return append(lines, line)
}

// plotMargin is the white space around a saved plot and between its parts.
const plotMargin = vg.Length(6) // points

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
	dc = draw.Crop(dc, plotMargin, -plotMargin, plotMargin, -plotMargin)
	if title := f.Title.Text; title != "" { // across the whole width, not centred over the axes
		sty := f.Title.TextStyle
		sty.XAlign, sty.YAlign = draw.XLeft, draw.YTop
		for _, line := range wrapPlotText(title, dc.Size().X, sty.Width) {
			dc.FillText(sty, vg.Point{X: dc.Min.X, Y: dc.Max.Y}, line)
			dc = draw.Crop(dc, 0, 0, 0, -sty.Height(line)-sty.FontExtents().Descent)
		}
		dc = draw.Crop(dc, 0, 0, 0, -f.Title.Padding-plotMargin)
		defer func(t string) { f.Title.Text = t }(title)
		f.Title.Text = ""
	}
	if len(f.Notes) > 0 { // under everything, left-aligned, one line each
		sty := f.X.Label.TextStyle
		sty.Font.Size = plotNoteSize
		sty.XAlign, sty.YAlign = draw.XLeft, draw.YBottom
		h := sty.Height("Xg")
		var lines []string
		for _, n := range f.Notes {
			lines = append(lines, wrapPlotText(n, dc.Size().X, sty.Width)...)
		}
		for k := range lines {
			dc.FillText(sty, vg.Point{X: dc.Min.X, Y: dc.Min.Y + vg.Length(k)*h}, lines[len(lines)-1-k])
		}
		dc = draw.Crop(dc, 0, 0, vg.Length(len(lines))*h+plotMargin, 0)
	}
	if f.Key != nil { // beside the axes, top right: never over a curve
		w := f.Key.Rectangle(dc).Size().X + f.Key.ThumbnailWidth/2
		f.Key.Draw(draw.Crop(dc, dc.Size().X-w, 0, 0, -plotTitleSize*2))
		dc = draw.Crop(dc, 0, -w-plotMargin, 0, 0)
	}
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
