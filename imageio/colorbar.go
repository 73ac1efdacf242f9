package imageio

import (
	"image"
	"image/draw"
	"math"
	"slices"
	"strconv"
	"strings"
)

// ColorBar is a montage's colour scale: Map from Lo (left) to Hi (right), linear or, with Log,
// in log(1+v) as the streamline maps scale; Label says what the colours measure, with units.
type ColorBar struct {
	Map    *Colormap
	Lo, Hi float64
	Log    bool
	Label  string
}

const colorBarH = 24 // the strip's height at label scale 2

// height is the bar's height at width w: the strip, the tick labels and the
// label's lines.
func (b *ColorBar) height(scale, w int) int {
	return colorBarH*scale/2 + montagePad/2 + glyphH*scale + len(wrapText(b.Label, scale, w))*(montagePad/2+glyphH*scale)
}

// wrapText breaks s at spaces into lines no wider than w where a word allows.
func wrapText(s string, scale, w int) []string {
	var lines []string
	for _, word := range strings.Fields(s) {
		if n := len(lines); n > 0 && textSize(lines[n-1]+" "+word, scale).X <= w {
			lines[n-1] += " " + word
		} else {
			lines = append(lines, word)
		}
	}
	return lines
}

// position is where v lies on the bar, 0 at Lo and 1 at Hi.
func (b *ColorBar) position(v float64) float64 {
	if b.Log {
		return (math.Log1p(v) - math.Log1p(b.Lo)) / (math.Log1p(b.Hi) - math.Log1p(b.Lo))
	}
	return (v - b.Lo) / (b.Hi - b.Lo)
}

// Ticks are the round values the bar labels (NiceTicks, or LogTicks on a log
// bar): never the ends' odd values such as 0.981 or 2.94.
func (b *ColorBar) Ticks() []float64 {
	if b.Log {
		return LogTicks(b.Lo, b.Hi, 8)
	}
	return NiceTicks(b.Lo, b.Hi, 4)
}

// draw draws the strip across r's width, its round ticks under it (those that
// do not crowd one drawn before), and the label under those.
func (b *ColorBar) draw(dst *image.NRGBA, r image.Rectangle, scale int) {
	stripH := colorBarH * scale / 2
	for x := r.Min.X; x < r.Max.X; x++ {
		c := b.Map.At(float64(x-r.Min.X) / float64(max(r.Dx()-1, 1)))
		draw.Draw(dst, image.Rect(x, r.Min.Y, x+1, r.Min.Y+stripH), image.NewUniform(c), image.Point{}, draw.Src)
	}
	y := r.Min.Y + stripH + montagePad/2
	var drawn []image.Rectangle
	for _, v := range b.Ticks() {
		s := barNumber(v)
		w := textSize(s, scale).X
		tick := r.Min.X + int(math.Round(b.position(v)*float64(r.Dx()-1)))
		x := min(max(tick-w/2, r.Min.X), r.Max.X-w)
		box := image.Rect(x, y, x+w, y+glyphH*scale)
		if slices.ContainsFunc(drawn, func(d image.Rectangle) bool { return d.Inset(-glyphW * scale).Overlaps(box) }) {
			continue
		}
		drawn = append(drawn, box)
		draw.Draw(dst, image.Rect(tick, r.Min.Y+stripH, tick+1, y), image.NewUniform(montageLabel), image.Point{}, draw.Src)
		drawText(dst, box.Min.X, y, s, montageLabel, scale)
	}
	for _, line := range wrapText(b.Label, scale, r.Dx()) {
		y += glyphH*scale + montagePad/2
		drawText(dst, r.Min.X, y, line, montageLabel, scale)
	}
}

// barNumber writes a value in three significant digits, exponents short: 2.83e4.
func barNumber(v float64) string {
	s := strconv.FormatFloat(v, 'g', 3, 64)
	s = strings.Replace(s, "e+0", "e", 1)
	s = strings.Replace(s, "e+", "e", 1)
	return strings.Replace(s, "e-0", "e-", 1)
}
