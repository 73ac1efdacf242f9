package imageio

import (
	"image"
	"image/color"
	"image/draw"
	"math"
)

// Verdicts are the battery's verdicts in the order a legend lists them.
var Verdicts = []string{"PASS", "SUSPECT", "FAIL", "n/a"}

// VerdictColor is a verdict's colour, wherever verdicts are coloured (the
// rng test grid, the lessons' explanation pages): PASS a pale blue, SUSPECT
// Okabe and Ito's orange, FAIL a dark vermillion, and grey for n/a. PASS
// and FAIL differ in lightness (CIELAB L 83 against 37) as well as in hue,
// so they stay apart in grey print and to every colour-vision deficiency
// (red against green does not).
func VerdictColor(v string) color.NRGBA {
	switch v {
	case "PASS":
		return color.NRGBA{R: 170, G: 210, B: 240, A: 255}
	case "SUSPECT":
		return color.NRGBA{R: 230, G: 159, B: 0, A: 255}
	case "FAIL":
		return color.NRGBA{R: 150, G: 45, B: 0, A: 255}
	}
	return color.NRGBA{R: 0x60, G: 0x60, B: 0x60, A: 255}
}

// VerdictInk is the colour of text written on a cell of verdict v's
// colour: near-black on the light ones, white on the dark.
func VerdictInk(v string) color.NRGBA {
	c := VerdictColor(v)
	if 0.2126*linearChannel(c.R)+0.7152*linearChannel(c.G)+0.0722*linearChannel(c.B) > 0.18 {
		return color.NRGBA{R: 20, G: 20, B: 24, A: 255}
	}
	return color.NRGBA{R: 255, G: 255, B: 255, A: 255}
}

// linearChannel is an sRGB channel in linear light.
func linearChannel(v uint8) float64 {
	c := float64(v) / 255
	if c <= 0.04045 {
		return c / 12.92
	}
	return math.Pow((c+0.055)/1.055, 2.4)
}

// DrawLabel draws s in lines px pixels high, centred in r of dst, in c: a
// label inside a cell (the orders of the rng test grid).
func DrawLabel(dst *image.NRGBA, r image.Rectangle, s string, c color.NRGBA, px int) {
	mask := textMask(s, px, false)
	if mask == nil {
		return
	}
	at := image.Pt(r.Min.X+(r.Dx()-mask.Rect.Dx())/2, r.Min.Y+(r.Dy()-px)/2)
	draw.DrawMask(dst, mask.Rect.Add(at), image.NewUniform(c), image.Point{}, mask, image.Point{}, draw.Over)
}

// LabelWidth is the width in pixels of s in lines px pixels high.
func LabelWidth(s string, px int) int { return labelSize(s, px).X }

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
