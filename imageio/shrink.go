package imageio

import (
	"image"

	xdraw "golang.org/x/image/draw"
)

// MontageCellWidth keeps a montage of many large renders a picture one can
// open; the cells' own PNGs keep every pixel.
const MontageCellWidth = 400

// Shrink scales img down to at most width pixels across (Catmull-Rom),
// keeping its aspect; a narrower image is returned as it is.
func Shrink(img *image.NRGBA, width int) *image.NRGBA {
	b := img.Bounds()
	if b.Dx() <= width {
		return img
	}
	dst := image.NewNRGBA(image.Rect(0, 0, width, max(1, b.Dy()*width/b.Dx())))
	xdraw.CatmullRom.Scale(dst, dst.Bounds(), img, b, xdraw.Src, nil)
	return dst
}
