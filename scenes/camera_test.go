package scenes

import (
	"math"
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
