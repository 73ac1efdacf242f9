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
// title one step larger), the caption in lines of slideCaptionPx, a pixel
// smaller at a time where it would take more than slideCaptionShare of
// the height, and as large again as the room the grid leaves allows.
const (
	slideLabelScale   = 3
	slideCaptionPx    = 39 // the caption's largest line, in pixels (the labels'),
	slideCaptionMinPx = 22 // and its smallest
	slideCaptionShare = 0.34
	slideCaptionWidth = 600 // the caption's column where it goes right of a narrow grid
	slideSidePercent  = 34
	slideMaxEnlarge   = 4 // cells are enlarged at most this many times
)

// Slide is a grid (its title is the slide's, across its width) with, optionally, a picture
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
	titleScale   int
	titleH       int  // the title's line and the pad under it
	grid         Grid // with its label scale set
	gridBox      image.Point
	capPx        int // the caption's line height
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
	if s.Grid.Title != "" {
		drawText(out, montageMargin, montageMargin, s.Grid.Title, montageTitle, p.titleScale)
	}
	// Below the title, the slide is what is left.
	sub := image.NewNRGBA(image.Rect(0, 0, SlideWidth, SlideHeight-p.titleH))
	draw.Draw(sub, sub.Rect, image.NewUniform(montageBackground), image.Point{}, draw.Src)
	p.draw(s, sub, gi)
	draw.Draw(out, sub.Rect.Add(image.Pt(0, p.titleH)), sub, image.Point{}, draw.Src)
	return out
}

// draw places the grid, the side picture and the caption on out, the
// slide under its title.
func (p slidePlan) draw(s Slide, out, gi *image.NRGBA) {
	height := out.Rect.Dy()
	lineH := p.capPx * 5 / 4
	gw, gh := min(gi.Rect.Dx(), SlideWidth), min(gi.Rect.Dy(), height)
	switch {
	case p.capRight: // grid under the title on the left, caption right of it, centred on the grid
		draw.Draw(out, image.Rect(0, 0, gw, gh), gi, gi.Rect.Min, draw.Src)
		y := max(0, (gh-len(p.capLines)*lineH)/2)
		for i, l := range p.capLines {
			drawTextPx(out, gw+montageMargin, y+i*lineH, l, montageLabel, p.capPx)
		}
	default: // grid (and side) under the title, caption under them, aligned left
		topH := gh
		var side *image.NRGBA
		if s.Side != nil {
			side = fitPicture(s.Side, SlideWidth-gw-2*montageMargin, p.gridBox.Y-2*montageMargin)
			topH = max(topH, side.Rect.Dy()+2*montageMargin)
		}
		y0, x0 := 0, 0
		draw.Draw(out, image.Rect(x0, y0, x0+gw, y0+gh), gi, gi.Rect.Min, draw.Src)
		if side != nil {
			sx := gw + (SlideWidth-gw-side.Rect.Dx())/2
			sy := y0 + (topH-side.Rect.Dy())/2
			draw.Draw(out, side.Rect.Add(image.Pt(sx, sy)), side, side.Rect.Min, draw.Src)
		}
		// A caption the plan made smaller takes a larger size where the
		// grid left room for it.
		for px := slideCaptionPx; px > p.capPx; px-- {
			lines := captionLines(s.Caption, p.capW, px)
			if y0+topH+len(lines)*px*5/4 <= height-montageMargin {
				p.capLines, p.capPx, lineH = lines, px, px*5/4
				break
			}
		}
		for i, l := range p.capLines {
			drawTextPx(out, montageMargin, y0+topH+i*lineH, l, montageLabel, p.capPx)
		}
	}
}

// plan places the caption under the grid or (right) beside it, and finds
// the largest scale of the cells that fits what is left.
func (s Slide) plan(right bool) slidePlan {
	p := slidePlan{capRight: right}
	if s.Grid.Title != "" { // the slide's width, one step above the labels, or smaller where it is long
		for p.titleScale = slideLabelScale + 1; p.titleScale > 1 && textSize(s.Grid.Title, p.titleScale).X > SlideWidth-2*montageMargin; p.titleScale-- {
		}
		p.titleH = montageMargin + glyphH*p.titleScale
	}
	height := SlideHeight - p.titleH // under the title
	for p.capPx = slideCaptionPx; p.capPx >= slideCaptionMinPx; p.capPx-- {
		p.capW = SlideWidth - 2*montageMargin
		if right {
			p.capW = slideCaptionWidth
		}
		p.capLines = captionLines(s.Caption, p.capW, p.capPx)
		p.capH = len(p.capLines)*p.capPx*5/4 + montageMargin
		limit := int(slideCaptionShare * float64(height))
		if right {
			limit = height - 2*montageMargin
		}
		if p.capH <= limit || p.capPx == slideCaptionMinPx {
			break
		}
	}
	if len(s.Caption) == 0 {
		p.capH = 0
	}
	p.gridBox = image.Pt(SlideWidth, height-p.capH)
	if right {
		p.gridBox = image.Pt(SlideWidth-p.capW-montageMargin, height)
	}
	if s.Side != nil {
		p.gridBox.X = SlideWidth * (100 - slideSidePercent) / 100
	}
	// The labels step down only where they, not the cells, fill the slide:
	// where the cells would stay under 3/4 of the size smallest labels allow.
	p.grid = s.Grid
	p.grid.Title = ""
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

// fitPicture is img scaled down (aspect kept, Catmull-Rom) to the largest
// size within w x h, or img where it fits: a plot or text stays crisp.
func fitPicture(img *image.NRGBA, w, h int) *image.NRGBA {
	b := img.Bounds()
	f := min(float64(w)/float64(b.Dx()), float64(h)/float64(b.Dy()))
	if f >= 1 {
		return img
	}
	if f <= 0 {
		return image.NewNRGBA(image.Rect(0, 0, 1, 1))
	}
	dst := image.NewNRGBA(image.Rect(0, 0, max(1, int(float64(b.Dx())*f)), max(1, int(float64(b.Dy())*f))))
	xdraw.CatmullRom.Scale(dst, dst.Rect, img, b, xdraw.Src, nil)
	return dst
}

// captionLines are paragraphs wrapped to w pixels in lines px high, an
// empty line between two.
func captionLines(paragraphs []string, w, px int) []string {
	var lines []string
	for _, para := range paragraphs {
		if len(lines) > 0 {
			lines = append(lines, "")
		}
		lines = append(lines, wrapPx(para, w, px)...)
	}
	return lines
}
