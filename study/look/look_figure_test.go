package look

import (
	"math"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

	"speckle/imageio"
	"speckle/imageio/figtest"
	"speckle/rng"
)

// rng look's figure fits a slide by default: four generators at the
// default --size, or one at the largest, are at most 1920 pixels wide.
func TestLookFigureFitsASlide(t *testing.T) {
	four := []rng.Spec{spec(t, "rand48"), spec(t, "lehmer"), spec(t, "ca"), spec(t, "philox")}
	for _, l := range []Look{
		{Specs: four, View: ViewPairs, Size: 512, Points: 2000},
		{Specs: four[:3], View: ViewSpectrum, Size: 512, Points: 256},
		{Specs: four[3:], View: ViewPairs, Size: MaxLookSize, Points: 2000},
	} {
		l.Seed, l.Zoom = 1, [3]float64{0, 0, 1}
		looked, err := l.Run(nil)
		if err != nil {
			t.Fatal(err)
		}
		if w := l.Figure(looked).Rect.Dx(); w > imageio.MaxFigureWidth || w < 600 {
			t.Errorf("%d %s at size %d: figure %d pixels wide, want 600..%d", len(l.Specs), l.View, l.Size, w, imageio.MaxFigureWidth)
		}
	}
}

// Every flat view's panel has axis titles and round ticks on both axes;
// the triples' projection shows the cube's edges instead.
func TestLookPanelsHaveAxes(t *testing.T) {
	for _, view := range []string{ViewPairs, ViewStreams, ViewBitplanes, ViewPhotons, ViewSpectrum} {
		l := Look{Specs: []rng.Spec{spec(t, "philox")}, Seed: 1, View: view, Size: 64, Points: 512, Zoom: [3]float64{0.5, 0.25, 0.125}}
		if view == ViewBitplanes || view == ViewSpectrum || view == ViewPhotons {
			l.Zoom = [3]float64{0, 0, 1}
		}
		looked, err := l.Run(nil)
		if err != nil {
			t.Fatal(err)
		}
		p := l.panel(looked[0])
		if p.X.Label.Text == "" || p.Y.Label.Text == "" || p.Title.Text == "" {
			t.Errorf("%s: axis titles %q, %q, title %q", view, p.X.Label.Text, p.Y.Label.Text, p.Title.Text)
		}
		for _, a := range []plot.Axis{p.X, p.Y} {
			var major []float64
			for _, tk := range a.Tick.Marker.Ticks(a.Min, a.Max) {
				if tk.Label != "" {
					major = append(major, tk.Value)
				}
			}
			if len(major) < 3 || !figtest.RoundTicks(major, false) {
				t.Errorf("%s: ticks %v on [%g, %g], want 3 or more round numbers", view, major, a.Min, a.Max)
			}
		}
	}
}

// The spectrum's radial plot has a legend entry per generator and white
// noise's: it grows by one entry's height for each generator.
func TestLookSpectrumLegend(t *testing.T) {
	l := Look{Specs: []rng.Spec{spec(t, "lehmer"), spec(t, "philox")}, Seed: 1, View: ViewSpectrum, Size: 32, Points: 256, Zoom: [3]float64{0, 0, 1}}
	looked, err := l.Run(nil)
	if err != nil {
		t.Fatal(err)
	}
	dc := draw.New(vgimg.New(4*vg.Inch, 3*vg.Inch))
	h := func(n int) vg.Length { p := radialPlot(looked[:n]); return p.Legend.Rectangle(dc).Size().Y }
	one, two := h(1), h(2)
	if !(one > 0) || !(two > one*1.3) {
		t.Errorf("legend heights %v with one generator, %v with two: want an entry each and white noise's", one, two)
	}
}

// Markers grow as points thin: a deep zoom's few points are discs, a
// million points stay single pixels.
func TestMarkerSizeGrowsForFewPoints(t *testing.T) {
	if r := MarkerRadius(1<<20, 512); r != 0 {
		t.Errorf("a million points: radius %d, want 0 (single pixels)", r)
	}
	if a, b := MarkerRadius(10000, 512), MarkerRadius(100, 512); !(b > a) || b < 3 {
		t.Errorf("radius %d at 1e4 points, %d at 100: want it to grow, to 3 or more", a, b)
	}
	// A deep zoom's sample of 20 pairs darkens a disc around each.
	l := Look{View: ViewPairs, Size: 256, Points: 20, Scan: 1, Zoom: [3]float64{0, 0, 1}}
	var v []uint32
	for i := 0; i < 20; i++ {
		v = append(v, uint32(i*53%256)<<24|1<<23, uint32(i*97%256)<<24|1<<23)
	}
	sp := spec(t, "philox")
	img := l.Draw(sp, Sample{Values: v}).Image
	dark := 0
	for i := 0; i < len(img.Pix); i += 4 {
		if img.Pix[i] < 200 {
			dark++
		}
	}
	r := MarkerRadius(20, 256)
	if want := 20 * int(math.Pi*float64(r*r)) / 2; r < 1 || dark < want {
		t.Errorf("20 points at radius %d darken %d pixels, want at least %d", r, dark, want)
	}
}
