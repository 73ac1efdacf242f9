package imageio

import (
	"image"
	"image/color"
	"image/draw"
	"strings"

	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"
)

// Text is drawn with basicfont's 7×13 bitmap face (ASCII), scaled by whole pixels.
var textFace = basicfont.Face7x13

const (
	glyphW = 7  // advance of one glyph at scale 1
	glyphH = 13 // line height at scale 1
)

// asciiText replaces the non-ASCII characters labels are likely to hold by ASCII look-alikes;
// others show basicfont's replacement glyph.
var asciiText = strings.NewReplacer("−", "-", "–", "-", "—", "-", "×", "x", "·", ".", "µ", "u",
	"⁰", "^0", "¹", "^1", "²", "^2", "³", "^3", "⁴", "^4", "⁵", "^5", "⁶", "^6", "⁷", "^7",
	"⁸", "^8", "⁹", "^9", "⁻", "^-")

// textSize is the size in pixels of s drawn at scale.
func textSize(s string, scale int) image.Point {
	s = asciiText.Replace(s)
	return image.Pt(font.MeasureString(textFace, s).Ceil()*scale, glyphH*scale)
}

// drawText draws s with its top-left corner at (x, y), each font pixel a scale×scale square.
func drawText(dst draw.Image, x, y int, s string, c color.Color, scale int) {
	mask := textMask(s, scale)
	if mask == nil {
		return
	}
	r := mask.Rect.Add(image.Pt(x, y))
	draw.DrawMask(dst, r, image.NewUniform(c), image.Point{}, mask, image.Point{}, draw.Over)
}

// textMask is s drawn white on transparent at scale, or nil for nothing to draw.
func textMask(s string, scale int) *image.Alpha {
	s = asciiText.Replace(s)
	if s == "" || scale < 1 {
		return nil
	}
	w := font.MeasureString(textFace, s).Ceil()
	mask := image.NewAlpha(image.Rect(0, 0, w, glyphH))
	d := font.Drawer{Dst: mask, Src: image.Opaque, Face: textFace, Dot: fixed.P(0, textFace.Ascent)}
	d.DrawString(s)
	if scale > 1 {
		big := image.NewAlpha(image.Rect(0, 0, w*scale, glyphH*scale))
		for yy := 0; yy < big.Rect.Dy(); yy++ {
			for xx := 0; xx < big.Rect.Dx(); xx++ {
				big.Pix[yy*big.Stride+xx] = mask.Pix[(yy/scale)*mask.Stride+xx/scale]
			}
		}
		mask = big
	}
	return mask
}
