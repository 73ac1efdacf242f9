package app

import (
	"fmt"
	"image/color"
	"math"
	"speckle/imageio"

	"github.com/inkyblackness/imgui-go/v4"
)

// logRange is a log-log plot's extent in decades: log10 of photons (X) and
// of RMSE (Y), widened to whole decades so the ticks fall on its edges.
type logRange struct{ X0, X1, Y0, Y1 float64 }

// plotRange covers every positive point of the series in whole decades (as
// the capture plot does); ok is false when there is nothing to plot.
func plotRange(series [][]Point) (r logRange, ok bool) {
	xlo, xhi, ylo, yhi := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for _, s := range series {
		for _, p := range s {
			if p.Photons <= 0 || !(p.RMSE > 0) || math.IsInf(p.RMSE, 0) {
				continue
			}
			xlo, xhi = math.Min(xlo, float64(p.Photons)), math.Max(xhi, float64(p.Photons))
			ylo, yhi = math.Min(ylo, p.RMSE), math.Max(yhi, p.RMSE)
			ok = true
		}
	}
	if !ok {
		return logRange{}, false
	}
	r.X0, r.X1 = imageio.DecadeRange(xlo, xhi)
	r.Y0, r.Y1 = imageio.DecadeRange(ylo, yhi)
	return r, true
}

// Map places a point in a w x h plot area, origin top-left; ok is false
// for points a log axis cannot show.
func (r logRange) Map(p Point, w, h float64) (x, y float64, ok bool) {
	if p.Photons <= 0 || !(p.RMSE > 0) {
		return 0, 0, false
	}
	x = (math.Log10(float64(p.Photons)) - r.X0) / (r.X1 - r.X0) * w
	y = (r.Y1 - math.Log10(p.RMSE)) / (r.Y1 - r.Y0) * h
	return x, y, true
}

// SlopeLine is the segment of slope `slope` (in decades per decade) through
// the point `through`, clipped to the range: the reference rate of
// convergence drawn next to the measured curves.
func (r logRange) SlopeLine(through Point, slope float64) (a, b Point, ok bool) {
	if through.Photons <= 0 || !(through.RMSE > 0) {
		return a, b, false
	}
	x0, y0 := math.Log10(float64(through.Photons)), math.Log10(through.RMSE)
	at := func(x float64) Point {
		return Point{int64(math.Round(math.Pow(10, x))), math.Pow(10, y0+slope*(x-x0))}
	}
	lo, hi := r.X0, r.X1
	// Clip where the line leaves the Y range.
	if slope != 0 {
		for _, y := range []float64{r.Y0, r.Y1} {
			x := x0 + (y-y0)/slope
			if slope < 0 && y == r.Y1 && x > lo {
				lo = x
			}
			if slope < 0 && y == r.Y0 && x < hi {
				hi = x
			}
		}
	}
	if hi <= lo {
		return a, b, false
	}
	return at(lo), at(hi), true
}

// plotWindow holds the convergence plot under the controls, always in view.
func (a *App) plotWindow(x, y, w, h float64) {
	imgui.SetNextWindowPosV(vec(x, y), imgui.ConditionAlways, vec(0, 0))
	imgui.SetNextWindowSizeV(vec(w, h), imgui.ConditionAlways)
	open := true
	title := "RMSE against photons (log-log)###plot"
	if a.Model.S.Mode == ModeStreamlines {
		title = "Streamline statistics###plot"
	}
	imgui.BeginV(title, &open, imgui.WindowFlagsNoMove|imgui.WindowFlagsNoResize|imgui.WindowFlagsNoCollapse|imgui.WindowFlagsNoSavedSettings|imgui.WindowFlagsNoScrollbar)
	imgui.PushFont(a.largeFont) // 22 pixels: legible on a projector
	avail := imgui.ContentRegionAvail()
	if a.Model.S.Mode == ModeStreamlines {
		a.lineStats(float64(avail.X))
	} else {
		a.plot(float64(avail.X), float64(avail.Y))
	}
	imgui.PopFont()
	imgui.End()
	if !open {
		a.Model.S.ShowPlot = false
	}
}

// guideColors tell the rate guides apart (imgui draws no dashes): SPPM's
// N^-1/3 lighter, Monte Carlo's N^-1/2 darker; in imageio.Rates' order.
var guideColors = []color.RGBA{{170, 170, 170, 255}, {110, 110, 110, 255}}

// plotBoxes place the plot's parts, in screen units: the axes (the data
// area), the X axis title's line under its tick labels, and the legend
// under that, outside the data so it covers no curve.
type plotBoxes struct {
	axes, legend [4]float64 // x0, y0, x1, y1
	xTitleY      float64
	cols         int     // the legend's columns: two where they fit
	lh           float64 // the text's line height
}

// plotLayout places the plot in the area at (x, y), w x h, for lines of
// height lh and a legend of rows of at most rowW.
func plotLayout(x, y, w, h, lh, rowW float64, rows int) plotBoxes {
	b := plotBoxes{cols: 1, lh: lh}
	if rows > 1 && 2*rowW <= w {
		b.cols = 2
	}
	legendH := float64((rows+b.cols-1)/b.cols) * lh
	b.axes = [4]float64{x + 3.2*lh, y + 1.5*lh, x + w - 0.5*lh, y + h - 2.6*lh - legendH}
	b.xTitleY = b.axes[3] + 1.3*lh
	b.legend = [4]float64{x, b.axes[3] + 2.6*lh, x + w, b.axes[3] + 2.6*lh + legendH}
	return b
}

// plotLegendHeight is the height the legend needs under a plot w wide.
func plotLegendHeight(rows []legendRow, w, lh float64) float64 {
	b := plotLayout(0, 0, w, 0, lh, legendRowWidth(rows, lh), len(rows))
	return b.legend[3] - b.legend[1]
}

// plotLegendExtra is the height the legend adds to a plot window w wide.
func (a *App) plotLegendExtra(w float64) float64 {
	series := a.plotSeries()
	r, ok := plotRange(series)
	if !ok || a.Model.S.Mode == ModeStreamlines {
		return 0
	}
	content := w - 2*float64(imgui.CurrentStyle().WindowPadding().X)
	return plotLegendHeight(a.plotLegend(series, r), content, float64(imgui.TextLineHeight()))
}

// yTitle is the longest Y axis title that fits width: the reference named
// in full, then shorter.
func yTitle(ref string, width float64, measure func(string) float64) string {
	for _, t := range []string{"RMSE over all pixels' R, G, B against " + ref, "RMSE against " + ref, "RMSE against the reference"} {
		if measure(t) <= width {
			return t
		}
	}
	return "RMSE"
}

// plotSeries are the visible panes' histories, nil for a pane not built.
func (a *App) plotSeries() [][]Point {
	var series [][]Point
	for i := 0; i < a.Model.Visible(); i++ {
		if p := a.panes[i]; p != nil {
			series = append(series, p.History)
		} else {
			series = append(series, nil)
		}
	}
	return series
}

// plot draws RMSE against photons, log-log, one line per pane in its colour,
// the guides of imageio.Rates through the first pane's first point, axis
// titles, and under them a legend with each pane's fitted slope.
func (a *App) plot(width, height float64) {
	pos := imgui.CursorScreenPos()
	imgui.Dummy(vec(width, height))
	dl := imgui.WindowDrawList()
	lh := float64(imgui.TextLineHeight())
	series := a.plotSeries()
	r, ok := plotRange(series)
	var rows []legendRow
	if ok {
		rows = a.plotLegend(series, r)
	}
	b := plotLayout(float64(pos.X), float64(pos.Y), width, height, lh, legendRowWidth(rows, lh), len(rows))
	a.plotted = b
	ref := a.refNote
	if ref == "analytic" {
		ref = "the exact image"
	} else if a.ref != nil {
		ref = "the reference (" + ref + ")" // its photon count and file
	}
	dl.AddText(vec(float64(pos.X), float64(pos.Y)), grey, yTitle(ref, width, textWidth))
	x0, y0, x1, y1 := b.axes[0], b.axes[1], b.axes[2], b.axes[3]
	xTitle := "photons traced (log)"
	dl.AddText(vec((x0+x1-textWidth(xTitle))/2, b.xTitleY), grey, xTitle)
	dl.AddRectFilled(vec(x0, y0), vec(x1, y1), packed(color.RGBA{20, 20, 24, 255}))
	if !ok {
		msg := "RMSE appears here once a reference exists"
		if a.ref == nil {
			msg = "no RMSE: " + a.refNote
		}
		imgui.SetCursorScreenPos(vec(x0+4, y0+4))
		imgui.PushTextWrapPosV(float32(x1 - float64(pos.X)))
		textDisabled(msg)
		imgui.PopTextWrapPos()
		return
	}
	plotGrid(dl, r, b.axes, lh)
	dl.PushClipRect(vec(x0, y0), vec(x1, y1))
	a.plotCurves(dl, series, r, b.axes)
	dl.PopClipRect()
	drawLegend(dl, rows, b, lh)
}

// plotGrid draws the decades' grid lines and tick labels around axes.
func plotGrid(dl imgui.DrawList, r logRange, axes [4]float64, lh float64) {
	x0, y0, x1, y1 := axes[0], axes[1], axes[2], axes[3]
	w, h := x1-x0, y1-y0
	for d := r.X0; d <= r.X1; d++ {
		x := x0 + (d-r.X0)/(r.X1-r.X0)*w
		dl.AddLine(vec(x, y0), vec(x, y1), packed(color.RGBA{60, 60, 66, 255}))
		label := fmt.Sprintf("1e%d", int(d))
		tw := textWidth(label)
		dl.AddText(vec(math.Min(x-tw/2, x1-tw), y1+2), grey, label)
	}
	for d := r.Y0; d <= r.Y1; d++ {
		y := y0 + (r.Y1-d)/(r.Y1-r.Y0)*h
		dl.AddLine(vec(x0, y), vec(x1, y), packed(color.RGBA{60, 60, 66, 255}))
		dl.AddText(vec(x0-3.2*lh, y-lh/2), grey, fmt.Sprintf("1e%d", int(d)))
	}
}

// plotLegend is the legend's rows: each pane with a history, then the rate
// guides that the range shows.
func (a *App) plotLegend(series [][]Point, r logRange) []legendRow {
	var rows []legendRow
	for i, s := range series {
		if len(s) > 0 {
			rows = append(rows, legendRow{a.paneColor(i), paneLegend(i, paneLabel(a.Model.S.Panes[i]), s)})
		}
	}
	if first := firstPoint(series); first != nil {
		for k, rate := range imageio.Rates {
			if _, _, ok := r.SlopeLine(*first, rate.Slope); ok {
				rows = append(rows, legendRow{guideColors[k], fmt.Sprintf("%s, slope %s", rate.Name, imageio.SlopeFraction(rate.Slope))})
			}
		}
	}
	return rows
}

// firstPoint is the first point of the first series with one: the rate
// guides go through it.
func firstPoint(series [][]Point) *Point {
	for _, s := range series {
		if len(s) > 0 {
			return &s[0]
		}
	}
	return nil
}

// plotCurves draws the rate guides and each pane's history inside axes.
func (a *App) plotCurves(dl imgui.DrawList, series [][]Point, r logRange, axes [4]float64) {
	x0, y0 := axes[0], axes[1]
	w, h := axes[2]-x0, axes[3]-y0
	if first := firstPoint(series); first != nil {
		for k, rate := range imageio.Rates {
			if pa, pb, ok := r.SlopeLine(*first, rate.Slope); ok {
				ax, ay, _ := r.Map(pa, w, h)
				bx, by, _ := r.Map(pb, w, h)
				dl.AddLineV(vec(x0+ax, y0+ay), vec(x0+bx, y0+by), packed(guideColors[k]), 1)
			}
		}
	}
	for i, s := range series {
		var prev imgui.Vec2
		for k, pt := range s {
			x, y, ok := r.Map(pt, w, h)
			if !ok {
				continue
			}
			cur := vec(x0+x, y0+y)
			if k > 0 {
				dl.AddLineV(prev, cur, packed(a.paneColor(i)), 2)
			}
			prev = cur
		}
	}
}

// legendRow is one line of the plot's legend: a swatch and its text.
type legendRow struct {
	c    color.RGBA
	text string
}

// paneLegend is pane i's legend text: its label (as its overlay) and the fitted slope of
// its history (imageio.FitSlope, least squares in log-log), once the history has
// imageio.MinSlopePoints points: a line through two or three says little about a rate.
func paneLegend(i int, label string, history []Point) string {
	x, y := make([]float64, len(history)), make([]float64, len(history))
	for k, p := range history {
		x[k], y[k] = float64(p.Photons), p.RMSE
	}
	text := fmt.Sprintf("%d: %s", i+1, label)
	if len(history) < imageio.MinSlopePoints {
		return text
	}
	if s := imageio.FitSlope(x, y); !math.IsNaN(s) {
		text += fmt.Sprintf(", slope %.2f", s)
	}
	return text
}

// legendRowWidth is the widest row's width: swatch, gap and text.
func legendRowWidth(rows []legendRow, lh float64) float64 {
	tw := 0.0
	for _, r := range rows {
		tw = math.Max(tw, textWidth(r.text))
	}
	return tw + 2.5*lh
}

// drawLegend draws the rows in the layout's legend box, down each column.
func drawLegend(dl imgui.DrawList, rows []legendRow, b plotBoxes, lh float64) {
	perCol := (len(rows) + b.cols - 1) / max(b.cols, 1)
	colW := (b.legend[2] - b.legend[0]) / float64(b.cols)
	for k, r := range rows {
		x := b.legend[0] + float64(k/perCol)*colW
		y := b.legend[1] + float64(k%perCol)*lh
		dl.AddLineV(vec(x, y+lh/2), vec(x+1.5*lh, y+lh/2), packed(r.c), 2)
		dl.AddText(vec(x+2*lh, y), grey, r.text)
	}
}
