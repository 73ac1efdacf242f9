package scenes

import (
	"bytes"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"sort"
	"strings"

	"speckle/internal/capped"
	"speckle/internal/numcheck"
	user "speckle/internal/printable"
	"speckle/internal/suggest"
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
	file := user.Quote(e.File) // a file name may hold terminal escapes
	switch {
	case e.Line > 0:
		return fmt.Sprintf("%s: line %d: %s", file, e.Line, e.Msg)
	case e.Field != "":
		return fmt.Sprintf("%s: %s: %s", file, e.Field, e.Msg)
	default:
		return fmt.Sprintf("%s: %s", file, e.Msg)
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
		if h := suggest.Hint(name, Names()); h != "" {
			return nil, fmt.Errorf("unknown built-in scene %q (%s)", name, h)
		}
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
		if h := suggest.Hint(nameOrPath, Names()); h != "" {
			return nil, fmt.Errorf("unknown scene %q (%s)", nameOrPath, h)
		}
		return nil, fmt.Errorf("unknown scene %q: not a built-in (%s) and %v",
			nameOrPath, strings.Join(Names(), ", "), err)
	}
	return s, err
}

// parsing hears each scene Parse reads: nil but in a test of what the
// program reads when (the start-up reads none).
var parsing func(name string)

// Parse checks and converts the JSON scene data; name is the file name used
// in error messages (and, without directory and extension, the scene's name
// when the file gives none).
func Parse(name string, data []byte) (s *Scene, err error) {
	if parsing != nil {
		parsing(name)
	}
	var root any
	if err := json.Unmarshal(data, &root); err != nil {
		return nil, jsonError(name, data, err)
	}
	if err := duplicateKeyError(name, data); err != nil {
		return nil, err
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
