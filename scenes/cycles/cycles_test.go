package cycles

import (
	"bytes"
	"math"
	"regexp"
	"strings"
	"testing"

	"speckle/scenes"
)

func export(t *testing.T, s *scenes.Scene) ([]byte, Export) {
	t.Helper()
	o := Options{Width: 320, Height: 180, Samples: 1024, Seeds: []int{5, 6, 7}, Out: "/x/" + s.Name + "-{seed}.pfm"}
	script, err := Script(s, o)
	if err != nil {
		t.Fatal(err)
	}
	e, err := ReadExport(script)
	if err != nil {
		t.Fatal(err)
	}
	if e.Width != 320 || e.Height != 180 || e.Samples != 1024 || len(e.Seeds) != 3 || e.Seeds[2] != 7 || e.Out != o.Out || e.MaxBounces != MaxBounces {
		t.Errorf("%s: the render settings came out as %+v", s.Name, e)
	}
	return script, e
}

// Every built-in exports whole: the camera as given (vertical fov), each
// material with its kind, colour and IOR, each sphere, each quad as four
// corners and each triangle as three, in an order whose normal is
// Speckle's (lights emit and glass is entered on that side).
func TestExportBuiltins(t *testing.T) {
	for _, name := range scenes.Names() {
		s, err := scenes.Builtin(name)
		if err != nil {
			t.Fatal(err)
		}
		_, e := export(t, s)
		if e.Scene != name || e.Camera.FOV != s.Camera.FOV || e.Camera.Position != s.Camera.Position || e.Camera.LookAt != s.Camera.LookAt || e.Camera.Up != s.Camera.Up {
			t.Errorf("%s: camera %+v, scene's %+v", name, e.Camera, s.Camera)
		}
		if len(e.Materials) != len(s.Materials) || len(e.Spheres) != len(s.Spheres) || len(e.Faces) != len(s.Quads)+len(s.Triangles) {
			t.Fatalf("%s: %d materials, %d spheres, %d faces; the scene has %d, %d, %d quads + %d triangles", name,
				len(e.Materials), len(e.Spheres), len(e.Faces), len(s.Materials), len(s.Spheres), len(s.Quads), len(s.Triangles))
		}
		for i, m := range s.Materials {
			if got := e.Materials[i]; got.Name != m.Name || got.Type != m.Kind.String() || got.Color != m.Color || got.IOR != m.IOR {
				t.Errorf("%s: material %d %+v, scene's %+v", name, i, got, m)
			}
		}
		for i, sp := range s.Spheres {
			if got := e.Spheres[i]; got.Center != sp.Center || got.Radius != sp.Radius || got.Material != sp.Material {
				t.Errorf("%s: sphere %d %+v, scene's %+v", name, i, got, sp)
			}
		}
		for i, q := range s.Quads {
			f := e.Faces[i]
			if len(f.Vertices) != 4 || f.Vertices[0] != q.Corner || f.Vertices[2] != q.Corner.Add(q.U).Add(q.V) || f.Material != q.Material {
				t.Fatalf("%s: quad %d exported as %+v", name, i, f)
			}
			checkNormal(t, name, f, q.U.Cross(q.V))
		}
		for i, tr := range s.Triangles {
			f := e.Faces[len(s.Quads)+i]
			if len(f.Vertices) != 3 || f.Vertices[0] != tr.A || f.Material != tr.Material {
				t.Fatalf("%s: triangle %d exported as %+v", name, i, f)
			}
			checkNormal(t, name, f, tr.B.Sub(tr.A).Cross(tr.C.Sub(tr.A)))
		}
	}
}

// checkNormal: Blender's face normal (Newell's, from the vertex order)
// points along Speckle's.
func checkNormal(t *testing.T, scene string, f Face, want scenes.Vec3) {
	t.Helper()
	var n [3]float64
	for i, a := range f.Vertices {
		b := f.Vertices[(i+1)%len(f.Vertices)]
		n[0] += float64((a[1] - b[1]) * (a[2] + b[2]))
		n[1] += float64((a[2] - b[2]) * (a[0] + b[0]))
		n[2] += float64((a[0] - b[0]) * (a[1] + b[1]))
	}
	dot := n[0]*float64(want[0]) + n[1]*float64(want[1]) + n[2]*float64(want[2])
	ln := math.Sqrt(n[0]*n[0]+n[1]*n[1]+n[2]*n[2]) * float64(want.Len())
	if !(dot > 0.9999*ln) {
		t.Errorf("%s: face %v has Blender normal %v, Speckle's %v", scene, f.Vertices, n, want)
	}
}

// A box becomes six outward faces, glass keeps its IOR, and the script's
// data is a Python literal: JSON without true, false or null.
func TestExportBoxesAndPythonLiteral(t *testing.T) {
	s, err := scenes.Parse("box.json", []byte(`{"camera": {"position": [0, 1, 4], "look_at": [0, 0, 0], "fov": 30},
 "materials": {"lamp": {"type": "light", "color": [5, 5, 5]}, "g": {"type": "glass", "color": [1, 0.9, 0.8], "ior": 1.33}},
 "objects": {"boxes": [{"min": [-1, 0, -1], "max": [1, 0.5, 1], "material": "g"}],
  "quads": [{"corner": [-0.5, 3, -0.5], "u": [1, 0, 0], "v": [0, 0, 1], "material": "lamp"}]}}`))
	if err != nil {
		t.Fatal(err)
	}
	script, e := export(t, s)
	if len(e.Faces) != 7 || len(e.Spheres) != 0 {
		t.Fatalf("%d faces, %d spheres; want the light and six box faces, no spheres", len(e.Faces), len(e.Spheres))
	}
	for _, f := range e.Faces[1:] { // outward: the normal points away from the box's centre (0, 0.25, 0)
		var c scenes.Vec3
		for _, v := range f.Vertices {
			c = c.Add(v.Scale(0.25))
		}
		checkNormal(t, "box", f, c.Sub(scenes.Vec3{0, 0.25, 0}))
	}
	if g := e.Materials[0]; g.Name != "g" || g.Type != "glass" || g.IOR != 1.33 {
		t.Errorf("glass exported as %+v", g)
	}
	_, data, _ := bytes.Cut(script, []byte("\nSCENE = "))
	data, _, _ = bytes.Cut(data, []byte("\n}\n"))
	if m := regexp.MustCompile(`\b(true|false|null)\b`).Find(data); m != nil {
		t.Errorf("the SCENE literal holds %s, which Python does not know", m)
	}
}

// The Python side handles every material kind of the format.
func TestScriptKnowsEveryMaterialKind(t *testing.T) {
	for k := scenes.MaterialKind(0); !strings.HasPrefix(k.String(), "MaterialKind("); k++ {
		if !strings.Contains(renderPy, `m["type"] == "`+k.String()+`"`) {
			t.Errorf("render.py does not handle material type %q", k)
		}
	}
}
