package flow

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"speckle/rng"
)

// midpointCircle is the midpoint rule on the unit vector of solid-body
// rotation, in float64: from radius r one step of length h lands at radius
// sqrt(r^2 + h^2 (1 - r/R)), R = sqrt(r^2 + h^2/4), having turned by
// atan2(h r/R, r - h^2/(2R)). Per step the radius grows by about
// h^4/(16 r^3) and the angle exceeds the exact h/r by about h^3/(24 r^3):
// the path runs ahead of the exact streamline by h^3/(24 r^2) pixels a step.
func midpointCircle(r, h float64, steps int) (radius, angle float64) {
	for i := 0; i < steps; i++ {
		big := math.Sqrt(r*r + h*h/4)
		angle += math.Atan2(h*r/big, r-h*h/(2*big))
		r = math.Sqrt(r*r + h*h*(1-r/big))
	}
	return r, angle
}

// TestRK2FollowsCircles: with no jitter in solid-body rotation the traced
// streamline stays within the midpoint rule's error bound of the exact
// circle. After N steps of length h from radius r it is ahead along the circle
// by N h^3/(24 r^2), outside it by N h^4/(16 r^3), and behind by
// N^2 h^5/(32 r^4) because the grown radius turns slower; the test allows the
// sum of the three (x 1.1) plus float rounding from the exact point at arc
// length N h. It also matches the float64 midpoint iteration within rounding,
// so an Euler step (radius growing by h^2/(2r) a step) or a wrong midpoint
// fails.
func TestRK2FollowsCircles(t *testing.T) {
	const w, h = 128, 128
	const cx, cy = 64, 64
	g := Rotation(cx, cy).Grid(w, h)
	for _, c := range []struct {
		x, y float32 // start
		step float32
		n    int
	}{
		{80.5, 64, 0.5, 400}, // r = 16.5
		{69, 64, 1, 200},     // r = 5
		{64, 24.25, 0.25, 2000},
		{64, 34, 2, 300}, // r = 30
	} {
		tr := &Tracer{G: g, P: Params{Density: 1, Jitter: 0, Step: c.step, MaxSteps: c.n}}
		zero := func() float32 { return 0.3 } // jitter 0: the draws must not matter
		p := tr.Trace(c.x, c.y, zero, nil, true)
		if p.Steps != c.n || p.Stop != MaxSteps {
			t.Fatalf("from (%v, %v): %d steps (%v), want %d", c.x, c.y, p.Steps, p.Stop, c.n)
		}
		x0, y0 := float64(c.x)-cx, float64(c.y)-cy
		r, a0 := math.Hypot(x0, y0), math.Atan2(y0, x0)
		hh := float64(c.step)
		end := p.Points[c.n]
		ex, ey := float64(end[0])-cx, float64(end[1])-cy
		// Exact streamline: the circle, at arc length n h.
		exact := a0 + float64(c.n)*hh/r
		exactX, exactY := r*math.Cos(exact), r*math.Sin(exact)
		n := float64(c.n)
		bound := (n*math.Pow(hh, 3)/(24*r*r) + n*math.Pow(hh, 4)/(16*r*r*r) + n*n*math.Pow(hh, 5)/(32*math.Pow(r, 4))) * 1.1
		rounding := 1e-5 * float64(c.n) // float32 positions, amplified along the path
		d := math.Hypot(ex-exactX, ey-exactY)
		t.Logf("r %.2f, h %v, %d steps: %.3g pixels from the exact path, bound %.3g", r, hh, c.n, d, bound)
		if d > bound+rounding {
			t.Errorf("r %.2f, h %v, %d steps: %.3g pixels from the exact path, RK2 bound %.3g", r, hh, c.n, d, bound)
		}
		mr, ma := midpointCircle(r, hh, c.n)
		mx, my := mr*math.Cos(a0+ma), mr*math.Sin(a0+ma)
		if d := math.Hypot(ex-mx, ey-my); d > rounding {
			t.Errorf("r %.2f, h %v: %.3g pixels from the exact midpoint iteration", r, hh, d)
		}
	}
}

// TestUniformIsStraight: a uniform field gives the exact straight line, and
// the streamline stops on the step that would leave the image.
func TestUniformIsStraight(t *testing.T) {
	g := Uniform(3, 4).Grid(50, 40)
	tr := &Tracer{G: g, P: Params{Density: 1, Jitter: 0, Step: 0.5, MaxSteps: 1000}}
	p := tr.Trace(1.25, 2.5, func() float32 { return -0.5 }, nil, true)
	// Along (0.6, 0.8) from y = 2.5 the image ends at y = 40: 37.5/0.4 = 93.75 steps.
	if p.Stop != Left || p.Steps != 93 {
		t.Fatalf("%d steps (%v), want 93 (left)", p.Steps, p.Stop)
	}
	for i, q := range p.Points {
		x, y := 1.25+0.3*float64(i), 2.5+0.4*float64(i)
		if math.Abs(float64(q[0])-x) > 2e-5*float64(i+1) || math.Abs(float64(q[1])-y) > 2e-5*float64(i+1) {
			t.Fatalf("step %d at %v, exact (%v, %v)", i, q, x, y)
		}
	}
}

// TestJitterMovesPaths: jitter 1 with a generator turns the straight line
// into a random walk around it; the same stream gives the same path.
func TestJitterMovesPaths(t *testing.T) {
	g := Uniform(1, 0).Grid(200, 100)
	tr := &Tracer{G: g, P: Params{Density: 1, Jitter: 1, Step: 0.5, MaxSteps: 100}}
	inst, err := rng.Philox.New(rng.Config{Seed: 1, Streams: 1})
	if err != nil {
		t.Fatal(err)
	}
	a := tr.Trace(10, 50, JitterSource(rng.Philox, inst.Stream(0)), nil, true)
	b := tr.Trace(10, 50, JitterSource(rng.Philox, inst.Stream(0)), nil, true)
	spread := 0.0
	for i := range a.Points {
		if a.Points[i] != b.Points[i] {
			t.Fatalf("the same stream gave two paths")
		}
		spread = max(spread, math.Abs(float64(a.Points[i][1])-50))
	}
	if spread < 0.5 || a.Points[100][0] < 10+0.5*100*0.7 {
		t.Fatalf("jittered path: spread %.3g, end %v", spread, a.Points[100])
	}
}

// TestJitterSource: lehmer's jitter is rng.cl's lehmer_rand_vec exactly
// ((float)u / (float)0xfffffffb - 0.5, first draw first); other generators
// give their renderer float minus 0.5.
func TestJitterSource(t *testing.T) {
	inst, _ := rng.Lehmer.New(rng.Config{Seed: 0, Streams: 1, Options: map[string]string{"lehmer-seeding": "slm"}})
	next := JitterSource(rng.Lehmer, inst.Stream(0))
	state := uint32(0xc160a810) // the spec's slm start of stream 0
	for i := 0; i < 1000; i++ {
		state = rng.LehmerStep(state)
		if got, want := next(), float32(state)/float32(0xfffffffb)-0.5; got != want {
			t.Fatalf("draw %d: %v, want %v", i, got, want)
		}
	}
	pi, _ := rng.Philox.New(rng.Config{Seed: 3, Streams: 1})
	a, b := JitterSource(rng.Philox, pi.Stream(0)), pi.Stream(0)
	for i := 0; i < 100; i++ {
		if x, y := a(), b.F32()-0.5; x != y || x < -0.5 || x >= 0.5 {
			t.Fatalf("philox draw %d: %v, want %v", i, x, y)
		}
	}
}

// TestDEM: Maunga Whau loads as 87 x 61 heights of 94..195 m, and its flow is
// downhill: away from the crater on the outer flanks, towards the crater
// floor inside the rim.
func TestDEM(t *testing.T) {
	f, err := Open("dem")
	if err != nil {
		t.Fatal(err)
	}
	h := f.(*Heights)
	if h.NX != 87 || h.NY != 61 {
		t.Fatalf("DEM is %dx%d, want 87x61", h.NX, h.NY)
	}
	lo, hi := h.Z[0], h.Z[0]
	for _, z := range h.Z {
		lo, hi = min(lo, z), max(hi, z)
	}
	if lo != 94 || hi != 195 {
		t.Fatalf("heights %v..%v m, want 94..195", lo, hi)
	}
	// Sampled at one pixel per node, the grid's vectors are the nodes'.
	g := f.Grid(86, 60)
	const cx, cy = 29, 27 // the crater floor (148 m)
	if h.at(cx, cy) != 148 {
		t.Fatalf("crater floor at (%d, %d) is %v m", cx, cy, h.at(cx, cy))
	}
	var out, outN, in, inN int
	for j := 0; j < h.NY; j++ {
		for i := 0; i < h.NX; i++ {
			dx, dy := float64(i-cx), float64(j-cy)
			d := math.Hypot(dx, dy)
			vx, vy := g.At(float32(i), float32(j))
			radial := float64(vx)*dx + float64(vy)*dy
			switch {
			case d >= 14 && d <= 24:
				outN++
				if radial > 0 {
					out++
				}
			case d >= 1 && d <= 4:
				inN++
				if radial < 0 {
					in++
				}
			}
		}
	}
	if out < outN*9/10 || in < inN*8/10 {
		t.Fatalf("downhill outward on the flanks at %d of %d nodes, inward in the crater at %d of %d", out, outN, in, inN)
	}
	// The field is -grad z: at the steep western flank, x decreases downhill.
	if vx, _ := g.At(12, 27); vx >= 0 {
		t.Fatalf("western flank flows east (vx %v)", vx)
	}
	t.Logf("downhill outward at %d of %d flank nodes, inward at %d of %d crater nodes", out, outN, in, inN)
}

// TestAnalyticFields: the gyre circulates, the cylinder has no flow inside
// and free stream far away.
func TestAnalyticFields(t *testing.T) {
	g := Gyre().Grid(200, 100)
	tr := &Tracer{G: g, P: Params{Density: 1, Jitter: 0, Step: 0.5, MaxSteps: 2000}}
	p := tr.Trace(50, 20, func() float32 { return 0 }, nil, true)
	if p.Stop != MaxSteps {
		t.Fatalf("gyre orbit stopped early: %v after %d steps", p.Stop, p.Steps)
	}
	closest := math.Inf(1)
	for _, q := range p.Points[200:] {
		closest = min(closest, math.Hypot(float64(q[0])-50, float64(q[1])-20))
	}
	if closest > 0.5 {
		t.Fatalf("gyre orbit does not come back to its start (closest %.3g pixels)", closest)
	}
	c := Cylinder().Grid(240, 120) // 30 pixels per unit; the cylinder is at (60, 60), radius 15
	if vx, vy := c.At(60, 60); vx != 0 || vy != 0 {
		t.Fatalf("flow inside the cylinder: %v, %v", vx, vy)
	}
	// Normalised: the fastest flow, 2U at the cylinder's top and bottom, is 1.
	if vx, vy := c.At(230, 5); math.Abs(float64(vx)-0.5) > 0.02 || math.Abs(float64(vy)) > 0.02 {
		t.Fatalf("far field %v, %v: want about (0.5, 0)", vx, vy)
	}
	// 16 pixels above the centre, r = 0.533: u = U (1 + a^2/r^2) = 1.879 U.
	if vx, vy := c.At(60, 44); math.Abs(float64(vx)-0.9395) > 0.005 || math.Abs(float64(vy)) > 0.005 {
		t.Fatalf("flow over the cylinder's top %v, %v: want about (0.9395, 0)", vx, vy)
	}
	ct := &Tracer{G: c, P: Params{Density: 1, Jitter: 0, Step: 0.5, MaxSteps: 10000}}
	if p := ct.Trace(60, 60, func() float32 { return 0 }, nil, false); p.Stop != Stalled || p.Steps != 0 {
		t.Fatalf("inside the cylinder: %v after %d steps", p.Stop, p.Steps)
	}
	if p := ct.Trace(1, 30, func() float32 { return 0 }, nil, false); p.Stop != Left || p.Steps < 400 {
		t.Fatalf("past the cylinder: %v after %d steps", p.Stop, p.Steps)
	}
}

// TestHeightFileErrors: bad height files give one line naming the file and
// the problem; good ones in either format load.
func TestHeightFileErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, c := range []struct{ text, want string }{
		{"", "empty: expected the grid's width and height"},
		{"# only a comment\n", "empty"},
		{"3\n", "the grid's height (in nodes) is missing"},
		{"x 3\n", `line 1: expected the grid's width and height in nodes, got "x"`},
		{"1 3\n1 2 3\n", "width and height must be 2..8192 nodes (got 1x3)"},
		{"2 2\n1 2\n3\n", "a 2x2 grid needs 4 heights, found 3"},
		{"2 2\n1 2\n3 4 5\n", "line 3: more heights than a 2x2 grid holds (4)"},
		{"2 2\n1 2\n3 abc\n", `line 3: height "abc" (row 1, column 1) is not a finite number`},
		{"2 2\n1 NaN\n3 4\n", `line 2: height "NaN" (row 0, column 1) is not a finite number`},
		{"2 2\n5 5\n5 5\n", "every height is 5: a flat field has no flow"},
		{`{"width": 2, "height": 2, "values": [1, 2, 3]}`, "a 2x2 grid needs 4 heights, found 3"},
		{`{"width": 2, "values": [1, 2, 3, 4]}`, `needs "width", "height" and "values"`},
		{`{"width": 2, "height": 2, "values": [1, 2, 3, "x"]}`, "not a height field"},
		{"\x89PNG\r\n", "expected the grid's width and height"},
		// Heights whose float32 gradients would overflow or vanish.
		{"2 2\n1 2\n3 3e38\n", "line 3: height (row 1, column 1) must be in [-1e30, 1e30] (got 3e38)"},
		{"2 2\n1 -1e31\n3 4\n", "line 2: height (row 0, column 1) must be in [-1e30, 1e30] (got -1e31)"},
		{`{"width": 2, "height": 2, "values": [1, 2, 3, 1e36]}`, "height 3 (row 1, column 1) must be in [-1e30, 1e30] (got 1e36)"},
		{`{"width": 2, "height": 2, "values": [1, 2, 3, 1e39]}`, "height 3 (row 1, column 1) must be in [-1e30, 1e30] (got 1e39)"},
		{"2 2\n0 1e-30\n0 0\n", "the heights span 0..1e-30: the highest must be at least 1e-20 above the lowest"},
		{`{"width": 2, "height": 2, "values": [0, 0, 0, 1e-46]}`, "every height is 0: a flat field has no flow"},
	} {
		p := write("bad.txt", c.text)
		_, err := Open(p)
		if err == nil {
			t.Errorf("%q: no error", c.text)
			continue
		}
		msg := err.Error()
		if !strings.HasPrefix(msg, p+": ") || !strings.Contains(msg, c.want) || strings.Contains(msg, "\n") {
			t.Errorf("%q: error %q, want %q naming the file on one line", c.text, msg, c.want)
		}
	}
	if _, err := Open(filepath.Join(dir, "missing.txt")); err == nil || !strings.Contains(err.Error(), "cannot read field file") || !strings.Contains(err.Error(), "no such file") {
		t.Errorf("missing file: %v", err)
	}
	if _, err := Open("volcanoes"); err == nil || !strings.Contains(err.Error(), `unknown field "volcanoes" (built in: dem, gyre, cylinder`) {
		t.Errorf("unknown name: %v", err)
	}
	for _, text := range []string{"# a ramp\n3 2 # nodes\n0 1 2\n1 2 3\n", `{"width": 3, "height": 2, "values": [0, 1, 2, 1, 2, 3]}`} {
		f, err := Open(write("good.txt", text))
		if err != nil {
			t.Fatal(err)
		}
		g := f.Grid(20, 10)
		// Downhill is towards -x and -y, equally steep per node; per pixel
		// y is steeper (1 node per 10 pixels against 2 per 20).
		if vx, vy := g.At(10, 5); vx >= 0 || vy >= 0 {
			t.Errorf("%q: flow %v, %v at the centre, want towards the low corner", text, vx, vy)
		}
	}
}

// TestParamsCheck: the limits the command line reports.
func TestParamsCheck(t *testing.T) {
	ok := Params{Density: 3, Jitter: 1, Step: 0.5, MaxSteps: 10}
	if err := ok.Check(); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		p    Params
		want string
	}{
		{Params{Density: 0, Step: 1, MaxSteps: 1}, "--density must be 1..16"},
		{Params{Density: 17, Step: 1, MaxSteps: 1}, "--density must be 1..16"},
		{Params{Density: 1, Jitter: -1, Step: 1, MaxSteps: 1}, "--jitter must be 0 (plain streamlines) or in [1e-6, 1e6] (got -1)"},
		{Params{Density: 1, Jitter: float32(math.NaN()), Step: 1, MaxSteps: 1}, "--jitter must be 0 (plain streamlines) or in [1e-6, 1e6] (got NaN)"},
		{Params{Density: 1, Jitter: float32(math.Inf(1)), Step: 1, MaxSteps: 1}, "(got +Inf)"},
		{Params{Density: 1, Jitter: 1e30, Step: 1, MaxSteps: 1}, "--jitter must be 0 (plain streamlines) or in [1e-6, 1e6]"},
		{Params{Density: 1, Jitter: 1e-40, Step: 1, MaxSteps: 1}, "--jitter must be 0 (plain streamlines) or in [1e-6, 1e6]"},
		{Params{Density: 1, Step: 0, MaxSteps: 1}, "--step must be more than 0"},
		{Params{Density: 1, Step: 1, MaxSteps: 0}, "--max-steps must be 1.."},
	} {
		if err := c.p.Check(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want %q", c.p, err, c.want)
		}
	}
}

// TestAutoMaxSteps: the automatic step limit crosses the image's longer side
// (n steps of the step cover it, n-1 do not); where that needs more than
// MaxMaxSteps, down to steps so small that the count overflows an int, it is
// an error rather than a wrapped-around limit.
func TestAutoMaxSteps(t *testing.T) {
	for _, c := range []struct {
		w, h int
		step float32
	}{{480, 335, 0.5}, {7, 300, 0.3}, {1, 1, 5}, {1024, 1, 1.0 / 1024}} {
		n, err := AutoMaxSteps(c.w, c.h, c.step)
		side := float64(max(c.w, c.h))
		if err != nil || n < 1 || float64(n)*float64(c.step) < side || (n > 1 && float64(n-1)*float64(c.step) >= side) {
			t.Errorf("AutoMaxSteps(%d, %d, %v) = %d, %v", c.w, c.h, c.step, n, err)
		}
	}
	for _, step := range []float32{math.Nextafter32(1.0/1024, 0), 1e-6, 1e-30, math.SmallestNonzeroFloat32} {
		if n, err := AutoMaxSteps(1024, 10, step); err == nil || !strings.Contains(err.Error(), "too small") {
			t.Errorf("step %v: %d, %v; want an error", step, n, err)
		}
	}
}
