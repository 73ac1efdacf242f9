package pareto

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"speckle/imageio"
	"speckle/internal/units"
)

// FigureText is what a figure of the plane says beyond its points.
type FigureText struct {
	Title string
	// Paper overlays the paper's points (hollow, linked to the run's),
	// both on the relative speed axis (Relative).
	Paper bool
	// Mark names the generators drawn larger and ringed (the lab view's
	// pane); LabelSize is the labels' font size in points (0: 8).
	Mark      map[string]bool
	LabelSize float64
}

var frontierColor = color.NRGBA{R: 40, G: 40, B: 40, A: 255}

// Plot is the plane: every point in its generator's colour and labelled,
// speed on a log axis, quality in percent, the frontier a step line; with
// text.Paper the paper's points too. The error says why the paper cannot
// be overlaid (no hash of its table measured).
func Plot(r Report, text FigureText) (*imageio.Figure, error) {
	x := func(p Point) float64 { return p.ConsumedPerS }
	// Short: gonum centres the x label's glyph box at the axis's arithmetic
	// middle, near a log axis's right end, and pads the plot for it.
	xLabel := "speed, floats/s (log)"
	n, ref, rel, paperX := 0, 0.0, x, func(Point) float64 { return 0 }
	if text.Paper {
		if n, ref, rel, paperX = Relative(r.Points); n == 0 {
			return nil, fmt.Errorf("--paper: no generator measured is a hash of the paper's table (%s)", PaperCitation)
		}
		x = rel
		xLabel = "relative speed (log)"
		r.relNote = fmt.Sprintf("Speed: each side's over its own geometric mean of the %d hashes both hold (this GPU: 1 = %s floats/s; the paper: 1/time).", n, units.FormatRate(ref))
	}
	p := plot.New()
	p.Title.Text = text.Title
	p.Title.TextStyle.Font.Size = 13
	p.X.Label.Text = xLabel
	yLabel := "not FAIL, % of the battery's verdicts"
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Label.TextStyle.Font.Size = 11
		a.Tick.Label.Font.Size = 10
	}
	p.X.Scale, p.X.Tick.Marker = plot.LogScale{}, imageio.LogAxisTicks
	p.Add(plotter.NewGrid())
	var labels labelSet
	labels.size = vg.Points(text.LabelSize)
	if text.LabelSize == 0 {
		labels.size = 8
	}
	names, _ := labelsOf(r.Points)
	styles := imageio.GeneratorStyles(names)
	xlo, xhi := math.Inf(1), math.Inf(-1)
	grow := func(v float64) {
		if v > 0 && !math.IsInf(v, 0) {
			xlo, xhi = math.Min(xlo, v), math.Max(xhi, v)
		}
	}
	steps, err := addFrontier(p, r.Points, x)
	if err != nil {
		return nil, err
	}
	labels.steps = steps
	for i, pt := range r.Points {
		if pt.ConsumedPerS <= 0 || math.IsNaN(pt.Quality) {
			continue
		}
		c := imageio.LineOnWhite(styles[i].Color) // light yellow and cyan would fade into the white
		px, py := x(pt), 100*pt.Quality
		grow(px)
		if text.Paper && pt.Paper != nil {
			qx, qy := paperX(pt), 100*float64(pt.Paper.Passed)/PaperTests
			grow(qx)
			if err := addPaperPoint(p, px, py, qx, qy, c); err != nil {
				return nil, err
			}
			labels.markers = append(labels.markers, vg.Point{X: vg.Length(qx), Y: vg.Length(qy)})
		}
		if err := addPoint(p, px, py, c, pt.Frontier, text.Mark[pt.Generator]); err != nil {
			return nil, err
		}
		labels.add(px, py, names[i], ink(c))
	}
	if math.IsInf(xlo, 0) {
		xlo, xhi = 1, 10
	}
	p.X.Min, p.X.Max = xlo/1.6, xhi*1.6
	p.Y.Min, p.Y.Max = -4, 106
	p.Add(&labels)
	return &imageio.Figure{Plot: p, Key: figureKey(text.Paper), Notes: r.notes(text.Paper), YLabel: yLabel}, nil
}

// addFrontier draws the frontier's staircase under the points and
// returns its corners.
func addFrontier(p *plot.Plot, points []Point, x func(Point) float64) ([]vg.Point, error) {
	f := Frontier(points)
	if len(f) == 0 {
		return nil, nil
	}
	var xs, ys []float64
	for _, pt := range f {
		xs, ys = append(xs, x(pt)), append(ys, 100*pt.Quality)
	}
	sx, sy := Staircase(xs, ys)
	xys := make(plotter.XYs, len(sx))
	steps := make([]vg.Point, len(sx))
	for i := range sx {
		xys[i] = plotter.XY{X: sx[i], Y: sy[i]}
		steps[i] = vg.Point{X: vg.Length(sx[i]), Y: vg.Length(sy[i])}
	}
	l, err := plotter.NewLine(xys)
	if err != nil {
		return nil, err
	}
	l.Color, l.Width = frontierColor, vg.Points(1.6)
	l.Dashes = []vg.Length{vg.Points(5), vg.Points(3)}
	p.Add(l)
	return steps, nil
}

// addPoint draws a run's point: filled, ringed black on the frontier,
// larger where marked.
func addPoint(p *plot.Plot, x, y float64, c color.NRGBA, frontier, marked bool) error {
	s, err := plotter.NewScatter(plotter.XYs{{X: x, Y: y}})
	if err != nil {
		return err
	}
	s.GlyphStyle = draw.GlyphStyle{Color: c, Radius: vg.Points(4), Shape: draw.CircleGlyph{}}
	p.Add(s)
	ring := func(r vg.Length, col color.Color) {
		o, _ := plotter.NewScatter(plotter.XYs{{X: x, Y: y}})
		o.GlyphStyle = draw.GlyphStyle{Color: col, Radius: r, Shape: draw.RingGlyph{}}
		p.Add(o)
	}
	if frontier {
		ring(vg.Points(4.5), frontierColor)
	}
	if marked {
		ring(vg.Points(9), c)
		ring(vg.Points(10), frontierColor)
	}
	return nil
}

// addPaperPoint draws the paper's point hollow, with a thin link to the
// run's point of the same hash.
func addPaperPoint(p *plot.Plot, x, y, qx, qy float64, c color.NRGBA) error {
	l, err := plotter.NewLine(plotter.XYs{{X: x, Y: y}, {X: qx, Y: qy}})
	if err != nil {
		return err
	}
	l.Color, l.Width = color.NRGBA{R: c.R, G: c.G, B: c.B, A: 140}, vg.Points(0.6)
	p.Add(l)
	s, err := plotter.NewScatter(plotter.XYs{{X: qx, Y: qy}})
	if err != nil {
		return err
	}
	s.GlyphStyle = draw.GlyphStyle{Color: c, Radius: vg.Points(4), Shape: draw.RingGlyph{}}
	p.Add(s)
	return nil
}

// figureKey explains the marks (the points' names are on them).
func figureKey(paper bool) *plot.Legend {
	key := plot.NewLegend()
	key.Top, key.Left = true, true
	key.TextStyle.Font.Size = 9
	key.ThumbnailWidth = 0.4 * vg.Inch
	l, _ := plotter.NewLine(plotter.XYs{{X: 0, Y: 0}, {X: 1, Y: 0}})
	l.Color, l.Width, l.Dashes = frontierColor, vg.Points(1.6), []vg.Length{vg.Points(5), vg.Points(3)}
	key.Add("Pareto frontier (ringed: on it)", l)
	dot, _ := plotter.NewScatter(plotter.XYs{{}})
	dot.GlyphStyle = draw.GlyphStyle{Color: frontierColor, Radius: vg.Points(4), Shape: draw.CircleGlyph{}}
	key.Add("this GPU, this run", dot)
	if paper {
		ring, _ := plotter.NewScatter(plotter.XYs{{}})
		ring.GlyphStyle = draw.GlyphStyle{Color: frontierColor, Radius: vg.Points(4), Shape: draw.RingGlyph{}}
		key.Add("the paper: BigCrush %", ring)
	}
	return &key
}

// notes are the lines under the plot: how it was measured, and the paper.
func (r Report) notes(paper bool) []string {
	out := []string{r.Layout() + ". " + r.Device + "."}
	if paper {
		keyed := ""
		if _, ok := labelsOf(r.Points); ok {
			keyed = " Every hash of their table is keyed here as their harness fed it to BigCrush (hash-key=paper; TEA keyless, tea-key=zero), which its label leaves out."
		}
		out = append(out, "Hollow: "+PaperCitation+"; their quality is BigCrush tests passed, % of 160, their speed 1/(GPU time) on their GPU; a thin line joins a hash's two points. "+r.relNote+keyed)
	}
	return out
}

// WriteFigure saves the plane to each of paths, in the format each
// extension names (imageio.PlotFormats: a PNG is 1920x1080 with the run's
// provenance).
func WriteFigure(r Report, text FigureText, paths ...string) error {
	for _, path := range paths {
		f, err := Plot(r, text)
		if err != nil {
			return err
		}
		if err := imageio.SavePlot(f, path); err != nil {
			return err
		}
	}
	return nil
}

// Title is the figure's title for a run.
func (r Report) Title(paper bool) string {
	t := fmt.Sprintf("Quality against speed on %s: %d generators, the Pareto frontier dashed", r.shortDevice(), len(r.Points))
	if paper {
		t += ", with Jarzynski & Olano 2020's points (hollow)"
	}
	return t
}

// shortDevice is the device's name without its driver's details.
func (r Report) shortDevice() string {
	if i := strings.Index(r.Device, " ("); i > 0 {
		return r.Device[:i]
	}
	return r.Device
}
