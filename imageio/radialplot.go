package imageio

import (
	"image"
	"image/color"
	"image/draw"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	vgdraw "gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// RadialPlot draws a radially averaged power spectrum (power[f-1] at
// frequency f = 1, 2, ...) as a w x h picture for the lab's spectrum view:
// log power from 0.1 to 10 upwards (white noise at 1, drawn dashed),
// frequency across, in the palette's first colour on white. Powers outside
// the range are drawn at its edge.
func RadialPlot(power []float64, w, h int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)
	if len(power) < 2 || w < 16 || h < 16 {
		return img
	}
	p := plot.New()
	p.X.Label.Text = "frequency"
	p.X.Min, p.X.Max = 1, float64(len(power))
	p.Y.Scale = plot.LogScale{}
	p.Y.Tick.Marker = plot.ConstantTicks([]plot.Tick{{Value: 0.1, Label: "0.1"}, {Value: 1, Label: "1"}, {Value: 10, Label: "10"}})
	p.Y.Min, p.Y.Max = 0.1, 10
	pts := make(plotter.XYs, len(power))
	for i, v := range power {
		if math.IsNaN(v) {
			v = 0.1
		}
		pts[i] = plotter.XY{X: float64(i + 1), Y: math.Max(0.1, math.Min(10, v))}
	}
	white := plotter.XYs{{X: 1, Y: 1}, {X: float64(len(power)), Y: 1}}
	if line, err := plotter.NewLine(white); err == nil {
		line.Color = color.NRGBA{R: 120, G: 120, B: 120, A: 255}
		line.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
		p.Add(line)
	}
	if line, err := plotter.NewLine(pts); err == nil {
		line.Color = SeriesColor(0)
		line.Width = vg.Points(1.5)
		p.Add(line)
	}
	const dpi = 96
	c := vgimg.NewWith(vgimg.UseWH(vg.Length(w)*vg.Inch/dpi, vg.Length(h)*vg.Inch/dpi), vgimg.UseDPI(dpi))
	p.Draw(vgdraw.New(c))
	draw.Draw(img, img.Bounds(), c.Image(), c.Image().Bounds().Min, draw.Src)
	return img
}
