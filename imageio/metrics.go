package imageio

import (
	"fmt"
	"math"
)

func sameSize(a, b Image) error {
	if err := a.Validate(); err != nil {
		return err
	}
	if err := b.Validate(); err != nil {
		return err
	}
	if a.W != b.W || a.H != b.H {
		return fmt.Errorf("image sizes differ: %dx%d and %dx%d", a.W, a.H, b.W, b.H)
	}
	if a.W == 0 || a.H == 0 {
		return fmt.Errorf("images are empty (%dx%d)", a.W, a.H)
	}
	return nil
}

// RMSE is the root mean square difference of a and b over the R, G and B channels of every
// pixel (alpha ignored): sqrt(Σ(a−b)² / (3·W·H)), summed in float64. The sizes must match and
// be non-zero. A NaN or Inf in either image makes the result NaN or Inf: it is not hidden.
func RMSE(a, b Image) (float64, error) {
	mse, err := MSE(a, b)
	return math.Sqrt(mse), err
}

// RelEpsilon is the ε of the relative error (PixelError): it keeps black reference pixels
// from dominating.
const RelEpsilon = 1e-2

// ImageStats summarises the R, G and B channels of an image.
type ImageStats struct {
	// Mean is the mean of each channel over its finite values (NaN if it has none).
	Mean [3]float64
	// Min and Max are over the finite values of all three channels (NaN if there are none).
	Min, Max float32
	// NaN and Inf count channel values (not pixels) that are NaN or ±Inf.
	NaN, Inf int
}

func (s ImageStats) String() string {
	return fmt.Sprintf("mean (%.6g, %.6g, %.6g), min %.6g, max %.6g, %d NaN, %d Inf",
		s.Mean[0], s.Mean[1], s.Mean[2], s.Min, s.Max, s.NaN, s.Inf)
}

// Stats returns the mean RGB, the minimum and maximum and the NaN and Inf counts of img's R, G
// and B channels (alpha ignored). It panics if Pix does not hold W×H RGBA pixels.
func Stats(img Image) ImageStats {
	img.mustValidate("Stats")
	var s ImageStats
	var sum [3]float64
	var n [3]int
	minV, maxV := float32(math.Inf(1)), float32(math.Inf(-1))
	for p := 0; p < img.W*img.H; p++ {
		for c := 0; c < 3; c++ {
			v := img.Pix[4*p+c]
			switch {
			case v != v:
				s.NaN++
			case isNonFinite32(v):
				s.Inf++
			default:
				sum[c] += float64(v)
				n[c]++
				minV = min(minV, v)
				maxV = max(maxV, v)
			}
		}
	}
	for c := range sum {
		s.Mean[c] = math.NaN()
		if n[c] > 0 {
			s.Mean[c] = sum[c] / float64(n[c])
		}
	}
	s.Min, s.Max = minV, maxV
	if minV > maxV { // no finite value
		s.Min, s.Max = float32(math.NaN()), float32(math.NaN())
	}
	return s
}
