package study

import (
	"fmt"
	"image"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"speckle/imageio"
)

// errorHistoryPlot is the lesson figure's inset: each generator's region
// error (the criterion's) against the photons traced, w pixels wide, so
// that an error that stops falling shows as a flat line beside a falling one.
func errorHistoryPlot(labels []string, history []LessonStep, factor float64, w int) *image.NRGBA {
	p := imageio.NewPanel(fmt.Sprintf("region error after each iteration (the criterion: the first at least %g times the last)", factor),
		"photons traced per generator (log scale)", "region error (RMS of the heatmap)")
	p.X.Scale, p.X.Tick.Marker = plot.LogScale{}, plot.LogTicks{Prec: -1}
	p.Legend.Top = true
	glyphs := []draw.GlyphDrawer{draw.CircleGlyph{}, draw.SquareGlyph{}, draw.TriangleGlyph{}, draw.CrossGlyph{}}
	yMax := 0.0
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
		line.Color, line.Width = imageio.SeriesColor(i), vg.Points(2)
		points.Color, points.Shape, points.Radius = imageio.SeriesColor(i), glyphs[i%len(glyphs)], vg.Points(3)
		p.Add(line, points)
		p.Legend.Add(label, line, points)
	}
	p.Y.Min, p.Y.Max = 0, yMax*1.05
	return imageio.PlotImage(p, w, w*9/32)
}
