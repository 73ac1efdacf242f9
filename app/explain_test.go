package app

import (
	"image"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/inkyblackness/imgui-go/v4"

	"speckle/imageio"
)

// The lesson window's Explain button runs the lesson's explanation, as
// `speckle lesson NAME --explain` does, headless: the figure is written to
// the screenshots folder and shown in the window.
func TestWindowExplainsALesson(t *testing.T) {
	defer func(b time.Duration, n int64) {
		explainBudget, explainNumbers, explainWidth, explainHeight, explainPhotons = b, n, 0, 0, 0
	}(explainBudget, explainNumbers)
	// Small enough for llvmpipe, as the CLI's test makes it (a size with a reference).
	explainBudget, explainNumbers, explainWidth, explainHeight, explainPhotons = 200*time.Millisecond, 1<<18, 160, 90, 1<<12
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	os.Chdir("..") // the references and stored captures are under the repository root
	defer os.Chdir(wd)
	a := newTestApp(t, testSettings())
	frames(t, a, 2)
	if _, err := a.ExplainLesson(); err == nil {
		t.Fatal("explained with no lesson shown")
	}
	onGL(t, func() error { return a.LoadLesson("rand48-swirls") })
	a.Model.S.Resolution, a.Model.S.Photons = "160x90", 1<<12
	// The window settles (the stored capture loads, it grows) before the
	// button stays put.
	var r [2]imgui.Vec2
	for k := 0; k < 20; k++ {
		frames(t, a, 1)
		if r == a.widgets["explain"] && r[1].X > 0 {
			break
		}
		r = a.widgets["explain"]
	}
	if r[1].X == 0 {
		t.Fatal("the lesson window has no Explain button")
	}
	h := a.headless
	h.MoveMouse((r[0].X+r[1].X)/2, (r[0].Y+r[1].Y)/2)
	frames(t, a, 1)
	h.SetButton(0, true)
	frames(t, a, 1)
	h.SetButton(0, false)
	frames(t, a, 2)
	path := filepath.Join(a.opts.ShotDir, ExplainFile("rand48-swirls"))
	if a.lesson.explain.figure == nil || a.lesson.explain.path != path {
		t.Fatalf("no figure shown after Explain (path %q)", a.lesson.explain.path)
	}
	img, err := imageio.ReadPNG(path)
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b != image.Rect(0, 0, imageio.SlideWidth, imageio.SlideHeight) || a.lesson.explain.figure.Width != b.Dx() {
		t.Errorf("figure %v, texture %d wide", b, a.lesson.explain.figure.Width)
	}
	onGL(t, func() error { a.lesson.close(); return nil })
	if a.lesson.explain.figure != nil {
		t.Error("closing the lesson kept its figure")
	}
	if _, err := os.Stat(path); err != nil {
		t.Errorf("closing the lesson removed the saved figure: %v", err)
	}
}
