package app

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"speckle/internal/fuzzcheck"
	"speckle/scenes"
)

// FuzzLoadSettings: no settings file panics LoadSettings. A rejected one
// gets a one-line error naming the file, and the defaults (which are not
// saved over it: TestSaveKeepingAFileThatFailedToLoad); an accepted one
// passes Check and survives a save and a load.
func FuzzLoadSettings(f *testing.F) {
	d := Defaults()
	s := d
	s.Scene, s.Layout, s.Exposure, s.Sync, s.Mode = "caustics", 2, 2.5, true, ModeStreamlines
	s.Panes[1] = PaneSettings{Generator: "ca", Options: map[string]string{"ca-rule": "0x35AC", "ca-k": "0,32,17,63"}, View: ViewMagnifier}
	s.Camera = &scenes.Camera{Position: scenes.Vec3{1, 2, 3}, LookAt: scenes.Vec3{0, 1, 0}, Up: scenes.Vec3{0, 1, 0}, FOV: 35}
	lab := d
	lab.Mode, lab.Lab.View, lab.Lab.Zoom, lab.Lab.ZoomZ, lab.Lab.Scan = ModeLab, "triples", [3]float64{0.25, 0.5, 1e-6}, 0.3, 1<<28
	for _, v := range []Settings{d, s, lab} {
		data, err := json.MarshalIndent(v, "", "  ")
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	for _, t := range []string{
		"", "{}", "null", "[]", `{"layout": 4,`, `{"layout": 3}`, `{"layout": 1e400}`, `{"exposure": NaN}`,
		`{"exposure": 1e39}`, `{"magnifier": -0}`, `{"resolution": "99999999999999999999x1"}`, `{"resolution": "640x360x2"}`,
		`{"scene": "../../etc/passwd"}`, `{"streamlines": {"field": "../x", "width": 480, "map": "density", "step": 0.5, "density": 3}}`,
		`{"panes": [{"generator": "ranlux", "options": {"lux": "9"}, "view": "image"}]}`,
		`{"panes": [{"generator": "lehmer", "options": {"a\nb": "1"}, "view": "image"}]}`,
		`{"panes": [{"generator": "\n", "view": "image"}]}`, `{"panes": [{"generator": "glsl:", "view": "image"}]}`,
		`{"panes": [{"generator": "glsl:a\nb.glsl", "view": "image"}]}`, `{"panes": [{"generator": "glsl:/dev/zero", "view": "image"}]}`,
		`{"panes": [{"generator": "glsl:../rng/testdata/user_pcg.glsl", "view": "image"}]}`, `{"camera": {"Position": [0, 0, 0], "LookAt": [0, 0, 0]}}`,
		`{"mode": "lab", "lab": {"view": "pairs", "zoom": [0.9, 0, 0.2]}}`, `{"lab": {"view": "triples", "rotate": [1e308, 0]}}`,
		`{"lab": {"decision": "up"}}`, `{"lab": {"scan": -1}}`, `{"lab": {"view": "x"}}`, `{"lab": {"size": 1e9}}`,
		`{"seed": -1}`, `{"seed": 4294967296}`, `{"photons_per_iteration": 67108865}`,
		strings.Repeat("[", 100000), strings.Repeat(`{"x":`, 10000) + "1" + strings.Repeat("}", 10000),
		`{"scene": "` + strings.Repeat("x", 1<<16) + `"}`, "\xff\xfe{}",
	} {
		f.Add([]byte(t))
	}
	path := filepath.Join(f.TempDir(), "settings.json")
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		s, err := LoadSettings(path)
		if err != nil {
			fuzzcheck.OneLine(t, err)
			if !strings.Contains(err.Error(), path) || !reflect.DeepEqual(s, Defaults()) {
				t.Fatalf("error %v: want one naming the file, and the defaults", err)
			}
			return
		}
		if err := s.Check(); err != nil {
			t.Fatalf("loaded settings that fail Check: %v", err)
		}
		// Saved as Save writes them (without its fsyncs, slow in a loop),
		// they load the same.
		saved, err := json.MarshalIndent(s, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, append(saved, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		again, err := LoadSettings(path)
		a, _ := json.Marshal(s)
		b, _ := json.Marshal(again)
		if err != nil || !bytes.Equal(a, b) {
			t.Fatalf("saved and loaded again: %v\n%s\n%s", err, a, b)
		}
	})
}
