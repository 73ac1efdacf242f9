// Package flow holds the flow fields of Speckle's jittered streamlines and the
// Go reference of the tracer the GPU runs (shaders/streamlines.comp). Nothing
// here touches OpenGL.
//
// A Field is sampled for an output image of W x H pixels into a Grid: flow
// vectors at NX x NY nodes that span the image corner to corner (node (i, j)
// sits at pixel position (i*W/(NX-1), j*H/(NY-1)), y down, row 0 at the top),
// in pixel units and scaled so that the largest node vector has length 1.
// Between nodes the field is bilinear, on the CPU and the GPU alike.
//
// Fields: "dem" (the downhill gradient of Maunga Whau, R's `volcano`, shipped
// in assets/), "gyre" (the steady double gyre), "cylinder" (potential flow past
// a cylinder), or a height-field file (format: ParseHeights). Uniform and
// Rotation are linear fields, for which bilinear sampling is exact: the tests
// know their streamlines in closed form.
//
// Floor: above scenes. flow may import scenes, rng and the leaves; it uses
// rng (the generators' Go references jitter the reference tracer), assets
// (the DEM) and the internal/ readers and checks.
package flow

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"strings"

	"speckle/assets"
	"speckle/internal/capped"
	"speckle/internal/printable"
	"speckle/internal/suggest"
)

// Field is a flow field before it is sampled for an image.
type Field interface {
	Name() string
	// Aspect is the natural width/height ratio of the field's domain.
	Aspect() float64
	// Grid samples the field for a w x h image.
	Grid(w, h int) *Grid
}

// Grid is a field sampled for a W x H image: NX x NY node vectors (vx, vy),
// row-major from the top row, in pixel units, the largest of length 1 (all
// zero for a field with no flow).
type Grid struct {
	W, H   int
	NX, NY int
	V      []float32
	// ScaleX, ScaleY are node units per pixel, (NX-1)/W and (NY-1)/H, as
	// float32: the GPU gets the same values as uniforms.
	ScaleX, ScaleY float32
}

// NewGrid allocates a grid of nx x ny zero vectors (nx, ny >= 2) for a w x h image.
func NewGrid(w, h, nx, ny int) *Grid {
	return &Grid{W: w, H: h, NX: nx, NY: ny, V: make([]float32, 2*nx*ny),
		ScaleX: float32(nx-1) / float32(w), ScaleY: float32(ny-1) / float32(h)}
}

// normalize scales the vectors so that the longest has length 1.
func (g *Grid) normalize() {
	m := 0.0
	for i := 0; i < len(g.V); i += 2 {
		m = max(m, math.Hypot(float64(g.V[i]), float64(g.V[i+1])))
	}
	if m == 0 {
		return
	}
	for i := range g.V {
		g.V[i] = float32(float64(g.V[i]) / m)
	}
}

// At is the bilinear field at pixel position (x, y), which must lie in
// [0, W] x [0, H]. shaders/streamlines.comp computes it the same way, one
// operation at a time.
func (g *Grid) At(x, y float32) (vx, vy float32) {
	gx := x * g.ScaleX
	gy := y * g.ScaleY
	i := min(int(gx), g.NX-2)
	j := min(int(gy), g.NY-2)
	fx := gx - float32(i)
	fy := gy - float32(j)
	k := 2 * (j*g.NX + i)
	n := 2 * g.NX
	v00x, v00y := g.V[k], g.V[k+1]
	v10x, v10y := g.V[k+2], g.V[k+3]
	v01x, v01y := g.V[k+n], g.V[k+n+1]
	v11x, v11y := g.V[k+n+2], g.V[k+n+3]
	ax := v00x + float32((v10x-v00x)*fx)
	ay := v00y + float32((v10y-v00y)*fx)
	bx := v01x + float32((v11x-v01x)*fx)
	by := v01y + float32((v11y-v01y)*fx)
	return ax + float32((bx-ax)*fy), ay + float32((by-ay)*fy)
}

// Names are the built-in fields.
func Names() []string { return []string{"dem", "gyre", "cylinder"} }

// Open returns a built-in field by name or reads a height-field file. Errors
// are one line naming the field or file and the problem.
func Open(name string) (Field, error) {
	switch name {
	case "dem":
		h, err := ParseHeights("dem", assets.Volcano)
		if err != nil {
			return nil, err
		}
		h.name = "dem"
		return h, nil
	case "gyre":
		return Gyre(), nil
	case "cylinder":
		return Cylinder(), nil
	}
	data, err := capped.ReadFile(name, capped.FieldBytes, "a height-field file")
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) && !strings.ContainsAny(name, "/.") {
			if h := suggest.Hint(name, Names()); h != "" {
				return nil, fmt.Errorf("unknown field %q (%s)", name, h)
			}
			return nil, fmt.Errorf("unknown field %q (built in: %s; or a height-field file)", name, strings.Join(Names(), ", "))
		}
		if _, big := err.(*capped.TooLargeError); big {
			return nil, err
		}
		return nil, fmt.Errorf("cannot read field file %s: %v", printable.Quote(name), errors.Unwrap(err))
	}
	return ParseHeights(name, data)
}

// analytic is a field given by a formula over a rectangle of its own
// coordinates, sampled at every pixel corner.
type analytic struct {
	name           string
	x0, x1, y0, y1 float64 // domain; y grows downwards in the image
	f              func(x, y float64) (u, v float64)
}

func (a *analytic) Name() string    { return a.name }
func (a *analytic) Aspect() float64 { return (a.x1 - a.x0) / (a.y1 - a.y0) }

// Grid samples the formula at the (w+1) x (h+1) pixel corners; vectors are
// converted to pixels (the domain may be stretched to the image).
func (a *analytic) Grid(w, h int) *Grid {
	g := NewGrid(w, h, w+1, h+1)
	sx := float64(w) / (a.x1 - a.x0) // pixels per domain unit
	sy := float64(h) / (a.y1 - a.y0)
	for j := 0; j <= h; j++ {
		for i := 0; i <= w; i++ {
			u, v := a.f(a.x0+float64(i)/sx, a.y0+float64(j)/sy)
			k := 2 * (j*(w+1) + i)
			g.V[k], g.V[k+1] = float32(u*sx), float32(v*sy)
		}
	}
	g.normalize()
	return g
}

// Gyre is the steady double gyre of Shadden, Lekien & Marsden (2005) with
// A = 0.1 and epsilon = 0: stream function psi = A sin(pi x) sin(pi y) on
// [0,2] x [0,1], u = -dpsi/dy, v = dpsi/dx. Two counter-rotating cells whose
// streamlines are closed orbits: without jitter a streamline circles until
// its steps run out.
func Gyre() Field {
	const a = 0.1
	return &analytic{name: "gyre", x0: 0, x1: 2, y0: 0, y1: 1, f: func(x, y float64) (float64, float64) {
		return -math.Pi * a * math.Sin(math.Pi*x) * math.Cos(math.Pi*y),
			math.Pi * a * math.Cos(math.Pi*x) * math.Sin(math.Pi*y)
	}}
}

// Cylinder is inviscid potential flow past a cylinder of radius 0.5 at the
// origin, speed 1 from left to right, on [-2,6] x [-2,2]: u - iv =
// 1 - a^2/z^2. Inside the cylinder there is no flow (streamlines stall).
func Cylinder() Field {
	const r2 = 0.25
	return &analytic{name: "cylinder", x0: -2, x1: 6, y0: -2, y1: 2, f: func(x, y float64) (float64, float64) {
		d := x*x + y*y
		if d < r2 {
			return 0, 0
		}
		// a^2/z^2 = a^2 (x^2 - y^2 - 2ixy) / |z|^4
		re := r2 * (x*x - y*y) / (d * d)
		im := -r2 * 2 * x * y / (d * d)
		return 1 - re, im // u = Re(1 - a^2/z^2), v = -Im(1 - a^2/z^2) = Im(a^2/z^2)
	}}
}

// linear is a field v = (a + b x + c y, d + e x + f y) in pixel coordinates,
// exact under bilinear sampling; it is not normalised, so its vectors are the
// formula's (in pixels per unit time).
type linear struct {
	name             string
	a, b, c, d, e, f float64
	aspect           float64
}

func (l *linear) Name() string    { return l.name }
func (l *linear) Aspect() float64 { return l.aspect }
func (l *linear) Grid(w, h int) *Grid {
	g := NewGrid(w, h, 5, 5)
	for j := 0; j < g.NY; j++ {
		for i := 0; i < g.NX; i++ {
			x := float64(i) * float64(w) / float64(g.NX-1)
			y := float64(j) * float64(h) / float64(g.NY-1)
			k := 2 * (j*g.NX + i)
			g.V[k] = float32(l.a + l.b*x + l.c*y)
			g.V[k+1] = float32(l.d + l.e*x + l.f*y)
		}
	}
	return g
}

// Uniform is the constant field (vx, vy), in pixels.
func Uniform(vx, vy float64) Field {
	return &linear{name: "uniform", a: vx, d: vy, aspect: 1}
}

// Rotation is solid-body rotation about pixel position (cx, cy) with angular
// speed 1: v = (-(y-cy), x-cx). In the image (y down) that turns clockwise.
// Its streamlines are circles about (cx, cy).
func Rotation(cx, cy float64) Field {
	return &linear{name: "rotation", a: cy, c: -1, d: -cx, e: 1, aspect: 1}
}
