package imageio

import (
	"fmt"
	"image"
	"math"
)

// RadialPlot draws a radially averaged power spectrum (power[f-1] at
// frequency f = 1, 2, ...) as a w x h picture for the lab's spectrum view:
// log power from 0.1 to 10 upwards (the periodogram's grey scale, white
// noise at 1, drawn as a dashed line), frequency across, white background.
// Powers outside the range are drawn at its edge.
func RadialPlot(power []float64, w, h int) *image.NRGBA {
	c := newCanvas(w, h, plotBackground)
	scale := max(1, h/120)
	textH := glyphH * scale
	area := image.Rect(4*scale+textSize("0.1", scale).X, textH/2+2, w-6, h-textH-4)
	if area.Dx() < 8 || area.Dy() < 8 || len(power) < 2 {
		return c.nrgba()
	}
	x := func(f float64) float64 {
		return float64(area.Min.X) + (f-1)/float64(len(power)-1)*float64(area.Dx())
	}
	y := func(p float64) float64 {
		g := math.Max(0, math.Min(1, (math.Log10(p)+1)/2))
		if math.IsNaN(g) {
			g = 0
		}
		return float64(area.Max.Y) - g*float64(area.Dy())
	}
	for _, p := range []float64{0.1, 1, 10} {
		c.rect(image.Rect(area.Min.X, int(y(p)), area.Max.X, int(y(p))+1), plotGrid)
		label := fmt.Sprint(p)
		drawText(c.img, area.Min.X-textSize(label, scale).X-2*scale, int(y(p))-textH/2, label, plotText, scale)
	}
	c.fill(dashed(pt{x(1), y(1)}, pt{x(float64(len(power))), y(1)}, 1.5, 6, 4), plotReference, area.Inset(-2))
	curve := make([]pt, len(power))
	for i, p := range power {
		curve[i] = pt{x(float64(i + 1)), y(p)}
	}
	c.fill(polyline(curve, 2), plotColors[0], area.Inset(-2))
	c.rect(image.Rect(area.Min.X, area.Max.Y, area.Max.X, area.Max.Y+1), plotAxis)
	end := fmt.Sprintf("%d", len(power))
	drawText(c.img, area.Min.X, area.Max.Y+2, "frequency 1", plotText, scale)
	drawText(c.img, area.Max.X-textSize(end, scale).X, area.Max.Y+2, end, plotText, scale)
	return c.nrgba()
}
