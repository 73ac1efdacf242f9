package app

import (
	"fmt"
	"image"
	"os"
	"path/filepath"
	"speckle/imageio"
	"speckle/internal/units"
	"speckle/ui"
	"strings"
	"time"
)

// ScreenshotDir is where the S key and the screenshot button write.
const ScreenshotDir = "screenshots/app"

// fileSafe keeps letters, digits, '.', '-' and '+'; anything else becomes '-'.
func fileSafe(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '.', r == '-', r == '+':
			return r
		}
		return '-'
	}, s)
}

// shotStem is the common start of one screenshot's files: scene and time
// (to the millisecond, so two shots in a second do not overwrite).
func shotStem(scene string, t time.Time) string {
	return fmt.Sprintf("%s_%s", fileSafe(filepath.Base(strings.TrimSuffix(scene, ".json"))), t.Format("20060102-150405.000"))
}

// windowShotName is the whole window's file.
func windowShotName(stem string, panes int) string {
	return fmt.Sprintf("%s_window-%dpanes.png", stem, panes)
}

// paneShotName is one pane's file: its number, generator, options, own
// seed, view and work so far (count of unit: photons, streamlines).
func paneShotName(stem string, i int, p PaneSettings, count int64, unit string) string {
	gen := fileSafe(p.Generator)
	if sp, ok := p.Spec(); ok {
		gen = sp.FileName()
	}
	parts := []string{stem, fmt.Sprintf("pane%d", i+1), gen}
	if p.View != ViewImage {
		parts = append(parts, string(p.View))
	}
	parts = append(parts, units.FormatCount(count)+unit)
	return strings.Join(parts, "_") + ".png"
}

// screenshot writes the window and each visible pane into ScreenshotDir.
func (a *App) screenshot() {
	name, unit := a.Model.S.Scene, a.unit()
	switch a.Model.S.Mode {
	case ModeStreamlines:
		name = a.Model.S.Lines.Field + "-" + a.Model.S.Lines.Map
	case ModeLab:
		name = "lab-" + a.Model.S.Lab.View
	}
	stem := shotStem(name, time.Now())
	dir := a.opts.ShotDir
	win := filepath.Join(dir, windowShotName(stem, a.Model.Visible()))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		a.notify("screenshot failed: %v", err)
		return
	}
	n := 0
	if fb := a.platform.FramebufferSize(); fb[0] >= 1 && fb[1] >= 1 { // not while minimised
		if err := a.writeWindow(win); err != nil {
			a.notify("screenshot failed: %v", err)
			return
		}
		n++
	}
	for i := 0; i < a.Model.Visible(); i++ {
		p := a.panes[i]
		if p == nil || p.display == nil || p.err != nil { // a pane the layout just added
			continue
		}
		px, err := p.display.ReadBytes()
		if err != nil {
			a.notify("screenshot failed: %v", err)
			return
		}
		img := &image.NRGBA{Pix: px, Stride: 4 * p.display.Width, Rect: image.Rect(0, 0, p.display.Width, p.display.Height)}
		path := filepath.Join(dir, paneShotName(stem, i, a.Model.S.Panes[i], p.Photons(), unit))
		if err := imageio.WritePNG(path, img); err != nil {
			a.notify("screenshot failed: %v", err)
			return
		}
		n++
	}
	a.notify("saved %d images to %s", n, filepath.Join(dir, stem+"_*.png"))
}

// writeWindow writes what the framebuffer holds now as a PNG.
func (a *App) writeWindow(path string) error {
	img, err := ui.Screenshot(a.ctx, a.platform)
	if err != nil {
		return err
	}
	for i := 3; i < len(img.Pix); i += 4 {
		img.Pix[i] = 255 // the window is opaque whatever alpha imgui left
	}
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
	}
	return imageio.WritePNG(path, img)
}
