package scenes

import (
	"fmt"
	"math"
	"path/filepath"
	"sort"
	"strings"

	"speckle/internal/numcheck"
	"speckle/internal/suggest"
)

// The scene file's parser: walks the decoded JSON, checks every field
// against the schema and the limits, and builds the Scene.

// The schema's field names, in the order they are checked.
var (
	sceneFields    = []string{"name", "camera", "exposure", "materials", "objects"}
	cameraFields   = []string{"position", "look_at", "up", "fov"}
	materialFields = []string{"type", "color", "ior"}
	objectsFields  = []string{"spheres", "quads", "triangles", "boxes"}
	sphereFields   = []string{"center", "radius", "material"}
	quadFields     = []string{"corner", "u", "v", "material"}
	triangleFields = []string{"a", "b", "c", "material"}
	boxFields      = []string{"min", "max", "material"}
)

var kindNames = map[string]MaterialKind{"diffuse": Diffuse, "mirror": Mirror, "glass": Glass, "light": Light}

// parser walks the decoded JSON, keeping the path for messages; the first
// problem panics with an *Error that Parse recovers.
type parser struct {
	file    string
	sc      *Scene
	matIdx  map[string]int
	matList string
	// sizes are checked once all is read (the first bad one is reported).
	sizes []size
}

// size is a length that must be at least MinSize.
type size struct {
	path, what string
	v          float64
}

func (p *parser) size(path, what string, v float64) {
	p.sizes = append(p.sizes, size{path, what, v})
}

// checkSizes refuses a size below MinSize.
func (p *parser) checkSizes() {
	for _, sz := range p.sizes {
		if sz.v < MinSize {
			p.fail(sz.path, "%s must be at least %s (100 x the renderer's ray offset 1e-4) (got %s)", sz.what,
				numcheck.Format(MinSize), numcheck.Format(sz.v))
		}
	}
}

func (p *parser) fail(path, format string, args ...any) {
	panic(&Error{File: p.file, Field: printable(path), Msg: printable(fmt.Sprintf(format, args...))})
}

// printable escapes control characters, as Go quotes them: a key or a
// material name from the file may hold a newline, and messages are one line.
func printable(s string) string {
	control := func(r rune) bool { return r < 0x20 || r >= 0x7f && r < 0xa0 }
	if !strings.ContainsFunc(s, control) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if control(r) {
			q := fmt.Sprintf("%q", r)
			b.WriteString(q[1 : len(q)-1])
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func index(path string, i int) string { return fmt.Sprintf("%s[%d]", path, i) }

// jsonType names the JSON type of a decoded value, for "got ..." messages.
func jsonType(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean"
	case float64:
		return "a number"
	case string:
		return "a string"
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	}
	return fmt.Sprintf("%T", v)
}

// object checks that v is a JSON object with no fields but allowed.
func (p *parser) object(path string, v any, allowed []string) map[string]any {
	m, ok := v.(map[string]any)
	if !ok {
		if path == "" {
			p.fail("", "expected a JSON object at the top level (got %s)", jsonType(v))
		}
		p.fail(path, "expected an object with fields %s (got %s)", strings.Join(allowed, ", "), jsonType(v))
	}
	var unknown []string
	for k := range m {
		if !contains(allowed, k) {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) > 0 {
		sort.Strings(unknown)
		p.fail(join(path, unknown[0]), "unknown field (expected one of %s)", strings.Join(allowed, ", "))
	}
	return m
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// required fetches m[key] or fails saying what was expected there.
func (p *parser) required(path string, m map[string]any, key, expected string) any {
	v, ok := m[key]
	if !ok {
		p.fail(join(path, key), "missing (expected %s)", expected)
	}
	return v
}

func (p *parser) number(path string, v any) float64 {
	f, ok := v.(float64)
	if !ok {
		p.fail(path, "expected a number (got %s)", jsonType(v))
	}
	if math.Abs(f) > math.MaxFloat32 {
		p.fail(path, "number out of range (got %g)", f)
	}
	return f
}

func (p *parser) str(path string, v any) string {
	s, ok := v.(string)
	if !ok {
		p.fail(path, "expected a string (got %s)", jsonType(v))
	}
	return s
}

// coord is a vec3 of coordinates: each in coordRange.
func (p *parser) coord(path string, v any) [3]float64 {
	c := p.vec3(path, v)
	for i, x := range c {
		if err := coordRange.Check(x); err != nil {
			p.fail(index(path, i), "%v", err)
		}
	}
	return c
}

func (p *parser) vec3(path string, v any) [3]float64 {
	a, ok := v.([]any)
	if !ok || len(a) != 3 {
		got := jsonType(v)
		if ok {
			got = fmt.Sprintf("%d elements", len(a))
		}
		p.fail(path, "expected [x, y, z], an array of 3 numbers (got %s)", got)
	}
	var r [3]float64
	for i := range r {
		r[i] = p.number(index(path, i), a[i])
	}
	return r
}

func (p *parser) array(path string, v any) []any {
	a, ok := v.([]any)
	if !ok {
		p.fail(path, "expected an array (got %s)", jsonType(v))
	}
	return a
}

func fmtVec(v [3]float64) string { return fmt.Sprintf("[%g, %g, %g]", v[0], v[1], v[2]) }

func f32(v [3]float64) Vec3 { return Vec3{float32(v[0]), float32(v[1]), float32(v[2])} }

func (p *parser) scene(root any) *Scene {
	m := p.object("", root, sceneFields)
	s := &Scene{Exposure: 1}
	p.sc = s

	base := filepath.Base(p.file)
	s.Name = strings.TrimSuffix(base, filepath.Ext(base))
	if v, ok := m["name"]; ok {
		s.Name = p.str("name", v)
		if strings.TrimSpace(s.Name) == "" {
			p.fail("name", "must not be empty")
		}
		if err := CheckName(s.Name); err != nil {
			p.fail("name", "%v", err)
		}
	} else {
		s.Name = SafeName(s.Name)
	}
	s.Camera = p.camera(p.required("", m, "camera", "an object with fields "+strings.Join(cameraFields, ", ")))
	if v, ok := m["exposure"]; ok {
		e := p.number("exposure", v)
		if !(e > 0) {
			p.fail("exposure", "must be > 0 (got %g)", e)
		}
		if err := ExposureRange.Check(e); err != nil {
			p.fail("exposure", "%v", err)
		}
		s.Exposure = float32(e)
	}
	p.materials(p.required("", m, "materials", "an object mapping names to materials"))
	p.objects(p.required("", m, "objects", "an object with fields "+strings.Join(objectsFields, ", ")))
	if len(s.Lights()) == 0 {
		p.fail("", "no light: a scene needs at least one quad with a light material")
	}
	p.checkSizes()
	if n := s.Primitives(); n > MaxPrimitives {
		p.fail("objects", "%d spheres, quads and triangles: at most %d (the renderer's BVH is at most %d deep)", n, MaxPrimitives, MaxBVHDepth)
	}
	return s
}

func (p *parser) camera(v any) Camera {
	const path = "camera"
	m := p.object(path, v, cameraFields)
	pos := p.coord("camera.position", p.required(path, m, "position", "[x, y, z]"))
	at := p.coord("camera.look_at", p.required(path, m, "look_at", "[x, y, z]"))
	up := [3]float64{0, 1, 0}
	if u, ok := m["up"]; ok {
		up = p.coord("camera.up", u)
	}
	fov := p.number("camera.fov", p.required(path, m, "fov", "the vertical field of view in degrees, in [0.01, 179]"))
	fwd := sub64(at, pos)
	if len64(fwd) == 0 {
		p.fail("camera.look_at", "must differ from camera.position (got %s for both)", fmtVec(at))
	}
	if len64(up) < MinUp {
		p.fail("camera.up", "must not be zero: at least %s long (got %s)", numcheck.Format(MinUp), fmtVec(up))
	}
	if len64(cross64(fwd, up)) <= 1e-6*len64(fwd)*len64(up) {
		p.fail("camera.up", "parallel to the view direction look_at - position (got up %s, direction %s)", fmtVec(up), fmtVec(fwd))
	}
	if !fovRange.Contains(fov) {
		p.fail("camera.fov", "must be in %s degrees (got %s)", fovText, numcheck.Format(fov))
	}
	p.size("camera.look_at", "the distance from camera.position", len64(fwd))
	return Camera{Position: f32(pos), LookAt: f32(at), Up: f32(up), FOV: float32(fov)}
}

func (p *parser) materials(v any) {
	const path = "materials"
	m, ok := v.(map[string]any)
	if !ok {
		p.fail(path, "expected an object mapping names to materials (got %s)", jsonType(v))
	}
	if len(m) == 0 {
		p.fail(path, "must define at least one material")
	}
	names := make([]string, 0, len(m))
	for k := range m {
		names = append(names, k)
	}
	sort.Strings(names)
	p.matIdx = map[string]int{}
	p.matList = strings.Join(names, ", ")
	for _, name := range names {
		mp := join(path, name)
		if strings.TrimSpace(name) == "" {
			p.fail(mp, "a material name must not be empty")
		}
		mm := p.object(mp, m[name], materialFields)
		t := p.str(join(mp, "type"), p.required(mp, mm, "type", "one of diffuse, mirror, glass, light"))
		kind, ok := kindNames[t]
		if !ok {
			p.fail(join(mp, "type"), "must be one of diffuse, mirror, glass, light %s", suggest.Got(t, []string{"diffuse", "mirror", "glass", "light"}))
		}
		cp := join(mp, "color")
		c := p.vec3(cp, p.required(mp, mm, "color", "[r, g, b]"))
		if c[0] < 0 || c[1] < 0 || c[2] < 0 {
			p.fail(cp, "must be >= 0 in every channel (got %s)", fmtVec(c))
		}
		switch kind {
		case Light:
			if c == [3]float64{} {
				p.fail(cp, "a light's radiance must not be zero in every channel")
			}
			for i, x := range c {
				if err := radianceRange.Check(x); err != nil {
					p.fail(index(cp, i), "a light's radiance %v", err)
				}
			}
		default:
			if max(c[0], c[1], c[2]) > 1 {
				what := map[MaterialKind]string{Diffuse: "a diffuse albedo", Mirror: "a mirror reflectance", Glass: "a glass tint"}[kind]
				p.fail(cp, "%s must be <= 1 in every channel, or the surface creates energy (got %s)", what, fmtVec(c))
			}
		}
		mat := Material{Name: name, Kind: kind, Color: f32(c)}
		ip := join(mp, "ior")
		if kind == Glass {
			ior := p.number(ip, p.required(mp, mm, "ior", "the index of refraction, >= 1"))
			if !(ior >= 1) {
				p.fail(ip, "must be >= 1 (got %g)", ior)
			}
			if ior > MaxIOR {
				p.fail(ip, "must be at most %s (got %s)", numcheck.Format(MaxIOR), numcheck.Format(ior))
			}
			mat.IOR = float32(ior)
		} else if _, ok := mm["ior"]; ok {
			p.fail(ip, "only glass has an ior (this material is %s)", t)
		}
		p.matIdx[name] = len(p.sc.Materials)
		p.sc.Materials = append(p.sc.Materials, mat)
	}
}

// material resolves a material reference; lights are refused unless
// lightOK (lights must be quads).
func (p *parser) material(path string, m map[string]any, lightOK bool) int {
	mp := join(path, "material")
	name := p.str(mp, p.required(path, m, "material", "the name of a material"))
	i, ok := p.matIdx[name]
	if !ok {
		p.fail(mp, "unknown material %q (materials: %s)", name, p.matList)
	}
	if !lightOK && p.sc.Materials[i].Kind == Light {
		p.fail(mp, "%q is a light, and lights must be quads (or boxes)", name)
	}
	return i
}

func (p *parser) objects(v any) {
	const path = "objects"
	m := p.object(path, v, objectsFields)
	s := p.sc
	list := func(key string) []any {
		if v, ok := m[key]; ok {
			return p.array(join(path, key), v)
		}
		return nil
	}
	for i, v := range list("spheres") {
		ep := index("objects.spheres", i)
		o := p.object(ep, v, sphereFields)
		c := p.coord(join(ep, "center"), p.required(ep, o, "center", "[x, y, z]"))
		r := p.number(join(ep, "radius"), p.required(ep, o, "radius", "a number > 0"))
		if !(r > 0) {
			p.fail(join(ep, "radius"), "must be > 0 (got %g)", r)
		}
		if r > MaxCoord {
			p.fail(join(ep, "radius"), "must be at most %s (got %s)", numcheck.Format(MaxCoord), numcheck.Format(r))
		}
		p.size(join(ep, "radius"), "a radius", r)
		s.Spheres = append(s.Spheres, Sphere{Center: f32(c), Radius: float32(r), Material: p.material(ep, o, false)})
	}
	for i, v := range list("quads") {
		ep := index("objects.quads", i)
		o := p.object(ep, v, quadFields)
		c := p.coord(join(ep, "corner"), p.required(ep, o, "corner", "[x, y, z]"))
		u := p.coord(join(ep, "u"), p.required(ep, o, "u", "an edge vector [x, y, z]"))
		w := p.coord(join(ep, "v"), p.required(ep, o, "v", "an edge vector [x, y, z]"))
		if len64(u) == 0 {
			p.fail(join(ep, "u"), "must not be zero (a quad needs an area)")
		}
		if len64(w) == 0 {
			p.fail(join(ep, "v"), "must not be zero (a quad needs an area)")
		}
		if len64(cross64(u, w)) <= 1e-6*len64(u)*len64(w) {
			p.fail(join(ep, "v"), "parallel to u: the quad has zero area (got u %s, v %s)", fmtVec(u), fmtVec(w))
		}
		p.size(join(ep, "u"), "an edge's length", len64(u))
		p.size(join(ep, "v"), "an edge's length", len64(w))
		s.Quads = append(s.Quads, Quad{Corner: f32(c), U: f32(u), V: f32(w), Material: p.material(ep, o, true)})
	}
	for i, v := range list("triangles") {
		ep := index("objects.triangles", i)
		o := p.object(ep, v, triangleFields)
		a := p.coord(join(ep, "a"), p.required(ep, o, "a", "[x, y, z]"))
		b := p.coord(join(ep, "b"), p.required(ep, o, "b", "[x, y, z]"))
		c := p.coord(join(ep, "c"), p.required(ep, o, "c", "[x, y, z]"))
		e1, e2 := sub64(b, a), sub64(c, a)
		if n := len64(cross64(e1, e2)); n == 0 || n <= 1e-6*len64(e1)*len64(e2) {
			p.fail(ep, "degenerate: a, b and c are collinear, zero area (got %s, %s, %s)", fmtVec(a), fmtVec(b), fmtVec(c))
		}
		p.size(ep, "the shortest edge", min(len64(e1), len64(e2), len64(sub64(c, b))))
		s.Triangles = append(s.Triangles, Triangle{A: f32(a), B: f32(b), C: f32(c), Material: p.material(ep, o, false)})
	}
	for i, v := range list("boxes") {
		ep := index("objects.boxes", i)
		o := p.object(ep, v, boxFields)
		lo := p.coord(join(ep, "min"), p.required(ep, o, "min", "the low corner [x, y, z]"))
		hi := p.coord(join(ep, "max"), p.required(ep, o, "max", "the high corner [x, y, z]"))
		if !(hi[0] > lo[0] && hi[1] > lo[1] && hi[2] > lo[2]) {
			p.fail(join(ep, "max"), "must be greater than min on every axis (got min %s, max %s)", fmtVec(lo), fmtVec(hi))
		}
		d := sub64(hi, lo)
		p.size(join(ep, "max"), "the box's shortest side (max - min)", min(d[0], d[1], d[2]))
		s.Quads = append(s.Quads, BoxQuads(f32(lo), f32(hi), p.material(ep, o, true))...)
	}
}
