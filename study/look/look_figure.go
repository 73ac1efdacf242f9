package look

import (
	"image"

	"gonum.org/v1/plot"

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
// imageio.MaxFigureWidth wide; a view's Extras add its side and bottom
// plots (the spectrum's colour scale and the radial averages of all
// generators in one plot with a legend).
func (l Look) Figure(looked []Looked) *image.NRGBA {
	var f imageio.PanelFigure
	if v := l.ViewDef(); v.Extras != nil {
		f = v.Extras(l, looked)
	}
	side := f.SideW
	// The pictures shrink (gonum scales them) to fit one row where they can
	// stay minPanelPicture wide, and always where one panel would not fit.
	pic := min(l.Size, imageio.MaxFigureWidth-side-panelMarginW)
	if row := (imageio.MaxFigureWidth-side)/max(len(looked), 1) - panelMarginW; row >= minPanelPicture {
		pic = min(pic, row)
	}
	f.Title, f.PanelW, f.PanelH = l.title(), pic+panelMarginW, pic+panelMarginH
	f.Cols = imageio.PanelColumns(len(looked), f.PanelW, side)
	for _, lk := range looked {
		f.Panels = append(f.Panels, l.panel(lk))
	}
	return f.Draw()
}

// Title is what the view shows, as a figure's title says it ("successive
// values of stream 0, seed 1"): the window's lab panes name their view so.
func (l Look) Title() string { return l.title() }

// PlaneAxes are the axes of a view drawn as a square of the plane (pairs,
// streams, photons, bitplanes): their titles and the values at the
// picture's left and right (x0, x1) and bottom and top (y0, y1) edges, as
// the figure's panels label them; ok is false for a view without (the
// triples' cube, the spectrum's periodogram with its plot).
func (l Look) PlaneAxes() (xLabel, yLabel string, x0, x1, y0, y1 float64, ok bool) {
	a, ok := l.axes()
	return a.X, a.Y, a.X0, a.X1, a.Y0, a.Y1, ok
}

func (l Look) axes() (Axes, bool) {
	if v := l.ViewDef(); v.Axes != nil {
		return v.Axes(l)
	}
	return Axes{}, false
}

// zoomAxes are the axes of a picture of the zoom square, titled x and y.
func (l Look) zoomAxes(x, y string) (Axes, bool) {
	x0, y0, side := l.Zoom[0], l.Zoom[1], l.Zoom[2]
	return Axes{X: x, Y: y, X0: x0, X1: x0 + side, Y0: y0, Y1: y0 + side}, true
}

// panel is one generator's picture with the view's axes.
func (l Look) panel(lk Looked) *plot.Plot {
	title := lk.Spec.Label()
	if c := l.Caption(lk); c != "" {
		title += "\n" + c
	}
	if v := l.ViewDef(); v.Panel != nil {
		return v.Panel(l, lk, title)
	}
	a, ok := l.axes()
	if !ok {
		a = Axes{X1: 1, Y1: 1}
	}
	return imageio.ImagePanel(lk.Image, a.X0, a.X1, a.Y0, a.Y1, title, a.X, a.Y)
}
