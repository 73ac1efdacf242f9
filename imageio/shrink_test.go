package imageio

import (
	"image"
	"image/color"
	"testing"
)

// Shrink keeps narrow images, scales wide ones to the width keeping the
// aspect (never to no rows), and keeps a flat colour flat.
func TestShrink(t *testing.T) {
	small := image.NewNRGBA(image.Rect(0, 0, 10, 5))
	if Shrink(small, 10) != small {
		t.Error("an image as wide as the width was scaled")
	}
	wide := image.NewNRGBA(image.Rect(0, 0, 800, 450))
	for i := range wide.Pix {
		wide.Pix[i] = 200
	}
	got := Shrink(wide, 400)
	if got.Bounds().Dx() != 400 || got.Bounds().Dy() != 225 {
		t.Fatalf("800x450 shrunk to %v", got.Bounds())
	}
	if c := got.NRGBAAt(123, 77); c != (color.NRGBA{200, 200, 200, 200}) {
		t.Errorf("a flat image shrank to %v", c)
	}
	if Shrink(image.NewNRGBA(image.Rect(0, 0, 1000, 1)), 10).Bounds().Dy() != 1 {
		t.Error("a one-row image lost its row")
	}
}
