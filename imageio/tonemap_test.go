package imageio

import (
	"image"
	"image/color"
	"math"
	"path/filepath"
	"testing"
)

func TestLinearToSRGB8(t *testing.T) {
	for _, c := range []struct {
		v    float32
		want uint8
	}{
		{0, 0}, {1, 255}, {0.5, 188}, {0.18, 118}, {0.05, 63}, {0.001, 3}, {0.0031308, 10},
		{-1, 0}, {2, 255}, {float32(math.Inf(1)), 255}, {float32(math.Inf(-1)), 0}, {float32(math.NaN()), 0},
	} {
		if got := linearToSRGB8(c.v); got != c.want {
			t.Errorf("linearToSRGB8(%v) = %d, want %d", c.v, got, c.want)
		}
	}
	// Every 8-bit level k comes back from the exact linear value of k/255.
	for k := 0; k < 256; k++ {
		s := float64(k) / 255
		lin := s / 12.92
		if s > 0.04045 {
			lin = math.Pow((s+0.055)/1.055, 2.4)
		}
		if got := linearToSRGB8(float32(lin)); int(got) != k {
			t.Errorf("level %d: linear %v maps to %d", k, lin, got)
		}
	}
}

func TestToneMap(t *testing.T) {
	nan, inf := float32(math.NaN()), float32(math.Inf(1))
	img := NewImage(4, 2)
	img.set(0, 0, 0, 0.5, 1, 0.3) // top left
	img.set(1, 0, 0.25, 0.25, 0.25, 1)
	img.set(2, 0, nan, 0, 0, 1)
	img.set(3, 0, 0, inf, 0, 1)
	img.set(0, 1, 0, 0, -inf, 1)
	img.set(1, 1, 3e38, 0, 0, 1) // finite, but Inf after the exposure
	img.set(2, 1, -0.5, 7, 0.001, 0)
	m := img.ToneMap(2)
	if m.Rect != image.Rect(0, 0, 4, 2) {
		t.Fatalf("bounds %v", m.Rect)
	}
	want := map[image.Point]color.NRGBA{
		{0, 0}: {0, 255, 255, 255},
		{1, 0}: {188, 188, 188, 255},
		{2, 0}: Magenta,
		{3, 0}: Magenta,
		{0, 1}: Magenta,
		{1, 1}: Magenta,
		{2, 1}: {0, 255, 7, 255}, // 0.002 → 12.92·0.002·255 = 6.6
		{3, 1}: {0, 0, 0, 255},
	}
	for p, w := range want {
		if got := m.NRGBAAt(p.X, p.Y); got != w {
			t.Errorf("pixel %v = %v, want %v", p, got, w)
		}
	}
	one := NewImage(1, 1)
	one.set(0, 0, 0.5, 0.5, 0.5, 1)
	if got := one.ToneMap(1).NRGBAAt(0, 0); got != (color.NRGBA{188, 188, 188, 255}) {
		t.Errorf("0.5 at exposure 1 = %v, want 188", got)
	}
}

func TestToneMapBadImagePanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("no panic for a short Pix")
		}
	}()
	Image{W: 2, H: 2, Pix: make([]float32, 15)}.ToneMap(1)
}

func TestPNGRoundTrip(t *testing.T) {
	img := NewImage(5, 3)
	for i := range img.Pix {
		img.Pix[i] = float32(i%7) / 6
	}
	m := img.ToneMap(1)
	path := filepath.Join(t.TempDir(), "x.png")
	if err := WritePNG(path, m); err != nil {
		t.Fatal(err)
	}
	back, err := ReadPNG(path)
	if err != nil {
		t.Fatal(err)
	}
	if back.Rect != m.Rect || string(back.Pix) != string(m.Pix) {
		t.Error("PNG round trip changed the pixels")
	}
	if _, err := ReadPNG(filepath.Join(t.TempDir(), "none.png")); err == nil {
		t.Error("no error reading a missing file")
	}
}
