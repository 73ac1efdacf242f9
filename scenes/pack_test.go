package scenes

import (
	"math"
	"testing"
)

func TestPackLayout(t *testing.T) {
	scenes := map[string]*Scene{}
	for _, n := range Names() {
		s, err := Builtin(n)
		if err != nil {
			t.Fatal(err)
		}
		scenes[n] = s
	}
	s, err := Parse("base.json", []byte(base)) // has every primitive kind
	if err != nil {
		t.Fatal(err)
	}
	s.Quads = append(s.Quads, Quad{Corner: Vec3{-0.5, 1.9, 0.5}, U: Vec3{0.5, 0, 0}, V: Vec3{0, 0, 0.5}, Material: 1}) // a second, brighter-per-area light
	scenes["base"] = s
	for name, s := range scenes {
		p := s.Pack()
		lights := s.Lights()
		for _, c := range []struct {
			what      string
			got, want int
		}{
			{"materials", len(p.Materials), 8 * len(s.Materials)},
			{"spheres", len(p.Spheres), 8 * len(s.Spheres)},
			{"quads", len(p.Quads), 16 * len(s.Quads)},
			{"triangles", len(p.Triangles), 16 * len(s.Triangles)},
			{"lights", len(p.Lights), 4 * len(lights)},
		} {
			if c.got != c.want {
				t.Errorf("%s: %s buffer has %d words, want %d", name, c.what, c.got, c.want)
			}
		}
		for i, m := range s.Materials {
			r := p.Materials[8*i:]
			if (Vec3{r[0], r[1], r[2]}) != m.Color || r[3] != float32(m.Kind) || r[4] != m.IOR {
				t.Errorf("%s: material %d packed as %v", name, i, r[:8])
			}
		}
		for i, sp := range s.Spheres {
			r := p.Spheres[8*i:]
			if (Vec3{r[0], r[1], r[2]}) != sp.Center || r[3] != sp.Radius || r[4] != float32(sp.Material) {
				t.Errorf("%s: sphere %d packed as %v", name, i, r[:8])
			}
		}
		for i, q := range s.Quads {
			r := p.Quads[16*i:]
			if (Vec3{r[0], r[1], r[2]}) != q.Corner || r[3] != float32(q.Material) ||
				(Vec3{r[4], r[5], r[6]}) != q.U || (Vec3{r[8], r[9], r[10]}) != q.V {
				t.Errorf("%s: quad %d packed as %v", name, i, r[:16])
			}
			n := Vec3{r[12], r[13], r[14]}
			want := quadNormal(q)
			if math.Abs(float64(n.Len())-1) > 1e-6 || len64(sub64(to64(n), want)) > 1e-6 {
				t.Errorf("%s: quad %d normal %v, want unit %v", name, i, n, want)
			}
			if area := len64(cross64(to64(q.U), to64(q.V))); math.Abs(float64(r[15])-area) > 1e-6*area {
				t.Errorf("%s: quad %d area %g, want %g", name, i, r[15], area)
			}
		}
		for i, tr := range s.Triangles {
			r := p.Triangles[16*i:]
			n := Vec3{r[12], r[13], r[14]}
			want := norm64(cross64(sub64(to64(tr.B), to64(tr.A)), sub64(to64(tr.C), to64(tr.A))))
			if (Vec3{r[0], r[1], r[2]}) != tr.A || r[3] != float32(tr.Material) || len64(sub64(to64(n), want)) > 1e-6 {
				t.Errorf("%s: triangle %d packed as %v", name, i, r[:16])
			}
		}
		var total Vec3
		prev := float32(0)
		for i, l := range lights {
			r := p.Lights[4*i:]
			if r[0] != float32(l) {
				t.Errorf("%s: light %d is quad %g, want %d", name, i, r[0], l)
			}
			if r[1] < prev || r[1] > 1 {
				t.Errorf("%s: light CDF not increasing in [0,1]: %v", name, p.Lights)
			}
			prev = r[1]
			total = total.Add(s.LightPower(l))
		}
		if prev != 1 {
			t.Errorf("%s: light CDF ends at %g, want 1", name, prev)
		}
		if len64(sub64(to64(total), to64(p.TotalPower))) > 1e-5*len64(to64(total)) {
			t.Errorf("%s: total power %v, want %v", name, p.TotalPower, total)
		}
	}
	// Two lights: the CDF splits by luminance-weighted power.
	p := s.Pack()
	w0, w1 := s.LightPower(s.Lights()[0]), s.LightPower(s.Lights()[1])
	lum := func(v Vec3) float64 { return 0.2126*float64(v[0]) + 0.7152*float64(v[1]) + 0.0722*float64(v[2]) }
	if want := lum(w0) / (lum(w0) + lum(w1)); math.Abs(float64(p.Lights[1])-want) > 1e-6 {
		t.Errorf("first light's CDF %g, want %g", p.Lights[1], want)
	}
}

func TestLightPower(t *testing.T) {
	s, _ := Builtin("plane")
	l := s.Lights()[0]
	q := s.Quads[l]
	area := q.U.Cross(q.V).Len()
	want := s.Materials[q.Material].Color.Scale(math.Pi * area)
	if got := s.LightPower(l); got != want {
		t.Errorf("plane light power %v, want pi*A*L = %v", got, want)
	}
}
