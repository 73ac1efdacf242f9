package scenes

import (
	"math"
	"strings"
	"testing"
)

func TestCameraRay(t *testing.T) {
	cams := []Camera{
		{Position: Vec3{0, 1, 3.85}, LookAt: Vec3{0, 1, 0}, Up: Vec3{0, 1, 0}, FOV: 40},
		{Position: Vec3{1, 2, 3}, LookAt: Vec3{-2, 0.5, 1}, Up: Vec3{0, 1, 0}, FOV: 65},
		{Position: Vec3{0, 5, 0}, LookAt: Vec3{0, 0, 0}, Up: Vec3{0, 0, -1}, FOV: 20}, // straight down
	}
	for _, s := range Names() {
		sc, _ := Builtin(s)
		cams = append(cams, sc.Camera)
	}
	for _, c := range cams {
		for _, sz := range [][2]int{{64, 64}, {1280, 720}, {31, 17}} {
			w, h := sz[0], sz[1]
			fwd := norm64(sub64(to64(c.LookAt), to64(c.Position)))
			right := norm64(cross64(fwd, to64(c.Up)))
			up := cross64(right, fwd)
			o, d := c.Ray(float32(w)/2, float32(h)/2, w, h)
			if o != c.Position {
				t.Errorf("%v: origin %v", c, o)
			}
			if len64(sub64(to64(d), fwd)) > 1e-6 {
				t.Errorf("%v %dx%d: centre ray %v, want towards look_at %v", c, w, h, d, fwd)
			}
			angle := func(a, b [3]float64) float64 { return math.Acos(math.Min(1, dot64(norm64(a), norm64(b)))) }
			half := float64(c.FOV) * math.Pi / 360
			_, top := c.Ray(float32(w)/2, 0, w, h)
			if got := angle(to64(top), fwd); math.Abs(got-half) > 1e-5 {
				t.Errorf("%v: top-centre ray at %g rad from the axis, want fov/2 = %g", c, got, half)
			}
			if dot64(to64(top), up) <= 0 {
				t.Errorf("%v: row 0 is not at the top", c)
			}
			_, left := c.Ray(0, float32(h)/2, w, h)
			wantH := math.Atan(float64(w) / float64(h) * math.Tan(half))
			if got := angle(to64(left), fwd); math.Abs(got-wantH) > 1e-5 {
				t.Errorf("%v: left-centre ray at %g rad, want %g", c, got, wantH)
			}
			if dot64(to64(left), right) >= 0 {
				t.Errorf("%v: column 0 is not on the left", c)
			}
			// The four corners are mirror images in the camera frame.
			frame := func(px, py float32) [3]float64 {
				_, d := c.Ray(px, py, w, h)
				v := to64(d)
				return [3]float64{dot64(v, right), dot64(v, up), dot64(v, fwd)}
			}
			tl, tr := frame(0, 0), frame(float32(w), 0)
			bl, br := frame(0, float32(h)), frame(float32(w), float32(h))
			for _, p := range []struct {
				a, b   [3]float64
				sx, sy float64
			}{{tl, tr, -1, 1}, {tl, bl, 1, -1}, {tl, br, -1, -1}} {
				want := [3]float64{p.a[0] * p.sx, p.a[1] * p.sy, p.a[2]}
				if len64(sub64(p.b, want)) > 1e-6 {
					t.Errorf("%v: corners %v and %v are not symmetric", c, p.a, p.b)
				}
			}
			if !(tl[0] < 0 && tl[1] > 0) {
				t.Errorf("%v: top-left corner ray %v", c, tl)
			}
		}
	}
}

func orbitCameras(t *testing.T) []Camera {
	cams := []Camera{{Position: Vec3{0, 5, 0.01}, LookAt: Vec3{0, 0, 0}, Up: Vec3{0, 1, 0}, FOV: 30}} // nearly overhead
	for _, s := range Names() {
		sc, err := Builtin(s)
		if err != nil {
			t.Fatal(err)
		}
		cams = append(cams, sc.Camera)
	}
	return cams
}

// pitchOf is the camera's elevation above the plane through LookAt normal to Up.
func pitchOf(c Camera) float64 {
	d := norm64(sub64(to64(c.Position), to64(c.LookAt)))
	return math.Asin(dot64(d, norm64(to64(c.Up))))
}

// Orbit keeps the distance, look-at, up and fov; its pitch never passes
// MaxPitch; a full turn of yaw comes back; small steps add up as one.
func TestCameraOrbit(t *testing.T) {
	for _, c := range orbitCameras(t) {
		dist := len64(sub64(to64(c.Position), to64(c.LookAt)))
		for _, step := range [][2]float32{{0.3, 0}, {0, 0.2}, {-1.1, 0.7}, {2, -3}, {0, 10}, {0, -10}} {
			o := c.Orbit(step[0], step[1])
			if o.LookAt != c.LookAt || o.Up != c.Up || o.FOV != c.FOV {
				t.Errorf("%v.Orbit(%v): look_at, up or fov changed: %v", c, step, o)
			}
			if d := len64(sub64(to64(o.Position), to64(o.LookAt))); math.Abs(d-dist) > 1e-5*dist {
				t.Errorf("%v.Orbit(%v): distance %g, want %g", c, step, d, dist)
			}
			if p := pitchOf(o); math.Abs(p) > math.Max(MaxPitch, math.Abs(pitchOf(c)))+1e-5 {
				t.Errorf("%v.Orbit(%v): pitch %g rad beyond the limit %g", c, step, p, MaxPitch)
			}
			if err := o.Validate(); err != nil {
				t.Errorf("%v.Orbit(%v): %v", c, step, err)
			}
		}
		top := math.Max(MaxPitch, pitchOf(c)) // the nearly overhead camera starts beyond
		if p := pitchOf(c.Orbit(0, 10)); math.Abs(p-top) > 1e-5 {
			t.Errorf("%v: pitching up by 10 rad stops at %g, want %g", c, p, top)
		}
		if p := pitchOf(c.Orbit(0, -10)); math.Abs(p+MaxPitch) > 1e-5 {
			t.Errorf("%v: pitching down by 10 rad stops at %g, want -MaxPitch", c, p)
		}
		// Pitch changes elevation only: the heading about Up stays.
		if c.Up == (Vec3{0, 1, 0}) {
			o := c.Orbit(0, -0.3).Orbit(0, 0.2) // the overhead camera cannot rise from its start
			h0 := math.Atan2(float64(c.Position[0]-c.LookAt[0]), float64(c.Position[2]-c.LookAt[2]))
			h1 := math.Atan2(float64(o.Position[0]-o.LookAt[0]), float64(o.Position[2]-o.LookAt[2]))
			if math.Abs(h0-h1) > 1e-5 {
				t.Errorf("%v: pitching turned the heading from %g to %g", c, h0, h1)
			}
			if pitchOf(o) >= pitchOf(c) || pitchOf(o) <= pitchOf(c.Orbit(0, -0.3)) {
				t.Errorf("%v: negative pitch did not lower the camera or positive raise it", c)
			}
		}
		full := c.Orbit(2*math.Pi, 0)
		if d := len64(sub64(to64(full.Position), to64(c.Position))); d > 1e-5*dist {
			t.Errorf("%v: yaw by 2pi lands %g away from the start", c, d)
		}
		steps := c
		for i := 0; i < 100; i++ {
			steps = steps.Orbit(2*math.Pi/100, 0)
		}
		if d := len64(sub64(to64(steps.Position), to64(c.Position))); d > 1e-4*dist {
			t.Errorf("%v: 100 yaw steps of 2pi/100 land %g away from the start", c, d)
		}
		// Yaw is anticlockwise about Up.
		o := c.Orbit(0.5, 0)
		a, b := sub64(to64(c.Position), to64(c.LookAt)), sub64(to64(o.Position), to64(o.LookAt))
		if dot64(cross64(a, b), to64(c.Up)) <= 0 {
			t.Errorf("%v: positive yaw turned clockwise about up", c)
		}
	}
}

// Dolly scales the distance to look-at along the view line, within
// [DollyMin, DollyMax]; a nonsense factor changes nothing.
func TestCameraDolly(t *testing.T) {
	for _, c := range orbitCameras(t) {
		off := sub64(to64(c.Position), to64(c.LookAt))
		dist := len64(off)
		for _, f := range []float32{0.5, 2, 1, 1e-9, 1e9} {
			d := c.Dolly(f)
			want := math.Max(DollyMin, math.Min(DollyMax, dist*float64(f)))
			doff := sub64(to64(d.Position), to64(d.LookAt))
			if got := len64(doff); math.Abs(got-want) > 1e-5*want {
				t.Errorf("%v.Dolly(%g): distance %g, want %g", c, f, got, want)
			}
			if dot64(norm64(doff), norm64(off)) < 1-1e-6 || d.LookAt != c.LookAt || d.Up != c.Up || d.FOV != c.FOV {
				t.Errorf("%v.Dolly(%g) = %v: left the view line or changed the camera", c, f, d)
			}
		}
		for _, f := range []float32{0, -1, float32(math.Inf(1)), float32(math.NaN())} {
			if d := c.Dolly(f); d != c {
				t.Errorf("%v.Dolly(%g) = %v, want the camera unchanged", c, f, d)
			}
		}
	}
}

func TestCameraValidate(t *testing.T) {
	good := Camera{Position: Vec3{0, 1, 3}, LookAt: Vec3{0, 1, 0}, Up: Vec3{0, 1, 0}, FOV: 40}
	if err := good.Validate(); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		mod  func(*Camera)
		want string
	}{
		{func(c *Camera) { c.LookAt = c.Position }, "must differ"},
		{func(c *Camera) { c.Up = Vec3{} }, "must not be zero"},
		{func(c *Camera) { c.Up = Vec3{0, 0, 2} }, "parallel"},
		{func(c *Camera) { c.FOV = 180 }, "fov"},
		{func(c *Camera) { c.Position[1] = float32(math.NaN()) }, "non-finite"},
	} {
		bad := good
		c.mod(&bad)
		if err := bad.Validate(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: error %v, want one containing %q", bad, err, c.want)
		}
	}
}
