package imageio_test

// imageio's figures and tables read back through figtest, the test-only
// package that holds the readers (an external test: figtest imports imageio).

import (
	"fmt"
	"image"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"speckle/imageio"
	"speckle/imageio/figtest"
)

// The colour bars' ticks are round numbers ("nice numbers"), never the
// ends' 0.981, 1.96, 2.94 that quartering a range gives.
func TestColorBarTicksAreRound(t *testing.T) {
	if figtest.RoundTicks([]float64{0, 0.981, 1.96, 2.94}, false) || figtest.RoundTicks([]float64{0, 0.028, 0.056, 0.084, 0.112}, false) || figtest.RoundTicks([]float64{0, 3, 7}, true) {
		t.Error("quartered ranges pass as round ticks")
	}
	for _, b := range []imageio.ColorBar{{Lo: 0, Hi: 3.92}, {Lo: 0, Hi: 0.112}, {Lo: 0, Hi: 0.5}, {Lo: 0, Hi: 2.83e4}, {Lo: 0, Hi: 864000, Log: true}, {Lo: 0, Hi: 7, Log: true}} {
		ticks := b.Ticks()
		if len(ticks) < 3 || !figtest.RoundTicks(ticks, b.Log) || ticks[0] < b.Lo || ticks[len(ticks)-1] > b.Hi {
			t.Errorf("bar %g..%g (log %v): ticks %v, want 3 or more round numbers inside the bar", b.Lo, b.Hi, b.Log, ticks)
		}
	}
}

// A montage with a Bar carries the colour bar; the plain one does not.
func TestFindColorBar(t *testing.T) {
	cell := image.NewNRGBA(image.Rect(0, 0, 300, 100))
	for i := range cell.Pix { // a noisy heatmap-like cell of viridis colours
		c := imageio.HeatColor(float32(i*7919%256) / 255)
		cell.Pix[i] = c[i%4%3]
	}
	plain := imageio.Grid{Cells: [][]*image.NRGBA{{cell}}, Title: "x"}
	withBar := plain
	withBar.Bar = &imageio.ColorBar{Map: imageio.HeatColormap(), Lo: 0, Hi: 1, Label: "error"}
	if figtest.FindColorBar(plain.Draw(), imageio.HeatColormap(), 200) {
		t.Error("a colour bar found in a montage without one")
	}
	if !figtest.FindColorBar(withBar.Draw(), imageio.HeatColormap(), 200) {
		t.Error("no colour bar found in a montage with one")
	}
}

func TestConvergenceCSV(t *testing.T) {
	nan := math.NaN()
	rows := []imageio.ConvergenceRow{
		{Scene: "cornell", Generator: "rand48", Photons: 100000, Seeds: 4, Error: 0.0012345678, Min: 0.001, Max: 0.0015,
			Slope: -0.34, SlopeMin: -0.4, SlopeMax: -0.3, RMSE: 0.02, RMSEMin: 0.01, RMSEMax: 0.5, Fireflies: 0.25, FirefliesMax: 1, Seconds: 12.3456,
			Reference: "1e10 photons, assets/reference/cornell-640x360.pfm averaged 2x2"},
		{Scene: "cornell", Generator: "sobol", Photons: 10000000, Seeds: 1, Error: 2e-5, Min: 2e-5, Max: 2e-5,
			Slope: nan, SlopeMin: nan, SlopeMax: nan, RMSE: 1e-3, RMSEMin: 1e-3, RMSEMax: 1e-3, Seconds: 0.5},
		{Scene: "a,b", Generator: "ca", Photons: 1, Seeds: 1, Error: nan, Min: nan, Max: nan, Slope: nan, SlopeMin: nan, SlopeMax: nan, RMSE: nan, RMSEMin: nan, RMSEMax: nan, Fireflies: nan},
		{Scene: "x", Generator: "y", Photons: 7, Seeds: 2, Error: math.Inf(1), Min: 1, Max: math.Inf(1), RMSE: 1, RMSEMin: 1, RMSEMax: 1, Seconds: 1e6},
	}
	path := filepath.Join(t.TempDir(), "convergence.csv")
	if err := imageio.WriteConvergenceCSV(path, imageio.MetricRelMSE, rows); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want := `scene,generator,photons,seeds,relmse,relmse_min,relmse_max,slope,slope_min,slope_max,rmse,rmse_min,rmse_max,fireflies,fireflies_max,seconds,reference
cornell,rand48,100000,4,1.234568e-03,1.000000e-03,1.500000e-03,-3.400000e-01,-4.000000e-01,-3.000000e-01,2.000000e-02,1.000000e-02,5.000000e-01,0.25,1,12.346,"1e10 photons, assets/reference/cornell-640x360.pfm averaged 2x2"
cornell,sobol,10000000,1,2.000000e-05,2.000000e-05,2.000000e-05,NaN,NaN,NaN,1.000000e-03,1.000000e-03,1.000000e-03,0.00,0,0.500,
"a,b",ca,1,1,NaN,NaN,NaN,NaN,NaN,NaN,NaN,NaN,NaN,NaN,0,0.000,
x,y,7,2,+Inf,1.000000e+00,+Inf,0.000000e+00,0.000000e+00,0.000000e+00,1.000000e+00,1.000000e+00,1.000000e+00,0.00,0,1000000.000,
`
	if string(b) != want {
		t.Errorf("CSV:\n%s\nwant:\n%s", b, want)
	}
	m, back, err := figtest.ReadConvergenceCSV(path)
	if err != nil {
		t.Fatal(err)
	}
	if m != imageio.MetricRelMSE || len(back) != len(rows) {
		t.Fatalf("%s, %d rows back, want relmse, %d", m, len(back), len(rows))
	}
	first := rows[0]
	first.Error, first.Seconds = 1.234568e-03, 12.346
	if fmt.Sprint(back[0]) != fmt.Sprint(first) || back[2].Scene != "a,b" || !math.IsNaN(back[2].Error) || !math.IsInf(back[3].Error, 1) {
		t.Errorf("read back %+v", back)
	}
	header := strings.Join(imageio.ConvergenceHeader(imageio.MetricRMSE), ",") + "\n"
	for name, data := range map[string]string{
		"header": strings.Replace(header, "generator", "gen", 1),
		"metric": strings.ReplaceAll(header, "rmse", "psnr"),
		"fields": header + "a,b,1,2\n",
		"number": header + "a,b,1e5,1,2,2,2,0,0,0,1,1,1,0,0,3,\n",
		"seeds":  header + "a,b,1,x,2,2,2,0,0,0,1,1,1,0,0,3,\n",
		"slope":  header + "a,b,1,1,2,2,2,steep,0,0,1,1,1,0,0,3,\n",
		"flies":  header + "a,b,1,1,2,2,2,0,0,0,1,1,1,0,0.5,3,\n",
	} {
		p := filepath.Join(t.TempDir(), name+".csv")
		os.WriteFile(p, []byte(data), 0o644)
		if _, _, err := figtest.ReadConvergenceCSV(p); err == nil || !strings.HasPrefix(err.Error(), p+": ") {
			t.Errorf("%s: error %v", name, err)
		}
	}
}
