package pareto

import (
	"image/color"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"speckle/imageio"
)

// ink is c as a label's text on white (imageio.Legible): a yellow
// generator's label in a darker yellow.
func ink(c color.NRGBA) color.NRGBA { return imageio.Legible(c, imageio.White, imageio.TextContrast) }

// labelSet is a plotter of the points' names: each put where it overlaps
// no other label and no point, tried at growing distances around its
// point in eight directions, joined to it by a thin leader where it had
// to move away. markers are data points to keep clear of besides the
// labelled ones (the paper's).
type labelSet struct {
	items   []labelItem
	markers []vg.Point // in data coordinates
	// steps is the frontier's staircase (data coordinates): its
	// segments, across and down, are kept clear too.
	steps []vg.Point
	size  vg.Length
}

type labelItem struct {
	x, y float64
	text string
	ink  color.NRGBA
}

func (s *labelSet) add(x, y float64, text string, c color.NRGBA) {
	s.items = append(s.items, labelItem{x, y, text, c})
}

type box struct{ x0, y0, x1, y1 vg.Length }

// overlaps says whether a and b come closer than a hair (1.5 points).
func (a box) overlaps(b box) bool {
	const hair = vg.Length(1.5)
	return a.x0 < b.x1+hair && b.x0 < a.x1+hair && a.y0 < b.y1+hair && b.y0 < a.y1+hair
}

// Plot places and draws the labels on the plot's canvas.
func (s *labelSet) Plot(c draw.Canvas, plt *plot.Plot) {
	trX, trY := plt.Transforms(&c)
	sty := draw.TextStyle{Font: font.From(plt.X.Tick.Label.Font, s.size), Handler: plt.X.Tick.Label.Handler}
	if sty.Handler == nil {
		sty.Handler = plot.DefaultTextHandler
	}
	r := vg.Points(5) // a point's marker, with a margin
	var taken []box
	for _, it := range s.items {
		x, y := trX(it.x), trY(it.y)
		taken = append(taken, box{x - r, y - r, x + r, y + r})
	}
	for _, m := range s.markers {
		x, y := trX(float64(m.X)), trY(float64(m.Y))
		taken = append(taken, box{x - r, y - r, x + r, y + r})
	}
	for i := 1; i < len(s.steps); i++ {
		a, b := s.steps[i-1], s.steps[i]
		x0, x1 := trX(float64(a.X)), trX(float64(b.X))
		y0, y1 := trY(float64(a.Y)), trY(float64(b.Y))
		taken = append(taken, box{min(x0, x1) - 1, min(y0, y1) - 1, max(x0, x1) + 1, max(y0, y1) + 1})
	}
	for _, it := range s.items {
		x, y := trX(it.x), trY(it.y)
		w, h := sty.Width(it.text), sty.Height(it.text)
		b, far := place(x, y, w, h, r, taken, c.Rectangle)
		taken = append(taken, b)
		if far {
			ls := draw.LineStyle{Color: color.NRGBA{R: it.ink.R, G: it.ink.G, B: it.ink.B, A: 150}, Width: vg.Points(0.5)}
			end := vg.Point{X: max(b.x0, min(x, b.x1)), Y: max(b.y0, min(y, b.y1))}
			c.StrokeLine2(ls, x, y, end.X, end.Y)
		}
		st := sty
		st.Color = it.ink
		st.XAlign, st.YAlign = draw.XLeft, draw.YBottom
		c.FillText(st, vg.Point{X: b.x0, Y: b.y0 + sty.FontExtents().Descent}, it.text)
	}
}

// place finds a box of w x h near (x, y) free of taken and inside area:
// rings of eight spots at growing distance, the nearest free one first;
// far says it is past the first ring. Where none is free, the first spot.
func place(x, y, w, h, r vg.Length, taken []box, area vg.Rectangle) (b box, far bool) {
	at := func(dx, dy float64, d vg.Length) box {
		cx, cy := x+vg.Length(dx)*(d+w/2), y+vg.Length(dy)*(d+h/2)
		return box{cx - w/2, cy - h/2, cx + w/2, cy + h/2}
	}
	dirs := [][2]float64{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, 1}, {1, -1}, {-1, -1}}
	first := at(1, 0, r)
	for ring := 0; ring < 12; ring++ {
		d := r + 2 + vg.Length(ring)*h*0.9
		for _, dir := range dirs {
			b := at(dir[0], dir[1], d)
			if b.x0 < area.Min.X || b.x1 > area.Max.X || b.y0 < area.Min.Y || b.y1 > area.Max.Y {
				continue
			}
			free := true
			for _, t := range taken {
				if b.overlaps(t) {
					free = false
					break
				}
			}
			if free {
				return b, ring > 0
			}
		}
	}
	return first, false
}
