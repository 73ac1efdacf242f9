package lesson

import (
	"image"
	"image/color"
	"os"
	"testing"

	"speckle/gpu/gltest"
)

// TestMain serves the GPU tests' GL work on the main thread (gltest).
func TestMain(m *testing.M) { os.Exit(gltest.Main(m, "study/lesson tests")) }

// Helpers of this package's tests (study's own tests have the same few).

// countColour counts img's pixels of colour c.
func countColour(img *image.NRGBA, c color.NRGBA) int {
	n := 0
	for y := img.Rect.Min.Y; y < img.Rect.Max.Y; y++ {
		for x := img.Rect.Min.X; x < img.Rect.Max.X; x++ {
			if img.NRGBAAt(x, y) == c {
				n++
			}
		}
	}
	return n
}
