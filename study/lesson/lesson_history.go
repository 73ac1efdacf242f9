package lesson

import (
	"fmt"
	"image"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"speckle/imageio"
)

// Inset font sizes: the slide's labels (scale 3) are Go at 28 pixels; Go
// at 19 points (25 pixels at 96 dpi) reads about as large beside them.
var (
	insetTitleSize = vg.Points(19)
	insetLabelSize = vg.Points(18)
	insetTickSize  = vg.Points(17)
)

// errorHistoryPlot is the lesson slide's plot beside the grid, w x h pixels.
// cell is the lesson's Cell: the error axis says what was measured.
func errorHistoryPlot(labels []string, history []LessonStep, factor float64, cell, w, h int) *image.NRGBA {
	p := errorHistoryPanel(labels, history, factor)
	if cell > 1 {
		p.Y.Label.Text = fmt.Sprintf("region error (RMS over %dx%d tiles)", cell, cell)
	}
	return imageio.PlotImage(p, w, h)
}

// errorHistoryPanel plots each generator's region error (the criterion's)
// against the photons traced, so that an error that stops falling shows as
// a flat line beside a falling one.
func errorHistoryPanel(labels []string, history []LessonStep, factor float64) *plot.Plot {
	p := imageio.NewPanel(fmt.Sprintf("region error after each iteration\n(criterion: the first at least %g times the last)", factor),
		"photons per generator (log scale)", "region error (RMS of the heatmap)")
	p.X.Scale, p.X.Tick.Marker = plot.LogScale{}, imageio.CountTicks{}
	p.Title.TextStyle.Font.Size = insetTitleSize
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Label.TextStyle.Font.Size, a.Tick.Label.Font.Size = insetLabelSize, insetTickSize
	}
	p.Legend.TextStyle.Font.Size, p.Legend.Top = insetTickSize, true
	glyphs := []draw.GlyphDrawer{draw.CircleGlyph{}, draw.SquareGlyph{}, draw.TriangleGlyph{}, draw.CrossGlyph{}}
	yMax := 0.0
	styles := imageio.GeneratorStyles(labels)
	for i, label := range labels {
		xy := make(plotter.XYs, 0, len(history))
		for _, s := range history {
			if i < len(s.Errors) && s.Photons > 0 {
				xy = append(xy, plotter.XY{X: float64(s.Photons), Y: s.Errors[i]})
				yMax = max(yMax, s.Errors[i])
			}
		}
		line, points, err := plotter.NewLinePoints(xy)
		if err != nil {
			continue
		}
		col := imageio.LineOnWhite(styles[i].Color)
		line.Color, line.Width, line.Dashes = col, vg.Points(2.5), styles[i].Dashes()
		points.Color, points.Shape, points.Radius = col, glyphs[i%len(glyphs)], vg.Points(4)
		p.Add(line, points)
		p.Legend.Add(label, line, points)
	}
	p.Y.Min, p.Y.Max = 0, yMax*1.05
	return p
}
