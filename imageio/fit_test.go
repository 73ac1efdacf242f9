package imageio

import (
	"image"
	"image/color"
	"testing"
)

// A lesson's grid (two rows of three 640x360 cells, row labels) is over
// 1920 pixels wide; FitWidth scales its cells, aspect kept, until it fits
// and leaves the labels' scale as it was; a grid that fits is unchanged.
func TestGridFitWidth(t *testing.T) {
	cell := solid(640, 360, color.NRGBA{R: 200, G: 100, B: 50, A: 255})
	g := Grid{Cells: [][]*image.NRGBA{{cell, cell, cell}, {cell, cell, cell}},
		RowLabels: []string{"sobol:sobol-pixels=shared", "sobol"}, ColLabels: []string{"image", "relative error", "magnifier x4"}, Title: "a lesson"}
	if w := g.Draw().Rect.Dx(); w <= MaxFigureWidth {
		t.Fatalf("the grid is %d pixels wide before fitting: the test needs a wider one", w)
	}
	fit := g.FitWidth(MaxFigureWidth)
	m := fit.Draw()
	if w := m.Rect.Dx(); w > MaxFigureWidth || w < MaxFigureWidth-3*4 {
		t.Errorf("fitted grid %d pixels wide, want just under %d", w, MaxFigureWidth)
	}
	c := fit.Cells[1][2].Rect
	if got := float64(c.Dx()) / float64(c.Dy()); got < 1.76 || got > 1.79 {
		t.Errorf("fitted cell %v: aspect %.3f, want 16:9", c, got)
	}
	if count(m, m.Rect, color.NRGBA{R: 200, G: 100, B: 50, A: 255}) < 6*c.Dx()*c.Dy()*9/10 {
		t.Error("the fitted cells lost their colour")
	}
	if a, b := layoutMontage(g).labelScale, layoutMontage(fit).labelScale; a != b {
		t.Errorf("label scale %d before fitting, %d after", a, b)
	}
	small := Grid{Cells: [][]*image.NRGBA{{solid(100, 50, color.NRGBA{A: 255})}}}
	if got := small.FitWidth(MaxFigureWidth); got.Cells[0][0] != small.Cells[0][0] {
		t.Error("a grid that fits was scaled")
	}
}

// CountTicks labels round counts over any range of a log axis: powers of
// ten over many decades, 1-2-5 within a few, each digit within one.
func TestCountTicks(t *testing.T) {
	for _, c := range []struct {
		lo, hi float64
		want   []string
	}{
		{1e3, 1e9, []string{"1k", "10k", "100k", "1M", "10M", "100M", "1e9"}},
		{65536, 655360, []string{"100k", "200k", "500k"}},
		{1 << 20, 3 << 20, []string{"2M", "3M"}},
		{4096, 237568, []string{"5k", "10k", "20k", "50k", "100k", "200k"}},
	} {
		var got []string
		for _, tk := range (CountTicks{}).Ticks(c.lo, c.hi) {
			if tk.Label != "" {
				got = append(got, tk.Label)
			}
		}
		if len(got) != len(c.want) {
			t.Errorf("[%g, %g]: labels %q, want %q", c.lo, c.hi, got, c.want)
			continue
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("[%g, %g]: labels %q, want %q", c.lo, c.hi, got, c.want)
				break
			}
		}
	}
}

// Column labels wider than the cells at the cells' label scale (an explain
// page: 620x500 text cells, scale 3) would need the cells shrunk to
// nothing: the label scale steps down instead and the grid still fills
// the width.
func TestGridFitWidthWideLabels(t *testing.T) {
	cell := solid(620, 500, color.NRGBA{R: 10, G: 200, B: 90, A: 255})
	g := Grid{Cells: [][]*image.NRGBA{{cell, cell, cell}, {cell, cell, cell}}, RowLabels: []string{"lehmer", "lehmer slm"},
		ColLabels: []string{"(a) the render after 196608 photons, its region framed",
			"(b) streams: draw 0 of slot t against slot t+1, all", "(c) the battery, in the renderer's order, and its lags"}}
	if s := layoutMontage(g).labelScale; s != 3 {
		t.Fatalf("label scale %d before fitting: the test needs 3", s)
	}
	fit := g.FitWidth(MaxFigureWidth)
	w := fit.Draw().Rect.Dx()
	if c := fit.Cells[0][0].Rect; w > MaxFigureWidth || w < MaxFigureWidth-20 || c.Dx() < 620/2 {
		t.Errorf("fitted grid %d pixels wide with %v cells, want just under %d and cells over half their width", w, c, MaxFigureWidth)
	}
	if s := layoutMontage(fit).labelScale; s != 2 {
		t.Errorf("label scale %d after fitting, want 2", s)
	}
}
