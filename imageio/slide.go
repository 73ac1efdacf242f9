package imageio

import (
	"image"
	"image/draw"

	xdraw "golang.org/x/image/draw"
)

// A slide is a 16:9 figure for a projector, exactly SlideWidth x
// SlideHeight: capture's montage, a lesson's figure and an explain page
// are drawn as one, in large type.
const (
	SlideWidth  = 1920
	SlideHeight = 1080
)

// Slide text: the grid's labels at slideLabelScale (39-pixel lines, the
// title one step larger), the caption at slideCaptionScale, one step
// smaller where the caption would take more than slideCaptionShare of the
// height.
const (
	slideLabelScale   = 3
	slideCaptionScale = 3
	slideCaptionShare = 0.3
	slideCaptionWidth = 600 // the caption's column where it goes right of a narrow grid
	slideSidePercent  = 34
	slideMaxEnlarge   = 4 // cells are enlarged at most this many times
)

// Slide is a grid (its title is the slide's) with, optionally, a picture
// beside it on the right (a plot) and a caption: under the grid, or in a
// column to its right where that leaves the grid larger (a narrow grid).
// The cells are scaled (up, nearest neighbour, so noise stays crisp; or
// down, Catmull-Rom) to fill the slide; the text keeps its size.
type Slide struct {
	Grid    Grid
	Side    *image.NRGBA
	Caption []string
}

// slidePlan is one way of placing a slide's parts.
type slidePlan struct {
	f            float64 // the cells' scale
	grid         Grid    // with its label scale set
	gridBox      image.Point
	capScale     int
	capLines     []string
	capRight     bool
	capW, capH   int
	sideW, sideH int
}

// Draw lays the slide out, exactly SlideWidth x SlideHeight.
func (s Slide) Draw() *image.NRGBA {
	var best slidePlan
	for _, right := range []bool{false, true} {
		if right && s.Side != nil {
			continue
		}
		p := s.plan(right)
		if best.grid.Cells == nil || p.f > best.f {
			best = p
		}
	}
	p := best
	g := p.grid
	g.Cells = g.scaledCellsFor(p.f)
	gi := g.Draw()
	out := image.NewNRGBA(image.Rect(0, 0, SlideWidth, SlideHeight))
	draw.Draw(out, out.Rect, image.NewUniform(montageBackground), image.Point{}, draw.Src)
	lineH := glyphH * p.capScale * 5 / 4
	gw, gh := min(gi.Rect.Dx(), SlideWidth), min(gi.Rect.Dy(), SlideHeight)
	switch {
	case p.capRight: // grid left, caption right, both centred vertically
		x0 := (SlideWidth - gw - p.capW - montageMargin) / 2
		draw.Draw(out, image.Rect(x0, (SlideHeight-gh)/2, x0+gw, (SlideHeight-gh)/2+gh), gi, gi.Rect.Min, draw.Src)
		y := (SlideHeight - len(p.capLines)*lineH) / 2
		for i, l := range p.capLines {
			drawText(out, x0+gw+montageMargin, y+i*lineH, l, montageLabel, p.capScale)
		}
	default: // grid (and side) on top, caption under them, the block centred vertically
		topH := gh
		var side *image.NRGBA
		if s.Side != nil {
			side = fitPicture(s.Side, SlideWidth-gw-2*montageMargin, p.gridBox.Y-2*montageMargin)
			topH = max(topH, side.Rect.Dy()+2*montageMargin)
		}
		y0 := max(0, (SlideHeight-topH-p.capH)/2)
		x0 := 0
		if side == nil {
			x0 = (SlideWidth - gw) / 2
		}
		draw.Draw(out, image.Rect(x0, y0, x0+gw, y0+gh), gi, gi.Rect.Min, draw.Src)
		if side != nil {
			sx := gw + (SlideWidth-gw-side.Rect.Dx())/2
			sy := y0 + (topH-side.Rect.Dy())/2
			draw.Draw(out, side.Rect.Add(image.Pt(sx, sy)), side, side.Rect.Min, draw.Src)
		}
		for i, l := range p.capLines {
			drawText(out, montageMargin, y0+topH+i*lineH, l, montageLabel, p.capScale)
		}
	}
	return out
}

// plan places the caption under the grid or (right) beside it, and finds
// the largest scale of the cells that fits what is left.
func (s Slide) plan(right bool) slidePlan {
	p := slidePlan{capRight: right}
	for p.capScale = slideCaptionScale; p.capScale >= 1; p.capScale-- {
		p.capW = SlideWidth - 2*montageMargin
		if right {
			p.capW = slideCaptionWidth
		}
		p.capLines = nil
		for _, para := range s.Caption {
			if len(p.capLines) > 0 {
				p.capLines = append(p.capLines, "")
			}
			p.capLines = append(p.capLines, wrap(para, p.capW, p.capScale)...)
		}
		p.capH = len(p.capLines)*glyphH*p.capScale*5/4 + montageMargin
		limit := int(slideCaptionShare * SlideHeight)
		if right {
			limit = SlideHeight - 2*montageMargin
		}
		if p.capH <= limit || p.capScale == 1 {
			break
		}
	}
	if len(s.Caption) == 0 {
		p.capH = 0
	}
	p.gridBox = image.Pt(SlideWidth, SlideHeight-p.capH)
	if right {
		p.gridBox = image.Pt(SlideWidth-p.capW-montageMargin, SlideHeight)
	}
	if s.Side != nil {
		p.gridBox.X = SlideWidth * (100 - slideSidePercent) / 100
	}
	// The labels step down only where they, not the cells, fill the slide:
	// where the cells would stay under 3/4 of the size smallest labels allow.
	p.grid = s.Grid
	p.grid.LabelScale = 1
	smallest := p.grid.boxFactor(p.gridBox)
	for p.grid.LabelScale = slideLabelScale; p.grid.LabelScale >= 1; p.grid.LabelScale-- {
		if p.f = p.grid.boxFactor(p.gridBox); p.f >= 0.75*smallest || p.grid.LabelScale == 1 {
			break
		}
	}
	return p
}

// boxFactor is the largest factor, to 1/1000 and at most slideMaxEnlarge,
// that fits g's cells in box (0: none does); the grid's size grows with
// the factor, so bisection finds it.
func (g Grid) boxFactor(box image.Point) float64 {
	fits := func(f float64) bool {
		sized := g
		sized.Cells = g.scaledCells(f, false)
		l := layoutMontage(sized)
		return l.width <= box.X && l.height <= box.Y
	}
	lo, hi := 0.0, float64(slideMaxEnlarge)
	if fits(hi) {
		return hi
	}
	for hi-lo > 1e-3 {
		mid := (lo + hi) / 2
		if fits(mid) {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo
}

// scaledCellsFor is g's cells scaled f times: enlarged nearest neighbour,
// shrunk Catmull-Rom.
func (g Grid) scaledCellsFor(f float64) [][]*image.NRGBA {
	if f < 1 {
		return g.scaledCells(f, true)
	}
	cells := g.scaledCells(f, false)
	for i, row := range g.Cells {
		for j, c := range row {
			if c == nil {
				continue
			}
			dst := image.NewNRGBA(cells[i][j].Rect)
			xdraw.NearestNeighbor.Scale(dst, dst.Rect, c, c.Bounds(), xdraw.Src, nil)
			cells[i][j] = dst
		}
	}
	return cells
}

// fitPicture is img scaled (aspect kept, Catmull-Rom) to the largest size
// within w x h.
func fitPicture(img *image.NRGBA, w, h int) *image.NRGBA {
	b := img.Bounds()
	f := min(float64(w)/float64(b.Dx()), float64(h)/float64(b.Dy()))
	if f <= 0 {
		return image.NewNRGBA(image.Rect(0, 0, 1, 1))
	}
	dst := image.NewNRGBA(image.Rect(0, 0, max(1, int(float64(b.Dx())*f)), max(1, int(float64(b.Dy())*f))))
	xdraw.CatmullRom.Scale(dst, dst.Rect, img, b, xdraw.Src, nil)
	return dst
}
