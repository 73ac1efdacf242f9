package pareto

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gonum.org/v1/plot/vg"

	"speckle/imageio"
	"speckle/rng"
)

// allPoints are every registered generator at made-up places, crowded as
// the hashes crowd a GPU's plane: most at one quality within a factor of
// two in speed.
func allPoints() Report {
	r := Report{Device: "test device (driver)", Tests: []string{"gap"}, Numbers: 1 << 22, Samples: 128}
	for i, g := range rng.All {
		q := 1.0
		if i%3 == 1 {
			q = float64(i%7) / 6
		}
		r.Points = append(r.Points, Point{Generator: g.Name, Spec: g.Name, Streams: 128, ConsumedPerS: 1e9 * (1 + float64(i%5)/4), Verdicts: 18, Quality: q})
	}
	MarkFrontier(r.Points)
	AttachPaper(r.Points)
	return r
}

// The figure is a 1920x1080 PNG and an SVG naming every generator once,
// and the paper's citation where it is overlaid.
func TestFigureNamesEveryPoint(t *testing.T) {
	dir := t.TempDir()
	r := allPoints()
	png, svg := filepath.Join(dir, "p.png"), filepath.Join(dir, "p.svg")
	if err := WriteFigure(r, FigureText{Title: r.Title(true), Paper: true}, png, svg); err != nil {
		t.Fatal(err)
	}
	img, err := imageio.ReadPNG(png)
	if err != nil || img.Rect.Dx() != 1920 || img.Rect.Dy() != 1080 {
		t.Fatalf("%v (%v): want 1920x1080", img.Rect, err)
	}
	data, err := os.ReadFile(svg)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range r.Points {
		if n := strings.Count(string(data), ">"+p.Generator+"<"); n != 1 {
			t.Errorf("%s named %d times in the SVG", p.Generator, n)
		}
	}
	if !strings.Contains(string(data), "Jarzynski") {
		t.Error("the overlay does not cite the paper")
	}
	r.Points = r.Points[:1] // rand48: not in the paper's table
	if _, err := Plot(r, FigureText{Paper: true}); err == nil {
		t.Error("--paper without a hash of the paper's table drew a figure")
	}
}

// Labels placed around a crowd of points overlap neither each other nor
// any point, where the plot has room.
func TestLabelsDoNotCollide(t *testing.T) {
	area := vg.Rectangle{Max: vg.Point{X: 800, Y: 400}}
	r := vg.Length(5)
	var taken []box
	var centres []vg.Point
	for i := 0; i < 26; i++ { // a tight cluster, as the hashes are
		c := vg.Point{X: 400 + vg.Length(i%6)*6, Y: 200 + vg.Length(i/6)*5}
		centres = append(centres, c)
		taken = append(taken, box{c.X - r, c.Y - r, c.X + r, c.Y + r})
	}
	markers := len(taken)
	for i, c := range centres {
		b, _ := place(c.X, c.Y, vg.Length(30+i%4*8), 9, r, taken, area)
		for j, o := range taken {
			if b.overlaps(o) {
				t.Fatalf("label %d overlaps %s %d", i, map[bool]string{true: "point", false: "label"}[j < markers], j)
			}
		}
		taken = append(taken, b)
	}
	if len(taken) != 2*len(centres) {
		t.Fatal("not every label placed")
	}
}
