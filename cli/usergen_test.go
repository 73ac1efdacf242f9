package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A user's GLSL file that copies pcg_hash in the glsl:FILE contract dumps,
// on the GPU, exactly what the built-in pcg dumps: integers and floats,
// with a seed of the spec's own (the file, its framing and the kernels'
// plumbing proven bit for bit). The manual's example file does too.
func TestUserGLSLDumpEqualsBuiltin(t *testing.T) {
	dump := func(gen string, args ...string) string {
		t.Helper()
		r := speckle(t, nil, append([]string{"rng", "dump", "--gen", gen, "--streams", "67", "--count", "300"}, args...)...)
		if r.code != 0 || len(r.stdout) != 67*300*4 {
			t.Fatalf("rng dump --gen %s %v: exit %d, %d bytes, %q", gen, args, r.code, len(r.stdout), r.stderr)
		}
		return r.stdout
	}
	// user_pcg_loop.glsl runs a loop of 300 passes a draw: 300 draws of a
	// stream cost more passes than llvmpipe lets one invocation run, so its
	// dump is right only where RNG_LOOP_PASSES sizes the dispatches.
	for _, file := range []string{"../rng/testdata/user_pcg.glsl", "../docs/examples/pcg_hash.glsl", "../rng/testdata/user_pcg_loop.glsl"} {
		if dump("glsl:"+file) != dump("pcg") {
			t.Errorf("%s: its u32 dump differs from pcg's", file)
		}
		if dump("glsl:"+file+":seed=9", "--format", "f32") != dump("pcg:seed=9", "--format", "f32") {
			t.Errorf("%s: its f32 dump with seed 9 differs from pcg's", file)
		}
	}
}

// A driver's compile error names the user's file and line, not the
// assembled program's; a file that breaks the contract, and the CPU paths
// a glsl: generator has no reference for, are refused in one line, exit 2.
func TestUserGLSLRefusals(t *testing.T) {
	good, err := os.ReadFile("../rng/testdata/user_pcg.glsl")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.glsl")
	// Line 17 (rng_state[1] = 1u;) loses its operand.
	text := strings.Replace(string(good), "rng_state[1] = 1u;", "rng_state[1] = 1u +;", 1)
	if line := strings.Count(text[:strings.Index(text, "1u +;")], "\n") + 1; line != 17 {
		t.Fatalf("the broken line is %d", line)
	}
	if err := os.WriteFile(bad, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	nou32 := filepath.Join(dir, "nou32.glsl")
	if err := os.WriteFile(nou32, []byte(strings.ReplaceAll(string(good), "rng_u32", "rng_next")), 0o644); err != nil {
		t.Fatal(err)
	}
	user := "glsl:../rng/testdata/user_pcg.glsl"
	noRef := user + " has no CPU reference: "
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"rng", "dump", "--gen", "glsl:" + bad, "--count", "4"}, "speckle rng dump: " + bad + ":17:"},
		{[]string{"render", "--gen", "glsl:" + bad, "--size", "16x9", "--photons", "1e3", "--out", filepath.Join(dir, "x.png")}, "speckle render: " + bad + ":17:"},
		{[]string{"rng", "dump", "--gen", "glsl:" + nou32}, "speckle rng dump: --gen glsl:" + nou32 + ": does not define uint rng_u32(), which the contract needs"},
		{[]string{"rng", "dump", "--gen", user, "--device", "cpu"}, "speckle rng dump: " + noRef + "--device cpu needs one (use the GPU)"},
		{[]string{"rng", "dump", "--gen", user, "--device", "cpu", "--order", "renderer"}, "speckle rng dump: " + noRef + "--device cpu needs one"},
		{[]string{"rng", "look", "--gens", user, "--device", "cpu"}, "speckle rng look: " + noRef + "--device cpu needs one"},
		{[]string{"rng", "test", "--gens", user, "--order", "renderer", "--lags", "2"}, "speckle rng test: " + noRef + "--lags (the lag table is drawn from the Go reference) needs one"},
		{[]string{"rng", "look", "--gens", user, "--view", "photons"}, "speckle rng look: " + noRef + "the photons view (drawn from the Go reference) needs one"},
	}
	for _, c := range cases {
		r := speckle(t, nil, c.args...)
		// render says first what it cannot check (TestUserGLSLRender).
		r.stderr = strings.TrimPrefix(r.stderr, "speckle render: warning: glsl:bad.glsl: no CPU reference: its degenerate seeds, its period and the streams its passes share are not checked\n")
		if r.code != 2 || r.stdout != "" || !strings.HasPrefix(r.stderr, c.want) || strings.Count(r.stderr, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and one line starting %q", c.args, r.code, r.stderr, c.want)
		}
	}
}

// A small render with a user's generator runs on llvmpipe and writes its
// picture, labelled by the file's base name, and says what it cannot check.
func TestUserGLSLRender(t *testing.T) {
	out := filepath.Join(t.TempDir(), "user.png")
	r := speckle(t, nil, "render", "--gen", "glsl:../rng/testdata/user_pcg.glsl", "--size", "80x45", "--photons", "1e5", "--out", out)
	if r.code != 0 || !strings.Contains(r.stdout, "glsl:user_pcg.glsl") || !strings.Contains(r.stderr, "warning: glsl:user_pcg.glsl: no CPU reference: its degenerate seeds, its period") {
		t.Fatalf("exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	if fi, err := os.Stat(out); err != nil || fi.Size() == 0 {
		t.Errorf("no picture: %v", err)
	}
}

// The window takes a user's generator in a pane (app's TestUserGeneratorPane
// renders it) and keeps it in its settings by absolute path, so that they
// name the same file when read again from another folder.
func TestUserGLSLPaneKeptByAbsolutePath(t *testing.T) {
	settings := filepath.Join(t.TempDir(), "settings.json")
	r := speckle(t, nil, "app", "--panes", "glsl:../rng/testdata/user_pcg.glsl,pcg", "--headless", "--frames", "1", "--defaults", "--size", "64x36", "--settings", settings)
	if r.code != 0 {
		t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
	}
	text, err := os.ReadFile(settings)
	if err != nil {
		t.Fatal(err)
	}
	abs, _ := filepath.Abs("../rng/testdata/user_pcg.glsl")
	if !strings.Contains(string(text), `"glsl:`+abs+`"`) {
		t.Errorf("the settings do not name %s:\n%s", abs, text)
	}
}
