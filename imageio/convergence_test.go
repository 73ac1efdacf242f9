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
		if math.Abs(r.Slope+0.5) > 1e-9 || math.Abs(r.SlopeMin+0.5) > 1e-9 || math.Abs(r.SlopeMax+0.5) > 1e-9 || TrendOf(r) != TrendConverges {
			t.Errorf("%s: slope %v (seeds %v to %v), trend %d; want -1/2 converging", r.Generator, r.Slope, r.SlopeMin, r.SlopeMax, TrendOf(r))
		}
	}
	// Three counts are too few for a slope: none, and no trend.
	short := testRows()[:3]
	SetSlopes(short)
	for _, r := range short {
		if !math.IsNaN(r.Slope) || !math.IsNaN(r.SlopeMin) || TrendOf(r) != TrendNone {
			t.Errorf("three counts: slope %v (seeds %v), trend %d", r.Slope, r.SlopeMin, TrendOf(r))
		}
	}
}

// One seed's firefly does not make a curve diverge: a generator whose mean
// rises because one seed's error jumps at one count, while the others fall,
// has no clear trend; it diverges only where every seed's curve rises.
func TestTrendNeedsTheSeedsToAgree(t *testing.T) {
	curve := func(each ...[]float64) []ConvergenceRow {
		var rows []ConvergenceRow
		for k, n := range []int64{1 << 20, 2 << 20, 3 << 20, 4 << 20} {
			r := ConvergenceRow{Scene: "caustics", Generator: "philox", Photons: n, Seeds: len(each)}
			for _, e := range each {
				r.Each = append(r.Each, e[k])
				r.Error += e[k] / float64(len(each))
			}
			rows = append(rows, r)
		}
		SetSlopes(rows)
		return rows
	}
	falling := []float64{0.35, 0.25, 0.21, 0.19}
	spiked := []float64{0.34, 0.26, 0.20, 1.22} // the (93, 59) pixel of issue #32 in RMSE
	rows := curve(falling, falling, spiked)
	if r := rows[0]; r.Slope <= 0 || TrendOf(r) != TrendUnclear {
		t.Errorf("one seed's spike: mean slope %v, trend %d; want a rising mean and no clear trend", r.Slope, TrendOf(r))
	}
	if _, says := seriesLabel("philox", rows[0], 1, DefaultAlpha); says != "no clear trend: the seeds disagree" {
		t.Errorf("label %q", says)
	}
	rising := []float64{0.2, 0.25, 0.3, 0.35}
	rows = curve(rising, rising, []float64{0.2, 0.3, 0.3, 0.4})
	if _, says := seriesLabel("x", rows[0], 1, DefaultAlpha); TrendOf(rows[0]) != TrendDiverges || !strings.HasPrefix(says, "DIVERGES") {
		t.Errorf("every seed rising: trend %d, label %q", TrendOf(rows[0]), says)
	}
}

// testRows are three generators converging as N^-1/2 over four counts, over 3 seeds each.
func testRows() []ConvergenceRow {
	var rows []ConvergenceRow
	for i, g := range []string{"rand48", "lehmer", "philox"} {
		for _, n := range []int64{1e5, 1e6, 1e7, 1e8} {
			e := (0.3 + 0.1*float64(i)) / math.Sqrt(float64(n)/1e5)
			rows = append(rows, ConvergenceRow{Scene: "caustics", Generator: g, Photons: n, Seeds: 3, Error: e, Min: 0.8 * e, Max: 1.3 * e,
				Slope: math.NaN(), Each: []float64{0.8 * e, e, 1.2 * e}, RMSE: e, RMSEMin: e, RMSEMax: e, Seconds: 1})
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
			if err != nil || m.Bounds().Dx() != 1920 || m.Bounds().Dy() != 1080 {
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
			for _, want := range []string{"philox: slope -0.50, seeds -0.50 to -0.50", "converges, faster than SPPM's -0.36 to -0.29", "rand48", "guide: SPPM theory, slope -1/3",
				"guide: Monte Carlo, slope -1/2", "line: the mean over 3 seeds; shaded: their least to greatest", "RMSE", "r: the reference render", "photons",
				"fireflies: pixels brighter than 10x their reference"} {
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
		"empty": nil,
		"all bad": {{Scene: "s", Generator: "g", Photons: 0, Seeds: 1, Error: 1, Min: 1, Max: 1, Slope: nan},
			{Scene: "s", Generator: "g", Photons: 1e5, Seeds: 1, Error: nan, Min: nan, Max: nan, Slope: nan},
			{Scene: "s", Generator: "g", Photons: 1e6, Seeds: 1, Slope: nan}},
		"one good": append(testRows(), ConvergenceRow{Scene: "caustics", Generator: "sobol", Photons: 1e5, Seeds: 1, Error: nan, Min: nan, Max: nan, Slope: nan}),
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

func TestCountText(t *testing.T) {
	for n, want := range map[int64]string{1 << 22: "2^22", 100000000: "1e8", 2500000: "2.5e6", 1200: "1.2e3", 7: "7", 1000001: "1000001"} {
		if got := countText(n); got != want {
			t.Errorf("countText(%d) = %q, want %q", n, got, want)
		}
	}
}

// At SPPM's rate means the seeds' slopes meet -(1-α) .. -α/2 (widened by 0.01): -0.36 to -0.29
// at α = 0.7. Lehmer's first-run slopes, -0.264 to -0.250, are slower; philox's, -0.344 to
// -0.321, are at it.
func TestAtSPPMRate(t *testing.T) {
	if lo, hi := SPPMRate(0.7); math.Abs(lo+0.36) > 1e-9 || math.Abs(hi+0.29) > 1e-9 {
		t.Errorf("SPPMRate(0.7) = %v, %v", lo, hi)
	}
	for _, c := range []struct {
		slope, lo, hi float64
		want          bool
	}{{-0.255, -0.264, -0.250, false}, {-0.334, -0.344, -0.321, true}, {-0.5, math.NaN(), math.NaN(), false}, {-0.3, math.NaN(), math.NaN(), true}} {
		if got := AtSPPMRate(ConvergenceRow{Slope: c.slope, SlopeMin: c.lo, SlopeMax: c.hi}, 0.7); got != c.want {
			t.Errorf("slope %v [%v, %v]: %v", c.slope, c.lo, c.hi, got)
		}
	}
}
