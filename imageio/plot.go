package imageio

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"sort"
	"strconv"
)

// Plot size and colours.
const (
	plotWidth  = 1000
	plotHeight = 700
)

var (
	plotBackground = color.NRGBA{R: 255, G: 255, B: 255, A: 255}
	plotText       = color.NRGBA{R: 25, G: 25, B: 25, A: 255}
	plotAxis       = color.NRGBA{R: 60, G: 60, B: 60, A: 255}
	plotGrid       = color.NRGBA{R: 222, G: 222, B: 222, A: 255}
	plotMinorGrid  = color.NRGBA{R: 241, G: 241, B: 241, A: 255}
	plotReference  = color.NRGBA{R: 90, G: 90, B: 90, A: 255}
)

// plotColors are the series colours, in order of first appearance (matplotlib's tab10, distinct
// on white and for most colour-blind readers together with the marker shapes).
var plotColors = []color.NRGBA{
	{R: 31, G: 119, B: 180, A: 255},  // blue
	{R: 255, G: 127, B: 14, A: 255},  // orange
	{R: 44, G: 160, B: 44, A: 255},   // green
	{R: 214, G: 39, B: 40, A: 255},   // red
	{R: 148, G: 103, B: 189, A: 255}, // purple
	{R: 140, G: 86, B: 75, A: 255},   // brown
	{R: 227, G: 119, B: 194, A: 255}, // pink
	{R: 127, G: 127, B: 127, A: 255}, // grey
	{R: 188, G: 189, B: 34, A: 255},  // olive
	{R: 23, G: 190, B: 207, A: 255},  // cyan
}

// Plot area inside the image.
var plotArea = image.Rect(110, 64, plotWidth-30, plotHeight-92)

type series struct {
	name string
	pts  []ConvergenceRow // usable points, by photons
}

// convergenceSeries groups the usable rows by generator (by scene and generator when the rows
// hold several scenes), in order of first appearance, each sorted by photons.
func convergenceSeries(rows []ConvergenceRow) []series {
	scenes := map[string]bool{}
	for _, r := range rows {
		scenes[r.Scene] = true
	}
	index := map[string]int{}
	var out []series
	for _, r := range rows {
		name := r.Generator
		if len(scenes) > 1 {
			name = r.Scene + " " + r.Generator
		}
		i, ok := index[name]
		if !ok {
			i = len(out)
			index[name] = i
			out = append(out, series{name: name})
		}
		if usable(r) {
			out[i].pts = append(out[i].pts, r)
		}
	}
	for i := range out {
		sort.SliceStable(out[i].pts, func(a, b int) bool { return out[i].pts[a].Photons < out[i].pts[b].Photons })
	}
	return out
}

// DecadeRange is [floor(log10 lo), ceil(log10 hi)], at least one decade wide:
// the extent of a log axis (the capture plot's and the window's).
func DecadeRange(lo, hi float64) (float64, float64) {
	a, b := math.Floor(math.Log10(lo)), math.Ceil(math.Log10(hi))
	if a == b {
		a, b = a-1, b+1
	}
	return a, b
}

// ConvergencePlot draws RMSE against photons on log-log axes (plotWidth × plotHeight, white):
// one line with markers per generator (per scene and generator if rows hold several scenes) in
// plotColors with distinct marker shapes, a legend, decade ticks labelled 10^k on both axes with
// minor ticks, and a dashed reference line of slope −1/2 (the Monte Carlo rate) through the
// first point of the best curve (the lowest RMSE at its largest photon count), labelled
// "slope -1/2". Rows whose photons are not positive or whose RMSE is 0, negative, NaN or
// infinite are left out; with nothing left the axes say "no data".
func ConvergencePlot(rows []ConvergenceRow, title string) *image.NRGBA {
	c := newCanvas(plotWidth, plotHeight, plotBackground)
	ser := convergenceSeries(rows)
	xlo, xhi, ylo, yhi := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	n := 0
	for _, s := range ser {
		for _, p := range s.pts {
			xlo, xhi = math.Min(xlo, float64(p.Photons)), math.Max(xhi, float64(p.Photons))
			ylo, yhi = math.Min(ylo, p.RMSE), math.Max(yhi, p.RMSE)
			n++
		}
	}
	var lx0, lx1, ly0, ly1 float64 // axis range in decades
	if n == 0 {
		lx0, lx1, ly0, ly1 = 4, 7, -3, 0
	} else {
		lx0, lx1 = DecadeRange(xlo, xhi)
		ly0, ly1 = DecadeRange(ylo, yhi)
	}
	a := plotArea
	// Data inset a little so markers on the decade lines stay inside the frame.
	const inset = 14
	px := func(x float64) float64 {
		return float64(a.Min.X+inset) + (math.Log10(x)-lx0)/(lx1-lx0)*float64(a.Dx()-2*inset)
	}
	py := func(y float64) float64 {
		return float64(a.Max.Y-inset) - (math.Log10(y)-ly0)/(ly1-ly0)*float64(a.Dy()-2*inset)
	}

	// Grid, ticks and tick labels: every decade (every step-th one over a wide range), minor
	// ticks at 2..9 times a decade over up to 8 decades.
	minor := lx1-lx0 <= 8 && ly1-ly0 <= 8
	xstep, ystep := math.Ceil((lx1-lx0)/12), math.Ceil((ly1-ly0)/12)
	for k := lx0; k <= lx1; k++ {
		for m := 1.0; m < 10; m++ {
			v := m * math.Pow(10, k)
			if math.Log10(v) > lx1+1e-9 {
				break
			}
			x := int(math.Round(px(v)))
			if m == 1 && math.Mod(k-lx0, xstep) != 0 {
				continue
			}
			if m == 1 {
				c.rect(image.Rect(x, a.Min.Y, x+1, a.Max.Y), plotGrid)
				c.rect(image.Rect(x, a.Max.Y, x+1, a.Max.Y+8), plotAxis)
				w := powerLabelWidth(int(k))
				drawPowerLabel(c, x-w/2, a.Max.Y+14, int(k))
			} else if minor {
				c.rect(image.Rect(x, a.Min.Y, x+1, a.Max.Y), plotMinorGrid)
				c.rect(image.Rect(x, a.Max.Y, x+1, a.Max.Y+4), plotAxis)
			}
		}
	}
	for k := ly0; k <= ly1; k++ {
		for m := 1.0; m < 10; m++ {
			v := m * math.Pow(10, k)
			if math.Log10(v) > ly1+1e-9 {
				break
			}
			y := int(math.Round(py(v)))
			if m == 1 && math.Mod(k-ly0, ystep) != 0 {
				continue
			}
			if m == 1 {
				c.rect(image.Rect(a.Min.X, y, a.Max.X, y+1), plotGrid)
				c.rect(image.Rect(a.Min.X-8, y, a.Min.X, y+1), plotAxis)
				w := powerLabelWidth(int(k))
				drawPowerLabel(c, a.Min.X-14-w, y-glyphH, int(k))
			} else if minor {
				c.rect(image.Rect(a.Min.X, y, a.Max.X, y+1), plotMinorGrid)
				c.rect(image.Rect(a.Min.X-4, y, a.Min.X, y+1), plotAxis)
			}
		}
	}
	// Frame.
	c.rect(image.Rect(a.Min.X, a.Min.Y, a.Max.X, a.Min.Y+1), plotAxis)
	c.rect(image.Rect(a.Min.X, a.Max.Y, a.Max.X+1, a.Max.Y+1), plotAxis)
	c.rect(image.Rect(a.Min.X, a.Min.Y, a.Min.X+1, a.Max.Y), plotAxis)
	c.rect(image.Rect(a.Max.X, a.Min.Y, a.Max.X+1, a.Max.Y), plotAxis)

	// Titles.
	if title != "" {
		s := textSize(title, 2)
		drawText(c.img, (plotWidth-s.X)/2, 20, title, plotText, 2)
	}
	xs := textSize("photons", 2)
	drawText(c.img, a.Min.X+(a.Dx()-xs.X)/2, a.Max.Y+56, "photons", plotText, 2)
	ys := textSize("RMSE", 2)
	drawTextUp(c.img, 18, a.Min.Y+(a.Dy()-ys.X)/2, "RMSE", plotText, 2)

	if n == 0 {
		s := textSize("no data", 2)
		drawText(c.img, a.Min.X+(a.Dx()-s.X)/2, a.Min.Y+(a.Dy()-s.Y)/2, "no data", plotText, 2)
		return c.nrgba()
	}

	// Where the curves are, to place the legend and the slope label away from them.
	var occupied []pt
	curves := make([][]pt, len(ser))
	for i, s := range ser {
		for _, p := range s.pts {
			curves[i] = append(curves[i], pt{px(float64(p.Photons)), py(p.RMSE)})
		}
		occupied = append(occupied, sampleLine(curves[i], 3)...)
	}

	// The reference slope, under the curves: from the best curve's first point to where it
	// leaves the axes.
	best := -1
	for i, s := range ser {
		if len(s.pts) > 0 && (best < 0 || s.pts[len(s.pts)-1].RMSE < ser[best].pts[len(ser[best].pts)-1].RMSE) {
			best = i
		}
	}
	p0 := ser[best].pts[0]
	x0, y0 := float64(p0.Photons), p0.RMSE
	xEnd := math.Pow(10, lx1)
	if yAt := y0 * math.Sqrt(x0/xEnd); yAt < math.Pow(10, ly0) {
		xEnd = x0 * math.Pow(y0/math.Pow(10, ly0), 2) // where y0·(x/x0)^(−1/2) = 10^ly0
	}
	var slope0, slope1 pt
	hasSlope := xEnd > x0*1.0001
	if hasSlope {
		slope0, slope1 = pt{px(x0), py(y0)}, pt{px(xEnd), py(y0 * math.Sqrt(x0/xEnd))}
		c.fill(dashed(slope0, slope1, 2, 10, 7), plotReference, a)
	}

	// The curves: lines first, then markers with a white halo on top.
	for i := range ser {
		c.fill(polyline(curves[i], 2.5), plotColors[i%len(plotColors)], a)
	}
	for i := range ser {
		col := plotColors[i%len(plotColors)]
		for _, q := range curves[i] {
			c.fill([][]pt{marker(i, q, 7.5)}, plotBackground, a)
			c.fill([][]pt{marker(i, q, 5.5)}, col, a)
		}
	}

	// Legend: in the corner of the axes with the least of the curves under it.
	const rowH, pad, sample = 30, 12, 44
	nameW := 0
	for _, s := range ser {
		nameW = max(nameW, textSize(s.name, 2).X)
	}
	lw, lh := pad+sample+10+nameW+pad, 2*pad+(len(ser)-1)*rowH+2*glyphH
	in := a.Inset(12)
	lr := leastCovered([]image.Rectangle{
		image.Rect(in.Max.X-lw, in.Min.Y, in.Max.X, in.Min.Y+lh), // top right
		image.Rect(in.Min.X, in.Max.Y-lh, in.Min.X+lw, in.Max.Y), // bottom left
		image.Rect(in.Min.X, in.Min.Y, in.Min.X+lw, in.Min.Y+lh), // top left
		image.Rect(in.Max.X-lw, in.Max.Y-lh, in.Max.X, in.Max.Y), // bottom right
	}, occupied)
	c.rect(lr, plotAxis)
	c.rect(lr.Inset(1), plotBackground)
	for i, s := range ser {
		col := plotColors[i%len(plotColors)]
		y := lr.Min.Y + pad + i*rowH
		cy := float64(y) + glyphH
		l0, l1 := pt{float64(lr.Min.X + pad), cy}, pt{float64(lr.Min.X + pad + sample), cy}
		c.fill(polyline([]pt{l0, l1}, 2.5), col, lr)
		c.fill([][]pt{marker(i, pt{(l0.x + l1.x) / 2, cy}, 5.5)}, col, lr)
		drawText(c.img, lr.Min.X+pad+sample+10, y, s.name, plotText, 2)
	}

	// The slope label: beside the dashed line, below or above it, where fewest curve pixels
	// (and not the legend) are; on a white box so it stays readable.
	if hasSlope {
		const label = "slope -1/2"
		s := textSize(label, 2)
		var cands []image.Rectangle
		// Clear of the line over the label's width (the line falls by half a decade per decade).
		drop := int(math.Abs((slope1.y-slope0.y)/(slope1.x-slope0.x))*float64(s.X)/2) + 10
		for _, t := range []float64{0.85, 0.7, 0.55, 0.4, 0.25} {
			q := pt{slope0.x + t*(slope1.x-slope0.x), slope0.y + t*(slope1.y-slope0.y)}
			for _, dy := range []int{drop, -drop - s.Y} {
				r := image.Rect(0, 0, s.X, s.Y).Add(image.Pt(int(q.x)-s.X/2, int(q.y)+dy))
				if r.In(in) && !r.Overlaps(lr) {
					cands = append(cands, r)
				}
			}
		}
		if len(cands) > 0 {
			r := leastCovered(cands, occupied)
			c.rect(r.Inset(-3), plotBackground)
			drawText(c.img, r.Min.X, r.Min.Y, label, plotReference, 2)
		}
	}
	return c.nrgba()
}

// sampleLine returns points every step pixels along the polyline.
func sampleLine(p []pt, step float64) []pt {
	out := append([]pt(nil), p...)
	for i := 1; i < len(p); i++ {
		l := math.Hypot(p[i].x-p[i-1].x, p[i].y-p[i-1].y)
		for d := step; d < l; d += step {
			out = append(out, pt{p[i-1].x + (p[i].x-p[i-1].x)*d/l, p[i-1].y + (p[i].y-p[i-1].y)*d/l})
		}
	}
	return out
}

// leastCovered returns the first of rects holding the fewest of pts (with a margin of 8 px).
func leastCovered(rects []image.Rectangle, pts []pt) image.Rectangle {
	best, bestN := 0, -1
	for i, r := range rects {
		m := r.Inset(-8)
		n := 0
		for _, q := range pts {
			if image.Pt(int(q.x), int(q.y)).In(m) {
				n++
			}
		}
		if bestN < 0 || n < bestN {
			best, bestN = i, n
		}
	}
	return rects[best]
}

// A power of ten label: "10" at scale 2 and the exponent at scale 1, raised.
func powerLabelWidth(k int) int {
	return textSize("10", 2).X + 2 + textSize(strconv.Itoa(k), 1).X
}

func drawPowerLabel(c *canvas, x, y, k int) {
	drawText(c.img, x, y, "10", plotText, 2)
	drawText(c.img, x+textSize("10", 2).X+2, y-5, fmt.Sprint(k), plotText, 1)
}
