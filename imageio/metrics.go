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
