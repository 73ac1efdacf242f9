package imageio

import (
	"image"
	"image/draw"
)

// Captioned stacks images top to bottom, centred, with lines of text under
// them, on the montage's background and in its label size: one montage cell
// showing a candidate at several settings with what it is written beneath.
func Captioned(images []*image.NRGBA, lines []string) *image.NRGBA {
	w, h, cellH := 0, 0, 0
	for _, m := range images {
		w, h, cellH = max(w, m.Rect.Dx()), h+m.Rect.Dy()+montageGap, max(cellH, m.Rect.Dy())
	}
	scale := montageLabelScale(cellH)
	lineH := glyphH * scale
	for _, s := range lines { // a glyph's width each side, so neighbours' lines never touch
		w = max(w, textSize(s, scale).X+2*glyphW*scale)
	}
	out := image.NewNRGBA(image.Rect(0, 0, w, h+len(lines)*lineH))
	draw.Draw(out, out.Rect, image.NewUniform(montageBackground), image.Point{}, draw.Src)
	y := 0
	for _, m := range images {
		x := (w - m.Rect.Dx()) / 2
		draw.Draw(out, image.Rect(x, y, x+m.Rect.Dx(), y+m.Rect.Dy()), m, m.Rect.Min, draw.Src)
		y += m.Rect.Dy() + montageGap
	}
	for _, s := range lines {
		drawText(out, (w-textSize(s, scale).X)/2, y, s, montageLabel, scale)
		y += lineH
	}
	return out
}
