package scenes

import (
	"encoding/json"
	"errors"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
)

func TestBuiltinsParseAndValidate(t *testing.T) {
	names := Names()
	if !sort.StringsAreSorted(names) {
		t.Errorf("Names() = %v, not sorted", names)
	}
	for _, want := range []string{"caustics", "cornell", "plane"} {
		if !contains(names, want) {
			t.Errorf("Names() = %v, lacks %q", names, want)
		}
	}
	for _, name := range names {
		s, err := Builtin(name)
		if err != nil {
			t.Fatalf("Builtin(%q): %v", name, err)
		}
		if s.Name != name {
			t.Errorf("Builtin(%q).Name = %q", name, s.Name)
		}
		if len(s.Lights()) == 0 {
			t.Errorf("%s: no lights", name)
		}
		o, err := Open(name)
		if err != nil || !reflect.DeepEqual(o, s) {
			t.Errorf("Open(%q) = %v, %v; differs from Builtin", name, o, err)
		}
		// The embedded file, read from disk by path, gives the same scene.
		l, err := Load(name + ".json")
		if err != nil || !reflect.DeepEqual(l, s) {
			t.Errorf("Load(%s.json) = %v; differs from Builtin", name, err)
		}
		// Every referenced material index is valid; normals are unit.
		for _, q := range s.Quads {
			if q.Material < 0 || q.Material >= len(s.Materials) {
				t.Errorf("%s: quad material %d out of range", name, q.Material)
			}
		}
	}
	if _, err := Builtin("nope"); err == nil || !strings.Contains(err.Error(), "unknown built-in scene \"nope\" (built-ins: caustics, cornell, plane") {
		t.Errorf("Builtin(nope) = %v", err)
	}
}

func TestBuiltinContents(t *testing.T) {
	kinds := func(s *Scene, objs []int) (k []MaterialKind) {
		for _, m := range objs {
			k = append(k, s.Materials[m].Kind)
		}
		return k
	}
	c, _ := Builtin("cornell")
	var sm []int
	for _, sp := range c.Spheres {
		sm = append(sm, sp.Material)
	}
	if got := kinds(c, sm); !reflect.DeepEqual(got, []MaterialKind{Mirror, Glass}) {
		t.Errorf("cornell spheres are %v, want a mirror and a glass sphere", got)
	}
	for _, sp := range c.Spheres {
		if math.Abs(float64(sp.Center[1]-sp.Radius)) > 1e-6 {
			t.Errorf("cornell sphere %v does not rest on the floor", sp)
		}
		if m := c.Materials[sp.Material]; m.Kind == Glass && m.IOR != 1.5 {
			t.Errorf("cornell glass ior %g", m.IOR)
		}
	}
	if l := c.Lights(); len(l) != 1 || quadNormal(c.Quads[l[0]])[1] != -1 {
		t.Errorf("cornell: want one light facing down, got %v", l)
	}
	// The camera sees into the box: the centre ray hits the back wall.
	o, d := c.Camera.Ray(50, 50, 100, 100)
	if h := c.intersect(to64(o), to64(d)); h.kind != hitQuad || quadNormal(c.Quads[h.idx]) != [3]float64{0, 0, 1} {
		t.Errorf("cornell: the centre ray hits %+v, want the back wall", h)
	}
	p, _ := Builtin("plane")
	if len(p.Quads) != 2 || len(p.Spheres)+len(p.Triangles) != 0 || len(p.Lights()) != 1 {
		t.Errorf("plane: want one diffuse quad and one light, got %+v", p)
	}
	k, _ := Builtin("caustics")
	if len(k.Spheres) != 1 || k.Materials[k.Spheres[0].Material].Kind != Glass {
		t.Errorf("caustics: want one glass sphere")
	}
	mirrors := 0
	for _, q := range k.Quads {
		if k.Materials[q.Material].Kind == Mirror {
			mirrors++
		}
	}
	if mirrors < 24 {
		t.Errorf("caustics: %d mirror quads, want a ring of at least 24", mirrors)
	}
}

// base is a small valid scene; the error cases edit a copy of it.
const base = `{
  "name": "t",
  "camera": {"position": [0, 1, 5], "look_at": [0, 1, 0], "up": [0, 1, 0], "fov": 40},
  "materials": {
    "white": {"type": "diffuse", "color": [0.7, 0.7, 0.7]},
    "glass": {"type": "glass", "color": [1, 1, 1], "ior": 1.5},
    "lamp": {"type": "light", "color": [10, 10, 10]}
  },
  "objects": {
    "spheres": [{"center": [0, 0.5, 0], "radius": 0.5, "material": "glass"}],
    "quads": [
      {"corner": [-2, 0, -2], "u": [0, 0, 4], "v": [4, 0, 0], "material": "white"},
      {"corner": [-0.5, 2, -0.5], "u": [1, 0, 0], "v": [0, 0, 1], "material": "lamp"}
    ],
    "triangles": [{"a": [0, 0, -1], "b": [1, 0, -1], "c": [0, 1, -1], "material": "white"}],
    "boxes": [{"min": [1, 0, 0], "max": [1.5, 0.5, 0.5], "material": "white"}]
  }
}`

func edit(t *testing.T, f func(m map[string]any)) []byte {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(base), &m); err != nil {
		t.Fatal(err)
	}
	f(m)
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func get(m map[string]any, path ...any) any {
	var v any = m
	for _, k := range path {
		switch k := k.(type) {
		case string:
			v = v.(map[string]any)[k]
		case int:
			v = v.([]any)[k]
		}
	}
	return v
}

func obj(m map[string]any, path ...any) map[string]any { return get(m, path...).(map[string]any) }

func TestBaseParses(t *testing.T) {
	s, err := Parse("t.json", []byte(base))
	if err != nil {
		t.Fatal(err)
	}
	// Materials are sorted by name; references resolve to their index.
	var names []string
	for _, m := range s.Materials {
		names = append(names, m.Name)
	}
	if !reflect.DeepEqual(names, []string{"glass", "lamp", "white"}) {
		t.Errorf("materials %v", names)
	}
	if s.Materials[s.Spheres[0].Material].Name != "glass" || s.Materials[s.Quads[1].Material].Name != "lamp" {
		t.Errorf("material references wrong: %+v", s)
	}
	if s.Exposure != 1 {
		t.Errorf("default exposure %g, want 1", s.Exposure)
	}
	if len(s.Quads) != 2+6 || len(s.Triangles) != 1 || len(s.Spheres) != 1 {
		t.Errorf("counts: %d quads (want 2 + 6 from the box), %d triangles, %d spheres", len(s.Quads), len(s.Triangles), len(s.Spheres))
	}
	// The name defaults to the file's base name, made safe to name output files.
	noName := edit(t, func(m map[string]any) { delete(m, "name") })
	if s, err := Parse("dir/my scene.json", noName); err != nil || s.Name != "my_scene" {
		t.Errorf("default name: %v, %v", s, err)
	}
	if s, err := Parse("dir/..\x1b[31m.json", noName); err != nil || CheckName(s.Name) != nil {
		t.Errorf("default name from an odd file name: %v, %v", s, err)
	}
	// up defaults to +y.
	noUp := edit(t, func(m map[string]any) { delete(obj(m, "camera"), "up") })
	if s, err := Parse("t.json", noUp); err != nil || s.Camera.Up != (Vec3{0, 1, 0}) {
		t.Errorf("default up: %v, %v", s, err)
	}
}

func TestBoxQuadsFaceOutward(t *testing.T) {
	lo, hi := Vec3{1, 2, 3}, Vec3{2, 4, 7}
	centre := to64(lo.Add(hi).Scale(0.5))
	quads := BoxQuads(lo, hi, 0)
	if len(quads) != 6 {
		t.Fatalf("%d faces", len(quads))
	}
	area := 0.0
	for i, q := range quads {
		n := quadNormal(q)
		fc := add64(to64(q.Corner), scale64(add64(to64(q.U), to64(q.V)), 0.5))
		out := sub64(fc, centre)
		if dot64(n, out) <= 0 {
			t.Errorf("face %d: normal %v points into the box", i, n)
		}
		// The normal is an axis, along the direction to the face centre.
		axis := i / 2
		sign := float64(2*(i%2) - 1)
		if n[axis] != sign {
			t.Errorf("face %d: normal %v, want %+g along axis %d", i, n, sign, axis)
		}
		for _, c := range quadCorners(q) {
			for k := 0; k < 3; k++ {
				if c[k] < float64(lo[k]) || c[k] > float64(hi[k]) {
					t.Errorf("face %d corner %v outside the box", i, c)
				}
			}
		}
		area += len64(cross64(to64(q.U), to64(q.V)))
	}
	if want := 2 * (1*2 + 2*4 + 1*4.0); area != want {
		t.Errorf("box area %g, want %g", area, want)
	}
}

func TestErrors(t *testing.T) {
	cases := []struct {
		name  string
		data  []byte
		field string // the JSON path in the message
		msg   string // a part of the message after it
	}{
		{"name escaping the folder", edit(t, func(m map[string]any) { m["name"] = "../../elsewhere/pwned" }),
			"name", `"../../elsewhere/pwned" is not a usable name`},
		{"name with an escape sequence", edit(t, func(m map[string]any) { m["name"] = "a\x1b[31m" }),
			"name", `"a\x1b[31m" is not a usable name`},
		{"name starting with a dot", edit(t, func(m map[string]any) { m["name"] = ".x" }), "name", "not starting with '.'"},
		{"negative radius", edit(t, func(m map[string]any) {
			obj(m, "objects", "spheres", 0)["radius"] = -1
		}), "objects.spheres[0].radius", "must be > 0 (got -1)"},
		{"zero radius", edit(t, func(m map[string]any) {
			obj(m, "objects", "spheres", 0)["radius"] = 0
		}), "objects.spheres[0].radius", "must be > 0 (got 0)"},
		{"third sphere radius", edit(t, func(m map[string]any) {
			o := obj(m, "objects")
			s := o["spheres"].([]any)[0]
			bad := map[string]any{"center": []any{0, 0, 0}, "radius": -1, "material": "white"}
			o["spheres"] = []any{s, s, bad}
		}), "objects.spheres[2].radius", "must be > 0 (got -1)"},
		{"ior below 1", edit(t, func(m map[string]any) {
			obj(m, "materials", "glass")["ior"] = 0.5
		}), "materials.glass.ior", "must be >= 1 (got 0.5)"},
		{"ior missing", edit(t, func(m map[string]any) {
			delete(obj(m, "materials", "glass"), "ior")
		}), "materials.glass.ior", "missing"},
		{"ior on diffuse", edit(t, func(m map[string]any) {
			obj(m, "materials", "white")["ior"] = 1.3
		}), "materials.white.ior", "only glass has an ior"},
		{"unknown material", edit(t, func(m map[string]any) {
			obj(m, "objects", "quads", 0)["material"] = "red"
		}), "objects.quads[0].material", `unknown material "red"`},
		{"unknown material type", edit(t, func(m map[string]any) {
			obj(m, "materials", "white")["type"] = "metal"
		}), "materials.white.type", `must be one of diffuse, mirror, glass, light (got "metal")`},
		{"unknown top-level field", edit(t, func(m map[string]any) {
			m["lights"] = []any{}
		}), "lights", "unknown field (expected one of name, camera, exposure, materials, objects)"},
		{"unknown sphere field", edit(t, func(m map[string]any) {
			obj(m, "objects", "spheres", 0)["colour"] = "red"
		}), "objects.spheres[0].colour", "unknown field (expected one of center, radius, material)"},
		{"unknown camera field", edit(t, func(m map[string]any) {
			obj(m, "camera")["lookat"] = []any{0, 0, 0}
		}), "camera.lookat", "unknown field"},
		{"unknown material field", edit(t, func(m map[string]any) {
			obj(m, "materials", "white")["roughness"] = 0.5
		}), "materials.white.roughness", "unknown field"},
		{"no light", edit(t, func(m map[string]any) {
			o := obj(m, "objects")
			o["quads"] = o["quads"].([]any)[:1]
		}), "", "no light: a scene needs at least one quad with a light material"},
		{"light sphere", edit(t, func(m map[string]any) {
			obj(m, "objects", "spheres", 0)["material"] = "lamp"
		}), "objects.spheres[0].material", `"lamp" is a light, and lights must be quads`},
		{"light triangle", edit(t, func(m map[string]any) {
			obj(m, "objects", "triangles", 0)["material"] = "lamp"
		}), "objects.triangles[0].material", `"lamp" is a light, and lights must be quads`},
		{"degenerate quad", edit(t, func(m map[string]any) {
			obj(m, "objects", "quads", 0)["v"] = []any{0, 0, 2}
		}), "objects.quads[0].v", "parallel to u: the quad has zero area"},
		{"zero quad edge", edit(t, func(m map[string]any) {
			obj(m, "objects", "quads", 1)["u"] = []any{0, 0, 0}
		}), "objects.quads[1].u", "must not be zero"},
		{"degenerate triangle", edit(t, func(m map[string]any) {
			obj(m, "objects", "triangles", 0)["c"] = []any{2, 0, -1}
		}), "objects.triangles[0]", "degenerate: a, b and c are collinear, zero area"},
		{"triangle repeated vertex", edit(t, func(m map[string]any) {
			obj(m, "objects", "triangles", 0)["c"] = []any{1, 0, -1}
		}), "objects.triangles[0]", "degenerate"},
		{"box inside out", edit(t, func(m map[string]any) {
			obj(m, "objects", "boxes", 0)["max"] = []any{1.5, 0, 0.5}
		}), "objects.boxes[0].max", "must be greater than min on every axis"},
		{"up parallel to view", edit(t, func(m map[string]any) {
			obj(m, "camera")["up"] = []any{0, 0, -2}
		}), "camera.up", "parallel to the view direction"},
		{"up zero", edit(t, func(m map[string]any) {
			obj(m, "camera")["up"] = []any{0, 0, 0}
		}), "camera.up", "must not be zero"},
		{"look_at at position", edit(t, func(m map[string]any) {
			obj(m, "camera")["look_at"] = []any{0, 1, 5}
		}), "camera.look_at", "must differ from camera.position"},
		{"fov 180", edit(t, func(m map[string]any) {
			obj(m, "camera")["fov"] = 180
		}), "camera.fov", "must be in [0.01, 179] degrees (got 180)"},
		{"fov 0", edit(t, func(m map[string]any) {
			obj(m, "camera")["fov"] = 0
		}), "camera.fov", "must be in [0.01, 179] degrees (got 0)"},
		{"fov negative", edit(t, func(m map[string]any) {
			obj(m, "camera")["fov"] = -10
		}), "camera.fov", "must be in [0.01, 179] degrees"},
		{"fov missing", edit(t, func(m map[string]any) {
			delete(obj(m, "camera"), "fov")
		}), "camera.fov", "missing (expected the vertical field of view in degrees"},
		{"camera missing", edit(t, func(m map[string]any) {
			delete(m, "camera")
		}), "camera", "missing"},
		{"negative colour", edit(t, func(m map[string]any) {
			obj(m, "materials", "white")["color"] = []any{0.5, -0.1, 0.5}
		}), "materials.white.color", "must be >= 0 in every channel (got [0.5, -0.1, 0.5])"},
		{"negative light", edit(t, func(m map[string]any) {
			obj(m, "materials", "lamp")["color"] = []any{-1, 1, 1}
		}), "materials.lamp.color", "must be >= 0"},
		{"black light", edit(t, func(m map[string]any) {
			obj(m, "materials", "lamp")["color"] = []any{0, 0, 0}
		}), "materials.lamp.color", "must not be zero"},
		{"albedo above 1", edit(t, func(m map[string]any) {
			obj(m, "materials", "white")["color"] = []any{1.2, 0.5, 0.5}
		}), "materials.white.color", "a diffuse albedo must be <= 1 in every channel, or the surface creates energy"},
		{"mirror above 1", edit(t, func(m map[string]any) {
			obj(m, "materials")["m"] = map[string]any{"type": "mirror", "color": []any{1, 1.5, 1}}
		}), "materials.m.color", "a mirror reflectance must be <= 1"},
		{"glass tint above 1", edit(t, func(m map[string]any) {
			obj(m, "materials", "glass")["color"] = []any{1, 1, 1.01}
		}), "materials.glass.color", "a glass tint must be <= 1"},
		{"colour not 3 numbers", edit(t, func(m map[string]any) {
			obj(m, "materials", "white")["color"] = []any{1, 1}
		}), "materials.white.color", "expected [x, y, z], an array of 3 numbers (got 2 elements)"},
		{"colour component a string", edit(t, func(m map[string]any) {
			obj(m, "materials", "white")["color"] = []any{1, "1", 1}
		}), "materials.white.color[1]", "expected a number (got a string)"},
		{"radius a string", edit(t, func(m map[string]any) {
			obj(m, "objects", "spheres", 0)["radius"] = "big"
		}), "objects.spheres[0].radius", "expected a number (got a string)"},
		{"spheres not an array", edit(t, func(m map[string]any) {
			obj(m, "objects")["spheres"] = map[string]any{}
		}), "objects.spheres", "expected an array (got an object)"},
		{"sphere not an object", edit(t, func(m map[string]any) {
			obj(m, "objects")["spheres"] = []any{1}
		}), "objects.spheres[0]", "expected an object with fields center, radius, material (got a number)"},
		{"material missing", edit(t, func(m map[string]any) {
			delete(obj(m, "objects", "quads", 0), "material")
		}), "objects.quads[0].material", "missing (expected the name of a material)"},
		{"exposure zero", edit(t, func(m map[string]any) {
			m["exposure"] = 0
		}), "exposure", "must be > 0 (got 0)"},
		{"number out of float32 range", edit(t, func(m map[string]any) {
			obj(m, "objects", "spheres", 0)["radius"] = 1e39
		}), "objects.spheres[0].radius", "number out of range"},
		{"no materials", edit(t, func(m map[string]any) {
			m["materials"] = map[string]any{}
		}), "materials", "must define at least one material"},
		{"top level array", []byte(`[1, 2]`), "", "expected a JSON object at the top level (got an array)"},
		// Numbers float32 maths on the GPU cannot carry (issue #9 item 4).
		{"light 3e38", edit(t, func(m map[string]any) {
			obj(m, "materials", "lamp")["color"] = []any{3e38, 3e38, 3e38}
		}), "materials.lamp.color[0]", "a light's radiance must be 0 (dark) or in [1e-6, 1e6] (got 3e38)"},
		{"light 1e-46", edit(t, func(m map[string]any) {
			obj(m, "materials", "lamp")["color"] = []any{1, 1e-46, 1}
		}), "materials.lamp.color[1]", "a light's radiance must be 0 (dark) or in [1e-6, 1e6] (got 1e-46)"},
		{"look_at 1e-7 from the eye", edit(t, func(m map[string]any) {
			obj(m, "camera")["look_at"] = []any{0, 1, 5 - 1e-7}
		}), "camera.look_at", "the distance from camera.position must be at least 0.01 (100 x the renderer's ray offset 1e-4) (got 1.0000000"},
		{"coordinate 1e30", edit(t, func(m map[string]any) {
			obj(m, "objects", "spheres", 0)["center"] = []any{0, 1e30, 0}
		}), "objects.spheres[0].center[1]", "must be in [-100, 100] (got 1e30)"},
		{"camera position 3e38", edit(t, func(m map[string]any) {
			obj(m, "camera")["position"] = []any{0, 1, 3e38}
		}), "camera.position[2]", "must be in [-100, 100] (got 3e38)"},
		{"radius 1e30", edit(t, func(m map[string]any) {
			obj(m, "objects", "spheres", 0)["radius"] = 1e30
		}), "objects.spheres[0].radius", "must be at most 100 (got 1e30)"},
		{"radius 1e-46", edit(t, func(m map[string]any) {
			obj(m, "objects", "spheres", 0)["radius"] = 1e-46
		}), "objects.spheres[0].radius", "a radius must be at least 0.01 (100 x the renderer's ray offset 1e-4) (got 1e-46)"},
		{"quad edge 1e-7", edit(t, func(m map[string]any) {
			obj(m, "objects", "quads", 1)["v"] = []any{0, 0, 1e-7}
		}), "objects.quads[1].v", "an edge's length must be at least 0.01"},
		{"triangle edge 1e-7", edit(t, func(m map[string]any) {
			obj(m, "objects", "triangles", 0)["c"] = []any{0, 1e-7, -1}
		}), "objects.triangles[0]", "the shortest edge must be at least 0.01"},
		{"box side 1e-7", edit(t, func(m map[string]any) {
			obj(m, "objects", "boxes", 0)["max"] = []any{1.5, 0.5, 1e-7}
		}), "objects.boxes[0].max", "the box's shortest side (max - min) must be at least 0.01"},
		{"exposure 1e30", edit(t, func(m map[string]any) { m["exposure"] = 1e30 }), "exposure", "must be in [1e-6, 1e6] (got 1e30)"},
		{"exposure 1e-46", edit(t, func(m map[string]any) { m["exposure"] = 1e-46 }), "exposure", "must be in [1e-6, 1e6] (got 1e-46)"},
		{"ior 1e30", edit(t, func(m map[string]any) {
			obj(m, "materials", "glass")["ior"] = 1e30
		}), "materials.glass.ior", "must be at most 100 (got 1e30)"},
		{"fov 1e-46", edit(t, func(m map[string]any) {
			obj(m, "camera")["fov"] = 1e-46
		}), "camera.fov", "must be in [0.01, 179] degrees (got 1e-46)"},
		{"up 1e-30", edit(t, func(m map[string]any) {
			obj(m, "camera")["up"] = []any{0, 1e-30, 0}
		}), "camera.up", "must not be zero: at least 1e-6 long"},
		{"scene 1e-6 across", []byte(`{"camera": {"position": [0, 0, 1e-6], "look_at": [0, 0, 0], "fov": 40},
			"materials": {"lamp": {"type": "light", "color": [1, 1, 1]}},
			"objects": {"quads": [{"corner": [0, 0, 0], "u": [1e-7, 0, 0], "v": [0, 1e-7, 0], "material": "lamp"}]}}`),
			"camera.look_at", "the distance from camera.position must be at least 0.01"},
		{"coordinate 101", edit(t, func(m map[string]any) {
			obj(m, "objects", "quads", 0)["corner"] = []any{-101, 0, -2}
		}), "objects.quads[0].corner[0]", "must be in [-100, 100] (got -101)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, err := Parse("x.json", c.data)
			if err == nil {
				t.Fatalf("no error; scene %+v", s)
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error %T %v, want *Error", err, err)
			}
			if e.File != "x.json" || e.Field != c.field || !strings.Contains(e.Msg, c.msg) {
				t.Errorf("got file %q field %q msg %q\nwant file \"x.json\" field %q msg containing %q", e.File, e.Field, e.Msg, c.field, c.msg)
			}
			want := "x.json: " + c.field + ": "
			if c.field == "" {
				want = "x.json: "
			}
			if msg := err.Error(); !strings.HasPrefix(msg, want) || strings.Contains(msg, "\n") {
				t.Errorf("message %q: want one line starting %q", msg, want)
			}
		})
	}
}

func TestExactMessages(t *testing.T) {
	// The brief's examples, word for word (plus the material list hint).
	for _, c := range []struct {
		f    func(m map[string]any)
		want string
	}{
		{func(m map[string]any) { obj(m, "objects", "spheres", 0)["radius"] = -1 },
			"scenes/x.json: objects.spheres[0].radius: must be > 0 (got -1)"},
		{func(m map[string]any) { obj(m, "materials", "glass")["ior"] = 0.9 },
			"scenes/x.json: materials.glass.ior: must be >= 1 (got 0.9)"},
		{func(m map[string]any) { obj(m, "objects", "quads", 0)["material"] = "red" },
			`scenes/x.json: objects.quads[0].material: unknown material "red" (materials: glass, lamp, white)`},
		{func(m map[string]any) { o := obj(m, "objects"); o["quads"] = o["quads"].([]any)[:1] },
			"scenes/x.json: no light: a scene needs at least one quad with a light material"},
	} {
		_, err := Parse("scenes/x.json", edit(t, c.f))
		if err == nil || err.Error() != c.want {
			t.Errorf("got  %v\nwant %s", err, c.want)
		}
	}
}

func TestSyntaxErrorLine(t *testing.T) {
	lines := strings.Split(base, "\n")
	// Drop the comma ending line 6 (the glass material): encoding/json
	// notices at the next token, on line 7.
	if !strings.Contains(lines[5], `"glass"`) {
		t.Fatalf("line 6 is %q", lines[5])
	}
	lines[5] = strings.TrimSuffix(lines[5], ",")
	_, err := Parse("x.json", []byte(strings.Join(lines, "\n")))
	var e *Error
	if !errors.As(err, &e) || e.Line != 7 || !strings.HasPrefix(err.Error(), "x.json: line 7: invalid JSON: invalid character '\"' after object key:value pair") {
		t.Errorf("got %v, want x.json: line 7: invalid JSON: ...", err)
	}
	lines = strings.Split(base, "\n")
	lines[5] = strings.Replace(lines[5], "1.5", "1.5.2", 1)
	if _, err := Parse("x.json", []byte(strings.Join(lines, "\n"))); err == nil || !strings.HasPrefix(err.Error(), "x.json: line 6: invalid JSON: ") {
		t.Errorf("got %v, want x.json: line 6: invalid JSON: ...", err)
	}
	if _, err := Parse("x.json", []byte("{\n\"name\": \"x\",\n")); err == nil || !strings.HasPrefix(err.Error(), "x.json: line 3: invalid JSON: unexpected end of JSON input") {
		t.Errorf("truncated: got %v", err)
	}
	if _, err := Parse("x.json", []byte("")); err == nil || !strings.HasPrefix(err.Error(), "x.json: line 1: invalid JSON") {
		t.Errorf("empty: got %v", err)
	}
	if _, err := Parse("x.json", []byte(`{"exposure": 1e400}`)); err == nil || !strings.HasPrefix(err.Error(), "x.json: line 1: invalid JSON: number 1e400 out of range") {
		t.Errorf("huge number: got %v", err)
	}
}

func TestLoadAndOpen(t *testing.T) {
	dir := t.TempDir()
	_, err := Load(filepath.Join(dir, "x.json"))
	if want := "cannot read " + filepath.Join(dir, "x.json") + ": no such file or directory"; err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
	if !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("%v is not fs.ErrNotExist", err)
	}
	if _, err := Load(dir); err == nil || !strings.HasPrefix(err.Error(), "cannot read "+dir+": ") {
		t.Errorf("a directory: got %v", err)
	}
	path := filepath.Join(dir, "mine.json")
	if err := os.WriteFile(path, []byte(base), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := Open(path)
	if err != nil || s.Name != "t" {
		t.Errorf("Open(file) = %v, %v", s, err)
	}
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, edit(t, func(m map[string]any) { obj(m, "camera")["fov"] = 200 }), 0o644)
	if _, err := Open(bad); err == nil || !strings.HasPrefix(err.Error(), bad+": camera.fov: must be in [0.01, 179] degrees") {
		t.Errorf("Open(bad) = %v", err)
	}
	if _, err := Open("cornel"); err == nil || err.Error() != `unknown scene "cornel" (did you mean cornell?)` {
		t.Errorf("Open(cornel) = %v", err)
	}
	if _, err := Open("xyzzy"); err == nil || err.Error() != `unknown scene "xyzzy": not a built-in (caustics, cornell, plane) and cannot read xyzzy: no such file or directory` {
		t.Errorf("Open(xyzzy) = %v", err)
	}
	if _, err := Builtin("plan"); err == nil || err.Error() != `unknown built-in scene "plan" (did you mean plane?)` {
		t.Errorf("Builtin(plan) = %v", err)
	}
}

func TestCornellWallsFaceIn(t *testing.T) {
	s, _ := Builtin("cornell")
	centre := [3]float64{0, 1, 0}
	for i, q := range s.Quads {
		if s.Materials[q.Material].Kind == Light {
			continue
		}
		fc := add64(to64(q.Corner), scale64(add64(to64(q.U), to64(q.V)), 0.5))
		if dot64(quadNormal(q), sub64(centre, fc)) <= 0 {
			t.Errorf("cornell quad %d (%s) faces out of the box", i, s.Materials[q.Material].Name)
		}
	}
}

// The caustics cup is N facets of a circle: a mirror band inside (normals
// to the axis), a painted band outside (normals away), and a rim of
// triangles (normals up). This is the formula caustics.json was written
// from.
func TestCausticsCup(t *testing.T) {
	s, _ := Builtin("caustics")
	const n, r, thick, height = 48, 0.75, 0.04, 0.5
	centre := [3]float64{0.85, 0, 0.25}
	at := func(rad float64, i int) [3]float64 {
		a := 2 * math.Pi * float64(i%n) / n
		return add64(centre, [3]float64{rad * math.Cos(a), 0, rad * math.Sin(a)})
	}
	near := func(a, b [3]float64) bool { return len64(sub64(a, b)) < 3e-6 }
	var inner, outer []Quad
	for _, q := range s.Quads {
		switch s.Materials[q.Material].Name {
		case "gold":
			inner = append(inner, q)
		case "paint":
			outer = append(outer, q)
		}
	}
	if len(inner) != n || len(outer) != n || len(s.Triangles) != 2*n {
		t.Fatalf("cup: %d mirror quads, %d painted quads, %d rim triangles; want %d, %d, %d", len(inner), len(outer), len(s.Triangles), n, n, 2*n)
	}
	up := [3]float64{0, height, 0}
	for i := 0; i < n; i++ {
		q := inner[i]
		if !near(to64(q.Corner), at(r, i)) || !near(add64(to64(q.Corner), to64(q.U)), at(r, i+1)) || to64(q.V) != up {
			t.Errorf("mirror facet %d: %+v", i, q)
		}
		mid := scale64(add64(at(r, i), at(r, i+1)), 0.5)
		if dot64(quadNormal(q), sub64(centre, mid)) <= 0 {
			t.Errorf("mirror facet %d faces away from the axis", i)
		}
		q = outer[i]
		if !near(to64(q.Corner), at(r+thick, i)) || !near(add64(to64(q.Corner), to64(q.V)), at(r+thick, i+1)) || to64(q.U) != up {
			t.Errorf("painted facet %d: %+v", i, q)
		}
		if dot64(quadNormal(q), sub64(centre, mid)) >= 0 {
			t.Errorf("painted facet %d faces the axis", i)
		}
	}
	for i, tr := range s.Triangles {
		n := norm64(cross64(sub64(to64(tr.B), to64(tr.A)), sub64(to64(tr.C), to64(tr.A))))
		if math.Abs(n[1]-1) > 1e-9 || tr.A[1] != height {
			t.Errorf("rim triangle %d: normal %v at height %g", i, n, tr.A[1])
		}
	}
	// The light is small and aims at the scene; the glass sphere rests on
	// the floor.
	l := s.Quads[s.Lights()[0]]
	if area := len64(cross64(to64(l.U), to64(l.V))); area > 0.1 {
		t.Errorf("caustics light area %g: not small", area)
	}
	lc := add64(to64(l.Corner), scale64(add64(to64(l.U), to64(l.V)), 0.5))
	if dot64(quadNormal(l), norm64(scale64(lc, -1))) < 0.999 {
		t.Errorf("caustics light does not face the origin: normal %v at %v", quadNormal(l), lc)
	}
	if sp := s.Spheres[0]; sp.Center[1] != sp.Radius {
		t.Errorf("glass sphere %v does not rest on the floor", sp)
	}
}
