package imageio

import (
	"math"
	"testing"
)

// The metrics on a known pair: img differs from ref by 1, 2, 3 in one pixel's channels and
// not at all in the other; ref's channels are 0, 1, 9 and 0, 0, 0.
func TestMetrics(t *testing.T) {
	img, ref := NewImage(2, 1), NewImage(2, 1)
	copy(ref.Pix, []float32{0, 1, 9, 0, 0, 0, 0, 0})
	copy(img.Pix, []float32{1, 3, 12, 7, 0, 0, 0, 7}) // alpha ignored
	mse := (1.0 + 4 + 9) / 6
	relmse := (1/(0.01*0.01) + 4/(1.01*1.01) + 9/(9.01*9.01)) / 6
	for _, c := range []struct {
		m    Metric
		want float64
	}{{MetricMSE, mse}, {MetricRMSE, math.Sqrt(mse)}, {MetricRelMSE, relmse}} {
		got, err := c.m.Of(img, ref)
		if err != nil || math.Abs(got-c.want) > 1e-9*c.want {
			t.Errorf("%s = %v, %v; want %v", c.m, got, err, c.want)
		}
		if _, err := c.m.Of(NewImage(1, 1), NewImage(2, 1)); err == nil {
			t.Errorf("%s: no error for different sizes", c.m)
		}
	}
	// relmse is relative: scaling both images leaves it where the offset does not matter.
	a, b := NewImage(1, 1), NewImage(1, 1)
	copy(b.Pix, []float32{100, 100, 100, 0})
	copy(a.Pix, []float32{110, 110, 110, 0})
	if v, _ := RelMSE(a, b); math.Abs(v-100.0/(100.01*100.01)) > 1e-12 {
		t.Errorf("relmse of 10%% off = %v", v)
	}
}

// The median relative error belongs to no pixel: one pixel 30 times its
// reference (caustics' lamp seen through the glass at four iterations)
// triples the RMSE and moves the median by one rank at most; the median of
// an odd and an even count is the middle value and the mean of the two.
func TestMedRelIgnoresOnePixel(t *testing.T) {
	ref, img := NewImage(3, 3), NewImage(3, 3)
	for p := 0; p < 9; p++ {
		for c := 0; c < 3; c++ {
			ref.Pix[4*p+c] = 1
			img.Pix[4*p+c] = 1 + 0.1*float32(p%3+1) // 10, 20, 30 % off
		}
	}
	before, _ := MedRel(img, ref)
	rmse0, _ := RMSE(img, ref)
	for c := 0; c < 3; c++ {
		img.Pix[4*4+c] = 30
	}
	after, _ := MedRel(img, ref)
	rmse1, _ := RMSE(img, ref)
	if math.Abs(before-0.2/1.01) > 1e-6 || math.Abs(after-0.2/1.01) > 1e-6 || rmse1 < 10*rmse0 {
		t.Errorf("medrel %v then %v (want 0.198 both), RMSE %v then %v", before, after, rmse0, rmse1)
	}
	if n, _ := Fireflies(img, ref); n != 1 {
		t.Errorf("%d fireflies, want the one pixel", n)
	}
	if median([]float64{3, 1, 2, 10}) != 2.5 || !math.IsNaN(median([]float64{1, math.NaN()})) {
		t.Error("median")
	}
	// Black reference pixels (background) are left out: a black render there is
	// no evidence of convergence. Four black pixels of nine leave the median
	// where the five lit ones put it.
	for _, p := range []int{0, 1, 2, 3} {
		for c := 0; c < 3; c++ {
			ref.Pix[4*p+c], img.Pix[4*p+c] = 0, 0
		}
	}
	if got, _ := MedRel(img, ref); math.Abs(got-0.3/1.01) > 1e-6 { // the lit: the 30x pixel, then 30, 10, 20, 30 % off
		t.Errorf("medrel with a black background %v, want 0.297", got)
	}
}

// A firefly passes 10x its reference; a black reference counts as 1 % of
// the image's mean (here 0.02), so faint noise on black is none.
func TestFireflies(t *testing.T) {
	ref, img := NewImage(4, 1), NewImage(4, 1)
	copy(ref.Pix, []float32{4, 4, 4, 1, 0, 0, 0, 1, 1, 1, 1, 1, 3, 3, 3, 1}) // mean luminance 2: floor 0.02
	copy(img.Pix, []float32{39, 39, 39, 1, 0.1, 0.1, 0.1, 1, 11, 11, 11, 1, 0.5, 0.5, 0.5, 1})
	if n, _ := Fireflies(img, ref); n != 1 { // 11 passes 10 x 1; 39 does not pass 40, nor 0.1 on black 10 x 0.02
		t.Errorf("%d fireflies, want 1", n)
	}
	img.Pix[4], img.Pix[5], img.Pix[6] = 0.3, 0.3, 0.3 // a speck on black
	if n, _ := Fireflies(img, ref); n != 2 {
		t.Errorf("%d fireflies with a speck on black, want 2", n)
	}
	if _, err := Fireflies(NewImage(1, 1), ref); err == nil {
		t.Error("no error for different sizes")
	}
}

func TestParseMetric(t *testing.T) {
	for _, s := range []string{"rmse", "RMSE", "relmse", "relMSE", "mse", "medrel"} {
		if _, err := ParseMetric(s); err != nil {
			t.Errorf("%s: %v", s, err)
		}
	}
	if _, err := ParseMetric("psnr"); err == nil || err.Error() != `must be medrel, rmse, relmse or mse (got "psnr")` {
		t.Errorf("psnr: %v", err)
	}
	if MetricRMSE.Power() != 1 || MetricMSE.Power() != 2 || MetricRelMSE.Power() != 2 || MetricMedRel.Power() != 1 {
		t.Error("powers")
	}
}
