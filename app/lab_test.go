package app

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"speckle/rng"
	"speckle/study/look"
)

// labSettings are the lab mode on small pictures: 128 pixels, 4,096 points.
func labSettings() Settings {
	s := testSettings()
	s.Mode = ModeLab
	s.Lab.Size, s.Lab.Points = 128, 1<<12
	return s
}

// paneImage is what pane i shows now.
func paneImage(t *testing.T, a *App, i int) string {
	t.Helper()
	p := a.panes[i]
	if p == nil || p.display == nil || p.err != nil {
		t.Fatalf("pane %d shows nothing (error %v)", i+1, p.err)
	}
	var px []byte
	onGL(t, func() (err error) {
		px, err = p.display.ReadBytes()
		return err
	})
	return string(px)
}

// drawn says whether a picture has points: some pixels neither white nor
// the cube's edge grey.
func drawn(px string) bool {
	for i := 0; i+3 < len(px); i += 4 {
		if px[i] < 170 {
			return true
		}
	}
	return false
}

// The lab mode: each pane shows its generator's view; changing the view or
// a pane's generator changes the picture; turning triples draws again from
// the numbers already drawn; each view of rng look works in a pane.
func TestLabModeViewsAndGenerators(t *testing.T) {
	a := newTestApp(t, labSettings())
	frames(t, a, 2)
	pairs := [4]string{}
	for i := range pairs {
		pairs[i] = paneImage(t, a, i)
		if !drawn(pairs[i]) || a.Stats().Panes[i].Photons == 0 {
			t.Fatalf("pane %d: no points drawn (%d counted)", i+1, a.Stats().Panes[i].Photons)
		}
	}
	if pairs[0] == pairs[3] {
		t.Fatal("rand48's and philox's pairs look the same")
	}
	if st := a.Stats(); st.Unit != "points" || st.Panes[0].Photons != 1<<12 {
		t.Fatalf("stats count %d %s, want 4096 points", st.Panes[0].Photons, st.Unit)
	}
	a.Model.S.Lab.View = look.ViewTriples
	frames(t, a, 1)
	triples := paneImage(t, a, 0)
	if triples == pairs[0] || !drawn(triples) {
		t.Fatal("switching to triples did not change pane 1")
	}
	values := &a.panes[0].lab.sample.Values[0]
	a.Model.S.Lab.Rotate = [2]float64{70, -10}
	frames(t, a, 1)
	if turned := paneImage(t, a, 0); turned == triples || &a.panes[0].lab.sample.Values[0] != values {
		t.Fatal("a turn did not draw again, or drew the numbers again")
	}
	if err := a.Model.SetGenerator(0, "pcg32"); err != nil {
		t.Fatal(err)
	}
	frames(t, a, 1)
	if other := paneImage(t, a, 0); other == triples || a.Stats().Panes[0].Label != "pcg32" {
		t.Fatalf("a new generator did not change pane 1 (%s)", a.Stats().Panes[0].Label)
	}
	for _, v := range look.ViewNames() {
		a.Model.S.Lab.View = v
		frames(t, a, 1)
		for i := 0; i < 4; i++ {
			if img := paneImage(t, a, i); !drawn(img) && v != look.ViewBitplanes {
				t.Errorf("%s: pane %d is blank", v, i+1)
			}
		}
		if p := a.panes[0]; v == look.ViewSpectrum && p.display.Height != 128+64 {
			t.Errorf("the spectrum's pane is %dx%d: want the radial plot under it", p.display.Width, p.display.Height)
		}
	}
}

// Dragging on the pairs pane zooms into the box dragged (fewer points in
// view); dragging on triples turns them; a screenshot writes the window and
// every pane; the lab's settings survive a save and a load.
func TestLabMouseScreenshotAndSettings(t *testing.T) {
	s := labSettings()
	s.Layout = 1
	a := newTestApp(t, s)
	frames(t, a, 2)
	r := a.imageRects[0]
	h := a.headless
	dragFrom := func(x0, y0, x1, y1 float64) {
		h.MoveMouse(float32(r[0]+x0*(r[2]-r[0])), float32(r[1]+y0*(r[3]-r[1])))
		frames(t, a, 1)
		h.SetButton(0, true)
		frames(t, a, 1)
		h.MoveMouse(float32(r[0]+x1*(r[2]-r[0])), float32(r[1]+y1*(r[3]-r[1])))
		frames(t, a, 1)
		h.SetButton(0, false)
		frames(t, a, 2)
	}
	whole := a.Stats().Panes[0].Photons
	dragFrom(0.25, 0.25, 0.5, 0.5) // the picture's y is down, the zoom's up
	z := a.Model.S.Lab.Zoom
	if math.Abs(z[2]-0.25) > 0.02 || math.Abs(z[0]-0.25) > 0.02 || math.Abs(z[1]-0.5) > 0.02 {
		t.Fatalf("zoom %v after dragging a box from (0.25, 0.25) to (0.5, 0.5) of the picture", z)
	}
	if shown := a.panes[0].lab.looked.Shown; shown == 0 || int64(shown) >= whole/4 {
		t.Fatalf("%d of %d points in a sixteenth of the square", shown, whole)
	}
	a.Model.S.Lab.View = look.ViewTriples
	frames(t, a, 1)
	before := a.Model.S.Lab.Rotate
	dragFrom(0.5, 0.5, 0.7, 0.6)
	if a.Model.S.Lab.Rotate == before {
		t.Fatal("dragging triples did not turn them")
	}
	a.shot = true
	frames(t, a, 1)
	shots, _ := filepath.Glob(filepath.Join(a.opts.ShotDir, "*.png"))
	if len(shots) != 2 || !strings.Contains(strings.Join(shots, " "), "lab-triples") || !strings.Contains(strings.Join(shots, " "), "points") {
		t.Fatalf("screenshot files %v: want the window and pane 1, named for the lab's view and its points", shots)
	}
	for _, f := range shots {
		if fi, err := os.Stat(f); err != nil || fi.Size() < 500 {
			t.Errorf("%s: %v", f, err)
		}
	}
	path := filepath.Join(t.TempDir(), "settings.json")
	if err := a.Model.S.Save(path); err != nil {
		t.Fatal(err)
	}
	back, err := LoadSettings(path)
	if err != nil || back.Mode != ModeLab || back.Lab != a.Model.S.Lab {
		t.Fatalf("loaded %v %+v (%v), want lab %+v", back.Mode, back.Lab, err, a.Model.S.Lab)
	}
}

// Zoom boxes nest and stay inside the unit square, down to minLabZoom.
func TestZoomInto(t *testing.T) {
	z := [3]float64{0, 0, 1}
	for k := 0; k < 40; k++ {
		z = zoomInto(z, 0.9, 0.95, 0.3)
		if z[0] < 0 || z[1] < 0 || z[0]+z[2] > 1 || z[1]+z[2] > 1 || z[2] < minLabZoom {
			t.Fatalf("step %d: zoom %v leaves the unit square", k, z)
		}
	}
	if z[2] != minLabZoom {
		t.Fatalf("zoom side %v after 40 boxes, want the floor %v", z[2], minLabZoom)
	}
}

// A deep zoom scans a share of the frame budget at a time, so frames go on
// while it runs, and it ends with what the Go reference keeps.
func TestLabDeepZoomScansOverFrames(t *testing.T) {
	s := labSettings()
	s.Layout, s.BudgetMS = 1, 5
	s.Lab.Scan, s.Lab.Zoom = 1<<22, [3]float64{0.5, 0.25, 0.125}
	a := newTestApp(t, s)
	frames(t, a, 1)
	n := 1
	for ; a.panes[0].lab.scan != nil && n < 400; n++ {
		frames(t, a, 1)
	}
	lab := a.panes[0].lab
	sp, _ := a.Model.S.Panes[0].Spec()
	look := a.Model.S.Lab.Look(sp, a.Model.S.Seed)
	look.OnGPU = false
	want, err := look.Run(nil)
	if err != nil {
		t.Fatal(err)
	}
	if n < 3 || lab.scan != nil || lab.looked.InBox != want[0].InBox || lab.looked.Scanned != want[0].Scanned || lab.looked.Shown != want[0].Shown {
		t.Fatalf("after %d frames: %d of %d scanned in the box, %d drawn; Go: %d of %d, %d", n,
			lab.looked.InBox, lab.looked.Scanned, lab.looked.Shown, want[0].InBox, want[0].Scanned, want[0].Shown)
	}
}

// TestLabBatteryView: the lab's battery view runs rng test's battery on
// each pane's generator and shows its verdicts: philox passes everything at
// the window's size, the linear CA fails, and the overlay counts them.
func TestLabBatteryView(t *testing.T) {
	s := labSettings()
	s.Layout = 2
	s.Panes[0] = PaneOf(rng.Spec{Gen: rng.Philox})
	s.Panes[1] = PaneOf(rng.Spec{Gen: rng.CA, Options: map[string]string{"ca-preset": "linear"}})
	s.Lab.View = LabBattery
	if err := s.Check(); err != nil {
		t.Fatal(err)
	}
	a := newTestApp(t, s)
	frames(t, a, 1)
	verdicts := func(i int) map[string]int {
		rep := a.panes[i].lab.battery
		if rep == nil {
			t.Fatalf("pane %d: no battery report (%v)", i+1, a.panes[i].err)
		}
		n := map[string]int{}
		for _, r := range rep.Results {
			n[r.Verdict]++
		}
		return n
	}
	if n := verdicts(0); n["FAIL"] != 0 || !strings.Contains(a.panes[0].labOverlay(), "FAIL") {
		t.Errorf("philox: %v, overlay %q", n, a.panes[0].labOverlay())
	}
	if n := verdicts(1); n["FAIL"] == 0 {
		t.Errorf("the linear CA failed nothing: %v", n)
	}
	if !drawn(paneImage(t, a, 0)) {
		t.Error("the battery's grid is not shown")
	}
	a.Model.S.Lab.View = look.ViewPairs
	frames(t, a, 1)
	if a.panes[0].lab.battery != nil {
		t.Error("the pairs view kept the battery's report")
	}
}
