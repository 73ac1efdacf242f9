package look

import (
	"cmp"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"
	"slices"

	"speckle/imageio"
	"speckle/rng"
	"speckle/study"
)

// Draw makes sp's picture from its Sample.
func (l Look) Draw(sp rng.Spec, s Sample) Looked {
	v := s.Values
	streams, count := l.shape()
	switch l.View {
	case ViewBitplanes:
		return l.bitplanes(sp, v)
	case ViewSpectrum:
		return l.spectrum(sp, v)
	}
	scale := 1 / math.Ldexp(1, l.bits(sp.Gen)) // the native integer (renderer word) to [0, 1)
	hits := make([]int, l.Size*l.Size)
	shown, points := 0, 0
	dot := func(x, y float64) { // x, y in [0, 1) of the picture, y up
		shown++
		hits[(l.Size-1-int(y*float64(l.Size)))*l.Size+int(x*float64(l.Size))]++
	}
	plotXY := func(fx, fy float64) {
		points++
		x := (fx - l.Zoom[0]) / l.Zoom[2]
		y := (fy - l.Zoom[1]) / l.Zoom[2]
		if x >= 0 && y >= 0 && x < 1 && y < 1 {
			dot(x, y)
		}
	}
	plot := func(a, b uint32) { plotXY(float64(a)*scale, float64(b)*scale) }
	view := newCubeView(l.Rotate)
	plot3 := func(a, b, c uint32) {
		points++
		var u [3]float64
		for k, w := range [3]uint32{a, b, c} {
			corner := [3]float64{l.Zoom[0], l.Zoom[1], l.ZoomZ}[k]
			if u[k] = (float64(w)*scale - corner) / l.Zoom[2]; u[k] < 0 || u[k] >= 1 {
				return
			}
		}
		x, y := view.project(u)
		dot(x, y)
	}
	switch {
	case l.Scan > 0 && l.View == ViewTriples:
		for i := 0; i+3 <= len(v); i += 3 {
			plot3(v[i], v[i+1], v[i+2])
		}
	case l.Scan > 0:
		for i := 0; i+2 <= len(v); i += 2 {
			plot(v[i], v[i+1])
		}
	case l.View == ViewPhotons:
		for i := 0; i < streams; i++ {
			plotXY(float64(math.Float32frombits(v[2*i])), float64(math.Float32frombits(v[2*i+1])))
		}
	case l.View == ViewPairs:
		s, lag := v[l.Stream*count:(l.Stream+1)*count], l.lag()
		for i := 0; i+lag < count && points < l.Points; i++ {
			plot(s[i], s[i+lag])
		}
	case l.View == ViewTriples:
		s, lag := v[l.Stream*count:(l.Stream+1)*count], l.lag()
		for i := 0; i+2*lag < count && points < l.Points; i++ {
			plot3(s[i], s[i+lag], s[i+2*lag])
		}
	default:
		for m := 0; m < count && points < l.Points; m++ {
			for t := 0; t+1 < streams && points < l.Points; t++ {
				plot(v[t*count+m], v[(t+1)*count+m])
			}
		}
	}
	var edges []bool
	area := float64(l.Size * l.Size)
	if l.View == ViewTriples {
		edges, area = view.edges(l.Size), view.area(l.Size)
	}
	img := l.shade(hits, shown, edges, area)
	return Looked{Spec: sp, Image: img, Shown: shown, Points: points, InBox: s.InBox, Scanned: s.Scanned}
}

// bitplanes draws one bit of each value: a row a stream, a column a value.
func (l Look) bitplanes(sp rng.Spec, v []uint32) Looked {
	streams, count := l.shape()
	img := image.NewNRGBA(image.Rect(0, 0, l.Size, l.Size))
	for t := 0; t < streams; t++ {
		for m := 0; m < count; m++ {
			c := uint8(0)
			if v[t*count+m]>>l.Bit&1 == 1 {
				c = 255
			}
			img.SetNRGBA(m, t, color.NRGBA{c, c, c, 255})
		}
	}
	return Looked{Spec: sp, Image: img, Shown: streams * count, Points: streams * count}
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

// spectrum is the periodogram of the photon samples v with its radial
// average plotted below it.
func (l Look) spectrum(sp rng.Spec, v []uint32) Looked {
	n := len(v) / 2
	xs, ys := make([]float64, n), make([]float64, n)
	for i := range xs {
		xs[i], ys[i] = float64(math.Float32frombits(v[2*i])), float64(math.Float32frombits(v[2*i+1]))
	}
	p := periodogram(xs, ys, spectrumHalf)
	low, k := 0.0, 0
	for ky := -8; ky <= 8; ky++ {
		for kx := -8; kx <= 8; kx++ {
			if kx != 0 || ky != 0 {
				low += p[(ky+spectrumHalf)*(2*spectrumHalf+1)+kx+spectrumHalf]
				k++
			}
		}
	}
	radial := radialAverage(p, spectrumHalf)
	top := spectrumImage(p, spectrumHalf, l.Size)
	plot := imageio.RadialPlot(radial, l.Size, l.Size/2)
	img := image.NewNRGBA(image.Rect(0, 0, l.Size, l.Size+plot.Rect.Dy()))
	draw.Draw(img, top.Rect, top, image.Point{}, draw.Src)
	draw.Draw(img, plot.Rect.Add(image.Pt(0, l.Size)), plot, image.Point{}, draw.Src)
	return Looked{Spec: sp, Image: img, Shown: n, Points: n, LowPower: low / float64(k), Radial: radial}
}

// Caption says what a picture holds: the points drawn (and a deep zoom's
// values scanned), or the spectrum's low-frequency power.
func (l Look) Caption(lk Looked) string {
	switch {
	case l.View == ViewSpectrum:
		return fmt.Sprintf("(low-frequency power %.2f)", lk.LowPower)
	case l.View == ViewBitplanes:
		return ""
	case l.Scan > 0:
		return fmt.Sprintf("(%d drawn, %d in the box, of %d values scanned)", lk.Shown, lk.InBox, lk.Scanned)
	}
	return fmt.Sprintf("(%d of %d)", lk.Shown, lk.Points)
}

func (l Look) title() string {
	zoom := ""
	if l.Zoom != [3]float64{0, 0, 1} {
		zoom = fmt.Sprintf(", zoom [%g, %g] x [%g, %g]", l.Zoom[0], l.Zoom[0]+l.Zoom[2], l.Zoom[1], l.Zoom[1]+l.Zoom[2])
		if l.View == ViewTriples {
			zoom += fmt.Sprintf(" x [%g, %g]", l.ZoomZ, l.ZoomZ+l.Zoom[2])
		}
	}
	if t := l.rendererTitle(zoom); t != "" {
		return t
	}
	of := fmt.Sprintf("stream %d", l.Stream)
	if l.Scan > 0 {
		of = "many streams (deep zoom)"
	}
	pairs, triples := "successive values", "successive triples"
	if l.lag() > 1 {
		pairs = fmt.Sprintf("values n and n+%d", l.lag())
		triples = fmt.Sprintf("values n, n+%d, n+%d", l.lag(), 2*l.lag())
	}
	switch l.View {
	case ViewPairs:
		return fmt.Sprintf("%s of %s, seed %d%s", pairs, of, l.Seed, zoom)
	case ViewTriples:
		return fmt.Sprintf("%s of %s, seed %d, turned %g, %g degrees%s", triples, of, l.Seed, l.Rotate[0], l.Rotate[1], zoom)
	case ViewStreams:
		return fmt.Sprintf("value i of stream t against stream t+1, seed %d%s", l.Seed, zoom)
	case ViewPhotons, ViewSpectrum:
		what := "light position (draws 0, 1)"
		switch l.Decision {
		case PhotonDecisions["direction"]:
			what = "emission direction (draws 2, 3)"
		case PhotonDecisions["bounce"]:
			what = "first bounce's scattering direction (draws 5, 6)"
		}
		if r := l.Renderer; r != nil {
			what += fmt.Sprintf(" in the renderer order at %s photons an iteration (%s)", study.PowerText(r.Photons), r.Scene)
		}
		if l.View == ViewSpectrum {
			return fmt.Sprintf("power spectrum of the photon pass's %s, %d photons, frequencies -%d..%d, and its radial average, seed %d", what, l.Points, spectrumHalf, spectrumHalf, l.Seed)
		}
		return fmt.Sprintf("the photon pass's %s, first iteration of %d photons, seed %d%s", what, l.Points, l.Seed, zoom)
	default:
		return fmt.Sprintf("bit %d: values across, streams down, seed %d", l.Bit, l.Seed)
	}
}
