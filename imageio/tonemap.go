package imageio

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"math"
	"os"
)

// Magenta is the colour of pixels with a NaN or infinite channel after tone mapping, so that
// they are visible instead of being clamped to black or white.
var Magenta = color.NRGBA{R: 255, G: 0, B: 255, A: 255}

// linearToSRGB8 maps a linear value to an 8-bit sRGB value: clamp to [0, 1], the standard
// piecewise sRGB curve (12.92·v below 0.0031308, else 1.055·v^(1/2.4) − 0.055), then rounded
// to nearest. NaN gives 0; callers that want NaN visible check first, as ToneMap does.
func linearToSRGB8(v float32) uint8 {
	x := float64(v)
	if !(x > 0) { // also NaN
		return 0
	}
	if x >= 1 {
		return 255
	}
	if x <= 0.0031308 {
		x *= 12.92
	} else {
		x = 1.055*math.Pow(x, 1/2.4) - 0.055
	}
	return uint8(x*255 + 0.5)
}

// ToneMap multiplies RGB by exposure, clamps to [0, 1] and encodes with the sRGB curve into an
// opaque 8-bit image (alpha is ignored). A pixel with a NaN or ±Inf channel, before or after the
// exposure, becomes Magenta. It panics if Pix does not hold W×H RGBA pixels.
func (img Image) ToneMap(exposure float32) *image.NRGBA {
	img.mustValidate("ToneMap")
	out := image.NewNRGBA(image.Rect(0, 0, img.W, img.H))
	for p := 0; p < img.W*img.H; p++ {
		src := img.Pix[4*p : 4*p+3 : 4*p+3]
		dst := out.Pix[4*p : 4*p+4 : 4*p+4]
		bad := false
		for c := 0; c < 3; c++ {
			v := src[c]
			e := v * exposure
			if isNonFinite32(v) || isNonFinite32(e) {
				bad = true
				break
			}
			dst[c] = linearToSRGB8(e)
		}
		if bad {
			dst[0], dst[1], dst[2] = Magenta.R, Magenta.G, Magenta.B
		}
		dst[3] = 255
	}
	return out
}

func isNonFinite32(v float32) bool {
	return v != v || v > math.MaxFloat32 || v < -math.MaxFloat32
}

// WritePNG writes img as a PNG file, atomically: every PNG Speckle writes
// comes through here. While a provenance is set (SetProvenance) the file
// records it in text chunks (provenanceKeywords); without one its bytes are
// png.Encode's alone.
func WritePNG(path string, img image.Image) error {
	prov := CurrentProvenance()
	return WriteFileAtomic(path, func(w io.Writer) error {
		if prov == nil {
			return png.Encode(w, img)
		}
		var buf bytes.Buffer
		if err := png.Encode(&buf, img); err != nil {
			return err
		}
		data, err := withText(buf.Bytes(), prov.textChunks())
		if err != nil {
			return err
		}
		_, err = w.Write(data)
		return err
	})
}

// ReadPNG reads a PNG file into an *image.NRGBA (converting other colour models). Errors name
// the file.
func ReadPNG(path string) (*image.NRGBA, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	m, err := png.Decode(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return ToNRGBA(m), nil
}

// ToNRGBA returns m as an *image.NRGBA with bounds starting at (0, 0), converting if needed.
func ToNRGBA(m image.Image) *image.NRGBA {
	if n, ok := m.(*image.NRGBA); ok && n.Rect.Min == (image.Point{}) {
		return n
	}
	b := m.Bounds()
	n := image.NewNRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(n, n.Rect, m, b.Min, draw.Src)
	return n
}
