package imageio

import (
	"fmt"
	"math"
)

// CheckRadiance refuses an image that cannot be linear radiance below most:
// a NaN, an infinity, a negative value or one above most in R, G or B (alpha
// is not looked at). A reference holding one would make every error measured
// against it NaN, infinite or meaningless, so it is refused where it is
// read. The error names the first bad value, its pixel (row 0 at the top)
// and how many values are bad.
func CheckRadiance(img Image, most float32) error {
	if err := img.Validate(); err != nil {
		return err
	}
	bad, first := 0, -1
	for i, v := range img.Pix {
		if i%4 == 3 || (v >= 0 && v <= most) { // false for NaN
			continue
		}
		if bad++; first < 0 {
			first = i
		}
	}
	if bad == 0 {
		return nil
	}
	v, p := img.Pix[first], first/4
	what := "negative"
	switch {
	case math.IsNaN(float64(v)):
		what = "NaN"
	case math.IsInf(float64(v), 0):
		what = "infinite"
	case v > most:
		what = fmt.Sprintf("above %.3g, the most allowed", most)
	}
	return fmt.Errorf("%d of %d values are not radiance: pixel (%d, %d) %c is %g (%s)",
		bad, 3*img.W*img.H, p%img.W, p/img.W, "RGB"[first%4], v, what)
}
