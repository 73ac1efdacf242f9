package imageio

import (
	"image"
	"image/color"
	"strings"
	"testing"
)

func solid(w, h int, c color.NRGBA) *image.NRGBA {
	m := image.NewNRGBA(image.Rect(0, 0, w, h))
	for i := 0; i < len(m.Pix); i += 4 {
		m.Pix[i], m.Pix[i+1], m.Pix[i+2], m.Pix[i+3] = c.R, c.G, c.B, c.A
	}
	return m
}

// count is the number of pixels of m inside r equal to c.
func count(m *image.NRGBA, r image.Rectangle, c color.NRGBA) int {
	n := 0
	r = r.Intersect(m.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if m.NRGBAAt(x, y) == c {
				n++
			}
		}
	}
	return n
}

func TestMontage(t *testing.T) {
	const cw, ch = 50, 30 // wider than the column labels (3 glyphs × 14)
	colour := func(i, j int) color.NRGBA { return color.NRGBA{uint8(60 + 60*i), uint8(50 + 100*j), 200, 255} }
	var cells [][]*image.NRGBA
	for i := 0; i < 3; i++ {
		var row []*image.NRGBA
		for j := 0; j < 2; j++ {
			row = append(row, solid(cw, ch, colour(i, j)))
		}
		cells = append(cells, row)
	}
	rows := []string{"rand48", "ranlux", "ca"}
	cols := []string{"1e5", "1e6"}
	m := montage(cells, rows, cols, "test")

	// Text at scale 2 (cells under 320 pixels high), the title at 3: lines 13·scale high.
	rowLabelW := max(textSize("rand48", 2).X, textSize("ranlux", 2).X, textSize("ca", 2).X)
	gridX := montageMargin + rowLabelW + montagePad
	gridY := montageMargin + 13*3 + montagePad + 13*2 + montagePad
	wantW := gridX + 2*cw + montageGap + montageMargin
	wantH := gridY + 3*ch + 2*montageGap + montageMargin
	if m.Rect != image.Rect(0, 0, wantW, wantH) {
		t.Fatalf("size %v, want %dx%d", m.Rect.Size(), wantW, wantH)
	}
	for i := 0; i < 3; i++ {
		for j := 0; j < 2; j++ {
			r := image.Rect(0, 0, cw, ch).Add(image.Pt(gridX+j*(cw+montageGap), gridY+i*(ch+montageGap)))
			if n := count(m, r, colour(i, j)); n != cw*ch {
				t.Errorf("cell (%d,%d): %d of its pixels in place", i, j, n)
			}
		}
	}
	// Labels are drawn: the label colour appears left of each row, above each column and in
	// the title band; the background is everywhere else outside the grid.
	for i := range rows {
		r := image.Rect(montageMargin, gridY+i*(ch+montageGap), gridX, gridY+i*(ch+montageGap)+ch)
		if count(m, r, montageLabel) < 20 {
			t.Errorf("row label %q not drawn", rows[i])
		}
	}
	for j := range cols {
		r := image.Rect(gridX+j*(cw+montageGap), gridY-montagePad-26, gridX+j*(cw+montageGap)+cw, gridY-montagePad)
		if count(m, r, montageLabel) < 20 {
			t.Errorf("column label %q not drawn", cols[j])
		}
	}
	if count(m, image.Rect(0, 0, wantW, montageMargin+39), montageTitle) < 20 {
		t.Error("title not drawn")
	}
	if count(m, image.Rect(0, 0, wantW, montageMargin), montageBackground) != wantW*montageMargin {
		t.Error("the top margin is not background")
	}
}

func TestMontageBare(t *testing.T) {
	// No labels, no title; a missing cell and a smaller one.
	cells := [][]*image.NRGBA{
		{solid(20, 10, color.NRGBA{255, 0, 0, 255}), nil},
		{solid(10, 6, color.NRGBA{0, 255, 0, 255})},
	}
	m := montage(cells, nil, nil, "")
	wantW := 2*montageMargin + 2*20 + montageGap
	wantH := 2*montageMargin + 2*10 + montageGap
	if m.Rect != image.Rect(0, 0, wantW, wantH) {
		t.Fatalf("size %v, want %dx%d", m.Rect.Size(), wantW, wantH)
	}
	slot := func(i, j int) image.Rectangle {
		return image.Rect(0, 0, 20, 10).Add(image.Pt(montageMargin+j*(20+montageGap), montageMargin+i*(10+montageGap)))
	}
	if n := count(m, slot(0, 1), montageEmpty); n != 200 {
		t.Errorf("nil cell: %d placeholder pixels, want 200", n)
	}
	if n := count(m, slot(1, 1), montageEmpty); n != 200 {
		t.Errorf("missing cell: %d placeholder pixels, want 200", n)
	}
	if n := count(m, slot(1, 0), color.NRGBA{0, 255, 0, 255}); n != 60 {
		t.Errorf("small cell: %d pixels, want 60", n)
	}
	if m.NRGBAAt(slot(1, 0).Min.X+10, slot(1, 0).Min.Y+5) != (color.NRGBA{0, 255, 0, 255}) {
		t.Error("small cell not centred")
	}
	if e := montage(nil, nil, nil, ""); e.Rect.Dx() != 2*montageMargin || e.Rect.Dy() != 2*montageMargin {
		t.Errorf("empty montage %v", e.Rect)
	}
}

func TestMontageLabelScale(t *testing.T) {
	for _, c := range []struct{ h, want int }{{30, 2}, {319, 2}, {480, 3}, {720, 4}, {5000, 6}} {
		if got := montageLabelScale(c.h); got != c.want {
			t.Errorf("cell height %d: scale %d, want %d", c.h, got, c.want)
		}
	}
	// A wide column label widens its slot.
	m := montage([][]*image.NRGBA{{solid(10, 10, color.NRGBA{1, 2, 3, 255})}}, nil, []string{"a long label"}, "")
	if want := 2*montageMargin + textSize("a long label", 2).X; m.Rect.Dx() != want {
		t.Errorf("width %d, want %d", m.Rect.Dx(), want)
	}
}

// A title wider than the grid steps down in scale until it fits (here to
// 1); the montage is not widened for it.
func TestMontageTitleFitsTheGrid(t *testing.T) {
	cells := [][]*image.NRGBA{{solid(100, 40, color.NRGBA{200, 0, 0, 255}), solid(100, 40, color.NRGBA{0, 200, 0, 255})}}
	title := "caustics, 640x360, seeds 1-4" // 28 glyphs: 196 pixels at scale 1, 392 at 2
	m := montage(cells, nil, nil, title)
	if want := montageMargin + 2*100 + montageGap + montageMargin; m.Rect.Dx() != want {
		t.Errorf("width %d, want the grid's %d", m.Rect.Dx(), want)
	}
	l := layoutMontage(Grid{Cells: cells, Title: title})
	if l.titleScale != 1 {
		t.Errorf("title scale %d, want 1", l.titleScale)
	}
}

// SeriesRows colours each row's label in its generator's colour; a colour bar under the
// grid runs from its map's first colour to its last and labels both ends.
func TestGridSeriesRowsAndColorBar(t *testing.T) {
	cells := [][]*image.NRGBA{{solid(300, 40, color.NRGBA{9, 9, 9, 255})}, {solid(300, 40, color.NRGBA{9, 9, 9, 255})}}
	cm, _ := LookupColormap("viridis")
	bar := &ColorBar{Map: cm, Lo: 0, Hi: 2.5, Label: "error (radiance)"}
	plain := Grid{Cells: cells, RowLabels: []string{"philox", "lehmer"}}.Draw()
	g := Grid{Cells: cells, RowLabels: []string{"philox", "lehmer"}, SeriesRows: true, Bar: bar}
	m := g.Draw()
	for i, name := range []string{"philox", "lehmer"} {
		if n := count(m, m.Rect, GeneratorColor(name)); n < 20 {
			t.Errorf("row %d's label: %d pixels of %s's colour", i, n, name)
		}
		if n := count(plain, plain.Rect, GeneratorColor(name)); n != 0 {
			t.Errorf("plain grid has %d pixels of series colour %d", n, i)
		}
	}
	// pcg's indigo is too dark to read on the montage: its label is drawn
	// lifted (TextOnDark), never in the raw colour.
	dark := Grid{Cells: cells, RowLabels: []string{"pcg", "lehmer"}, SeriesRows: true}.Draw()
	if raw, lifted := count(dark, dark.Rect, GeneratorColor("pcg")), count(dark, dark.Rect, TextOnDark(GeneratorColor("pcg"))); raw != 0 || lifted < 20 {
		t.Errorf("pcg's label: %d pixels of the raw indigo, %d of the legible one", raw, lifted)
	}
	l := layoutMontage(g)
	if m.Rect.Dy() != plain.Rect.Dy()+bar.height(l.labelScale, l.barW)+montageMargin {
		t.Errorf("height %d, plain %d: the bar's room is wrong", m.Rect.Dy(), plain.Rect.Dy())
	}
	y := l.barY + 2
	if got := m.NRGBAAt(l.gridX, y); got != cm.At(0) {
		t.Errorf("bar's left end %v, want %v", got, cm.At(0))
	}
	if got := m.NRGBAAt(l.gridX+l.barW-1, y); got != cm.At(1) {
		t.Errorf("bar's right end %v, want %v", got, cm.At(1))
	}
	w := textSize("error of R,", 2).X
	lines := wrapText("per-pixel error of R, G, B", 2, w)
	if strings.Join(lines, " ") != "per-pixel error of R, G, B" || len(lines) < 2 {
		t.Errorf("wrapped %q", lines)
	}
	for _, l := range lines {
		if textSize(l, 2).X > w {
			t.Errorf("wrapped line %q wider than %d", l, w)
		}
	}
	if barNumber(2.5) != "2.5" || barNumber(864000) != "8.64e5" || barNumber(0.00123) != "0.00123" || barNumber(1.5e-7) != "1.5e-7" {
		t.Errorf("bar numbers %s %s %s %s", barNumber(2.5), barNumber(864000), barNumber(0.00123), barNumber(1.5e-7))
	}
}

// montage is Grid{cells, rowLabels, colLabels, title}.Draw(): the plain grid.
func montage(cells [][]*image.NRGBA, rowLabels, colLabels []string, title string) *image.NRGBA {
	return Grid{Cells: cells, RowLabels: rowLabels, ColLabels: colLabels, Title: title}.Draw()
}
