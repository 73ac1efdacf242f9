package scenes

import (
	"fmt"
	"math"
	"runtime"
	"sync"
)

// Analytic reports whether the scene's image has a closed form that
// AnalyticImage computes: only diffuse receivers and light quads, no
// interreflection and no occlusion. It checks a simple sufficient condition:
//   - no spheres or triangles; every quad is diffuse or a light;
//   - the diffuse quads all lie in one plane with one orientation (so they
//     cannot see each other: no interreflection);
//   - the lights all lie in one plane (so no light shadows another) and
//     wholly on the front side of the receivers' plane.
//
// The built-in scene "plane" is one.
func (s *Scene) Analytic() bool {
	if len(s.Spheres) > 0 || len(s.Triangles) > 0 {
		return false
	}
	var recv, lights []Quad
	for _, q := range s.Quads {
		switch s.Materials[q.Material].Kind {
		case Diffuse:
			recv = append(recv, q)
		case Light:
			lights = append(lights, q)
		default:
			return false
		}
	}
	if len(recv) == 0 || len(lights) == 0 {
		return false
	}
	lo, hi := s.Bounds()
	eps := 1e-6 * math.Max(len64(sub64(to64(hi), to64(lo))), 1)
	inPlane := func(q Quad, p0, n [3]float64) bool {
		for _, c := range quadCorners(q) {
			if math.Abs(dot64(sub64(c, p0), n)) > eps {
				return false
			}
		}
		return true
	}
	rn, rp := quadNormal(recv[0]), to64(recv[0].Corner)
	for _, q := range recv {
		if dot64(quadNormal(q), rn) < 1-1e-9 || !inPlane(q, rp, rn) {
			return false
		}
	}
	ln, lp := quadNormal(lights[0]), to64(lights[0].Corner)
	for _, q := range lights {
		if math.Abs(dot64(quadNormal(q), ln)) < 1-1e-9 || !inPlane(q, lp, ln) {
			return false
		}
		for _, c := range quadCorners(q) {
			if dot64(sub64(c, rp), rn) < -eps {
				return false
			}
		}
	}
	return true
}

func quadCorners(q Quad) [4][3]float64 {
	c, u, v := to64(q.Corner), to64(q.U), to64(q.V)
	return [4][3]float64{c, add64(c, u), add64(add64(c, u), v), add64(c, v)}
}

func quadNormal(q Quad) [3]float64 { return norm64(cross64(to64(q.U), to64(q.V))) }

// irradiance is the irradiance (per RGB channel) at point p on a surface of
// normal n from all the scene's lights, by Lambert's polygon formula
//
//	E = L/2 · Σ_edges θ_i cos γ_i
//
// (θ_i the angle edge i subtends at p, γ_i the angle between the plane
// through p and that edge and the normal n). A light counts only when p is
// on its emitting side, and only its part above p's horizon (the polygon is
// clipped by the plane through p normal to n). Occlusion is ignored: it is
// exact for scenes where Analytic holds. Computed in float64.
func (s *Scene) irradiance(p, n Vec3) Vec3 {
	e := s.irradiance64(to64(p), norm64(to64(n)))
	return Vec3{float32(e[0]), float32(e[1]), float32(e[2])}
}

func (s *Scene) irradiance64(p, n [3]float64) [3]float64 {
	return irradiance(s.lightPolys(), p, n)
}

// lightPoly is a light quad prepared for Lambert's formula.
type lightPoly struct {
	corners [4][3]float64
	normal  [3]float64
	l       [3]float64
}

func (s *Scene) lightPolys() []lightPoly {
	var ls []lightPoly
	for _, i := range s.Lights() {
		q := s.Quads[i]
		ls = append(ls, lightPoly{quadCorners(q), quadNormal(q), to64(s.Materials[q.Material].Color)})
	}
	return ls
}

func irradiance(lights []lightPoly, p, n [3]float64) [3]float64 {
	var e [3]float64
	for i := range lights {
		lp := &lights[i]
		if dot64(sub64(p, lp.corners[0]), lp.normal) <= 0 {
			continue // behind the light, or in its plane
		}
		var rel [4][3]float64
		for k, c := range lp.corners {
			rel[k] = sub64(c, p)
		}
		var buf [8][3]float64
		f := projectedSolidAngle(clipHorizon(rel[:], n, buf[:0]), n)
		e = add64(e, scale64(lp.l, f))
	}
	return e
}

// clipHorizon appends to out the part of the polygon (vertices relative to
// the receiving point) on the side w·n >= 0 (Sutherland-Hodgman).
func clipHorizon(poly [][3]float64, n [3]float64, out [][3]float64) [][3]float64 {
	for i, cur := range poly {
		prev := poly[(i+len(poly)-1)%len(poly)]
		dc, dp := dot64(cur, n), dot64(prev, n)
		if (dc >= 0) != (dp >= 0) {
			t := dp / (dp - dc)
			out = append(out, add64(prev, scale64(sub64(cur, prev), t)))
		}
		if dc >= 0 {
			out = append(out, cur)
		}
	}
	return out
}

// projectedSolidAngle is ∫ cos θ dω over the polygon (vertices relative to
// the receiving point, wound counter-clockwise about the polygon's normal
// U x V, seen from its front), by Lambert's formula: the edges' vector sum
// θ_i Γ_i, Γ_i the unit normal of the plane through the point and edge i.
// For that winding seen from the front each Γ_i points away from the
// receiver, hence the minus sign.
func projectedSolidAngle(poly [][3]float64, n [3]float64) float64 {
	if len(poly) < 3 {
		return 0
	}
	sum := 0.0
	for i := range poly {
		a, b := norm64(poly[i]), norm64(poly[(i+1)%len(poly)])
		c := cross64(a, b)
		sin := len64(c)
		if sin == 0 {
			continue // a repeated vertex (clipping can make one)
		}
		theta := math.Atan2(sin, dot64(a, b))
		sum += theta * dot64(c, n) / sin
	}
	return math.Max(0, -0.5*sum)
}

// The primitive a ray hits.
type hitKind int

const (
	hitNone hitKind = iota
	hitSphere
	hitQuad
	hitTriangle
)

type hit struct {
	kind hitKind
	idx  int
	t    float64
	pos  [3]float64
	n    [3]float64 // geometric normal (the primitive's, not turned to the ray)
	mat  int
}

// intersect finds the nearest hit of the ray o + t d, t > tMin, against all
// primitives, in float64 (a CPU reference; the shaders have their own).
func (s *Scene) intersect(o, d [3]float64) hit {
	const tMin = 1e-9
	best := hit{t: math.Inf(1)}
	for i, sp := range s.Spheres {
		c, r := to64(sp.Center), float64(sp.Radius)
		oc := sub64(o, c)
		a, b, cc := dot64(d, d), dot64(oc, d), dot64(oc, oc)-r*r
		disc := b*b - a*cc
		if disc < 0 {
			continue
		}
		sq := math.Sqrt(disc)
		for _, t := range [2]float64{(-b - sq) / a, (-b + sq) / a} {
			if t > tMin && t < best.t {
				pos := add64(o, scale64(d, t))
				best = hit{kind: hitSphere, idx: i, t: t, pos: pos, n: norm64(sub64(pos, c)), mat: sp.Material}
				break
			}
		}
	}
	for i, q := range s.Quads {
		c, u, v := to64(q.Corner), to64(q.U), to64(q.V)
		nn := cross64(u, v)
		dn := dot64(d, nn)
		if dn == 0 {
			continue
		}
		t := dot64(sub64(c, o), nn) / dn
		if !(t > tMin && t < best.t) {
			continue
		}
		pos := add64(o, scale64(d, t))
		w := sub64(pos, c)
		n2 := dot64(nn, nn)
		a := dot64(cross64(w, v), nn) / n2
		b := dot64(cross64(u, w), nn) / n2
		if a >= 0 && a <= 1 && b >= 0 && b <= 1 {
			best = hit{kind: hitQuad, idx: i, t: t, pos: pos, n: norm64(nn), mat: q.Material}
		}
	}
	for i, tr := range s.Triangles {
		a, b, c := to64(tr.A), to64(tr.B), to64(tr.C)
		e1, e2 := sub64(b, a), sub64(c, a)
		pv := cross64(d, e2)
		det := dot64(e1, pv)
		if det == 0 {
			continue
		}
		tv := sub64(o, a)
		bu := dot64(tv, pv) / det
		qv := cross64(tv, e1)
		bv := dot64(d, qv) / det
		t := dot64(e2, qv) / det
		if bu >= 0 && bv >= 0 && bu+bv <= 1 && t > tMin && t < best.t {
			best = hit{kind: hitTriangle, idx: i, t: t, pos: add64(o, scale64(d, t)), n: norm64(cross64(e1, e2)), mat: tr.Material}
		}
	}
	return best
}

// radiance64 is the exact radiance seen along a camera ray in an Analytic
// scene: a diffuse surface reflects albedo·E/π (E on the side the ray
// sees), a light's front face shows its radiance, its back and misses are
// black.
func (s *Scene) radiance64(lights []lightPoly, o, d [3]float64) [3]float64 {
	h := s.intersect(o, d)
	if h.kind == hitNone {
		return [3]float64{}
	}
	m := s.Materials[h.mat]
	front := dot64(d, h.n) < 0
	switch m.Kind {
	case Light:
		if front {
			return to64(m.Color)
		}
	case Diffuse:
		n := h.n
		if !front {
			n = scale64(n, -1)
		}
		e := irradiance(lights, h.pos, n)
		c := to64(m.Color)
		return [3]float64{c[0] * e[0] / math.Pi, c[1] * e[1] / math.Pi, c[2] * e[2] / math.Pi}
	}
	return [3]float64{}
}

// AnalyticImage is the exact radiance image (no exposure, no tone mapping)
// of an Analytic scene: w*h RGBA float32 pixels, row 0 at the top, A = 1.
// Each pixel is the mean over samples x samples stratified positions (cell
// centres) of the radiance along Camera.Ray through them. It panics if the
// scene is not Analytic.
func (s *Scene) AnalyticImage(w, h, samples int) []float32 {
	if !s.Analytic() {
		panic(fmt.Sprintf("scenes: AnalyticImage of %q, which has no closed form (see Analytic)", s.Name))
	}
	if w <= 0 || h <= 0 || samples <= 0 {
		panic(fmt.Sprintf("scenes: AnalyticImage(%d, %d, %d): sizes must be > 0", w, h, samples))
	}
	lights := s.lightPolys()
	img := make([]float32, 4*w*h)
	forRows(h, func(y int) {
		for x := 0; x < w; x++ {
			var sum [3]float64
			for j := 0; j < samples; j++ {
				for i := 0; i < samples; i++ {
					px := float32(x) + (float32(i)+0.5)/float32(samples)
					py := float32(y) + (float32(j)+0.5)/float32(samples)
					o, d := s.Camera.Ray(px, py, w, h)
					sum = add64(sum, s.radiance64(lights, to64(o), to64(d)))
				}
			}
			sum = scale64(sum, 1/float64(samples*samples))
			k := 4 * (y*w + x)
			img[k], img[k+1], img[k+2], img[k+3] = float32(sum[0]), float32(sum[1]), float32(sum[2]), 1
		}
	})
	return img
}

// forRows calls row(y) for y = 0..h-1 spread over all cores.
func forRows(h int, row func(y int)) {
	rows := make(chan int)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for y := range rows {
				row(y)
			}
		}()
	}
	for y := 0; y < h; y++ {
		rows <- y
	}
	close(rows)
	wg.Wait()
}

// Seen is the primitive a ray meets first: Prim is "sphere", "quad" or
// "triangle" ("" for none), Index its place in Spheres, Quads or Triangles.
type Seen struct {
	Prim     string
	Index    int
	Material int
	Point    [3]float64
}

// FirstSeen is what the ray o + t·d meets first (in float64, as intersect).
func (s *Scene) FirstSeen(o, d Vec3) Seen {
	h := s.intersect(to64(o), to64(d))
	prim := [...]string{hitNone: "", hitSphere: "sphere", hitQuad: "quad", hitTriangle: "triangle"}[h.kind]
	return Seen{Prim: prim, Index: h.idx, Material: h.mat, Point: h.pos}
}
