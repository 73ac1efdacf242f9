package pareto

import (
	"image"
	"image/draw"

	"gonum.org/v1/plot/vg"
	vgdraw "gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

	"speckle/imageio"
)

// pictureMin is the least side a picture's plot is laid out at: a
// smaller one is drawn at this side and shrunk (gonum cannot lay out axes
// and labels in 16 pixels).
const pictureMin = 240

// Picture is the plane as a side x side picture, without the figure's
// title and notes (the lab view's pane): the axes, the points, their
// names and the frontier. Text keeps a screen's size (96 dpi) up to 576
// pixels and grows with the picture past it (a sixth of its side an
// inch), so the window's 256, 512 and 1024 all read.
func Picture(r Report, text FigureText, side int) *image.NRGBA {
	px := max(side, pictureMin)
	dpi := max(96, px/6)
	out := image.NewNRGBA(image.Rect(0, 0, px, px))
	draw.Draw(out, out.Rect, image.White, image.Point{}, draw.Src)
	if f, err := Plot(r, text); err == nil {
		f.Title.Text = ""
		f.Y.Label.Text = f.YLabel
		inches := vg.Length(float64(px)/float64(dpi)) * vg.Inch
		c := vgimg.NewWith(vgimg.UseWH(inches, inches), vgimg.UseDPI(dpi))
		f.Plot.Draw(vgdraw.New(c))
		img := c.Image()
		draw.Draw(out, out.Rect, img, img.Bounds().Min, draw.Src)
	}
	if px == side {
		return out
	}
	return imageio.Shrink(out, side)
}
