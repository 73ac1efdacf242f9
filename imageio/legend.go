package imageio

import (
	"image"
	"image/color"
	"image/draw"
)

// Verdicts are the battery's verdicts in the order a legend lists them.
var Verdicts = []string{"PASS", "SUSPECT", "FAIL", "n/a"}

// VerdictColor is a verdict's colour, wherever verdicts are coloured (the
// rng test grid, the lessons' explanation pages): Okabe and Ito's blue,
// yellow and vermillion, which the common colour-vision deficiencies keep
// apart (red against green does not), and grey for n/a.
func VerdictColor(v string) color.NRGBA {
	switch v {
	case "PASS":
		return color.NRGBA{R: 0, G: 114, B: 178, A: 255}
	case "SUSPECT":
		return color.NRGBA{R: 240, G: 228, B: 66, A: 255}
	case "FAIL":
		return color.NRGBA{R: 213, G: 94, B: 0, A: 255}
	}
	return color.NRGBA{R: 0x60, G: 0x60, B: 0x60, A: 255}
}

// LegendEntry is one swatch of a legend and what it means.
type LegendEntry struct {
	Color color.NRGBA
	Label string
}

// VerdictLegend is the legend of the verdict colours, with what each means.
func VerdictLegend(meanings map[string]string) []LegendEntry {
	var out []LegendEntry
	for _, v := range Verdicts {
		label := v
		if m := meanings[v]; m != "" {
			label += " (" + m + ")"
		}
		out = append(out, LegendEntry{VerdictColor(v), label})
	}
	return out
}

// WithLegend returns img with a strip below it: each entry's swatch and
// label, left to right, wrapping to another line where the width runs out.
func WithLegend(img *image.NRGBA, entries []LegendEntry) *image.NRGBA {
	const scale, gap = 2, 24
	line := textSize("Xg", scale).Y + 8
	w := img.Rect.Dx()
	x, lines := montageMargin, 1
	for _, e := range entries { // lay out first, to size the strip
		ew := line + 8 + textSize(e.Label, scale).X
		if x > montageMargin && x+ew > w-montageMargin {
			x, lines = montageMargin, lines+1
		}
		x += ew + gap
	}
	out := image.NewNRGBA(image.Rect(0, 0, w, img.Rect.Dy()+lines*line+2*montageMargin))
	draw.Draw(out, out.Rect, image.NewUniform(montageBackground), image.Point{}, draw.Src)
	draw.Draw(out, img.Rect, img, img.Rect.Min, draw.Src)
	x, y := montageMargin, img.Rect.Dy()+montageMargin
	for _, e := range entries {
		ew := line + 8 + textSize(e.Label, scale).X
		if x > montageMargin && x+ew > w-montageMargin {
			x, y = montageMargin, y+line
		}
		draw.Draw(out, image.Rect(x, y+2, x+line-4, y+line-2), image.NewUniform(e.Color), image.Point{}, draw.Src)
		drawText(out, x+line+4, y+2, e.Label, montageTitle, scale)
		x += ew + gap
	}
	return out
}
