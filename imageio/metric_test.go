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

func TestParseMetric(t *testing.T) {
	for _, s := range []string{"rmse", "RMSE", "relmse", "relMSE", "mse"} {
		if _, err := ParseMetric(s); err != nil {
			t.Errorf("%s: %v", s, err)
		}
	}
	if _, err := ParseMetric("psnr"); err == nil || err.Error() != `must be rmse, relmse or mse (got "psnr")` {
		t.Errorf("psnr: %v", err)
	}
	if MetricRMSE.Power() != 1 || MetricMSE.Power() != 2 || MetricRelMSE.Power() != 2 {
		t.Error("powers")
	}
}
