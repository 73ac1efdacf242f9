package imageio

import (
	"bytes"
	"encoding/xml"
	"image/png"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestConvergenceCSV(t *testing.T) {
	rows := []ConvergenceRow{
		{"cornell", "rand48", 100000, 4, 0.0012345678, 0.001, 0.0015, -0.34, 12.3456},
		{"cornell", "sobol", 10000000, 1, 2e-5, 2e-5, 2e-5, math.NaN(), 0.5},
		{"a,b", "ca", 1, 1, math.NaN(), math.NaN(), math.NaN(), math.NaN(), 0},
		{"x", "y", 7, 2, math.Inf(1), 1, math.Inf(1), 0, 1e6},
	}
	path := filepath.Join(t.TempDir(), "convergence.csv")
	if err := WriteConvergenceCSV(path, MetricRelMSE, rows); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want := `scene,generator,photons,seeds,relmse,relmse_min,relmse_max,slope,seconds
cornell,rand48,100000,4,1.234568e-03,1.000000e-03,1.500000e-03,-3.400000e-01,12.346
cornell,sobol,10000000,1,2.000000e-05,2.000000e-05,2.000000e-05,NaN,0.500
"a,b",ca,1,1,NaN,NaN,NaN,NaN,0.000
x,y,7,2,+Inf,1.000000e+00,+Inf,0.000000e+00,1000000.000
`
	if string(b) != want {
		t.Errorf("CSV:\n%s\nwant:\n%s", b, want)
	}
	m, back, err := ReadConvergenceCSV(path)
	if err != nil {
		t.Fatal(err)
	}
	if m != MetricRelMSE || len(back) != len(rows) {
		t.Fatalf("%s, %d rows back, want relmse, %d", m, len(back), len(rows))
	}
	if back[0] != (ConvergenceRow{"cornell", "rand48", 100000, 4, 1.234568e-03, 1e-3, 1.5e-3, -0.34, 12.346}) || back[2].Scene != "a,b" ||
		!math.IsNaN(back[2].Error) || !math.IsInf(back[3].Error, 1) {
		t.Errorf("read back %+v", back)
	}
	const header = "scene,generator,photons,seeds,rmse,rmse_min,rmse_max,slope,seconds\n"
	for name, data := range map[string]string{
		"header": "scene,gen,photons,seeds,rmse,rmse_min,rmse_max,slope,seconds\n",
		"metric": "scene,generator,photons,seeds,psnr,psnr_min,psnr_max,slope,seconds\n",
		"fields": header + "a,b,1,2\n",
		"number": header + "a,b,1e5,1,2,2,2,0,3\n",
		"seeds":  header + "a,b,1,x,2,2,2,0,3\n",
		"slope":  header + "a,b,1,1,2,2,2,steep,3\n",
	} {
		p := filepath.Join(t.TempDir(), name+".csv")
		os.WriteFile(p, []byte(data), 0o644)
		if _, _, err := ReadConvergenceCSV(p); err == nil || !strings.HasPrefix(err.Error(), p+": ") {
			t.Errorf("%s: error %v", name, err)
		}
	}
}

// The fitted slope of an exact power law is its exponent; noise-free N^-1/3 gives -1/3.
func TestFitSlope(t *testing.T) {
	var x, y []float64
	for _, n := range []float64{1e4, 3e4, 1e5, 1e6, 1e7} {
		x, y = append(x, n), append(y, 2.5*math.Pow(n, -1.0/3))
	}
	if s := FitSlope(x, y); math.Abs(s+1.0/3) > 1e-12 {
		t.Errorf("slope of N^-1/3 = %v", s)
	}
	// Unusable points are left out; fewer than two distinct x leave no slope.
	if s := FitSlope(append(x, 1e8, -1), append(y, math.NaN(), 1)); !math.IsNaN(s) && math.Abs(s+1.0/3) > 1e-12 {
		t.Errorf("slope with bad points = %v", s)
	}
	if s := FitSlope([]float64{1e5, 1e5}, []float64{1, 2}); !math.IsNaN(s) {
		t.Errorf("slope of one x = %v, want NaN", s)
	}
	// Least squares, not the end points: a kink in the middle moves the fit.
	if s := FitSlope([]float64{1, 10, 100}, []float64{1, 1, 0.01}); math.Abs(s+1) > 1e-12 {
		t.Errorf("slope of 1,1,0.01 = %v, want -1", s)
	}
}

func TestSetSlopes(t *testing.T) {
	rows := testRows()
	SetSlopes(rows)
	for _, r := range rows {
		if math.Abs(r.Slope+0.5) > 1e-9 {
			t.Errorf("%s: slope %v, want -1/2", r.Generator, r.Slope)
		}
	}
}

// testRows are three generators converging as N^-1/2, over 3 seeds each.
func testRows() []ConvergenceRow {
	var rows []ConvergenceRow
	for i, g := range []string{"rand48", "lehmer", "philox"} {
		for _, n := range []int64{1e5, 1e6, 1e7} {
			e := (0.3 + 0.1*float64(i)) / math.Sqrt(float64(n)/1e5)
			rows = append(rows, ConvergenceRow{"caustics", g, n, 3, e, 0.8 * e, 1.3 * e, math.NaN(), 1})
		}
	}
	return rows
}

// The plot saves as a PNG that decodes, an SVG that is XML and a PDF; its legend names every
// generator with its slope, the band and both guides.
func TestConvergencePlotFiles(t *testing.T) {
	rows := testRows()
	SetSlopes(rows)
	p, err := ConvergencePlot(rows, MetricRMSE, PlotText{Title: "caustics", Against: "the reference render"})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, ext := range PlotFormats {
		path := filepath.Join(dir, "convergence."+ext)
		if err := SavePlot(p, path); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		switch ext {
		case "png":
			m, err := png.Decode(bytes.NewReader(b))
			if err != nil || m.Bounds().Dx() != 1050 {
				t.Errorf("PNG: %v, %v", err, m.Bounds())
			}
		case "svg":
			d := xml.NewDecoder(bytes.NewReader(b))
			var root string
			for {
				tok, err := d.Token()
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatalf("SVG is not XML: %v", err)
				}
				if se, ok := tok.(xml.StartElement); ok && root == "" {
					root = se.Name.Local
				}
			}
			if root != "svg" {
				t.Errorf("SVG root element %q", root)
			}
			for _, want := range []string{"philox  (fitted slope -0.50)", "rand48", "guide: SPPM theory, slope -1/3",
				"guide: Monte Carlo, slope -1/2", "shaded: min to max over 3 seeds", "RMSE", "r: the reference render", "photons"} {
				if !bytes.Contains(b, []byte(xmlText(want))) {
					t.Errorf("SVG lacks %q", want)
				}
			}
		case "pdf":
			if !bytes.HasPrefix(b, []byte("%PDF")) {
				t.Errorf("PDF starts %q", b[:min(len(b), 8)])
			}
		}
	}
	if err := SavePlot(p, filepath.Join(dir, "plot.gif")); err == nil {
		t.Error("a plot saved as GIF")
	}
}

func xmlText(s string) string {
	var b bytes.Buffer
	xml.EscapeText(&b, []byte(s))
	return b.String()
}

// The guides in the metric's power: MSE falls twice as fast as RMSE.
func TestConvergencePlotGuidesInMSE(t *testing.T) {
	p, err := ConvergencePlot(testRows(), MetricMSE, PlotText{Against: "the exact image"})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "p.svg")
	if err := SavePlot(p, path); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(path)
	for _, want := range []string{"slope -2/3", "slope -1", "MSE"} {
		if !bytes.Contains(b, []byte(want)) {
			t.Errorf("SVG lacks %q", want)
		}
	}
}

// Rows a log axis cannot show leave the plot drawable; with none left it says so.
func TestConvergencePlotBadRows(t *testing.T) {
	nan := math.NaN()
	for name, rows := range map[string][]ConvergenceRow{
		"empty":    nil,
		"all bad":  {{"s", "g", 0, 1, 1, 1, 1, nan, 1}, {"s", "g", 1e5, 1, nan, nan, nan, nan, 1}, {"s", "g", 1e6, 1, 0, 0, 0, nan, 1}},
		"one good": append(testRows(), ConvergenceRow{"caustics", "sobol", 1e5, 1, nan, nan, nan, nan, 1}),
	} {
		p, err := ConvergencePlot(rows, MetricRMSE, PlotText{Title: name})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := SavePlot(p, filepath.Join(t.TempDir(), "p.png")); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		if noData := strings.HasSuffix(p.Title.Text, "(no data)"); noData != (name != "one good") {
			t.Errorf("%s: title %q", name, p.Title.Text)
		}
	}
}
