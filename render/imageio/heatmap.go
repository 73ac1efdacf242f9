package imageio

import (
	"fmt"
	"image"
	"math"
)

// viridis is matplotlib's viridis colour map (van der Walt, Smith and Firing;
// CC0) at t = k/15: entries 0, 17, ..., 255 of its 256, sRGB-encoded.
// shaders/display.comp holds the same table: keep the two in step.
var viridis = [16][3]float32{
	{0.267004, 0.004874, 0.329415},
	{0.282656, 0.100196, 0.422160},
	{0.277134, 0.185228, 0.489898},
	{0.253935, 0.265254, 0.529983},
	{0.221989, 0.339161, 0.548752},
	{0.190631, 0.407061, 0.556089},
	{0.163625, 0.471133, 0.558148},
	{0.139147, 0.533812, 0.555298},
	{0.120565, 0.596422, 0.543611},
	{0.134692, 0.658636, 0.517649},
	{0.208030, 0.718701, 0.472873},
	{0.327796, 0.773980, 0.406640},
	{0.477504, 0.821444, 0.318195},
	{0.647257, 0.858400, 0.209861},
	{0.824940, 0.884720, 0.106217},
	{0.993248, 0.906157, 0.143936},
}

// HeatColor is the error display's perceptual colour map (viridis, dark
// purple at 0 through teal to yellow at 1) as 8-bit sRGB: t is clamped to
// [0, 1] (NaN gives 0's colour) and the 16 table entries are interpolated
// linearly in sRGB, as matplotlib does. The GPU heatmap uses the same table.
func HeatColor(t float32) [3]uint8 {
	if !(t > 0) {
		t = 0
	}
	t = min(t, 1)
	x := t * 15
	i := min(int(x), 14)
	f := x - float32(i)
	var out [3]uint8
	for c := range out {
		a, b := viridis[i][c], viridis[i+1][c]
		out[c] = uint8((a+(b-a)*f)*255 + 0.5)
	}
	return out
}

// PixelError is the error display's per-pixel error of RGB values a against
// the reference ref: the root mean square over R, G and B, so that its square
// averaged over all pixels is RMSE's square, or with relative set RelRMSE's
// (each channel's squared difference divided by ref² + RelEpsilon, which keeps
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
			col = HeatColor(float32(PixelError(a, r, relative) / float64(scale)))
		}
		copy(out.Pix[4*p:], col[:])
		out.Pix[4*p+3] = 255
	}
	return out, nil
}
