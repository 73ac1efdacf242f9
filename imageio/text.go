package imageio

import (
	"image"
	"image/color"
	"image/draw"
	"strings"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// Text is drawn in the Go fonts (typeface.go), anti-aliased, at a whole
// "scale": a line of text at scale s is glyphH·s pixels high and a glyph
// about glyphW·s wide, as the 7×13 bitmap face the layouts were made for.
const (
	glyphW = 7  // about one glyph's advance at scale 1
	glyphH = 13 // line height at scale 1
)

// asciiText replaces the characters labels are likely to hold that the Go
// fonts lack (superscripts past ³) by ASCII look-alikes.
var asciiText = strings.NewReplacer("⁰", "^0", "¹", "^1", "²", "^2", "³", "^3", "⁴", "^4", "⁵", "^5",
	"⁶", "^6", "⁷", "^7", "⁸", "^8", "⁹", "^9", "⁻", "^-")

// faceKey names a face: mono (Go Mono) or not (Go), for lines px pixels high.
type faceKey struct {
	mono bool
	px   int
}

var (
	facesMu sync.Mutex // opentype faces are not safe for concurrent use
	faces   = map[faceKey]font.Face{}
)

// faceAt is the face for lines px pixels high: its ascent plus descent
// fill 85 % of the line (the rest is the gap between lines). Callers hold
// facesMu.
func faceAt(mono bool, px int) font.Face {
	k := faceKey{mono, px}
	if f, ok := faces[k]; ok {
		return f
	}
	src := goRegular
	if mono {
		src = goMono
	}
	// Go's ascent plus descent is 1.164 em: 0.73 em per pixel of line.
	f, err := opentype.NewFace(src, &opentype.FaceOptions{Size: 0.73 * float64(px), DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		panic("imageio: " + err.Error())
	}
	faces[k] = f
	return f
}

// textSize is the size in pixels of s drawn at scale.
func textSize(s string, scale int) image.Point { return textSizeFace(s, scale, false) }

func textSizeFace(s string, scale int, mono bool) image.Point {
	s = asciiText.Replace(s)
	if scale < 1 {
		return image.Point{}
	}
	facesMu.Lock()
	defer facesMu.Unlock()
	return image.Pt(font.MeasureString(faceAt(mono, glyphH*scale), s).Ceil(), glyphH*scale)
}

// drawText draws s with its top-left corner at (x, y) at scale.
func drawText(dst draw.Image, x, y int, s string, c color.Color, scale int) {
	drawTextFace(dst, x, y, s, c, scale, false)
}

// drawTextFace is drawText in Go Mono (mono) or Go.
func drawTextFace(dst draw.Image, x, y int, s string, c color.Color, scale int, mono bool) {
	mask := textMask(s, glyphH*scale, mono)
	if mask == nil {
		return
	}
	r := mask.Rect.Add(image.Pt(x, y))
	draw.DrawMask(dst, r, image.NewUniform(c), image.Point{}, mask, image.Point{}, draw.Over)
}

// textMask is s drawn white on transparent in lines h pixels high, or nil
// for nothing to draw.
func textMask(s string, h int, mono bool) *image.Alpha {
	s = asciiText.Replace(s)
	if s == "" || h < 1 {
		return nil
	}
	facesMu.Lock()
	defer facesMu.Unlock()
	face := faceAt(mono, h)
	w := font.MeasureString(face, s).Ceil()
	m := face.Metrics()
	// Centre ascent plus descent in the line.
	base := (fixed.I(h) - m.Ascent - m.Descent) / 2
	mask := image.NewAlpha(image.Rect(0, 0, w, h))
	d := font.Drawer{Dst: mask, Src: image.Opaque, Face: face, Dot: fixed.Point26_6{Y: base + m.Ascent}}
	d.DrawString(s)
	return mask
}

// labelSize is the size of s in lines px pixels high.
func labelSize(s string, px int) image.Point {
	s = asciiText.Replace(s)
	facesMu.Lock()
	defer facesMu.Unlock()
	return image.Pt(font.MeasureString(faceAt(false, px), s).Ceil(), px)
}

// drawTextPx is drawText in lines px pixels high.
func drawTextPx(dst draw.Image, x, y int, s string, c color.Color, px int) {
	mask := textMask(s, px, false)
	if mask == nil {
		return
	}
	draw.DrawMask(dst, mask.Rect.Add(image.Pt(x, y)), image.NewUniform(c), image.Point{}, mask, image.Point{}, draw.Over)
}
