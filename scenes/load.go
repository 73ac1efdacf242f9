package scenes

import (
	"bytes"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"path/filepath"
	"sort"
	"strings"

	"speckle/internal/capped"
	"speckle/internal/numcheck"
)

// Limits on a scene's numbers, so that the GPU's float32 maths stays
// meaningful (the loader refuses anything outside them).
const (
	// MaxCoord bounds every coordinate, edge vector component and sphere
	// radius. The shaders offset rays by an absolute RAY_EPS = 1e-4
	// (shaders/lib/scene.glsl); float32 spaces positions below 128 at most
	// 7.6e-6 apart, 1/13 of it. Measured on llvmpipe (32x24, 4 x 2^14
	// photons): caustics scaled by 1e3 (coordinates to 1.4e4, spacing
	// 1e-3 > RAY_EPS) loses 20 % of its light, by 1e4 half; by 10
	// (coordinates to 140) it matches the unscaled image within noise.
	MaxCoord = 100
	// MinSize bounds every radius, edge, box side, and the eye's distance
	// to its look-at point, from below: 100 x RAY_EPS. Cornell scaled by
	// 1e-4 loses 17 % of its light (rays skip surfaces nearer than
	// RAY_EPS), by 1e-2 it matches within 0.5 %. A look_at 1e-7 from the
	// eye also rounds onto it in float32 and the view direction is lost.
	MinSize = 1e-2
	// MinRadiance..MaxRadiance bound each non-zero channel of a light. The
	// photon pass scales flux to 2^31 fixed-point units per photon's largest
	// contribution (render/sppm.go: fluxScale = 2^31 pi / power): with the
	// limits above the power lies in [3e-10, 1.3e11] and the scale in
	// [0.05, 2e19], normal float32 numbers both; the image (radiance,
	// about the lights' own) times exposure (ExposureRange) stays below 1e12.
	MinRadiance = 1e-6
	MaxRadiance = 1e6
	// MaxIOR: beyond any real material (diamond is 2.42).
	MaxIOR = 100
	// MinFOV, MaxFOV bound the vertical field of view in degrees: tan(fov/2)
	// stays in [8.7e-5, 115].
	MinFOV = 0.01
	MaxFOV = 179
)

// ExposureRange bounds a scene's exposure (and the --exposure and settings
// that override it): a multiplier on radiance before tone mapping.
var ExposureRange = numcheck.Closed(1e-6, 1e6)

// coordRange bounds every coordinate.
var coordRange = numcheck.Closed(-MaxCoord, MaxCoord)

// radianceRange bounds each channel of a light's radiance (0: dark).
var radianceRange = numcheck.Range{Lo: MinRadiance, Hi: MaxRadiance, Zero: "dark"}

// fovRange bounds camera.fov, in degrees.
var fovRange = numcheck.Closed(MinFOV, MaxFOV)

const fovText = "[0.01, 179]"

// MinUp is the shortest camera up vector: its cross product with the view
// direction must stay a normal float32.
const MinUp = 1e-6

// The built-in scenes: every *.json file beside this one, named by its base
// name without the extension.
//
//go:embed *.json
var builtinFS embed.FS

// Error is a bad scene file: which file, where (a JSON path such as
// objects.spheres[2].radius, or a line for malformed JSON) and what was
// expected. Its message is one line.
type Error struct {
	File  string // the file as the user named it (built-ins: scenes/NAME.json)
	Line  int    // > 0 for malformed JSON
	Field string // JSON path of the offending value; "" for the whole file
	Msg   string // what is wrong and what was expected
}

func (e *Error) Error() string {
	switch {
	case e.Line > 0:
		return fmt.Sprintf("%s: line %d: %s", e.File, e.Line, e.Msg)
	case e.Field != "":
		return fmt.Sprintf("%s: %s: %s", e.File, e.Field, e.Msg)
	default:
		return fmt.Sprintf("%s: %s", e.File, e.Msg)
	}
}

// CheckName accepts a scene name that can be part of a file name and printed as it is:
// 1 to 64 of A-Z a-z 0-9 . _ -, not starting with '.' (so never "..", a path or a control
// character: output files are named after scenes).
func CheckName(name string) error {
	ok := len(name) >= 1 && len(name) <= 64 && name[0] != '.'
	for _, c := range name {
		ok = ok && (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-')
	}
	if !ok {
		return fmt.Errorf("%q is not a usable name: want 1 to 64 of A-Z a-z 0-9 . _ -, not starting with '.'", name)
	}
	return nil
}

// SafeName makes a file's base name a name CheckName accepts: every other character
// becomes '_' ("my scene" → "my_scene"), leading dots go, at most 64 characters stay.
func SafeName(base string) string {
	b := []byte(strings.TrimLeft(base, "."))
	for i, c := range b {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-') {
			b[i] = '_'
		}
	}
	if len(b) > 64 {
		b = b[:64]
	}
	if len(b) == 0 {
		return "scene"
	}
	return string(b)
}

// Names lists the built-in scenes, sorted.
func Names() []string {
	entries, err := fs.ReadDir(builtinFS, ".")
	if err != nil {
		panic(err) // the embedded directory always reads
	}
	var names []string
	for _, e := range entries {
		if n, ok := strings.CutSuffix(e.Name(), ".json"); ok {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	return names
}

// Builtin loads the built-in scene called name.
func Builtin(name string) (*Scene, error) {
	data, err := builtinFS.ReadFile(name + ".json")
	if err != nil || strings.ContainsAny(name, `/\`) {
		return nil, fmt.Errorf("unknown built-in scene %q (built-ins: %s)", name, strings.Join(Names(), ", "))
	}
	return Parse("scenes/"+name+".json", data)
}

// Load reads and checks the scene file at path.
func Load(path string) (*Scene, error) {
	data, err := capped.ReadFile(path, capped.SceneBytes, "a scene file")
	if err != nil {
		return nil, err
	}
	return Parse(path, data)
}

// Open loads a built-in scene if nameOrPath is one's name, else the file at
// that path.
func Open(nameOrPath string) (*Scene, error) {
	for _, n := range Names() {
		if n == nameOrPath {
			return Builtin(n)
		}
	}
	s, err := Load(nameOrPath)
	if err != nil && errors.Is(err, fs.ErrNotExist) && !strings.ContainsAny(nameOrPath, `/\.`) {
		// A bare word that is no file: most likely a mistyped built-in.
		return nil, fmt.Errorf("unknown scene %q: not a built-in (%s) and %v",
			nameOrPath, strings.Join(Names(), ", "), err)
	}
	return s, err
}

// Parse checks and converts the JSON scene data; name is the file name used
// in error messages (and, without directory and extension, the scene's name
// when the file gives none).
func Parse(name string, data []byte) (s *Scene, err error) {
	var root any
	if err := json.Unmarshal(data, &root); err != nil {
		return nil, jsonError(name, data, err)
	}
	p := &parser{file: name}
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(*Error)
			if !ok {
				panic(r)
			}
			s, err = nil, e
		}
	}()
	return p.scene(root), nil
}

// jsonError turns encoding/json's byte offsets into line numbers.
func jsonError(file string, data []byte, err error) error {
	line := func(off int64) int {
		off = min(max(off, 0), int64(len(data)))
		return 1 + bytes.Count(data[:off], []byte("\n"))
	}
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		return &Error{File: file, Line: line(se.Offset), Msg: "invalid JSON: " + se.Error()}
	case errors.As(err, &te):
		// Into an `any` this only happens for numbers out of float64 range.
		return &Error{File: file, Line: line(te.Offset), Msg: "invalid JSON: " + te.Value + " out of range"}
	}
	return &Error{File: file, Msg: "invalid JSON: " + err.Error()}
}

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
			p.fail(join(mp, "type"), "must be one of diffuse, mirror, glass, light (got %q)", t)
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

// BoxQuads are the six faces of the axis-aligned box [lo, hi], normals
// pointing out of the box, in the order -x, +x, -y, +y, -z, +z.
func BoxQuads(lo, hi Vec3, material int) []Quad {
	d := hi.Sub(lo)
	dx, dy, dz := Vec3{d[0], 0, 0}, Vec3{0, d[1], 0}, Vec3{0, 0, d[2]}
	return []Quad{
		{Corner: lo, U: dz, V: dy, Material: material},                        // -x
		{Corner: Vec3{hi[0], lo[1], lo[2]}, U: dy, V: dz, Material: material}, // +x
		{Corner: lo, U: dx, V: dz, Material: material},                        // -y
		{Corner: Vec3{lo[0], hi[1], lo[2]}, U: dz, V: dx, Material: material}, // +y
		{Corner: lo, U: dy, V: dx, Material: material},                        // -z
		{Corner: Vec3{lo[0], lo[1], hi[2]}, U: dx, V: dy, Material: material}, // +z
	}
}

// float64 vector helpers for checks and the analytic ground truth.

func sub64(a, b [3]float64) [3]float64 { return [3]float64{a[0] - b[0], a[1] - b[1], a[2] - b[2]} }
func add64(a, b [3]float64) [3]float64 { return [3]float64{a[0] + b[0], a[1] + b[1], a[2] + b[2]} }
func scale64(a [3]float64, s float64) [3]float64 {
	return [3]float64{a[0] * s, a[1] * s, a[2] * s}
}
func dot64(a, b [3]float64) float64 { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }
func cross64(a, b [3]float64) [3]float64 {
	return [3]float64{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
}
func len64(a [3]float64) float64     { return math.Sqrt(dot64(a, a)) }
func norm64(a [3]float64) [3]float64 { return scale64(a, 1/len64(a)) }
func to64(v Vec3) [3]float64         { return [3]float64{float64(v[0]), float64(v[1]), float64(v[2])} }
