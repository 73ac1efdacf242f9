package scenes

import (
	"math"
	"strings"
	"testing"

	"speckle/internal/fuzzcheck"
)

// FuzzParse: no scene file panics the loader; a rejected one gets a one-line
// error, and an accepted one is a scene the renderer can use (finite
// numbers, a valid camera, materials in range) and packs.
func FuzzParse(f *testing.F) {
	for _, name := range Names() {
		data, err := builtinFS.ReadFile(name + ".json")
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	cornell, _ := builtinFS.ReadFile("cornell.json")
	for _, s := range []string{
		"", "{", "[]", "null", `"scene"`, "{}", `{"camera": {}}`,
		strings.Repeat("[", 100000), strings.Repeat(`{"a":`, 10000) + "1" + strings.Repeat("}", 10000),
		`{"exposure": NaN}`, `{"exposure": 1e400}`, `{"exposure": -0}`,
		`{"name": "../../etc/passwd", "camera": {"position": [0, 0, 0], "look_at": [0, 0, -1], "fov": 45},
		  "materials": {"l": {"type": "light", "color": [1, 1, 1]}},
		  "objects": {"quads": [{"corner": [0, 0, -1], "u": [1, 0, 0], "v": [0, 1, 0], "material": "l"}]}}`,
		`{"materials": {"` + strings.Repeat("m", 1<<16) + `": {"type": "light", "color": [1, 1, 1]}}}`,
		`{"a\nb": 1}`, "{\"name\": \"\\u0000\"}",
		strings.Replace(string(cornell), `"fov": 40`, `"fov": 179.99999`, 1),
		strings.Replace(string(cornell), `"radius": 0.35`, `"radius": 1e30`, 1),
		strings.Replace(string(cornell), `"ior": 1.5`, `"ior": 3e38`, 1),
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Parse("fuzz.json", data)
		if err != nil {
			fuzzcheck.OneLine(t, err)
			if s != nil {
				t.Fatalf("an error (%v) and a scene", err)
			}
			return
		}
		if err := s.Camera.Validate(); err != nil {
			t.Fatalf("accepted a camera the renderer refuses: %v", err)
		}
		if !(s.Exposure > 0) || math.IsInf(float64(s.Exposure), 0) {
			t.Fatalf("exposure %g", s.Exposure)
		}
		var vs []Vec3
		for _, m := range s.Materials {
			vs = append(vs, m.Color, Vec3{m.IOR})
		}
		mat := func(i int) {
			if i < 0 || i >= len(s.Materials) {
				t.Fatalf("material index %d of %d", i, len(s.Materials))
			}
		}
		for _, o := range s.Spheres {
			vs = append(vs, o.Center, Vec3{o.Radius})
			mat(o.Material)
			if !(o.Radius > 0) {
				t.Fatalf("sphere radius %g", o.Radius)
			}
		}
		// Every surface has a normal in float32, as the GPU computes it.
		area := func(what string, n Vec3) {
			if l := n.Len(); !(l > 0) || math.IsInf(float64(l), 0) {
				t.Fatalf("accepted a %s whose normal in float32 is %v", what, n)
			}
		}
		for _, o := range s.Quads {
			vs = append(vs, o.Corner, o.U, o.V)
			mat(o.Material)
			area("quad", o.U.Cross(o.V))
		}
		for _, o := range s.Triangles {
			vs = append(vs, o.A, o.B, o.C)
			mat(o.Material)
			area("triangle", o.B.Sub(o.A).Cross(o.C.Sub(o.A)))
		}
		for _, v := range vs {
			for _, x := range v {
				if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
					t.Fatalf("accepted a non-finite number: %v", v)
				}
			}
		}
		if len(s.Lights()) == 0 {
			t.Fatal("accepted a scene with no light")
		}
		s.Pack()
		s.BVH()
	})
}
