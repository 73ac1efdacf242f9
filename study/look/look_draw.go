package look

import (
	"fmt"
	"image"
	"math"

	"speckle/rng"
)

// Draw makes sp's picture from its Sample.
func (l Look) Draw(sp rng.Spec, s Sample) Looked {
	if v := l.ViewDef(); v.Draw != nil {
		return v.Draw(l, sp, s)
	}
	return l.newCanvas(sp.Gen).looked(sp, s) // a view unknown: a blank square
}

// canvas is a scatter view's picture in the making: the hits of its
// points on the picture's pixels, the points plotted and those shown.
type canvas struct {
	l             Look
	scale         float64 // the native integer (renderer word) to [0, 1)
	hits          []int
	shown, points int
	// edges, if not nil, are the pixels of a frame drawn where nothing
	// hit (the triples' cube), and area the pixels the points spread over.
	edges []bool
	area  float64
}

func (l Look) newCanvas(g *rng.Generator) *canvas {
	return &canvas{l: l, scale: 1 / math.Ldexp(1, l.bits(g)), hits: make([]int, l.Size*l.Size), area: float64(l.Size * l.Size)}
}

// dot marks x, y in [0, 1) of the picture, y up.
func (c *canvas) dot(x, y float64) {
	size := c.l.Size
	c.shown++
	c.hits[(size-1-int(y*float64(size)))*size+int(x*float64(size))]++
}

// plotXY plots a point of the unit square, shown where it falls in the zoom.
func (c *canvas) plotXY(fx, fy float64) {
	c.points++
	z := c.l.Zoom
	x := (fx - z[0]) / z[2]
	y := (fy - z[1]) / z[2]
	if x >= 0 && y >= 0 && x < 1 && y < 1 {
		c.dot(x, y)
	}
}

// plot plots two of the sample's values as a point.
func (c *canvas) plot(a, b uint32) { c.plotXY(float64(a)*c.scale, float64(b)*c.scale) }

// looked shades the hits into sp's picture.
func (c *canvas) looked(sp rng.Spec, s Sample) Looked {
	img := c.l.shade(c.hits, c.shown, c.edges, c.area)
	return Looked{Spec: sp, Image: img, Shown: c.shown, Points: c.points, InBox: s.InBox, Scanned: s.Scanned}
}

// shade paints the hit counts, and the cube's edges where nothing hit.
// Points spread over area pixels (the square, or the cube's outline) at a
// density of d = shown/area a pixel. Sparse points (d under 1.5) each
// darken their pixel plainly, a pixel hit often black, and a deep zoom's
// few grow into discs that can be seen. Dense ones shade by density, a
// pixel hit n times exp(-n ln2/d) of white: as many hits as the mean is
// mid grey, so uniform noise is a grey texture and lines or planes, where
// the points crowd, are black on white (a million triples no black cube).
func (l Look) shade(hits []int, shown int, edges []bool, area float64) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, l.Size, l.Size))
	density := float64(shown) / math.Max(area, 1)
	hits = grow(hits, l.Size, MarkerRadius(shown, l.Size))
	for i, n := range hits {
		c := uint8(255)
		switch {
		case n > 0 && density < 1.5:
			c = uint8(max(0, 120-30*(n-1)))
		case n > 0:
			c = uint8(math.Round(255 * math.Exp(-float64(n)*math.Ln2/density)))
		case edges != nil && edges[i]:
			c = 170
		}
		img.Pix[4*i], img.Pix[4*i+1], img.Pix[4*i+2], img.Pix[4*i+3] = c, c, c, 255
	}
	return img
}

// MarkerRadius is the radius in pixels of a view's points when shown of
// them fall in a picture size pixels wide: 0 (one pixel) while points are
// dense, growing as they thin, to a sixth of the spacing of shown evenly
// spread points and at most size/100 (5 pixels at 512).
func MarkerRadius(shown, size int) int {
	if shown <= 0 {
		return 0
	}
	spacing := float64(size) / math.Sqrt(float64(shown))
	return int(math.Min(spacing/6, float64(size)/100))
}

// grow spreads each hit pixel over a disc of radius r (the hits of the
// disc's centre, the most at each pixel).
func grow(hits []int, size, r int) []int {
	if r <= 0 {
		return hits
	}
	out := make([]int, len(hits))
	for i, n := range hits {
		if n == 0 {
			continue
		}
		x0, y0 := i%size, i/size
		for dy := -r; dy <= r; dy++ {
			for dx := -r; dx <= r; dx++ {
				x, y := x0+dx, y0+dy
				if dx*dx+dy*dy <= r*r && x >= 0 && y >= 0 && x < size && y < size {
					out[y*size+x] = max(out[y*size+x], n)
				}
			}
		}
	}
	return out
}

// Caption says what a picture holds: the points drawn (and a deep zoom's
// values scanned), or the view's own words (the spectrum's low-frequency
// power).
func (l Look) Caption(lk Looked) string {
	if v := l.ViewDef(); v.Caption != nil {
		return v.Caption(l, lk)
	}
	if l.Scan > 0 {
		return fmt.Sprintf("(%d drawn, %d in the box, of %d values scanned)", lk.Shown, lk.InBox, lk.Scanned)
	}
	return fmt.Sprintf("(%d of %d)", lk.Shown, lk.Points)
}

// title is the figure's: the view's own, with the zoom's words.
func (l Look) title() string {
	v := l.ViewDef()
	zoom := ""
	if l.Zoom != [3]float64{0, 0, 1} {
		zoom = fmt.Sprintf(", zoom [%g, %g] x [%g, %g]", l.Zoom[0], l.Zoom[0]+l.Zoom[2], l.Zoom[1], l.Zoom[1]+l.Zoom[2])
		if v.Takes(OptCube) {
			zoom += fmt.Sprintf(" x [%g, %g]", l.ZoomZ, l.ZoomZ+l.Zoom[2])
		}
	}
	if r := l.Renderer; r != nil && v.RendererTitle != nil {
		return v.RendererTitle(l, l.rendererOf(), zoom)
	}
	if v.Title == nil {
		return v.Name
	}
	return v.Title(l, zoom)
}

// streamWords are the pairs' and triples' words for the stream drawn:
// "stream 2", or a deep zoom's many.
func (l Look) streamWords() string {
	if l.Scan > 0 {
		return "many streams (deep zoom)"
	}
	return fmt.Sprintf("stream %d", l.Stream)
}
