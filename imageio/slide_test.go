package imageio

import (
	"image"
	"image/color"
	"strings"
	"testing"
)

// A slide is exactly 1920x1080 whatever it holds: a few small renders
// (enlarged), many rows (shrunk), a plot beside the grid, a long caption;
// its labels stay large (the montage's scale 3, 39-pixel lines) where the
// cells can stay at least half their size, and its rows keep their
// generators' colours.
func TestSlideSize(t *testing.T) {
	render := func(w, h int) *image.NRGBA { return solid(w, h, color.NRGBA{120, 120, 120, 255}) }
	grid := func(rows, cols, w, h int) Grid {
		g := Grid{Title: "caustics, 320x180, seed 1", SeriesRows: true}
		for i := 0; i < rows; i++ {
			var row []*image.NRGBA
			for j := 0; j < cols; j++ {
				row = append(row, render(w, h))
			}
			g.Cells = append(g.Cells, row)
			g.RowLabels = append(g.RowLabels, []string{"lehmer", "rand48", "philox", "ca", "pcg32", "sobol", "ranlux", "randu"}[i%8])
		}
		for j := 0; j < cols; j++ {
			g.ColLabels = append(g.ColLabels, "1048576 photons")
		}
		return g
	}
	long := strings.Repeat("rand48 leapfrogged by 2^20 numbers, a power of two: each photon's numbers are closely related. ", 6)
	for _, c := range []struct {
		name  string
		slide Slide
	}{
		{"default comparison", Slide{Grid: grid(3, 2, 320, 180), Caption: []string{long, "philox: the control."}}},
		{"lesson", Slide{Grid: grid(2, 3, 640, 360), Side: render(600, 480), Caption: []string{long, "Criterion: ..."}}},
		{"many rows", Slide{Grid: grid(8, 6, 400, 225), Caption: []string{long}}},
		{"no caption", Slide{Grid: grid(1, 1, 4000, 3000)}},
	} {
		img := c.slide.Draw()
		if img.Rect != image.Rect(0, 0, SlideWidth, SlideHeight) {
			t.Errorf("%s: %v, want %dx%d", c.name, img.Rect.Size(), SlideWidth, SlideHeight)
		}
		if n := count(img, img.Rect, GeneratorColor(c.slide.Grid.RowLabels[0])); n < 20 {
			t.Errorf("%s: %d pixels of row 0's generator colour", c.name, n)
		}
	}
	p := Slide{Grid: grid(3, 2, 320, 180), Caption: []string{long}}.plan(false)
	if p.grid.LabelScale != slideLabelScale || p.capPx < 30 || p.f < 1 {
		t.Errorf("default comparison: labels at scale %d, caption lines %d pixels, cells x%.2f; want %d, >= 30, enlarged",
			p.grid.LabelScale, p.capPx, p.f, slideLabelScale)
	}
}
