package look

import (
	"fmt"
	"image"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"speckle/imageio"
)

// Room around a panel's picture for its title (two lines), axis titles and
// tick labels, in pixels; and the spectrum's colour bar and radial plot.
const (
	panelMarginW   = 110
	panelMarginH   = 125
	spectrumBarW   = 200
	spectrumRadial = 380
	// minPanelPicture is the smallest a picture is shrunk to keep a row.
	minPanelPicture = 360
)

// Figure is the views for a slide (gonum/plot): a panel per generator
// with axes, titles and round ticks, in rows that keep the figure at most
// imageio.MaxFigureWidth wide; the spectrum adds its colour scale and the
// radial averages of all generators in one plot with a legend.
func (l Look) Figure(looked []Looked) *image.NRGBA {
	side := 0
	if l.View == ViewSpectrum {
		side = spectrumBarW
	}
	// The pictures shrink (gonum scales them) to fit one row where they can
	// stay minPanelPicture wide, and always where one panel would not fit.
	pic := min(l.Size, imageio.MaxFigureWidth-side-panelMarginW)
	if row := (imageio.MaxFigureWidth-side)/max(len(looked), 1) - panelMarginW; row >= minPanelPicture {
		pic = min(pic, row)
	}
	f := imageio.PanelFigure{Title: l.title(), PanelW: pic + panelMarginW, PanelH: pic + panelMarginH}
	f.Cols = imageio.PanelColumns(len(looked), f.PanelW, side)
	for _, lk := range looked {
		f.Panels = append(f.Panels, l.panel(lk))
	}
	if l.View == ViewSpectrum {
		f.Side, f.SideW = spectrumBar(), side
		f.Bottom, f.BottomH = radialPlot(looked), spectrumRadial
	}
	return f.Draw()
}

// Title is what the view shows, as a figure's title says it ("successive
// values of stream 0, seed 1"): the window's lab panes name their view so.
func (l Look) Title() string { return l.title() }

// PlaneAxes are the axes of a view drawn as a square of the plane (pairs,
// streams, photons, bitplanes): their titles and the values at the
// picture's left and right (x0, x1) and bottom and top (y0, y1) edges, as
// the figure's panels label them; ok is false for triples and the
// spectrum, whose pictures are a cube and a periodogram with its plot.
func (l Look) PlaneAxes() (xLabel, yLabel string, x0, x1, y0, y1 float64, ok bool) {
	switch l.View {
	case ViewTriples, ViewSpectrum:
		return "", "", 0, 0, 0, 0, false
	case ViewBitplanes:
		streams, count := l.shape()
		return "value index i", "stream t", 0, float64(count), float64(streams), 0, true
	case ViewStreams:
		xLabel, yLabel = "value i of stream t", "value i of stream t+1"
	case ViewPhotons:
		xLabel, yLabel = "first draw of the decision", "second draw"
	default:
		xLabel, yLabel = "x(i)", fmt.Sprintf("x(i+%d)", l.lag())
	}
	x0, y0, side := l.Zoom[0], l.Zoom[1], l.Zoom[2]
	return xLabel, yLabel, x0, x0 + side, y0, y0 + side, true
}

// panel is one generator's picture with the view's axes.
func (l Look) panel(lk Looked) *plot.Plot {
	title := lk.Spec.Label()
	if c := l.Caption(lk); c != "" {
		title += "\n" + c
	}
	x0, y0, side := l.Zoom[0], l.Zoom[1], l.Zoom[2]
	xLabel, yLabel := "x(i)", fmt.Sprintf("x(i+%d)", l.lag())
	switch l.View {
	case ViewStreams:
		xLabel, yLabel = "value i of stream t", "value i of stream t+1"
	case ViewPhotons:
		xLabel, yLabel = "first draw of the decision", "second draw"
	case ViewTriples:
		return l.cubePanel(lk.Image, title)
	case ViewBitplanes:
		streams, count := l.shape()
		p := imageio.ImagePanel(lk.Image, 0, float64(count), -float64(streams), 0, title, "value index i", "stream t")
		p.Y.Tick.Marker = downTicks{}
		return p
	case ViewSpectrum:
		top := lk.Image.SubImage(image.Rect(0, 0, l.Size, l.Size))
		h := spectrumHalf + 0.5
		return imageio.ImagePanel(top, -h, h, -h, h, title, "frequency kx", "frequency ky")
	}
	return imageio.ImagePanel(lk.Image, x0, x0+side, y0, y0+side, title, xLabel, yLabel)
}

// downTicks label a downward axis (values 0 to -n) by their distance from
// the top: the bitplanes' streams count down the picture.
type downTicks struct{}

func (downTicks) Ticks(lo, hi float64) []plot.Tick {
	t := imageio.NiceTicker{}.Ticks(lo, hi)
	for i := range t {
		if t[i].Label != "" {
			t[i].Label = fmt.Sprintf("%g", math.Abs(t[i].Value))
		}
	}
	return t
}

// spectrumBar is the periodogram's grey scale: log10 of the power, 0.1
// black, white noise's 1 mid grey, 10 white (spectrumImage).
func spectrumBar() *plot.Plot {
	strip := image.NewNRGBA(image.Rect(0, 0, 1, 256))
	for y := 0; y < 256; y++ {
		c := uint8(255 - y)
		strip.SetNRGBA(0, y, color.NRGBA{c, c, c, 255})
	}
	p := imageio.ImagePanel(strip, 0, 1, -1, 1, "power", "", "P(k), log scale (white noise 1)")
	p.X.Tick.Marker = plot.ConstantTicks{}
	p.Y.Tick.Marker = plot.ConstantTicks{{Value: -1, Label: "0.1"}, {Value: -0.5, Label: "0.3"}, {Value: 0, Label: "1"}, {Value: 0.5, Label: "3"}, {Value: 1, Label: "10"}}
	return p
}

// radialPlot is every generator's radial average with a legend, pbrt-v4's
// pspec's curve: log10 of the power on a linear axis labelled in powers (a
// gonum log axis squashes its plot under a long title).
func radialPlot(looked []Looked) *plot.Plot {
	p := imageio.NewPanel("radial average of the power spectrum (pbrt-v4's pspec)", "frequency |k| (ring of the periodogram)", "mean power P (white noise 1)")
	p.Legend.Top, p.Legend.Left = false, false
	lo, hi := -0.5, 0.5
	var labels []string
	for _, lk := range looked {
		labels = append(labels, lk.Spec.Label())
	}
	styles := imageio.GeneratorStyles(labels)
	for i, lk := range looked {
		xy := make(plotter.XYs, 0, len(lk.Radial))
		for f, v := range lk.Radial {
			if v > 0 {
				xy = append(xy, plotter.XY{X: float64(f + 1), Y: math.Log10(v)})
				lo, hi = math.Min(lo, math.Log10(v)), math.Max(hi, math.Log10(v))
			}
		}
		if len(xy) == 0 {
			continue
		}
		line, err := plotter.NewLine(xy)
		if err != nil {
			continue
		}
		line.Color, line.Width, line.Dashes = styles[i].Color, vg.Points(2), styles[i].Dashes()
		p.Add(line)
		p.Legend.Add(lk.Spec.Label(), line)
	}
	white := plotter.NewFunction(func(float64) float64 { return 0 })
	white.Color, white.Width, white.Dashes = color.Gray{Y: 100}, vg.Points(1), []vg.Length{vg.Points(1), vg.Points(3)}
	p.Add(white)
	p.Legend.Add("white noise", white)
	p.X.Min, p.X.Max = 0, spectrumHalf
	p.Y.Min, p.Y.Max = math.Floor(lo), math.Ceil(hi)
	var ticks plot.ConstantTicks
	for e := p.Y.Min; e <= p.Y.Max; e++ {
		ticks = append(ticks, plot.Tick{Value: e, Label: imageio.PowerLabel(e)})
	}
	p.Y.Tick.Marker = ticks
	return p
}

// cubePanel is the triples' projection: no flat axes (the cube is turned),
// but its three edges from the corner nearest 0 labelled as axes, with the
// values at their ends.
func (l Look) cubePanel(img image.Image, title string) *plot.Plot {
	p := imageio.ImagePanel(img, 0, 1, 0, 1, title, fmt.Sprintf("turned %g, %g degrees", l.Rotate[0], l.Rotate[1]), "")
	p.X.Tick.Marker, p.Y.Tick.Marker = plot.ConstantTicks{}, plot.ConstantTicks{}
	p.X.LineStyle.Width, p.Y.LineStyle.Width = 0, 0
	view := newCubeView(l.Rotate)
	lag := l.lag()
	names := []string{"x(i)", fmt.Sprintf("x(i+%d)", lag), fmt.Sprintf("x(i+%d)", 2*lag)}
	corner := [3]float64{l.Zoom[0], l.Zoom[1], l.ZoomZ}
	var xys plotter.XYs
	var labels []string
	ox, oy := view.project([3]float64{})
	xys, labels = append(xys, plotter.XY{X: ox, Y: oy}), append(labels, fmt.Sprintf("(%g, %g, %g)", corner[0], corner[1], corner[2]))
	for k, name := range names {
		var end, mid [3]float64
		end[k], mid[k] = 1, 0.5
		ex, ey := view.project(end)
		mx, my := view.project(mid)
		xys = append(xys, plotter.XY{X: mx, Y: my}, plotter.XY{X: ex, Y: ey})
		labels = append(labels, name, fmt.Sprintf("%g", corner[k]+l.Zoom[2]))
	}
	for i := range xys { // outside the cube, away from its centre, clear of the points
		dx, dy := xys[i].X-0.5, xys[i].Y-0.5
		if n := math.Hypot(dx, dy); n > 0 {
			xys[i].X, xys[i].Y = xys[i].X+0.07*dx/n, xys[i].Y+0.07*dy/n
		}
	}
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = -0.12, 1.12, -0.12, 1.12
	if lb, err := plotter.NewLabels(plotter.XYLabels{XYs: xys, Labels: labels}); err == nil {
		for i := range lb.TextStyle {
			lb.TextStyle[i].Font.Size = vg.Points(13)
			lb.TextStyle[i].XAlign, lb.TextStyle[i].YAlign = -0.5, -0.5 // centred on the point
		}
		p.Add(lb)
	}
	return p
}
