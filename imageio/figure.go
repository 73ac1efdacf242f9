package imageio

import (
	"image"
	"image/color"
	"image/draw"
	"strings"
)

// captionScale is the caption's text scale: the montage labels' at small
// figures, and legible when a large one is shown shrunk.
func captionScale(width int) int { return min(max(width/800, 2), 4) }

// WithCaption is img with paragraphs of text below it, each word-wrapped to
// img's width (a figure that a lecture or a paper prints as it is).
func WithCaption(img *image.NRGBA, paragraphs ...string) *image.NRGBA {
	scale := captionScale(img.Rect.Dx())
	width := img.Rect.Dx() - 2*montageMargin
	var lines []string
	for _, p := range paragraphs {
		lines = append(lines, wrap(p, width, scale)...)
		lines = append(lines, "")
	}
	lineH := glyphH * scale * 5 / 4
	out := image.NewNRGBA(image.Rect(0, 0, img.Rect.Dx(), img.Rect.Dy()+len(lines)*lineH+montageMargin))
	draw.Draw(out, out.Rect, image.NewUniform(montageBackground), image.Point{}, draw.Src)
	draw.Draw(out, img.Rect.Sub(img.Rect.Min), img, img.Rect.Min, draw.Src)
	for i, l := range lines {
		drawText(out, montageMargin, img.Rect.Dy()+i*lineH, l, montageLabel, scale)
	}
	return out
}

// wrap breaks s into lines at most width pixels wide at scale (a word longer
// than that has a line of its own).
func wrap(s string, width, scale int) []string { return wrapPx(s, width, glyphH*scale) }

// wrapPx is wrap for lines px pixels high.
func wrapPx(s string, width, px int) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(s) {
		next := w
		if line != "" {
			next = line + " " + w
		}
		if line != "" && labelSize(next, px).X > width {
			lines = append(lines, line)
			next = w
		}
		line = next
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

// Magnify is the part r of img (clipped to it) enlarged k times, each pixel a
// k×k square: what the window's magnifier shows.
func Magnify(img *image.NRGBA, r image.Rectangle, k int) *image.NRGBA {
	r = r.Intersect(img.Rect)
	out := image.NewNRGBA(image.Rect(0, 0, r.Dx()*k, r.Dy()*k))
	for y := 0; y < out.Rect.Dy(); y++ {
		for x := 0; x < out.Rect.Dx(); x++ {
			out.SetNRGBA(x, y, img.NRGBAAt(r.Min.X+x/k, r.Min.Y+y/k))
		}
	}
	return out
}

// Outline is a copy of img with a one-pixel frame of colour c just inside r.
func Outline(img *image.NRGBA, r image.Rectangle, c color.NRGBA) *image.NRGBA {
	out := image.NewNRGBA(img.Rect)
	copy(out.Pix, img.Pix)
	r = r.Intersect(img.Rect)
	if r.Empty() {
		return out
	}
	for x := r.Min.X; x < r.Max.X; x++ {
		out.SetNRGBA(x, r.Min.Y, c)
		out.SetNRGBA(x, r.Max.Y-1, c)
	}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		out.SetNRGBA(r.Min.X, y, c)
		out.SetNRGBA(r.Max.X-1, y, c)
	}
	return out
}

// TextLine is one line of a TextCell; a zero Colour is the labels' colour.
type TextLine struct {
	Text   string
	Colour color.NRGBA
}

// TextCell is lines of text at scale, in Go Mono so that columns written
// with spaces line up, on the montage's background, w x h
// pixels (lines past the bottom are cut): a table or verdicts as a cell of
// a montage, beside the pictures it explains.
func TextCell(lines []TextLine, w, h, scale int) *image.NRGBA {
	out := image.NewNRGBA(image.Rect(0, 0, w, h))
	draw.Draw(out, out.Rect, image.NewUniform(montageBackground), image.Point{}, draw.Src)
	lineH := glyphH * scale * 5 / 4
	for i, l := range lines {
		c := l.Colour
		if c == (color.NRGBA{}) {
			c = montageLabel
		}
		c = TextOnDark(c)
		drawTextFace(out, scale*2, scale*2+i*lineH, l.Text, c, scale, true)
	}
	return out
}

// TextCellWidth is the width a TextCell of lines at scale needs: its
// widest line and a margin each side.
func TextCellWidth(lines []TextLine, scale int) int {
	w := 0
	for _, l := range lines {
		w = max(w, textSizeFace(l.Text, scale, true).X)
	}
	return w + 4*scale
}
