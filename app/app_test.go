package app

import (
	"fmt"
	"image"
	"math"
	"os"
	"path/filepath"
	"testing"

	"speckle/gpu/gltest"
	"speckle/imageio"
	"speckle/render"
	"speckle/scenes"
	"speckle/scenes/flow"
)

// GL work stays on the main thread (gltest); the app makes its own context.
func TestMain(m *testing.M) { os.Exit(gltest.Serve(m)) }

// onGL runs f on the GL thread; f must not call t.Fatal.
func onGL(t *testing.T, f func() error) {
	t.Helper()
	if err := gltest.Do(f); err != nil {
		t.Fatal(err)
	}
}

// testSettings are small enough for llvmpipe: 160x90 panes, 2^12 photons
// per iteration.
func testSettings() Settings {
	s := Defaults()
	s.Resolution, s.Photons, s.BudgetMS = "160x90", 1<<12, 40
	return s
}

func newTestApp(t *testing.T, s Settings) *App { return newSizedApp(t, s, 800, 450) }

func newSizedApp(t *testing.T, s Settings, w, h int) *App {
	t.Helper()
	var a *App
	onGL(t, func() (err error) {
		a, err = New(Options{Settings: s, Headless: true, Width: w, Height: h, ShotDir: t.TempDir(), Out: testWriter{t}})
		return err
	})
	t.Cleanup(func() { gltest.Do(func() error { a.Close(); return nil }) })
	return a
}

type testWriter struct{ t *testing.T }

func (w testWriter) Write(p []byte) (int, error) { w.t.Log(string(p)); return len(p), nil }

func frames(t *testing.T, a *App, n int) {
	t.Helper()
	onGL(t, func() error {
		for k := 0; k < n; k++ {
			if err := a.Frame(); err != nil {
				return err
			}
		}
		return nil
	})
}

func photons(a *App) []int64 {
	var out []int64
	for _, p := range a.Stats().Panes {
		out = append(out, p.Photons)
	}
	return out
}

// window reads the last drawn frame as an image.
func window(t *testing.T, a *App) *image.NRGBA {
	t.Helper()
	path := filepath.Join(t.TempDir(), "window.png")
	onGL(t, func() error { return a.writeWindow(path) })
	img, err := imageio.ReadPNG(path)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// crop statistics: mean RGB and the spread of luminance.
func regionStats(img *image.NRGBA, r image.Rectangle) (mean [3]float64, spread float64) {
	var lo, hi float64 = 255, 0
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			o := img.PixOffset(x, y)
			l := 0.0
			for c := 0; c < 3; c++ {
				v := float64(img.Pix[o+c])
				mean[c] += v
				l += v / 3
			}
			lo, hi = math.Min(lo, l), math.Max(hi, l)
			n++
		}
	}
	for c := range mean {
		mean[c] /= float64(n)
	}
	return mean, hi - lo
}

func TestAppDrawsPanesAndUI(t *testing.T) {
	a := newTestApp(t, testSettings())
	frames(t, a, 6)
	st := a.Stats()
	if len(st.Panes) != 4 {
		t.Fatalf("%d panes, want 4", len(st.Panes))
	}
	for i, p := range st.Panes {
		if p.Err != nil || p.Photons == 0 || p.Iterations == 0 {
			t.Errorf("pane %d (%s): %d photons, %d iterations, error %v", i+1, p.Label, p.Photons, p.Iterations, p.Err)
		}
	}
	img := window(t, a)
	if img.Bounds().Dx() != 800 || img.Bounds().Dy() != 450 {
		t.Fatalf("window image %v, want 800x450", img.Bounds())
	}
	// Pane cells: the area right of the sidebar, 2x2. Take each image's
	// middle, away from overlays.
	left := sidebarWidth
	w, h := (800-left)/2, 450/2
	var means [4][3]float64
	for i := 0; i < 4; i++ {
		x0, y0 := left+(i%2)*w, (i/2)*h
		r := image.Rect(x0+w/4, y0+h/3, x0+3*w/4, y0+5*h/6)
		var spread float64
		means[i], spread = regionStats(img, r)
		if spread < 20 {
			t.Errorf("pane %d is flat (luminance spread %.0f): no render drawn", i+1, spread)
		}
	}
	// Four different generators: four different images, though of one scene.
	for i := 0; i < 4; i++ {
		for j := i + 1; j < 4; j++ {
			d := 0.0
			for c := 0; c < 3; c++ {
				d += math.Abs(means[i][c] - means[j][c])
			}
			if d == 0 {
				t.Errorf("panes %d and %d have the same mean colour: the same picture twice?", i+1, j+1)
			}
		}
	}
	// The sidebar: imgui's window with text (bright pixels on dark).
	_, spread := regionStats(img, image.Rect(10, 10, left-10, 200))
	if spread < 120 {
		t.Errorf("the controls do not look drawn (luminance spread %.0f in the sidebar)", spread)
	}
	if t.Failed() {
		os.MkdirAll("testdata/failed", 0o755)
		imageio.WritePNG("testdata/failed/window.png", img)
		t.Log("window saved to app/testdata/failed/window.png")
	}
}

func TestSwapRestartsOnlyThatPane(t *testing.T) {
	a := newTestApp(t, testSettings())
	frames(t, a, 4)
	before := photons(a)
	if err := a.Model.SetGenerator(1, "pcg32"); err != nil {
		t.Fatal(err)
	}
	frames(t, a, 1)
	after := photons(a)
	for i := range before {
		if i == 1 {
			if after[i] >= before[i] {
				t.Errorf("pane 2 went on from %d to %d photons after its generator changed", before[i], after[i])
			}
		} else if after[i] <= before[i] {
			t.Errorf("pane %d restarted (%d -> %d photons) when pane 2 changed", i+1, before[i], after[i])
		}
	}
	if got := a.Stats().Panes[1].Label; got != "pcg32" {
		t.Errorf("pane 2 shows %s", got)
	}
}

func TestKeysAndScreenshot(t *testing.T) {
	a := newTestApp(t, testSettings())
	frames(t, a, 2)
	press := func(k int) {
		a.headless.PressKey(k)
		frames(t, a, 2)
	}
	press(' ')
	if !a.Model.Paused {
		t.Fatal("Space did not pause")
	}
	p := photons(a)
	frames(t, a, 2)
	if q := photons(a); fmt.Sprint(p) != fmt.Sprint(q) {
		t.Errorf("paused, photons went on: %v -> %v", p, q)
	}
	press('2')
	if a.Model.Visible() != 2 {
		t.Errorf("key 2: %d panes", a.Model.Visible())
	}
	press('S')
	files, _ := filepath.Glob(filepath.Join(a.opts.ShotDir, "*.png"))
	if len(files) != 3 { // the window and two panes
		t.Errorf("screenshot wrote %v, want the window and two panes", files)
	}
	for _, f := range files {
		img, err := imageio.ReadPNG(f)
		if err != nil || img.Bounds().Dx() < 100 {
			t.Errorf("%s: %v", f, err)
		}
	}
	press('H')
	if !a.Model.ShowHelp {
		t.Error("H did not show the help")
	}
	press('R')
	if q := photons(a); q[0] != 0 {
		t.Errorf("R while paused left %d photons in pane 1", q[0])
	}
}

// Dragging over a pane orbits the camera, which restarts every pane; the
// magnifier's point follows the mouse over an image.
func TestMouseOrbitAndFocus(t *testing.T) {
	a := newTestApp(t, testSettings())
	frames(t, a, 8)
	h := a.headless
	// Pane 1's cell spans x 340..570, y 0..225; its 16:9 image is centred.
	h.MoveMouse(455, 112)
	frames(t, a, 1)
	if f := a.Model.S.Focus; math.Abs(float64(f[0])-0.5) > 0.02 || math.Abs(float64(f[1])-0.5) > 0.05 {
		t.Errorf("focus %v with the mouse at pane 1's centre", f)
	}
	before := photons(a)
	h.SetButton(0, true)
	frames(t, a, 1)
	h.MoveMouse(495, 112)
	frames(t, a, 1)
	h.SetButton(0, false)
	frames(t, a, 1)
	if a.Model.S.Camera == nil {
		t.Fatal("a drag did not move the camera")
	}
	after := photons(a)
	for i := range before {
		if after[i] >= before[i] { // 9 frames' photons before, 2 after a restart
			t.Errorf("pane %d did not restart after the camera moved: %d -> %d photons", i+1, before[i], after[i])
		}
	}
	cam := *a.Model.S.Camera
	h.Scroll(2)
	frames(t, a, 1)
	sc := a.scene.Camera
	d0 := cam.Position.Sub(cam.LookAt).Len()
	d1 := a.Model.S.Camera.Position.Sub(a.Model.S.Camera.LookAt).Len()
	if !(d1 < d0) || sc.LookAt != a.Model.S.Camera.LookAt {
		t.Errorf("wheel up: distance %v -> %v, look-at %v", d0, d1, a.Model.S.Camera.LookAt)
	}
}

// The streamline mode: every pane traces with its generator; the map shown
// restarts nothing, the jitter restarts every pane, a generator one pane.
func TestStreamlineMode(t *testing.T) {
	s := testSettings()
	s.Mode, s.Lines.Width, s.BudgetMS = ModeStreamlines, 48, 5
	s.Panes[1] = PaneSettings{Generator: "lehmer", Options: map[string]string{"lehmer-seeding": "slm"}, View: ViewImage}
	a := newTestApp(t, s)
	frames(t, a, 3)
	for i, p := range a.Stats().Panes {
		if p.Err != nil || p.Photons == 0 {
			t.Fatalf("pane %d (%s): %d streamlines, %v", i+1, p.Label, p.Photons, p.Err)
		}
		if a.panes[i].lines == nil || a.panes[i].sppm != nil {
			t.Fatalf("pane %d is not a streamline trace", i+1)
		}
	}
	before := photons(a)
	a.Model.S.Lines.Map = "length"
	frames(t, a, 1)
	for i, n := range photons(a) {
		if n < before[i] {
			t.Errorf("changing the map restarted pane %d", i+1)
		}
	}
	// Run to the end: with jitter, generators draw different maps. Frames
	// are sized by the measured time, so a loaded machine needs more of them.
	onGL(t, func() error {
		for k := 0; k < 5000 && !allDone(a); k++ {
			if err := a.Frame(); err != nil {
				return err
			}
		}
		return nil
	})
	if !allDone(a) {
		t.Fatal("the traces did not finish in 5000 frames")
	}
	var maps [][]uint64
	onGL(t, func() error {
		for i := 0; i < 4; i++ {
			d, err := a.panes[i].lines.Density()
			if err != nil {
				return err
			}
			maps = append(maps, d)
		}
		return nil
	})
	for i := 1; i < 4; i++ {
		if fmt.Sprint(maps[i]) == fmt.Sprint(maps[0]) {
			t.Errorf("pane %d's density map equals pane 1's: the jitter's generator changes nothing?", i+1)
		}
	}
	done := photons(a)
	if err := a.Model.SetGenerator(2, "pcg32"); err != nil {
		t.Fatal(err)
	}
	a.Model.Paused = true
	frames(t, a, 1)
	after := photons(a)
	for i := range done {
		if (i == 2) != (after[i] == 0) {
			t.Errorf("after pane 3's generator changed, pane %d has %d of %d streamlines", i+1, after[i], done[i])
		}
	}
	a.Model.S.Lines.Jitter = 0.5
	frames(t, a, 1)
	for i, n := range photons(a) {
		if n != 0 {
			t.Errorf("pane %d kept %d streamlines after the jitter changed", i+1, n)
		}
	}
	a.Model.S.Mode = ModePhotons
	frames(t, a, 1)
	if a.panes[0].sppm == nil || a.panes[0].lines != nil {
		t.Error("switching to photon mapping did not make photon renders")
	}
}

func allDone(a *App) bool {
	for i := 0; i < a.Model.Visible(); i++ {
		if p := a.panes[i]; p.lines == nil || !p.lines.Done() {
			return false
		}
	}
	return true
}

// drag moves the mouse across a deferred slider, from and to fractions of
// its width, and lets go.
func drag(t *testing.T, a *App, label string, from, to float32) {
	t.Helper()
	r, ok := a.widgets[label]
	if !ok {
		t.Fatalf("no widget %q drawn", label)
	}
	h := a.headless
	y := (r[0].Y + r[1].Y) / 2
	// The rectangle holds the slider and its label; the sidebar gives the
	// slider about half of it.
	x := func(f float32) float32 { return r[0].X + 2 + (r[1].X-r[0].X)*0.45*f }
	h.MoveMouse(x(from), y)
	frames(t, a, 1)
	h.SetButton(0, true)
	frames(t, a, 1)
	h.MoveMouse(x(to), y)
	frames(t, a, 2)
	h.SetButton(0, false)
	frames(t, a, 2)
}

// Sliders whose settings restart panes commit their own value on release,
// whatever other sliders hold (they once shared one buffer: dragging alpha
// set it to the initial radius, 0, and every pane failed).
func TestDeferredSlidersCommitTheirOwnValue(t *testing.T) {
	s := testSettings()
	s.ShowPlot = false
	a := newSizedApp(t, s, 900, 1100) // every slider in view, unscrolled
	frames(t, a, 2)
	drag(t, a, "alpha", 0.5, 0.2)
	if got := a.Model.S.Alpha; !(got > 0.05 && got < 0.7) || a.Model.S.Radius != 0 {
		t.Errorf("after dragging alpha left: alpha %g (want below 0.7, above 0), radius %g (want 0)", got, a.Model.S.Radius)
	}
	if err := a.Model.S.Check(); err != nil {
		t.Error(err)
	}
	a.Model.S.Mode = ModeStreamlines
	a.Model.S.Lines.Width, a.Model.S.Lines.Step = 48, 0.7
	frames(t, a, 2)
	drag(t, a, "density", 0.2, 0.5) // also: its id must not collide with the map's "density"
	if d := a.Model.S.Lines.Density; d < 2 || d > 12 {
		t.Errorf("after dragging density to the middle: %d", d)
	}
	drag(t, a, "jitter", 0.9, 0.2)
	if j := a.Model.S.Lines.Jitter; j >= 1 || j == 0.7 || a.Model.S.Lines.Step != 0.7 {
		t.Errorf("after dragging jitter left: jitter %g (want below 1, not the step's 0.7), step %g (want 0.7)", j, a.Model.S.Lines.Step)
	}
}

// A scene or field file that has gone is reported and replaced by the
// built-in one; the app goes on.
func TestMissingInputFilesFallBack(t *testing.T) {
	s := testSettings()
	s.Scene = "/nonexistent/room.json"
	s.Lines.Field, s.Lines.Width = "/nonexistent/hills.txt", 48
	s.Camera = &scenes.Camera{Position: scenes.Vec3{1, 2, 3}, Up: scenes.Vec3{0, 1, 0}, FOV: 40} // the lost scene's
	a := newTestApp(t, s)
	frames(t, a, 1)
	if a.Model.S.Scene != "cornell" || a.Model.S.Camera != nil || a.uiErr == "" {
		t.Errorf("scene %q, camera %v, message %q", a.Model.S.Scene, a.Model.S.Camera, a.uiErr)
	}
	a.Model.S.Mode = ModeStreamlines
	frames(t, a, 1)
	if a.Model.S.Lines.Field != "dem" || a.panes[0].lines == nil {
		t.Errorf("field %q, streamline pane built: %v", a.Model.S.Lines.Field, a.panes[0].lines != nil)
	}
}

// Streamline chunks follow the time they take: double under half the
// share, shrink over it, double again while doubling costs little (a big
// GPU), and never more than the guard allows at 1/32 of MaxSteps each.
func TestLineChunkGrowth(t *testing.T) {
	p := &pane{lines: &render.Streamlines{Cfg: render.StreamlineConfig{Params: flow.Params{MaxSteps: 3200}}}}
	if n := p.lineChunk(0.004); n != minLineChunk {
		t.Fatalf("first chunk %d, want %d", n, minLineChunk)
	}
	p.lastChunk, p.lastSeconds = 100, 0.001
	if n := p.lineChunk(0.004); n != 200 {
		t.Errorf("before any rate is learnt, after 100 in a quarter of the share: %d, want 200", n)
	}
	p.learn(1e6, 0.01) // 1e8 steps/s: the guard is 1e8 * 0.004 / 100 = 4000
	p.lastChunk, p.lastSeconds = 256, 0.001
	if n := p.lineChunk(0.004); n != 512 {
		t.Errorf("after 256 in a quarter of the share: %d, want 512", n)
	}
	p.lastChunk, p.lastSeconds = 3000, 0.001
	if n := p.lineChunk(0.004); n != 4000 {
		t.Errorf("doubling past the guard: %d, want the guard's 4000", n)
	}
	p.lastChunk, p.lastSeconds = 1000, 0.008
	if n := p.lineChunk(0.004); n != 500 {
		t.Errorf("after 1000 in twice the share: %d, want 500", n)
	}
	p.prevChunk, p.prevSeconds, p.lastChunk, p.lastSeconds = 500, 0.003, 1000, 0.0033
	if n := p.lineChunk(0.004); n != 2000 {
		t.Errorf("twice the streamlines for 10%% more time: %d, want 2000", n)
	}
	p.prevChunk, p.prevSeconds, p.lastChunk, p.lastSeconds = 500, 0.002, 1000, 0.0035
	if n := p.lineChunk(0.004); n != 1000 {
		t.Errorf("twice the streamlines for 75%% more time: %d, want 1000", n)
	}
}
