package scenes

import (
	"strings"
	"testing"
)

// ContentHash follows what the renderer sees: the same scene written
// another way has one hash; a change to light, geometry or camera another.
func TestContentHash(t *testing.T) {
	data := string(builtinScene(t, "cornell").source(t))
	base := parsed(t, data).ContentHash()
	if got := builtinScene(t, "cornell").ContentHash(); got != base {
		t.Fatalf("the built-in and its file hash apart: %s, %s", got, base)
	}
	for _, c := range []struct {
		name, old, new string
		same           bool
	}{
		{"renamed", `"name": "cornell"`, `"name": "other"`, true},
		{"exposure", `"exposure": 1`, `"exposure": 2`, true},
		{"spacing and notation", `"radius": 0.35`, `"radius"  :  3.5e-1`, true},
		{"material renamed", `"lamp"`, `"zlamp"`, true},
		{"lamp at a quarter", `"color": [16, 13, 9]`, `"color": [4, 3.25, 2.25]`, false},
		{"camera moved", `"position": [0, 1, 3.85]`, `"position": [0, 1, 3.86]`, false},
		{"fov", `"fov": 40`, `"fov": 41`, false},
		{"ior", `"ior": 1.5`, `"ior": 1.6`, false},
		{"sphere moved", `"center": [-0.45, 0.35, -0.4]`, `"center": [-0.45, 0.35, -0.41]`, false},
		{"albedo", `[0.73, 0.73, 0.73]`, `[0.73, 0.73, 0.72]`, false},
	} {
		edited := strings.ReplaceAll(data, c.old, c.new)
		if edited == data {
			t.Fatalf("%s: %q is not in cornell.json", c.name, c.old)
		}
		got := parsed(t, edited).ContentHash()
		if (got == base) != c.same {
			t.Errorf("%s: hash %s, cornell's %s; want the same: %v", c.name, got, base, c.same)
		}
	}
	if builtinScene(t, "caustics").ContentHash() == base {
		t.Error("caustics and cornell hash alike")
	}
}

func builtinScene(t *testing.T, name string) *Scene {
	t.Helper()
	s, err := Builtin(name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func parsed(t *testing.T, data string) *Scene {
	t.Helper()
	s, err := Parse("s.json", []byte(data))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// source is a built-in scene's file.
func (s *Scene) source(t *testing.T) []byte {
	t.Helper()
	b, err := builtinFS.ReadFile(s.Name + ".json")
	if err != nil {
		t.Fatal(err)
	}
	return b
}
