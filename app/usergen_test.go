package app

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"speckle/imageio"
	"speckle/rng"
)

// userPCG is a user's GLSL generator (glsl:FILE) equal bit for bit to the
// built-in pcg (rng/testdata/user_pcg.glsl, TestUserGLSLDumpEqualsBuiltin).
func userPCG(t *testing.T) rng.Spec {
	t.Helper()
	path, err := filepath.Abs("../rng/testdata/user_pcg.glsl")
	if err != nil {
		t.Fatal(err)
	}
	sp, err := rng.ParseSpec("glsl:" + path)
	if err != nil {
		t.Fatal(err)
	}
	return sp
}

// A user's generator in a pane renders what the built-in it copies renders:
// beside pcg, at the same iterations, the two panes' errors against the
// reference agree to 1e-6 (relative; a different generator's differ by
// percents), it is named by its file's base name, the picker lists it
// under "your own", and the settings keep it by path.
func TestUserGeneratorPane(t *testing.T) {
	s := testSettings()
	a := newTestApp(t, s)
	user := userPCG(t)
	pcg, _ := rng.ParseSpec("pcg")
	if err := a.Model.SetPanes([]rng.Spec{user, pcg}); err != nil {
		t.Fatal(err)
	}
	matched := false
	for k := 0; k < 40 && !matched; k++ {
		frames(t, a, 1)
		st := a.Stats()
		for i, p := range st.Panes {
			if p.Err != nil {
				t.Fatalf("pane %d (%s): %v", i+1, p.Label, p.Err)
			}
		}
		u, b := st.Panes[0], st.Panes[1]
		if u.Iterations == 0 || u.Iterations != b.Iterations || u.Photons != b.Photons {
			continue
		}
		matched = true
		if math.Abs(u.RMSE-b.RMSE) > 1e-6*b.RMSE || u.RMSE == 0 {
			t.Errorf("at %d iterations: glsl pane's error %v, pcg's %v", u.Iterations, u.RMSE, b.RMSE)
		}
	}
	if !matched {
		t.Fatal("the two panes never stood at the same iteration in 40 frames")
	}
	if got := a.Stats().Panes[0].Label; got != "glsl:user_pcg.glsl" {
		t.Errorf("the pane is labelled %q", got)
	}
	found := false
	for _, f := range generatorFamilies() {
		for _, g := range f.gens {
			found = found || g == user.Gen && strings.Contains(f.name, "your own")
		}
	}
	if !found {
		t.Error("the picker does not list the user's generator under \"your own\"")
	}
	// The settings keep it by its path; read back, it is the same file.
	back, ok := a.Model.S.Panes[0].Spec()
	if !ok || back.Gen.UserFile != user.Gen.UserFile || a.Model.S.Panes[0].Check() != nil {
		t.Errorf("the pane's settings name %q: spec %v, %v", a.Model.S.Panes[0].Generator, ok, a.Model.S.Panes[0].Check())
	}
	if t.Failed() {
		os.MkdirAll("testdata/failed", 0o755)
		imageio.WritePNG("testdata/failed/user-pane.png", window(t, a))
		t.Log("window saved to app/testdata/failed/user-pane.png")
	}
}

// In the lab, a user's generator shows the views drawn on the GPU and, in
// the one that draws the photon pass's samples from the Go reference, says
// in its pane that it has none, instead of drawing.
func TestUserGeneratorInTheLab(t *testing.T) {
	s := testSettings()
	s.Mode = ModeLab
	a := newTestApp(t, s)
	if err := a.Model.SetPanes([]rng.Spec{userPCG(t)}); err != nil {
		t.Fatal(err)
	}
	frames(t, a, 2)
	if err := a.Stats().Panes[0].Err; err != nil {
		t.Fatalf("the lab's default view: %v", err)
	}
	a.Model.S.Lab.View = "photons"
	frames(t, a, 2)
	err := a.Stats().Panes[0].Err
	if err == nil || !strings.Contains(err.Error(), "has no CPU reference: the photons view (drawn from the Go reference) needs one") {
		t.Errorf("the photons view with a user's generator: %v", err)
	}
}
