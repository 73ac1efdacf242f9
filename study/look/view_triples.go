package look

import (
	"cmp"
	"fmt"
	"image"
	"math"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"speckle/imageio"
	"speckle/rng"
)

// ViewTriples: successive values (x_i, x_i+1, x_i+2) of one stream as a
// point cloud in the unit cube (or the cube Zoom and ZoomZ name), turned
// by Rotate and projected, with the cube's edges: the planes of an LCG
// show when it is turned to look along them.
const ViewTriples = "triples"

// Triples is the cloud of successive triples of one stream (with --lag L,
// x_i, x_i+L, x_i+2L) in the unit cube, turned and projected.
var Triples = &View{
	Name:          ViewTriples,
	Doc:           "successive values (x_i, x_i+L, x_i+2L) of one stream in the unit cube, turned by --rotate",
	Options:       []Option{OptPoints, OptStream, OptCube, OptRotate, OptScan, OptLag},
	RendererOrder: true,
	Shape: func(l Look) (streams, count int) {
		return l.Stream + 1, l.Points + 2*l.lag()
	},
	Draw: drawTriples,
	Title: func(l Look, zoom string) string {
		triples := "successive triples"
		if l.lag() > 1 {
			triples = fmt.Sprintf("values n, n+%d, n+%d", l.lag(), 2*l.lag())
		}
		return fmt.Sprintf("%s of %s, seed %d, turned %g, %g degrees%s", triples, l.streamWords(), l.Seed, l.Rotate[0], l.Rotate[1], zoom)
	},
	RendererTitle: func(l Look, of, zoom string) string {
		return fmt.Sprintf("renderer order: draws n, n+%d, n+%d of slot %d of %s, seed %d, turned %g, %g degrees%s",
			l.lag(), 2*l.lag(), l.Stream, of, l.Seed, l.Rotate[0], l.Rotate[1], zoom)
	},
	Panel: func(l Look, lk Looked, title string) *plot.Plot { return l.cubePanel(lk.Image, title) },
}

func drawTriples(l Look, sp rng.Spec, s Sample) Looked {
	c, v := l.newCanvas(sp.Gen), s.Values
	view := newCubeView(l.Rotate)
	if l.Scan > 0 {
		for i := 0; i+3 <= len(v); i += 3 {
			c.plot3(view, v[i], v[i+1], v[i+2])
		}
	} else {
		_, count := l.shape()
		st, lag := v[l.Stream*count:(l.Stream+1)*count], l.lag()
		for i := 0; i+2*lag < count && c.points < l.Points; i++ {
			c.plot3(view, st[i], st[i+lag], st[i+2*lag])
		}
	}
	c.edges, c.area = view.edges(l.Size), view.area(l.Size)
	return c.looked(sp, s)
}

// plot3 plots three of the sample's values as a point of the zoom cube,
// turned and projected.
func (c *canvas) plot3(view cubeView, a, b, d uint32) {
	c.points++
	l := c.l
	var u [3]float64
	for k, w := range [3]uint32{a, b, d} {
		corner := [3]float64{l.Zoom[0], l.Zoom[1], l.ZoomZ}[k]
		if u[k] = (float64(w)*c.scale - corner) / l.Zoom[2]; u[k] < 0 || u[k] >= 1 {
			return
		}
	}
	x, y := view.project(u)
	c.dot(x, y)
}

// cubeView turns the unit cube about its centre and projects it onto the
// picture, orthographically, the whole cube in view whatever the turn.
type cubeView struct{ sinYaw, cosYaw, sinPitch, cosPitch float64 }

func newCubeView(rotate [2]float64) cubeView {
	yaw, pitch := rotate[0]*math.Pi/180, rotate[1]*math.Pi/180
	return cubeView{math.Sin(yaw), math.Cos(yaw), math.Sin(pitch), math.Cos(pitch)}
}

// project maps a point of the unit cube to [0, 1)^2 of the picture (y up):
// a yaw about the picture's vertical axis, then a pitch about its
// horizontal one, then the view along the depth (the third value at 0, 0).
func (v cubeView) project(u [3]float64) (x, y float64) {
	px, py, pz := u[0]-0.5, u[1]-0.5, u[2]-0.5
	px, pz = px*v.cosYaw+pz*v.sinYaw, -px*v.sinYaw+pz*v.cosYaw
	py = py*v.cosPitch - pz*v.sinPitch
	// The cube's half diagonal, sqrt(3)/2, reaches just inside the edge.
	const fit = 0.999 / 1.7320508075688772 // 1/sqrt(3)
	return 0.5 + px*fit, 0.5 + py*fit
}

// area is the area in pixels of the cube's outline in a size x size
// picture: the convex hull of its eight corners, projected.
func (v cubeView) area(size int) float64 {
	var pts [][2]float64
	for c := 0; c < 8; c++ {
		x, y := v.project([3]float64{float64(c & 1), float64(c >> 1 & 1), float64(c >> 2 & 1)})
		pts = append(pts, [2]float64{x * float64(size), y * float64(size)})
	}
	slices.SortFunc(pts, func(a, b [2]float64) int { return cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1])) })
	cross := func(o, a, b [2]float64) float64 { return (a[0]-o[0])*(b[1]-o[1]) - (a[1]-o[1])*(b[0]-o[0]) }
	var hull [][2]float64 // Andrew's monotone chain
	for pass := 0; pass < 2; pass++ {
		start := len(hull)
		for _, p := range pts {
			for len(hull) >= start+2 && cross(hull[len(hull)-2], hull[len(hull)-1], p) <= 0 {
				hull = hull[:len(hull)-1]
			}
			hull = append(hull, p)
		}
		hull = hull[:len(hull)-1]
		slices.Reverse(pts)
	}
	a := 0.0
	for i := range hull {
		p, q := hull[i], hull[(i+1)%len(hull)]
		a += p[0]*q[1] - q[0]*p[1]
	}
	return math.Abs(a) / 2
}

// edges marks the pixels of the cube's twelve edges in a size x size picture.
func (v cubeView) edges(size int) []bool {
	marked := make([]bool, size*size)
	for a := 0; a < 8; a++ {
		for k := 0; k < 3; k++ {
			if a>>k&1 == 1 {
				continue
			}
			b := a | 1<<k // the corner across edge k
			corner := func(c int) [3]float64 { return [3]float64{float64(c & 1), float64(c >> 1 & 1), float64(c >> 2 & 1)} }
			x0, y0 := v.project(corner(a))
			x1, y1 := v.project(corner(b))
			steps := int(math.Max(math.Abs(x1-x0), math.Abs(y1-y0))*float64(size)) + 1
			for s := 0; s <= steps; s++ {
				f := float64(s) / float64(steps)
				px := int((x0 + f*(x1-x0)) * float64(size))
				py := size - 1 - int((y0+f*(y1-y0))*float64(size))
				if px >= 0 && py >= 0 && px < size && py < size {
					marked[py*size+px] = true
				}
			}
		}
	}
	return marked
}

// cubePanel is the triples' projection: no flat axes (the cube is turned),
// but its three edges from the corner nearest 0 labelled as axes, with the
// values at their ends.
func (l Look) cubePanel(img image.Image, title string) *plot.Plot {
	p := imageio.ImagePanel(img, 0, 1, 0, 1, title, fmt.Sprintf("turned %g, %g degrees", l.Rotate[0], l.Rotate[1]), "")
	p.X.Tick.Marker, p.Y.Tick.Marker = plot.ConstantTicks{}, plot.ConstantTicks{}
	p.X.LineStyle.Width, p.Y.LineStyle.Width = 0, 0
	view := newCubeView(l.Rotate)
	lag := l.lag()
	names := []string{"x(i)", fmt.Sprintf("x(i+%d)", lag), fmt.Sprintf("x(i+%d)", 2*lag)}
	corner := [3]float64{l.Zoom[0], l.Zoom[1], l.ZoomZ}
	var xys plotter.XYs
	var labels []string
	ox, oy := view.project([3]float64{})
	xys, labels = append(xys, plotter.XY{X: ox, Y: oy}), append(labels, fmt.Sprintf("(%g, %g, %g)", corner[0], corner[1], corner[2]))
	for k, name := range names {
		var end, mid [3]float64
		end[k], mid[k] = 1, 0.5
		ex, ey := view.project(end)
		mx, my := view.project(mid)
		xys = append(xys, plotter.XY{X: mx, Y: my}, plotter.XY{X: ex, Y: ey})
		labels = append(labels, name, fmt.Sprintf("%g", corner[k]+l.Zoom[2]))
	}
	for i := range xys { // outside the cube, away from its centre, clear of the points
		dx, dy := xys[i].X-0.5, xys[i].Y-0.5
		if n := math.Hypot(dx, dy); n > 0 {
			xys[i].X, xys[i].Y = xys[i].X+0.07*dx/n, xys[i].Y+0.07*dy/n
		}
	}
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = -0.12, 1.12, -0.12, 1.12
	if lb, err := plotter.NewLabels(plotter.XYLabels{XYs: xys, Labels: labels}); err == nil {
		for i := range lb.TextStyle {
			lb.TextStyle[i].Font.Size = vg.Points(13)
			lb.TextStyle[i].XAlign, lb.TextStyle[i].YAlign = -0.5, -0.5 // centred on the point
		}
		p.Add(lb)
	}
	return p
}
