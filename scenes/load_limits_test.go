package scenes

import (
	"fmt"
	"strings"
	"testing"
)

// manySpheres is a scene of n small spheres under a lamp.
func manySpheres(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"name": "many", "camera": {"position": [0, 0, 5], "look_at": [0, 0, 0], "fov": 40},
"materials": {"w": {"type": "diffuse", "color": [0.5, 0.5, 0.5]}, "lamp": {"type": "light", "color": [1, 1, 1]}},
"objects": {"quads": [{"corner": [-1, 2, -1], "u": [2, 0, 0], "v": [0, 0, 2], "material": "lamp"}], "spheres": [`)
	for i := range n - 1 { // the lamp is a primitive too
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"center": [%.4f, %.4f, 0], "radius": 0.01, "material": "w"}`, float64(i%1000)/500-1, float64(i/1000)/500-1)
	}
	b.WriteString("]}}")
	return []byte(b.String())
}

// A scene whose BVH the shaders cannot hold is bad input at load (issue 21 item 15):
// before, 134k primitives loaded and the renderer refused them after opening the GPU
// (exit 1, 3 s later). MaxPrimitives is exactly the BVH's limit.
func TestTooManyPrimitivesRefusedAtLoad(t *testing.T) {
	s, err := Parse("ok.json", manySpheres(MaxPrimitives))
	if err != nil {
		t.Fatalf("%d primitives: %v", MaxPrimitives, err)
	}
	if _, _, depth := s.BVH(); depth != MaxBVHDepth {
		t.Errorf("%d primitives make a BVH %d deep, want exactly %d", MaxPrimitives, depth, MaxBVHDepth)
	}
	_, err = Parse("big.json", manySpheres(MaxPrimitives+1))
	if err == nil || !strings.Contains(err.Error(), "131073 spheres, quads and triangles: at most 131072") {
		t.Errorf("%d primitives: %v, want refused", MaxPrimitives+1, err)
	}
}

// A scene file's name is printed quoted when it holds terminal escapes or invalid UTF-8
// (issue 21 item 11): before, "\x1b[2J" in the name cleared the screen.
func TestSceneErrorsQuoteTheFileName(t *testing.T) {
	for _, name := range []string{"\x1b[2Jx.json", "\xffx.json", "a\nb.json"} {
		_, err := Parse(name, []byte("{"))
		if err == nil || strings.ContainsAny(err.Error(), "\x1b\n\xff") || !strings.Contains(err.Error(), "invalid JSON") {
			t.Errorf("%q: %q", name, err)
		}
		if _, err := Load("/nonexistent/" + name); err == nil || strings.ContainsAny(err.Error(), "\x1b\n\xff") {
			t.Errorf("%q: %q", name, err)
		}
	}
}
