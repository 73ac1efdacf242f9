package imageio

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestConvergenceCSV(t *testing.T) {
	rows := []ConvergenceRow{
		{"cornell", "rand48", 100000, 0.0012345678, 12.3456},
		{"cornell", "sobol", 10000000, 2e-5, 0.5},
		{"a,b", "ca", 1, math.NaN(), 0},
		{"x", "y", 7, math.Inf(1), 1e6},
	}
	path := filepath.Join(t.TempDir(), "convergence.csv")
	if err := WriteConvergenceCSV(path, rows); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want := `scene,generator,photons,rmse,seconds
cornell,rand48,100000,1.234568e-03,12.346
cornell,sobol,10000000,2.000000e-05,0.500
"a,b",ca,1,NaN,0.000
x,y,7,+Inf,1000000.000
`
	if string(b) != want {
		t.Errorf("CSV:\n%s\nwant:\n%s", b, want)
	}
	back, err := ReadConvergenceCSV(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(back) != len(rows) {
		t.Fatalf("%d rows back, want %d", len(back), len(rows))
	}
	if back[0] != (ConvergenceRow{"cornell", "rand48", 100000, 1.234568e-03, 12.346}) || back[2].Scene != "a,b" ||
		!math.IsNaN(back[2].RMSE) || !math.IsInf(back[3].RMSE, 1) {
		t.Errorf("read back %+v", back)
	}
	for name, data := range map[string]string{
		"header": "scene,gen,photons,rmse,seconds\n",
		"fields": "scene,generator,photons,rmse,seconds\na,b,1,2\n",
		"number": "scene,generator,photons,rmse,seconds\na,b,1e5,2,3\n",
	} {
		p := filepath.Join(t.TempDir(), name+".csv")
		os.WriteFile(p, []byte(data), 0o644)
		if _, err := ReadConvergenceCSV(p); err == nil || !strings.HasPrefix(err.Error(), p+": ") {
			t.Errorf("%s: error %v", name, err)
		}
	}
}

func testRows() []ConvergenceRow {
	var rows []ConvergenceRow
	for i, g := range []string{"rand48", "lehmer", "philox"} {
		for _, n := range []int64{1e5, 1e6, 1e7} {
			rows = append(rows, ConvergenceRow{"caustics", g, n, (0.3 + 0.1*float64(i)) / math.Sqrt(float64(n)/1e5), 1})
		}
	}
	return rows
}

func TestConvergencePlot(t *testing.T) {
	m := ConvergencePlot(testRows(), "caustics")
	if m.Rect != image.Rect(0, 0, plotWidth, plotHeight) {
		t.Fatalf("size %v", m.Rect)
	}
	for i := 0; i < 3; i++ {
		if n := count(m, plotArea, plotColors[i]); n < 200 {
			t.Errorf("series %d: %d pixels of its colour in the axes", i, n)
		}
	}
	if n := count(m, m.Rect, plotColors[3]); n != 0 {
		t.Errorf("%d pixels of an unused series colour", n)
	}
	if n := count(m, plotArea, plotReference); n < 100 {
		t.Errorf("reference line and label: %d pixels", n)
	}
	if n := count(m, image.Rect(0, 0, plotWidth, plotArea.Min.Y), plotText); n < 50 {
		t.Errorf("title: %d pixels", n)
	}
	if n := count(m, image.Rect(0, plotArea.Max.Y+1, plotWidth, plotHeight), plotText); n < 200 {
		t.Errorf("x tick labels and title: %d pixels", n)
	}
	if n := count(m, image.Rect(0, 0, plotArea.Min.X-1, plotHeight), plotText); n < 200 {
		t.Errorf("y tick labels and title: %d pixels", n)
	}
	// Where the curves are: rand48's first point (1e5, 0.3) lies on the left, philox's last
	// (1e7, 0.05) on the right, and higher RMSE is higher up.
	ser := convergenceSeries(testRows())
	if len(ser) != 3 || ser[0].name != "rand48" || len(ser[2].pts) != 3 {
		t.Fatalf("series %+v", ser)
	}
	firstX := func(c color.NRGBA) int {
		for x := plotArea.Min.X; x < plotArea.Max.X; x++ {
			if count(m, image.Rect(x, plotArea.Min.Y, x+1, plotArea.Max.Y), c) > 0 {
				return x
			}
		}
		return -1
	}
	if x := firstX(plotColors[0]); x < plotArea.Min.X || x > plotArea.Min.X+30 {
		t.Errorf("rand48 starts at x = %d, want the left edge of the axes (%d)", x, plotArea.Min.X)
	}

	// It writes as a valid PNG holding the same pixels.
	path := filepath.Join(t.TempDir(), "convergence.png")
	if err := WritePNG(path, m); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	dec, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("not a PNG: %v", err)
	}
	if back := ToNRGBA(dec); back.Rect != m.Rect || !bytes.Equal(back.Pix, m.Pix) {
		t.Error("the PNG does not hold the plot")
	}
}

func TestConvergencePlotBadRows(t *testing.T) {
	nan := math.NaN()
	for name, rows := range map[string][]ConvergenceRow{
		"nil":     nil,
		"all bad": {{"s", "a", 1e5, 0, 1}, {"s", "a", 1e6, nan, 1}, {"s", "b", 0, 0.1, 1}, {"s", "b", -5, 0.1, 1}, {"s", "c", 1e5, math.Inf(1), 1}, {"s", "c", 1e5, -1, 1}},
		"one":     {{"s", "a", 1e6, 0.01, 1}},
		"mixed":   append(testRows(), ConvergenceRow{"caustics", "rand48", 3e7, 0, 1}, ConvergenceRow{"caustics", "sobol", 1e5, nan, 1}),
		"flat":    {{"s", "a", 1e5, 0.1, 1}, {"s", "a", 1e5, 0.1, 1}},
		"scenes":  {{"s1", "a", 1e5, 0.1, 1}, {"s2", "a", 1e6, 0.01, 1}},
		"tiny":    {{"s", "a", 1, 1e-300, 1}, {"s", "a", math.MaxInt64, 1e300, 1}},
	} {
		m := ConvergencePlot(rows, name)
		if m.Rect != image.Rect(0, 0, plotWidth, plotHeight) {
			t.Errorf("%s: size %v", name, m.Rect)
		}
	}
	// A generator whose every point is unusable keeps its legend entry (and colour).
	m := ConvergencePlot(append(testRows(), ConvergenceRow{"caustics", "sobol", 1e5, nan, 1}), "")
	if count(m, plotArea, plotColors[3]) == 0 {
		t.Error("the all-NaN generator has no legend entry")
	}
	// Several scenes name series by scene and generator.
	ser := convergenceSeries([]ConvergenceRow{{"s1", "a", 1, 1, 0}, {"s2", "a", 1, 1, 0}})
	if len(ser) != 2 || ser[0].name != "s1 a" || ser[1].name != "s2 a" {
		t.Errorf("series %+v", ser)
	}
}
