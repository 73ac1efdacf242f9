package imageio

import (
	"fmt"
	"image"
	"math"
)

// HeatColor is the error display's perceptual colour map (viridis, dark
// purple at 0 through teal to yellow at 1) as 8-bit sRGB: t is clamped to
// [0, 1] (NaN gives 0's colour) and matplotlib's 256 entries are
// interpolated as Colormap.At does; the GPU heatmap reads the same table.
func HeatColor(t float32) [3]uint8 {
	if !(t > 0) {
		t = 0
	}
	c := heatMap.At(float64(t))
	return [3]uint8{c.R, c.G, c.B}
}

// heatMap is viridis, the colour map HeatColor and shaders/display.comp use.
var heatMap = func() *Colormap {
	m, err := LookupColormap("viridis")
	if err != nil {
		panic(err)
	}
	return m
}()

// HeatColormap is the table the GPU heatmap interpolates (256 x RGBA8).
func HeatColormap() *Colormap { return heatMap }

// PixelError is the error display's per-pixel error of RGB values a against
// the reference ref: the root mean square over R, G and B, so that its square
// averaged over all pixels is RMSE's square, or with relative set the relative
// RMSE's (each channel's squared difference divided by ref² + RelEpsilon, which keeps
// black reference pixels from dominating).
func PixelError(a, ref [3]float32, relative bool) float64 {
	var sum float64
	for c := 0; c < 3; c++ {
		r := float64(ref[c])
		d := float64(a[c]) - r
		if relative {
			sum += d * d / (r*r + RelEpsilon)
		} else {
			sum += d * d
		}
	}
	return math.Sqrt(sum / 3)
}

// Heatmap maps each pixel's PixelError of img against ref through Colormap,
// scale being the error at the top of the colour scale; a pixel with a NaN
// or infinite channel in either image is Magenta, as in ToneMap. The sizes
// must match and scale must be positive.
func Heatmap(img, ref Image, relative bool, scale float32) (*image.NRGBA, error) {
	return HeatmapBy(img, ref, func(a, r [3]float32) float64 { return PixelError(a, r, relative) }, scale)
}

// MetricPixelError is the per-pixel error whose square, averaged over all
// pixels, is the metric m (RMSE's and MSE's: the RMS over R, G, B; relMSE's:
// the root of the mean over R, G, B of (a-r)^2/(r+0.01)^2), or for the median
// relative error the mean over R, G, B of |a-r|/(r+0.01), whose channels it is
// the median of: a heatmap of it shows where the figure's metric comes from,
// with the same definition.
func MetricPixelError(m Metric) func(a, ref [3]float32) float64 {
	if m == MetricMedRel {
		return func(a, ref [3]float32) float64 {
			var sum float64
			for c := 0; c < 3; c++ {
				r := float64(ref[c])
				sum += math.Abs(float64(a[c])-r) / (r + relMSEOffset)
			}
			return sum / 3
		}
	}
	if m != MetricRelMSE {
		return func(a, ref [3]float32) float64 { return PixelError(a, ref, false) }
	}
	return func(a, ref [3]float32) float64 {
		var sum float64
		for c := 0; c < 3; c++ {
			r := float64(ref[c])
			d := (float64(a[c]) - r) / (r + relMSEOffset)
			sum += d * d
		}
		return math.Sqrt(sum / 3)
	}
}

// HeatmapBy is Heatmap with the per-pixel error pixelError.
func HeatmapBy(img, ref Image, pixelError func(a, ref [3]float32) float64, scale float32) (*image.NRGBA, error) {
	if err := sameSize(img, ref); err != nil {
		return nil, err
	}
	if !(scale > 0) || isNonFinite32(scale) {
		return nil, fmt.Errorf("heatmap scale must be a positive number (got %v)", scale)
	}
	out := image.NewNRGBA(image.Rect(0, 0, img.W, img.H))
	for p := 0; p < img.W*img.H; p++ {
		var a, r [3]float32
		bad := false
		for c := 0; c < 3; c++ {
			a[c], r[c] = img.Pix[4*p+c], ref.Pix[4*p+c]
			bad = bad || isNonFinite32(a[c]) || isNonFinite32(r[c])
		}
		col := [3]uint8{Magenta.R, Magenta.G, Magenta.B}
		if !bad {
			col = HeatColor(float32(pixelError(a, r) / float64(scale)))
		}
		copy(out.Pix[4*p:], col[:])
		out.Pix[4*p+3] = 255
	}
	return out, nil
}
