package cli

import (
	"image"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"speckle/app"
	"speckle/imageio"
)

var noDisplay = []string{"DISPLAY=", "WAYLAND_DISPLAY="}

func TestAppBadInput(t *testing.T) {
	cases := []struct {
		args []string
		env  []string
		want string
	}{
		{[]string{"app", "--panes", "rand48,lehmer,ca"}, nil, "want 1, 2 or 4 generators, got 3"},
		{[]string{"app", "--panes", "rand48,mt19937"}, nil, `unknown generator "mt19937"`},
		{[]string{"app", "--panes", "ranlux:lux=9"}, nil, "--lux must be 0..4"},
		{[]string{"app", "--frames", "-1"}, nil, "--frames must be 0..1073741824 (got -1)"},
		{[]string{"app", "--screenshot", "x.png"}, nil, "--screenshot needs --frames"},
		{[]string{"app", "--frames", "1", "--screenshot", "x.jpg"}, nil, "must end in .png"},
		{[]string{"app", "--window-size", "0x0"}, nil, "--window-size must be WIDTHxHEIGHT"},
		{[]string{"app", "--size", "5x5"}, nil, "--size must be WIDTHxHEIGHT, each 16..8192"},
		{[]string{"app", "--scene", "/nonexistent/room.json"}, nil, "/nonexistent/room.json"},
		{[]string{"app", "--budget", "-3"}, nil, "--budget must be 0 (the saved setting, 16) or in [1, 1000] (got -3)"},
		{[]string{"app", "--photons-per-iteration", "lots"}, nil, "--photons-per-iteration must be a whole number"},
		{[]string{"app", "--photons-per-iteration", "1e9"}, nil, "at most 2^26"},
		// --photons is a total count everywhere: the window has none.
		{[]string{"app", "--photons", "4096"}, nil, "--photons is a total photon count (render, capture); the window takes --photons-per-iteration"},
		{[]string{"app", "--panes", "philox:seed=x"}, nil, "philox: the seed must be a whole number"},
		{[]string{"app", "--mode", "rays"}, nil, "want photons, streamlines or lab"},
		{[]string{"app", "--views", "image,zoom"}, nil, `--views view "zoom": want image, heatmap or magnifier`},
		{[]string{"app", "--views", "image,image,image,image,image"}, nil, "a window has at most 4 panes"},
		{[]string{"app", "--focus", "0.5"}, nil, "--focus \"0.5\": want X,Y"},
		{[]string{"app", "--focus", "0.5,1.5"}, nil, "each a fraction of the image 0..1"},
		{[]string{"app", "--magnifier", "0.5"}, nil, "--magnifier must be 0 (the saved setting, 8) or in [1, 64]"},
		{[]string{"app", "--heatmap-scale", "-1"}, nil, "--heatmap-scale must be 0 (the saved setting, 0.5) or in [1e-6, 1e6]"},
		{[]string{"app", "--field", "/nonexistent.txt"}, nil, "/nonexistent.txt"},
		// No display: one line that says how to run headless.
		{[]string{"app"}, noDisplay, "speckle capture"},
		{[]string{"--frames", "2"}, noDisplay, "no display"},
	}
	for _, c := range cases {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			r := speckle(t, c.env, c.args...)
			if r.code != 2 || strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, c.want) ||
				strings.Contains(r.stderr, "goroutine") || strings.Contains(r.stderr, "panic") {
				t.Errorf("exit %d, stderr %q; want exit 2 and one line saying %q", r.code, r.stderr, c.want)
			}
		})
	}
}

// --resolution, the old name of --size (the panes' image size), still
// works, with a note on stderr.
func TestAppResolutionIsSize(t *testing.T) {
	r := speckle(t, nil, "app", "--resolution", "5x5")
	if r.code != 2 || !strings.Contains(r.stderr, "--resolution has been deprecated, use --size") ||
		!strings.Contains(r.stderr, "--size must be WIDTHxHEIGHT, each 16..8192 (got \"5x5\")") || r.stdout != "" {
		t.Errorf("exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
}

// A scripted headless run writes its screenshot, and its settings file
// brings the same panes back next time.
func TestAppHeadlessSettingsRoundTrip(t *testing.T) {
	dir := t.TempDir()
	settings, shot := filepath.Join(dir, "settings.json"), filepath.Join(dir, "shot.png")
	r := speckle(t, nil, "app", "--headless", "--frames", "3", "--window-size", "640x360", "--size", "96x54",
		"--photons-per-iteration", "4096", "--panes", "sobol:seed=3,ca:ca-preset=linear", "--settings", settings, "--screenshot", shot,
		"--views", "heatmap,magnifier", "--focus", "0.25,0.75", "--magnifier", "4", "--heatmap-scale", "0.125")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	img, err := imageio.ReadPNG(shot)
	if err != nil || img.Bounds() != image.Rect(0, 0, 640, 360) {
		t.Fatalf("screenshot: %v, %v", err, img.Bounds())
	}
	s, err := app.LoadSettings(settings)
	if err != nil {
		t.Fatal(err)
	}
	if s.Layout != 2 || s.Panes[0].Generator != "sobol" || s.Panes[0].Seed == nil || *s.Panes[0].Seed != 3 ||
		s.Panes[1].Options["ca-preset"] != "linear" || s.Resolution != "96x54" {
		t.Fatalf("saved settings: layout %d, panes %+v, resolution %s", s.Layout, s.Panes[:2], s.Resolution)
	}
	if s.Panes[0].View != app.ViewHeatmap || s.Panes[1].View != app.ViewMagnifier || s.Focus != [2]float32{0.25, 0.75} || !s.FocusLocked ||
		s.Zoom != 4 || s.ErrorScale != 0.125 {
		t.Fatalf("saved views: %q %q, focus %v (locked %v), magnifier %g, heatmap scale %g", s.Panes[0].View, s.Panes[1].View, s.Focus, s.FocusLocked, s.Zoom, s.ErrorScale)
	}
	r = speckle(t, nil, "app", "--headless", "--frames", "2", "--window-size", "640x360", "--settings", settings, "--bench")
	if r.code != 0 || !strings.Contains(r.stdout, "sobol seed=3") || !strings.Contains(r.stdout, "ca linear") || strings.Contains(r.stdout, "pane 3") {
		t.Fatalf("second run did not bring the panes back: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
}

// The real window, under Xvfb (make test runs the suite under xvfb-run):
// four panes with different pictures, and the controls drawn.
func TestAppWindow(t *testing.T) {
	if os.Getenv("DISPLAY") == "" {
		if os.Getenv("SPECKLE_REQUIRE_DISPLAY") != "" {
			t.Fatal("no DISPLAY, but SPECKLE_REQUIRE_DISPLAY is set: run under xvfb-run")
		}
		t.Skip("no DISPLAY: run under xvfb-run (make test does)")
	}
	dir := t.TempDir()
	shot := filepath.Join(dir, "window.png")
	r := speckle(t, nil, "--frames", "5", "--window-size", "800x450", "--size", "160x90", "--photons-per-iteration", "4096",
		"--settings", filepath.Join(dir, "s.json"), "--screenshot", shot)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	img, err := imageio.ReadPNG(shot)
	if err != nil || img.Bounds().Dx() != 800 || img.Bounds().Dy() != 450 {
		t.Fatalf("screenshot: %v %v", err, img.Bounds())
	}
	left := 340
	w, h := (800-left)/2, 450/2
	var means [4]float64
	for i := 0; i < 4; i++ {
		x0, y0 := left+(i%2)*w, (i/2)*h
		lo, hi, sum, n := 255.0, 0.0, 0.0, 0.0
		for y := y0 + h/3; y < y0+5*h/6; y++ {
			for x := x0 + w/4; x < x0+3*w/4; x++ {
				o := img.PixOffset(x, y)
				l := (float64(img.Pix[o]) + float64(img.Pix[o+1]) + float64(img.Pix[o+2])) / 3
				lo, hi, sum, n = min(lo, l), max(hi, l), sum+l, n+1
			}
		}
		means[i] = sum / n
		if hi-lo < 20 {
			t.Errorf("pane %d is flat (spread %.0f)", i+1, hi-lo)
		}
	}
	if means[0] == means[1] && means[1] == means[2] && means[2] == means[3] {
		t.Error("the four panes look the same")
	}
	if t.Failed() {
		os.MkdirAll("testdata/failed", 0o755)
		imageio.WritePNG("testdata/failed/window.png", img)
	}
}

// Below OpenGL 4.3 the app says so in one line, window or not (a failure at run time: exit 1).
func TestAppNoGL43(t *testing.T) {
	args := [][]string{{"app", "--headless", "--frames", "1"}}
	if os.Getenv("DISPLAY") != "" {
		args = append(args, []string{"app", "--frames", "1"})
	}
	for _, a := range args {
		r := speckle(t, []string{"MESA_GL_VERSION_OVERRIDE=4.1"}, a...)
		if r.code != 1 || strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, "OpenGL 4.3 or newer is needed") {
			t.Errorf("%v: exit %d, stderr %q", a, r.code, r.stderr)
		}
	}
}

// Ctrl-C ends the app as closing its window does: exit 0, settings saved.
func TestAppInterruptSavesSettings(t *testing.T) {
	settings := filepath.Join(t.TempDir(), "s.json")
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), childArgs+"="+strings.Join([]string{"app", "--headless", "--frames", "1000000",
		"--size", "48x27", "--photons-per-iteration", "1024", "--panes", "pcg32", "--settings", settings}, "\x1f"))
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(3 * time.Second) // context, programs, a few frames
	cmd.Process.Signal(os.Interrupt)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("after Ctrl-C: %v", err)
		}
	case <-time.After(20 * time.Second):
		cmd.Process.Kill()
		t.Fatal("the app did not stop on Ctrl-C")
	}
	s, err := app.LoadSettings(settings)
	if err != nil || s.Layout != 1 || s.Panes[0].Generator != "pcg32" {
		t.Fatalf("settings after Ctrl-C: %+v, %v", s.Panes[0], err)
	}
}

// A settings file that fails to load is reported and left byte for byte as
// it was; the run's settings go beside it, and stderr says where and why.
func TestAppKeepsSettingsThatFailedToLoad(t *testing.T) {
	for name, text := range map[string]string{
		"json":   "{\"layout\": 2, \"panes\": [\n", // cut short: the user was editing it
		"values": `{"layout": 3}`,
	} {
		t.Run(name, func(t *testing.T) {
			settings := filepath.Join(t.TempDir(), "settings.json")
			if err := os.WriteFile(settings, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			r := speckle(t, nil, "app", "--headless", "--frames", "1", "--window-size", "320x180", "--size", "48x27",
				"--photons-per-iteration", "1024", "--panes", "pcg32", "--settings", settings)
			if r.code != 0 {
				t.Fatalf("exit %d: %s", r.code, r.stderr)
			}
			if got, err := os.ReadFile(settings); err != nil || string(got) != text {
				t.Fatalf("the settings file that failed to load was changed to %q (%v)", got, err)
			}
			s, err := app.LoadSettings(settings + ".new")
			if err != nil || s.Panes[0].Generator != "pcg32" || s.Layout != 1 {
				t.Fatalf("%s.new: %+v, %v; want this run's settings", settings, s.Panes[0], err)
			}
			if !strings.Contains(r.stderr, "settings saved to "+settings+".new, not over "+settings+", which failed to load") ||
				strings.Contains(r.stderr, "goroutine") || strings.Contains(r.stderr, "panic") {
				t.Fatalf("stderr %q: want a line saying where the settings went and why", r.stderr)
			}
		})
	}
}

// speckle app --mode lab starts in the lab, headless too: the window shows
// each pane's points, the settings file keeps the mode.
func TestAppLabMode(t *testing.T) {
	dir := t.TempDir()
	shot, settings := filepath.Join(dir, "lab.png"), filepath.Join(dir, "s.json")
	r := speckle(t, nil, "app", "--mode", "lab", "--headless", "--frames", "2", "--window-size", "640x360",
		"--panes", "lehmer,philox", "--settings", settings, "--screenshot", shot)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	img, err := imageio.ReadPNG(shot)
	if err != nil || img.Bounds().Dx() != 640 {
		t.Fatalf("screenshot: %v", err)
	}
	// The first pane's picture: white with dark points, right of the sidebar.
	dark, white := 0, 0
	for y := 100; y < 260; y++ {
		for x := 360; x < 480; x++ {
			switch v := img.Pix[img.PixOffset(x, y)]; {
			case v == 255:
				white++
			case v < 220:
				dark++
			}
		}
	}
	if dark == 0 || white == 0 {
		t.Errorf("pane 1 holds %d dark and %d white pixels: no point cloud", dark, white)
	}
	s, err := app.LoadSettings(settings)
	if err != nil || s.Mode != app.ModeLab {
		t.Fatalf("saved mode %q (%v), want lab", s.Mode, err)
	}
}
