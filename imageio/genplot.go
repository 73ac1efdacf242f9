package imageio

import (
	"fmt"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// Series is a named line of a plot by generation: Y[i] at generation i+1.
// A series of one value is a level, drawn dashed across every generation.
type Series struct {
	Name string
	Y    []float64
}

// WriteGenerationPlot draws series against generation (gonum/plot) and
// writes it to each path, atomically, in the format its extension names
// (.png, .svg, .pdf).
func WriteGenerationPlot(title, yLabel string, series []Series, paths ...string) error {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = "generation"
	p.Y.Label.Text = yLabel
	p.Legend.Top = false
	p.Legend.Left = false
	n := 1
	for _, s := range series {
		n = max(n, len(s.Y))
	}
	for i, s := range series {
		pts := make(plotter.XYs, len(s.Y))
		for j, y := range s.Y {
			pts[j] = plotter.XY{X: float64(j + 1), Y: y}
		}
		if len(s.Y) == 1 {
			pts = plotter.XYs{{X: 1, Y: s.Y[0]}, {X: float64(n), Y: s.Y[0]}}
		}
		l, err := plotter.NewLine(pts)
		if err != nil {
			return fmt.Errorf("plot %s: %v", s.Name, err)
		}
		l.Color = SeriesColor(i) // the one palette: colour-blind safe, no orange beside vermillion
		l.Width = vg.Points(1.5)
		if len(s.Y) == 1 {
			l.Dashes = []vg.Length{vg.Points(5), vg.Points(3)}
		}
		p.Add(l)
		p.Legend.Add(s.Name, l)
	}
	p.X.Min, p.X.Max = 1, max(2, float64(n))
	for _, path := range paths {
		w, err := p.WriterTo(8*vg.Inch, 5*vg.Inch, strings.TrimPrefix(filepath.Ext(path), "."))
		if err != nil {
			return fmt.Errorf("%s: %v", path, err)
		}
		if err := writeCanvas(path, w); err != nil {
			return err
		}
	}
	return nil
}
