package imageio

import "fmt"

// Image is a linear radiance image: RGBA float32 per pixel, row 0 at the top. Pixel (x, y)
// starts at Pix[4*(y*W+x)]. Alpha is carried but ignored by tone mapping and the metrics.
type Image struct {
	W, H int
	Pix  []float32
}

// NewImage returns a black image (alpha 0) of w×h pixels.
func NewImage(w, h int) Image {
	if w < 0 || h < 0 {
		panic(fmt.Sprintf("imageio: negative image size %dx%d", w, h))
	}
	return Image{W: w, H: h, Pix: make([]float32, 4*w*h)}
}

// Validate reports whether the size is non-negative and Pix holds exactly W×H RGBA pixels.
func (img Image) Validate() error {
	if img.W < 0 || img.H < 0 {
		return fmt.Errorf("image size %dx%d is negative", img.W, img.H)
	}
	if len(img.Pix) != 4*img.W*img.H {
		return fmt.Errorf("image %dx%d has %d floats, want %d (RGBA)", img.W, img.H, len(img.Pix), 4*img.W*img.H)
	}
	return nil
}

// at returns the RGBA of pixel (x, y).
func (img Image) at(x, y int) (r, g, b, a float32) {
	i := 4 * (y*img.W + x)
	return img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3]
}

// set sets the RGBA of pixel (x, y).
func (img Image) set(x, y int, r, g, b, a float32) {
	i := 4 * (y*img.W + x)
	img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = r, g, b, a
}

func (img Image) mustValidate(what string) {
	if err := img.Validate(); err != nil {
		panic("imageio: " + what + ": " + err.Error())
	}
}
