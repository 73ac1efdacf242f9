package pareto

import (
	"image"
	"image/draw"

	vgdraw "gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

	"gonum.org/v1/plot/vg"
)

// pictureMin is the least side a picture's plot is drawn at: a smaller
// one is drawn at this side and shrunk (gonum cannot lay out axes and
// labels in 16 pixels).
const pictureMin = 384

// Picture is the plane as a side x side picture, without the figure's
// title and notes (the lab view's pane): the axes, the points, their
// names and the frontier.
func Picture(r Report, text FigureText, side int) *image.NRGBA {
	px := max(side, pictureMin)
	const inches = 5.0
	f, err := Plot(r, text)
	out := image.NewNRGBA(image.Rect(0, 0, px, px))
	draw.Draw(out, out.Rect, image.White, image.Point{}, draw.Src)
	if err == nil {
		f.Title.Text = ""
		f.Y.Label.Text = f.YLabel
		c := vgimg.NewWith(vgimg.UseWH(inches*vg.Inch, inches*vg.Inch), vgimg.UseDPI(int(float64(px)/inches)))
		f.Plot.Draw(vgdraw.New(c))
		img := c.Image()
		draw.Draw(out, out.Rect, img, img.Bounds().Min, draw.Src)
	}
	if px == side {
		return out
	}
	small := image.NewNRGBA(image.Rect(0, 0, side, side))
	for y := 0; y < side; y++ { // nearest sample: a thumbnail of the plane
		for x := 0; x < side; x++ {
			small.Set(x, y, out.At(x*px/side, y*px/side))
		}
	}
	return small
}
