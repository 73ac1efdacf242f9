package scenes

import (
	"math"
	"math/rand"
	"testing"
)

// oneLight is a scene of one light quad (and a receiver, for Analytic).
func oneLight(light Quad, l Vec3) *Scene {
	light.Material = 1
	return &Scene{
		Name:      "test",
		Materials: []Material{{Name: "grey", Kind: Diffuse, Color: Vec3{0.5, 0.5, 0.5}}, {Name: "lamp", Kind: Light, Color: l}},
		Quads:     []Quad{{Corner: Vec3{-10, 0, -10}, U: Vec3{0, 0, 20}, V: Vec3{20, 0, 0}}, light},
	}
}

// mcIrradiance integrates E = ∫ L cosθp cosθl / r² dA over the light quad,
// stratified k x k with jitter from a fixed seed, in float64.
func mcIrradiance(q Quad, l float64, p, n [3]float64, k int) float64 {
	rng := rand.New(rand.NewSource(1))
	c, u, v := to64(q.Corner), to64(q.U), to64(q.V)
	nl := quadNormal(q)
	area := len64(cross64(u, v))
	sum := 0.0
	for i := 0; i < k; i++ {
		for j := 0; j < k; j++ {
			s, t := (float64(i)+rng.Float64())/float64(k), (float64(j)+rng.Float64())/float64(k)
			x := add64(c, add64(scale64(u, s), scale64(v, t)))
			w := sub64(x, p)
			r2 := dot64(w, w)
			r := math.Sqrt(r2)
			cp := dot64(n, w) / r
			cl := -dot64(nl, w) / r
			if cp > 0 && cl > 0 {
				sum += cp * cl / r2
			}
		}
	}
	return l * area * sum / float64(k*k)
}

func TestIrradianceMatchesMonteCarlo(t *testing.T) {
	square := Quad{Corner: Vec3{-0.5, 2, -0.5}, U: Vec3{1, 0, 0}, V: Vec3{0, 0, 1}} // faces down
	// A tilted, non-rectangular parallelogram; its normal (u x v) points
	// roughly down and towards +x.
	tilted := Quad{Corner: Vec3{-1, 1.5, 0.2}, U: Vec3{0.2, 0.1, -0.9}, V: Vec3{1.2, 0.4, 0.1}}
	if quadNormal(tilted)[1] >= 0 {
		t.Fatalf("tilted light faces up: %v", quadNormal(tilted))
	}
	up := [3]float64{0, 1, 0}
	cases := []struct {
		name  string
		light Quad
		p, n  [3]float64
		cut   bool // the receiver's horizon cuts the light
	}{
		{"below centre", square, [3]float64{0, 0, 0}, up, false},
		{"off to the side", square, [3]float64{1.5, 0, 0.7}, up, false},
		{"far off", square, [3]float64{-4, 0, 3}, up, false},
		{"tilted receiver", square, [3]float64{0.3, 0.5, -0.2}, norm64([3]float64{1, 1, 0.3}), false},
		{"light cut by the horizon", square, [3]float64{0, 0, 0}, norm64([3]float64{1, 0.2, 0}), true},
		{"light partly below a steep horizon", square, [3]float64{0.2, 1, 0.1}, norm64([3]float64{-1, 0.1, 0.2}), true},
		{"tilted light", tilted, [3]float64{0.1, 0, 0}, up, false},
		{"tilted light, tilted receiver", tilted, [3]float64{0.5, -0.3, 0.4}, norm64([3]float64{-0.3, 1, 0.5}), false},
		{"tilted light, cut", tilted, [3]float64{0.2, 0.2, 0}, norm64([3]float64{1, 0.3, 0}), true},
	}
	const L = 7.0
	for _, c := range cases {
		s := oneLight(c.light, Vec3{L, 2 * L, 0.5 * L})
		e := s.irradiance64(c.p, c.n)
		mc := mcIrradiance(c.light, L, c.p, c.n, 1000)
		// 10^6 stratified samples: the estimate's error is far below 1e-4
		// relative for these integrands (measured: < 1e-6).
		t.Logf("%s: E = %.8g, rel. diff from Monte Carlo %.2g", c.name, e[0], (e[0]-mc)/mc)
		if math.Abs(e[0]-mc) > 1e-4*mc+1e-9 || mc <= 0 {
			t.Errorf("%s: Lambert E = %.8g, Monte Carlo %.8g (rel. diff %.2g)", c.name, e[0], mc, (e[0]-mc)/mc)
		}
		if math.Abs(e[1]-2*e[0]) > 1e-12*e[0] || math.Abs(e[2]-0.5*e[0]) > 1e-12*e[0] {
			t.Errorf("%s: channels not proportional to L: %v", c.name, e)
		}
		// Where the horizon cuts the light, clipping matters: Lambert's
		// formula over the whole quad is wrong there.
		var whole [][3]float64
		for _, q := range quadCorners(c.light) {
			whole = append(whole, sub64(q, c.p))
		}
		unclipped := L * projectedSolidAngle(whole, c.n)
		if c.cut != (math.Abs(unclipped-mc) > 0.01*mc) {
			t.Errorf("%s: unclipped %.6g vs %.6g: the case does not test what it says", c.name, unclipped, mc)
		}
		// The float32 API agrees.
		if g := s.irradiance(f32(c.p), f32(c.n)); math.Abs(float64(g[0])-e[0]) > 1e-5*e[0] {
			t.Errorf("%s: Irradiance %v, irradiance64 %v", c.name, g, e)
		}
	}
}

func TestIrradianceZero(t *testing.T) {
	square := Quad{Corner: Vec3{-0.5, 2, -0.5}, U: Vec3{1, 0, 0}, V: Vec3{0, 0, 1}}
	s := oneLight(square, Vec3{5, 5, 5})
	for _, c := range []struct {
		name string
		p, n Vec3
	}{
		{"above the light (its back)", Vec3{0, 3, 0}, Vec3{0, -1, 0}},
		{"in the light's plane", Vec3{3, 2, 0}, Vec3{-1, 0, 0}},
		{"facing away", Vec3{0, 0, 0}, Vec3{0, -1, 0}},
		{"light wholly below the horizon", Vec3{2, 1, 0}, Vec3{1, 0, 0}},
	} {
		if e := s.irradiance(c.p, c.n); e != (Vec3{}) {
			t.Errorf("%s: E = %v, want 0", c.name, e)
		}
	}
}

// cornerFactor is the closed-form view factor from a differential area to
// a parallel a x b rectangle at distance c, the element below one corner.
func cornerFactor(a, b, c float64) float64 {
	x, y := a/c, b/c
	sx, sy := math.Sqrt(1+x*x), math.Sqrt(1+y*y)
	return (x/sx*math.Atan(y/sx) + y/sy*math.Atan(x/sy)) / (2 * math.Pi)
}

func TestIrradianceClosedForms(t *testing.T) {
	const L = 3.0
	up := [3]float64{0, 1, 0}
	// A 2 x 1.2 rectangle at height 0.8 facing down; receiver below a
	// corner, then below an inner point (four corner rectangles summed).
	rect := Quad{Corner: Vec3{0, 0.8, 0}, U: Vec3{2, 0, 0}, V: Vec3{0, 0, 1.2}}
	s := oneLight(rect, Vec3{L, L, L})
	ht, b := float64(float32(0.8)), float64(float32(1.2)) // the scene holds float32s
	if e, want := s.irradiance64([3]float64{0, 0, 0}, up)[0], math.Pi*L*cornerFactor(2, b, ht); math.Abs(e-want) > 1e-12*want {
		t.Errorf("below a corner: E = %.15g, closed form %.15g", e, want)
	}
	px, pz := 0.7, 0.3
	want := math.Pi * L * (cornerFactor(px, pz, ht) + cornerFactor(2-px, pz, ht) + cornerFactor(px, b-pz, ht) + cornerFactor(2-px, b-pz, ht))
	if e := s.irradiance64([3]float64{px, 0, pz}, up)[0]; math.Abs(e-want) > 1e-12*want {
		t.Errorf("below (%g, %g): E = %.15g, closed form %.15g", px, pz, e, want)
	}

	// Near field: just below the centre of a unit square the light fills
	// the half-space: E -> pi L (the deficit is O(h^2)).
	for _, h := range []float64{1e-2, 1e-3, 1e-4} {
		sq := Quad{Corner: Vec3{-0.5, float32(h), -0.5}, U: Vec3{1, 0, 0}, V: Vec3{0, 0, 1}}
		e := oneLight(sq, Vec3{L, L, L}).irradiance64([3]float64{0, 0, 0}, up)[0]
		if rel := 1 - e/(math.Pi*L); rel < 0 || rel > 2*h*h/0.25 {
			t.Errorf("h = %g: E/(pi L) = %.10f, want 1 - O(h^2)", h, e/(math.Pi*L))
		}
	}

	// Far field: a point source, E = L A cosθp cosθl / r².
	tilted := Quad{Corner: Vec3{0, 0, 0}, U: Vec3{0.6, 0.1, 0}, V: Vec3{0.1, -0.2, 0.7}}
	sf := oneLight(tilted, Vec3{L, L, L})
	centre := add64(to64(tilted.Corner), scale64(add64(to64(tilted.U), to64(tilted.V)), 0.5))
	nl := quadNormal(tilted)
	area := len64(cross64(to64(tilted.U), to64(tilted.V)))
	for _, dir := range [][3]float64{nl, norm64(add64(nl, [3]float64{0.5, 0.3, -0.2})), norm64(add64(nl, [3]float64{-0.6, 0.1, 0.4}))} {
		for _, r := range []float64{50, 200} {
			p := add64(centre, scale64(dir, r))
			n := norm64(add64(scale64(dir, -1), [3]float64{0.2, -0.3, 0.1}))
			w := sub64(centre, p)
			point := L * area * dot64(n, norm64(w)) * dot64(nl, scale64(norm64(w), -1)) / (r * r)
			e := sf.irradiance64(p, n)[0]
			// The error of the point-source limit is O((size/r)^2).
			if math.Abs(e/point-1) > 1/(r*r) {
				t.Errorf("r = %g: E = %.10g, point source %.10g (rel. %.2g)", r, e, point, e/point-1)
			}
		}
	}
}

func TestAnalytic(t *testing.T) {
	for _, n := range Names() {
		s, _ := Builtin(n)
		if got, want := s.Analytic(), n == "plane"; got != want {
			t.Errorf("%s: Analytic() = %v, want %v", n, got, want)
		}
	}
	square := Quad{Corner: Vec3{-0.5, 2, -0.5}, U: Vec3{1, 0, 0}, V: Vec3{0, 0, 1}}
	mk := func() *Scene { return oneLight(square, Vec3{5, 5, 5}) }
	if !mk().Analytic() {
		t.Fatal("one plane and one light: not Analytic")
	}
	s := mk() // a second light in the same plane, facing up: still fine
	s.Quads = append(s.Quads, Quad{Corner: Vec3{1, 2, 1}, U: Vec3{0, 0, 1}, V: Vec3{1, 0, 0}, Material: 1})
	if !s.Analytic() {
		t.Error("two coplanar lights: not Analytic")
	}
	s = mk() // a second receiver in the same plane
	s.Quads = append(s.Quads, Quad{Corner: Vec3{20, 0, 0}, U: Vec3{0, 0, 1}, V: Vec3{1, 0, 0}})
	if !s.Analytic() {
		t.Error("two coplanar receivers: not Analytic")
	}
	for name, f := range map[string]func(s *Scene){
		"a sphere":   func(s *Scene) { s.Spheres = []Sphere{{Center: Vec3{0, 1, 0}, Radius: 0.2}} },
		"a triangle": func(s *Scene) { s.Triangles = []Triangle{{A: Vec3{0, 1, 0}, B: Vec3{1, 1, 0}, C: Vec3{0, 1, 1}}} },
		"a mirror": func(s *Scene) {
			s.Materials = append(s.Materials, Material{Kind: Mirror, Color: Vec3{1, 1, 1}})
			s.Quads = append(s.Quads, Quad{Corner: Vec3{20, 0, 0}, U: Vec3{0, 0, 1}, V: Vec3{1, 0, 0}, Material: 2})
		},
		"a wall (interreflection)": func(s *Scene) {
			s.Quads = append(s.Quads, Quad{Corner: Vec3{3, 0, -1}, U: Vec3{0, 0, 2}, V: Vec3{0, 2, 0}})
		},
		"a receiver facing the other way": func(s *Scene) {
			s.Quads = append(s.Quads, Quad{Corner: Vec3{20, 0, 0}, U: Vec3{1, 0, 0}, V: Vec3{0, 0, 1}})
		},
		"a light at another height (shadowing)": func(s *Scene) {
			s.Quads = append(s.Quads, Quad{Corner: Vec3{0, 1, 0}, U: Vec3{1, 0, 0}, V: Vec3{0, 0, 1}, Material: 1})
		},
		"a light through the plane": func(s *Scene) {
			s.Quads[1] = Quad{Corner: Vec3{0, -1, 0}, U: Vec3{0, 2, 0}, V: Vec3{0, 0, 1}, Material: 1}
		},
		"no receiver": func(s *Scene) { s.Quads = s.Quads[1:] },
	} {
		s := mk()
		f(s)
		if s.Analytic() {
			t.Errorf("with %s: Analytic() = true", name)
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("AnalyticImage of cornell did not panic")
		}
	}()
	c, _ := Builtin("cornell")
	c.AnalyticImage(4, 4, 1)
}

func TestPlaneLightOutsideView(t *testing.T) {
	s, _ := Builtin("plane")
	cam := s.Camera
	pos := to64(cam.Position)
	fwd := norm64(sub64(to64(cam.LookAt), pos))
	right := norm64(cross64(fwd, to64(cam.Up)))
	up := cross64(right, fwd)
	tanh := math.Tan(float64(cam.FOV) * math.Pi / 360)
	// Every light corner lies beyond the frustum's top plane (whatever the
	// aspect ratio): the whole light is outside the view, with margin.
	for _, l := range s.Lights() {
		for _, c := range quadCorners(s.Quads[l]) {
			w := sub64(c, pos)
			y, z := dot64(w, up), dot64(w, fwd)
			if y-tanh*z <= 0.1*len64(w) {
				t.Errorf("light corner %v is not above the view (y %g, z %g, tan %g)", c, y, z, tanh)
			}
		}
	}
	// Every ray AnalyticImage traces hits the diffuse plane: no light, no
	// background; pixel edges included, for several aspect ratios.
	receiver := 0
	for _, sz := range [][2]int{{64, 64}, {64, 48}, {64, 36}, {94, 40}, {36, 64}} {
		w, h := sz[0], sz[1]
		for py := 0.0; py <= float64(h); py += 0.5 {
			for px := 0.0; px <= float64(w); px += 0.5 {
				o, d := cam.Ray(float32(px), float32(py), w, h)
				hh := s.intersect(to64(o), to64(d))
				if hh.kind != hitQuad || hh.idx != receiver || dot64(to64(d), hh.n) >= 0 {
					t.Fatalf("%dx%d: ray through (%g, %g) hits %+v, want the front of quad %d", w, h, px, py, hh, receiver)
				}
			}
		}
	}
}

func TestPlaneAnalyticImage(t *testing.T) {
	s, _ := Builtin("plane")
	const w, h = 64, 36
	img := s.AnalyticImage(w, h, 3)
	if len(img) != 4*w*h {
		t.Fatalf("%d floats, want %d", len(img), 4*w*h)
	}
	lo, hi := math.Inf(1), 0.0
	for i := 0; i < w*h; i++ {
		px := img[4*i : 4*i+4]
		for c := 0; c < 3; c++ {
			v := float64(px[c])
			if math.IsNaN(v) || math.IsInf(v, 0) || v <= 0 {
				t.Fatalf("pixel %d: %v", i, px)
			}
			lo, hi = math.Min(lo, v), math.Max(hi, v)
		}
		if px[3] != 1 {
			t.Fatalf("pixel %d alpha %g", i, px[3])
		}
		if px[0] != px[1] || px[1] != px[2] {
			t.Fatalf("pixel %d not grey: %v (white light, grey plane)", i, px)
		}
	}
	t.Logf("plane radiance at %dx%d: %.4f .. %.4f", w, h, lo, hi)
	// The brightest point is below the light's centre: albedo·E/π there.
	lc := [3]float64{0.5, 0, -1}
	peak := 0.8 * s.irradiance64(lc, [3]float64{0, 1, 0})[0] / math.Pi
	if hi > peak || hi < 0.98*peak || lo < 0.02 {
		t.Errorf("radiance range %g .. %g; peak below the light %g", lo, hi, peak)
	}
	// Row 0 is the top; one sample is the pixel centre.
	one := s.AnalyticImage(w, h, 1)
	for _, xy := range [][2]int{{0, 0}, {w - 1, 0}, {w / 2, h / 2}, {3, h - 1}} {
		o, d := s.Camera.Ray(float32(xy[0])+0.5, float32(xy[1])+0.5, w, h)
		want := s.radiance64(s.lightPolys(), to64(o), to64(d))
		if got := one[4*(xy[1]*w+xy[0])]; got != float32(want[0]) {
			t.Errorf("pixel %v: %g, want %g", xy, got, want[0])
		}
	}
	// Stratified sampling converges: 3x3 and 6x6 agree closely.
	six := s.AnalyticImage(w, h, 6)
	for i := range img {
		if math.Abs(float64(six[i]-img[i])) > 2e-3*float64(six[i]) {
			t.Fatalf("word %d: 3x3 %g, 6x6 %g", i, img[i], six[i])
		}
	}
}

// The analytic image is what light transport gives: an independent light
// tracer (photons from the light, splatted through the pinhole) agrees with
// it pixel by pixel to its noise, and the flux that lands on the plane is
// the share of the light's power that the plane subtends.
func TestPlaneAgreesWithLightTracing(t *testing.T) {
	if testing.Short() {
		t.Skip("light tracing")
	}
	s, _ := Builtin("plane")
	const w, h, photons = 24, 18, 3_000_000
	ref := s.AnalyticImage(w, h, 4)
	lt, flux := lightTrace(s, w, h, photons, 7)
	rms, worst, ratio := againstAnalytic(ref, func(i int) float64 { return lt[i] }, w*h)
	t.Logf("light tracing vs analytic: rms rel. error %.4f, worst %.4f, image mean ratio %.5f", rms, worst, ratio)
	if rms > 0.03 || worst > 0.12 || math.Abs(ratio-1) > 0.005 {
		t.Errorf("light tracing disagrees: rms %.4f, worst %.4f, mean ratio %.5f", rms, worst, ratio)
	}
	// Flux on the plane: the light's power times the plane's view factor
	// from the light, F = mean over the light of Ω_proj(plane)/π.
	l := s.Lights()[0]
	lq, plane := s.Quads[l], s.Quads[0]
	nl := quadNormal(lq)
	const k = 64
	f := 0.0
	for i := 0; i < k; i++ {
		for j := 0; j < k; j++ {
			x := add64(to64(lq.Corner), add64(scale64(to64(lq.U), (float64(i)+0.5)/k), scale64(to64(lq.V), (float64(j)+0.5)/k)))
			var poly [][3]float64
			pc := quadCorners(plane)
			for _, c := range pc { // counter-clockwise seen from its front, as projectedSolidAngle wants
				poly = append(poly, sub64(c, x))
			}
			f += projectedSolidAngle(poly, nl) / math.Pi
		}
	}
	f /= k * k
	power := float64(s.LightPower(l)[0])
	t.Logf("plane: light power %.4f per channel; view factor light->plane %.6f; flux onto the plane %.4f; light traced %.4f", power, f, f*power, flux[0][0])
	if math.Abs(flux[0][0]/(f*power)-1) > 5e-4 || f < 0.99 || f > 1 {
		t.Errorf("flux onto the plane: light traced %.5g, view factor predicts %.5g (F = %.6f)", flux[0][0], f*power, f)
	}
}

// againstAnalytic compares the red channel of an estimate (got(4i) is pixel
// i's) with the analytic image ref, both RGBA: the rms and the largest of
// the pixels' relative errors, and the ratio of the images' sums.
func againstAnalytic(ref []float32, got func(i int) float64, pixels int) (rms, worst, ratio float64) {
	var se, sum, sumRef float64
	for i := 0; i < pixels; i++ {
		a, b := float64(ref[4*i]), got(4*i)
		d := (b - a) / a
		se += d * d
		worst = math.Max(worst, math.Abs(d))
		sum += b
		sumRef += a
	}
	return math.Sqrt(se / float64(pixels)), worst, sum / sumRef
}
