package render

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"speckle/imageio"
	"speckle/internal/units"
	"speckle/scenes"
)

// writeReferenceMeta writes m as the sidecar of the reference at pfm.
func writeReferenceMeta(pfm string, m ReferenceMeta) error {
	return imageio.WriteFileAtomic(SidecarPath(pfm), m.Writer())
}

// allowWeak sets AllowWeakReferences (--allow-weak-reference) for the test.
func allowWeak(t *testing.T) {
	t.Helper()
	AllowWeakReferences = true
	t.Cleanup(func() { AllowWeakReferences = false })
}

// Issue 32, item 5: a reference of 1e4 photons (speckle reference --photons
// 1e4) silently changed every later RMSE in its folder. One below
// MinReferencePhotons, or of an unknown count, is refused where it would be
// used unless --allow-weak-reference, and every use names its count.
func TestStoredReferenceRefusesWeakOnes(t *testing.T) {
	inDir(t)
	sc := cornell(t)
	path := writeRef(t, sc, 8, 6, 1)
	m := ReferenceMeta{Scene: sc.Name, SceneSHA256: sc.ContentHash(), Width: 8, Height: 6, Photons: 1e4, Generator: "philox"}
	if err := writeReferenceMeta(path, m); err != nil {
		t.Fatal(err)
	}
	for _, size := range [][2]int{{8, 6}, {4, 3}} {
		img, _, err := ReferenceImage(sc, size[0], size[1])
		want := "reference " + path + " was made from 1e4 photons, under the 1e8 a reference needs"
		if img != nil || !errors.Is(err, ErrWeakReference) || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "--allow-weak-reference uses it") {
			t.Errorf("1e4 photons at %v: %v, %v; want ErrWeakReference with %q", size, img != nil, err, want)
		}
	}
	os.Remove(SidecarPath(path))
	if img, _, err := ReferenceImage(sc, 8, 6); img != nil || !errors.Is(err, ErrWeakReference) || !strings.Contains(err.Error(), "has no sidecar to say its photon count") {
		t.Errorf("no sidecar: %v, %v; want ErrWeakReference", img != nil, err)
	}
	writeReferenceMeta(path, m)
	allowWeak(t)
	if img, where, err := ReferenceImage(sc, 8, 6); img == nil || err != nil || where != "1e4 photons, "+path {
		t.Errorf("allowed: %v, %q, %v; want the image, its count named", img != nil, where, err)
	}
}

// inDir runs the test in a fresh working directory and returns its
// assets/reference folder.
func inDir(t *testing.T) string {
	t.Helper()
	wd, _ := os.Getwd()
	dir := t.TempDir()
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chdir(wd) })
	refs := filepath.Join("assets", "reference")
	if err := os.MkdirAll(refs, 0o755); err != nil {
		t.Fatal(err)
	}
	return refs
}

// writeRef writes a w x h reference of value 0.5 with bad as pixel (1, 0)'s
// G, and its sidecar for scene unless scene is nil.
func writeRef(t *testing.T, scene *scenes.Scene, w, h int, bad float32) string {
	t.Helper()
	img := imageio.NewImage(w, h)
	for i := range img.Pix {
		img.Pix[i] = 0.5
	}
	img.Pix[4+1] = bad
	path := ReferencePath("cornell", w, h)
	if err := imageio.WritePFM(path, img); err != nil {
		t.Fatal(err)
	}
	if scene != nil {
		m := ReferenceMeta{Scene: scene.Name, SceneSHA256: scene.ContentHash(), Width: w, Height: h, Photons: MinReferencePhotons, Generator: "philox"}
		if err := writeReferenceMeta(path, m); err != nil {
			t.Fatal(err)
		}
	}
	return path
}

func cornell(t *testing.T) *scenes.Scene {
	t.Helper()
	s, err := scenes.Builtin("cornell")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Issue 21, item 7: a stored reference holding NaN, Inf, negative or absurd
// values, or cut short, or longer than its header says, was read as it was
// (RMSE NaN or +Inf, exit 0) or passed over in silence (no RMSE). Each is
// an error now that names the file and what is wrong.
func TestStoredReferenceRefusesBrokenFiles(t *testing.T) {
	sc := cornell(t) // brightest light 16: at most 16,000
	for _, c := range []struct {
		name  string
		make  func(t *testing.T)
		w, h  int
		wants string
	}{
		{"NaN", func(t *testing.T) { writeRef(t, sc, 8, 6, float32(math.NaN())) }, 8, 6, "pixel (1, 0) G is NaN"},
		{"+Inf", func(t *testing.T) { writeRef(t, sc, 8, 6, float32(math.Inf(1))) }, 8, 6, "G is +Inf (infinite)"},
		{"-Inf", func(t *testing.T) { writeRef(t, sc, 8, 6, float32(math.Inf(-1))) }, 8, 6, "G is -Inf (infinite)"},
		{"negative", func(t *testing.T) { writeRef(t, sc, 8, 6, -0.25) }, 8, 6, "G is -0.25 (negative)"},
		{"3e38", func(t *testing.T) { writeRef(t, sc, 8, 6, 3e38) }, 8, 6, "G is 3e+38 (above 1.6e+04, the most allowed)"},
		{"truncated", func(t *testing.T) { cut(t, writeRef(t, sc, 8, 6, 1), -7) }, 8, 6, "short PFM file: 569 bytes of pixel data, want 576"},
		{"header lies", func(t *testing.T) { cut(t, writeRef(t, sc, 8, 6, 1), 12) }, 8, 6, "long PFM file: 588 bytes of pixel data, want 576"},
		{"other size", func(t *testing.T) { rename(t, writeRef(t, nil, 4, 3, 1), ReferencePath("cornell", 8, 6)) }, 8, 6, "is 4x3: its name says 8x6"},
		{"broken larger one", func(t *testing.T) { writeRef(t, sc, 16, 12, float32(math.NaN())) }, 8, 6, "cornell-16x12.pfm: 1 of 576 values"},
		{"a folder", func(t *testing.T) { os.Mkdir(ReferencePath("cornell", 8, 6), 0o755) }, 8, 6, "cornell-8x6.pfm"},
		{"sidecar not JSON", func(t *testing.T) { sidecar(t, writeRef(t, sc, 8, 6, 1), "{") }, 8, 6, "reference sidecar assets/reference/cornell-8x6.json: unexpected EOF"},
		{"sidecar unknown field", func(t *testing.T) { sidecar(t, writeRef(t, sc, 8, 6, 1), `{"scene_hash":"x"}`) }, 8, 6, `unknown field "scene_hash"`},
		{"sidecar bad hash", func(t *testing.T) {
			sidecar(t, writeRef(t, sc, 8, 6, 1), `{"scene":"cornell","scene_sha256":"\u001b[2J","width":8,"height":6}`)
		}, 8, 6, `scene_sha256 "\x1b[2J" is not 64 hex digits`},
		{"sidecar other size", func(t *testing.T) {
			p := writeRef(t, sc, 8, 6, 1)
			writeReferenceMeta(p, ReferenceMeta{Scene: "cornell", SceneSHA256: sc.ContentHash(), Width: 640, Height: 360})
		}, 8, 6, "says 640x360, the image is 8x6"},
		{"sidecar two objects", func(t *testing.T) { sidecar(t, writeRef(t, sc, 8, 6, 1), `{} {}`) }, 8, 6, "more than one JSON object"},
	} {
		t.Run(c.name, func(t *testing.T) {
			inDir(t)
			c.make(t)
			img, where, err := StoredReference(sc, c.w, c.h)
			if err == nil || errors.Is(err, ErrOtherScene) || !strings.Contains(err.Error(), c.wants) || strings.ContainsAny(err.Error(), "\n\x1b") {
				t.Errorf("%v (%q, image %v); want an error with %q", err, where, img != nil, c.wants)
			}
		})
	}
}

// cut drops the last -n bytes of a file, or adds n.
func cut(t *testing.T, path string, n int) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if n < 0 {
		b = b[:len(b)+n]
	} else {
		b = append(b, make([]byte, n)...)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

func rename(t *testing.T, from, to string) {
	t.Helper()
	if err := os.Rename(from, to); err != nil {
		t.Fatal(err)
	}
}

func sidecar(t *testing.T, pfm, data string) {
	t.Helper()
	if err := os.WriteFile(SidecarPath(pfm), []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

// Issue 21, item 8: a reference was found by the scene's name alone, so a
// copy of cornell.json with the lamp at a quarter measured its RMSE against
// cornell's. Its sidecar's content hash tells them apart now.
func TestStoredReferenceMatchesSceneContent(t *testing.T) {
	inDir(t)
	sc := cornell(t)
	path := writeRef(t, sc, 8, 6, 1)
	if img, where, err := StoredReference(sc, 8, 6); img == nil || err != nil || where != "1e8 photons, "+path {
		t.Fatalf("cornell's own: %v, %q, %v", img != nil, where, err)
	}
	if img, where, err := StoredReference(sc, 4, 3); img == nil || err != nil || where != "1e8 photons, "+path+" averaged 2x2" {
		t.Fatalf("cornell's own, averaged: %v, %q, %v", img != nil, where, err)
	}
	quarter := *sc
	quarter.Materials = append([]scenes.Material(nil), sc.Materials...)
	for i, m := range quarter.Materials {
		if m.Kind == scenes.Light {
			quarter.Materials[i].Color = m.Color.Scale(0.25)
		}
	}
	for _, size := range [][2]int{{8, 6}, {4, 3}} {
		img, _, err := StoredReference(&quarter, size[0], size[1])
		if img != nil || !errors.Is(err, ErrOtherScene) || !strings.Contains(err.Error(), "reference "+path+" was made from another scene named cornell") {
			t.Errorf("the lamp at a quarter, %v: %v, %v; want ErrOtherScene", size, img != nil, err)
		}
	}
	// A reference from before sidecars is taken by name where weak ones are
	// allowed (its count is unknown), and says so.
	os.Remove(SidecarPath(path))
	allowWeak(t)
	if img, where, err := StoredReference(&quarter, 8, 6); img == nil || err != nil || where != "unknown photons (no sidecar), "+path+" (matched by the scene's name only)" {
		t.Errorf("no sidecar: %v, %q, %v", img != nil, where, err)
	}
	// None at all: no image, the reason, no error.
	os.Remove(path)
	if img, where, err := StoredReference(sc, 8, 6); img != nil || err != nil || !strings.Contains(where, "no reference at 8x6") {
		t.Errorf("none: %v, %q, %v", img != nil, where, err)
	}
}

// The shipped references have sidecars, and they match the built-in
// scenes: a change to a scene file that would make its reference wrong
// fails here.
func TestShippedReferencesMatchTheirScenes(t *testing.T) {
	wd, _ := os.Getwd()
	if err := os.Chdir(".."); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	pfms, _ := filepath.Glob("assets/reference/*.pfm")
	if len(pfms) == 0 {
		t.Fatal("no shipped references")
	}
	for _, p := range pfms {
		m, err := ReadReferenceMeta(p)
		if err != nil {
			t.Errorf("%s: %v", p, err)
			continue
		}
		sc, err := scenes.Builtin(m.Scene)
		if err != nil {
			t.Errorf("%s: %v", p, err)
			continue
		}
		img, where, err := StoredReference(sc, m.Width, m.Height)
		if img == nil || err != nil || where != units.FormatCount(m.Photons)+" photons, "+p || m.Photons < MinReferencePhotons || m.Generator == "" {
			t.Errorf("%s: %q, %v (sidecar %+v)", p, where, err, m)
		}
	}
}
