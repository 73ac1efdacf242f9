package imageio

import (
	"image"
	"image/color"
	"image/draw"
	"math"

	"golang.org/x/image/vector"
)

// A small antialiased 2-D drawing layer over golang.org/x/image/vector, for the plot.

type pt struct{ x, y float64 }

// canvas draws filled polygons (thick lines, markers) on an opaque RGBA image.
type canvas struct {
	img *image.RGBA
	z   *vector.Rasterizer
}

func newCanvas(w, h int, bg color.Color) *canvas {
	c := &canvas{img: image.NewRGBA(image.Rect(0, 0, w, h)), z: vector.NewRasterizer(w, h)}
	draw.Draw(c.img, c.img.Rect, image.NewUniform(bg), image.Point{}, draw.Src)
	return c
}

// fill draws the union of polys in col, clipped to clip. Each polygon is made
// counter-clockwise first: the rasterizer adds signed coverage, so overlapping polygons of one
// orientation merge instead of cancelling.
func (c *canvas) fill(polys [][]pt, col color.Color, clip image.Rectangle) {
	bb := image.Rectangle{}
	first := true
	for _, p := range polys {
		for _, v := range p {
			r := image.Rect(int(math.Floor(v.x))-1, int(math.Floor(v.y))-1, int(math.Ceil(v.x))+1, int(math.Ceil(v.y))+1)
			if first {
				bb, first = r, false
			} else {
				bb = bb.Union(r)
			}
		}
	}
	r := bb.Intersect(clip).Intersect(c.img.Rect)
	if first || r.Empty() {
		return
	}
	// The rasterizer's origin is r.Min: Draw maps its mask onto r.
	c.z.Reset(r.Dx(), r.Dy())
	ox, oy := float64(r.Min.X), float64(r.Min.Y)
	for _, p := range polys {
		if len(p) < 3 {
			continue
		}
		if signedArea(p) < 0 {
			q := make([]pt, len(p))
			for i := range p {
				q[i] = p[len(p)-1-i]
			}
			p = q
		}
		c.z.MoveTo(float32(p[0].x-ox), float32(p[0].y-oy))
		for _, v := range p[1:] {
			c.z.LineTo(float32(v.x-ox), float32(v.y-oy))
		}
		c.z.ClosePath()
	}
	c.z.Draw(c.img, r, image.NewUniform(col), image.Point{})
}

func signedArea(p []pt) float64 {
	var a float64
	for i := range p {
		j := (i + 1) % len(p)
		a += p[i].x*p[j].y - p[j].x*p[i].y
	}
	return a / 2
}

// segment is the rectangle of width w around the segment a-b.
func segment(a, b pt, w float64) []pt {
	dx, dy := b.x-a.x, b.y-a.y
	l := math.Hypot(dx, dy)
	if l == 0 {
		return nil
	}
	nx, ny := -dy/l*w/2, dx/l*w/2
	return []pt{{a.x + nx, a.y + ny}, {b.x + nx, b.y + ny}, {b.x - nx, b.y - ny}, {a.x - nx, a.y - ny}}
}

// regular is a regular polygon of n corners around c with circumradius r, rotated by rot.
func regular(c pt, r float64, n int, rot float64) []pt {
	p := make([]pt, n)
	for i := range p {
		a := rot + 2*math.Pi*float64(i)/float64(n)
		p[i] = pt{c.x + r*math.Cos(a), c.y + r*math.Sin(a)}
	}
	return p
}

// polyline is a line of width w through pts with round joints and caps.
func polyline(pts []pt, w float64) [][]pt {
	var out [][]pt
	for i := range pts {
		out = append(out, regular(pts[i], w/2, 16, 0))
		if i > 0 {
			if s := segment(pts[i-1], pts[i], w); s != nil {
				out = append(out, s)
			}
		}
	}
	return out
}

// dashed is a dashed line of width w from a to b: dashes of length on, gaps of length off.
func dashed(a, b pt, w, on, off float64) [][]pt {
	l := math.Hypot(b.x-a.x, b.y-a.y)
	var out [][]pt
	for s := 0.0; s < l; s += on + off {
		e := math.Min(s+on, l)
		p := pt{a.x + (b.x-a.x)*s/l, a.y + (b.y-a.y)*s/l}
		q := pt{a.x + (b.x-a.x)*e/l, a.y + (b.y-a.y)*e/l}
		if seg := segment(p, q, w); seg != nil {
			out = append(out, seg)
		}
	}
	return out
}

// marker is marker shape k (circle, square, triangle up, diamond, triangle down, hexagon, then
// again) of about radius r around c.
func marker(k int, c pt, r float64) []pt {
	switch k % 6 {
	case 0:
		return regular(c, r, 20, 0)
	case 1:
		return regular(c, r*1.2, 4, math.Pi/4)
	case 2:
		return regular(pt{c.x, c.y + r*0.2}, r*1.35, 3, -math.Pi/2)
	case 3:
		return regular(c, r*1.3, 4, 0)
	case 4:
		return regular(pt{c.x, c.y - r*0.2}, r*1.35, 3, math.Pi/2)
	default:
		return regular(c, r*1.15, 6, 0)
	}
}

// rect fills an axis-aligned rectangle without antialiasing.
func (c *canvas) rect(r image.Rectangle, col color.Color) {
	draw.Draw(c.img, r, image.NewUniform(col), image.Point{}, draw.Src)
}

// nrgba returns the canvas as an *image.NRGBA (it is opaque, so the pixels are the same).
func (c *canvas) nrgba() *image.NRGBA {
	out := image.NewNRGBA(c.img.Rect)
	copy(out.Pix, c.img.Pix)
	return out
}
