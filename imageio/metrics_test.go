package imageio

import (
	"math"
	"strings"
	"testing"
)

func TestRMSE(t *testing.T) {
	a, b := NewImage(3, 2), NewImage(3, 2)
	if v, err := RMSE(a, b); err != nil || v != 0 {
		t.Errorf("identical: %v, %v", v, err)
	}
	for i := range b.Pix {
		b.Pix[i] = 2
		if i%4 == 3 {
			b.Pix[i] = 100 // alpha is ignored
		}
	}
	if v, err := RMSE(a, b); err != nil || v != 2 {
		t.Errorf("constant difference 2: %v, %v", v, err)
	}
	// One channel of one pixel of a 1×1 image differs by 3: sqrt(9/3).
	c, d := NewImage(1, 1), NewImage(1, 1)
	d.Pix[1] = 3
	if v, err := RMSE(c, d); err != nil || math.Abs(v-math.Sqrt(3)) > 1e-15 {
		t.Errorf("one channel: %v, want sqrt(3)", v)
	}
	// Symmetric, and a known mixed case: differences 1, 2, 3, 4, 5, 6 over two pixels.
	e, f := NewImage(2, 1), NewImage(2, 1)
	copy(f.Pix, []float32{1, 2, 3, 0, 4, 5, 6, 0})
	want := math.Sqrt((1 + 4 + 9 + 16 + 25 + 36) / 6.0)
	for _, p := range [][2]Image{{e, f}, {f, e}} {
		if v, _ := RMSE(p[0], p[1]); math.Abs(v-want) > 1e-12 {
			t.Errorf("RMSE = %v, want %v", v, want)
		}
	}
	d.Pix[0] = float32(math.NaN())
	if v, _ := RMSE(c, d); !math.IsNaN(v) {
		t.Errorf("NaN is hidden: %v", v)
	}
	if _, err := RMSE(NewImage(2, 2), NewImage(2, 3)); err == nil || !strings.Contains(err.Error(), "sizes differ: 2x2 and 2x3") {
		t.Errorf("size mismatch: %v", err)
	}
	if _, err := RMSE(Image{W: 2, H: 2, Pix: make([]float32, 4)}, NewImage(2, 2)); err == nil {
		t.Error("no error for a short Pix")
	}
	if _, err := RMSE(NewImage(0, 0), NewImage(0, 0)); err == nil {
		t.Error("no error for empty images")
	}
}

// relRMSE is the relative root mean square error of img against the reference ref over R, G
// and B: sqrt(mean((img−ref)² / (ref² + RelEpsilon))), which weighs dark and bright regions
// alike. The sizes must match and be non-zero.
func relRMSE(img, ref Image) (float64, error) {
	if err := sameSize(img, ref); err != nil {
		return 0, err
	}
	var sum float64
	for p := 0; p < img.W*img.H; p++ {
		for c := 0; c < 3; c++ {
			r := float64(ref.Pix[4*p+c])
			d := float64(img.Pix[4*p+c]) - r
			sum += d * d / (r*r + RelEpsilon)
		}
	}
	return math.Sqrt(sum / float64(3*img.W*img.H)), nil
}

func TestRelRMSE(t *testing.T) {
	img, ref := NewImage(1, 1), NewImage(1, 1)
	copy(ref.Pix, []float32{1, 1, 1, 1})
	copy(img.Pix, []float32{2, 1, 1, 1})
	want := math.Sqrt(1 / (1 + RelEpsilon) / 3)
	if v, err := relRMSE(img, ref); err != nil || math.Abs(v-want) > 1e-12 {
		t.Errorf("relRMSE = %v, %v; want %v", v, err, want)
	}
	if _, err := relRMSE(NewImage(1, 1), NewImage(2, 1)); err == nil {
		t.Error("no error for a size mismatch")
	}
}
