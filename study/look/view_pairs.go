package look

import (
	"fmt"

	"speckle/rng"
)

// ViewPairs: successive values (x_i, x_i+1) of one stream, as points.
const ViewPairs = "pairs"

// Pairs plots successive values of one stream (with --lag L, x_i against
// x_i+L); its deep zoom plots the pairs a scan kept.
var Pairs = &View{
	Name:          ViewPairs,
	Doc:           "successive values (x_i, x_i+L) of one stream, as points",
	Options:       []Option{OptPoints, OptStream, OptZoom, OptScan, OptLag},
	RendererOrder: true,
	Shape: func(l Look) (streams, count int) {
		return l.Stream + 1, l.Points + l.lag()
	},
	Draw: drawPairs,
	Title: func(l Look, zoom string) string {
		pairs := "successive values"
		if l.lag() > 1 {
			pairs = fmt.Sprintf("values n and n+%d", l.lag())
		}
		return fmt.Sprintf("%s of %s, seed %d%s", pairs, l.streamWords(), l.Seed, zoom)
	},
	RendererTitle: func(l Look, of, zoom string) string {
		return fmt.Sprintf("renderer order: draws n and n+%d of slot %d of %s, seed %d%s", l.lag(), l.Stream, of, l.Seed, zoom)
	},
	Axes: func(l Look) (Axes, bool) { return l.zoomAxes("x(i)", fmt.Sprintf("x(i+%d)", l.lag())) },
}

func drawPairs(l Look, sp rng.Spec, s Sample) Looked {
	c, v := l.newCanvas(sp.Gen), s.Values
	if l.Scan > 0 {
		for i := 0; i+2 <= len(v); i += 2 {
			c.plot(v[i], v[i+1])
		}
		return c.looked(sp, s)
	}
	_, count := l.shape()
	st, lag := v[l.Stream*count:(l.Stream+1)*count], l.lag()
	for i := 0; i+lag < count && c.points < l.Points; i++ {
		c.plot(st[i], st[i+lag])
	}
	return c.looked(sp, s)
}
