package capture

import (
	"image"
	"image/color"
	"os"
	"testing"

	"speckle/gpu/gltest"
	"speckle/rng"
	"speckle/scenes"
)

// TestMain serves the GPU tests' GL work on the main thread (gltest).
func TestMain(m *testing.M) { os.Exit(gltest.Main(m, "study/capture tests")) }

// Helpers of this package's tests (study's own tests have the same few).

// spec parses s, or fails t.
func spec(t *testing.T, s string) rng.Spec {
	t.Helper()
	sp, err := rng.ParseSpec(s)
	if err != nil {
		t.Fatal(err)
	}
	return sp
}

// builtin is the built-in scene name, or fails t.
func builtin(t *testing.T, name string) *scenes.Scene {
	t.Helper()
	s, err := scenes.Builtin(name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

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
