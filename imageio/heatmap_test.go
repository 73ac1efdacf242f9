package imageio

import (
	"math"
	"testing"
)

// The colour map starts and ends at viridis's ends, hits matplotlib's values
// (index 136 at 8/15), clamps outside [0, 1], and grows brighter all the way (viridis's
// lightness is monotonic: the legend reads as a scale).
func TestHeatColor(t *testing.T) {
	for _, c := range []struct {
		t    float32
		want [3]uint8
	}{
		{0, [3]uint8{68, 1, 84}}, {1, [3]uint8{253, 231, 37}},
		{-3, [3]uint8{68, 1, 84}}, {7, [3]uint8{253, 231, 37}}, {float32(math.NaN()), [3]uint8{68, 1, 84}},
		{8.0 / 15, [3]uint8{31, 152, 139}},
	} {
		if got := HeatColor(c.t); got != c.want {
			t.Errorf("HeatColor(%v) = %v, want %v", c.t, got, c.want)
		}
	}
	luma := func(c [3]uint8) float64 {
		lin := func(v uint8) float64 { return math.Pow(float64(v)/255, 2.2) }
		return 0.2126*lin(c[0]) + 0.7152*lin(c[1]) + 0.0722*lin(c[2])
	}
	prev := -1.0
	for k := 0; k <= 256; k++ {
		l := luma(HeatColor(float32(k) / 256))
		if l < prev-1e-3 {
			t.Errorf("HeatColor(%d/256) is darker than the step before (%.4f < %.4f)", k, l, prev)
		}
		prev = max(prev, l)
	}
}

// PixelError's square averaged over the pixels is RMSE's or relRMSE's square.
func TestPixelErrorAveragesToRMSE(t *testing.T) {
	a, b := NewImage(5, 3), NewImage(5, 3)
	for i := range a.Pix {
		a.Pix[i] = float32(i%7) * 0.3
		b.Pix[i] = float32(i%5) * 0.25
	}
	for _, rel := range []bool{false, true} {
		var sum float64
		for p := 0; p < 15; p++ {
			e := PixelError([3]float32(a.Pix[4*p:4*p+3]), [3]float32(b.Pix[4*p:4*p+3]), rel)
			sum += e * e
		}
		metric := RMSE
		if rel {
			metric = relRMSE
		}
		want, _ := metric(a, b)
		if got := math.Sqrt(sum / 15); math.Abs(got-want) > 1e-12 {
			t.Errorf("relative %v: RMS of PixelError %g, metric %g", rel, got, want)
		}
	}
}

// Heatmap colours by PixelError / scale, shows non-finite pixels magenta
// and refuses a non-positive scale or different sizes.
func TestHeatmap(t *testing.T) {
	img, ref := NewImage(3, 1), NewImage(3, 1)
	img.set(0, 0, 1, 1, 1, 1)                   // absolute error 1
	img.set(1, 0, 0.5, 0.5, 0.5, 1)             // 0.5
	ref.set(2, 0, float32(math.NaN()), 0, 0, 1) // magenta
	out, err := Heatmap(img, ref, false, 2)
	if err != nil {
		t.Fatal(err)
	}
	for x, want := range [][3]uint8{HeatColor(0.5), HeatColor(0.25), {Magenta.R, Magenta.G, Magenta.B}} {
		if got := [3]uint8(out.Pix[4*x : 4*x+3]); got != want || out.Pix[4*x+3] != 255 {
			t.Errorf("pixel %d: %v alpha %d, want %v opaque", x, got, out.Pix[4*x+3], want)
		}
	}
	if _, err := Heatmap(img, ref, true, 0); err == nil {
		t.Error("scale 0 accepted")
	}
	if _, err := Heatmap(img, NewImage(2, 1), true, 1); err == nil {
		t.Error("different sizes accepted")
	}
}
