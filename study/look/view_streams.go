package look

import (
	"fmt"

	"speckle/rng"
	"speckle/study"
)

// ViewStreams: value i of stream t against value i of stream t+1: what
// two neighbouring invocations (photons) draw.
const ViewStreams = "streams"

// Streams plots value i of each stream against value i of the next, up to
// 1024 streams (the renderer order: as many slots as the pass has).
var Streams = &View{
	Name:    ViewStreams,
	Doc:     "value i of stream t against value i of stream t+1: what neighbouring photons draw",
	Options: []Option{OptPoints, OptZoom},
	Shape: func(l Look) (streams, count int) {
		streams = min(1024, l.Points+1)
		if l.Renderer != nil { // as many slots as the pass has
			streams = max(2, min(streams, l.Streams(nil)))
		}
		return streams, (l.Points + streams - 2) / (streams - 1)
	},
	Draw: drawStreams,
	CheckRenderer: func(l Look) error {
		if pass := l.Streams(nil); pass < 2 {
			return study.Inputf("--view streams pairs neighbouring slots: the %s pass has only %d", l.Renderer.Pass, pass)
		}
		return nil
	},
	Title: func(l Look, zoom string) string {
		return fmt.Sprintf("value i of stream t against stream t+1, seed %d%s", l.Seed, zoom)
	},
	RendererTitle: func(l Look, of, zoom string) string {
		return fmt.Sprintf("renderer order: draw i of slot t against slot t+1 of %s, seed %d%s", of, l.Seed, zoom)
	},
	Axes: func(l Look) (Axes, bool) { return l.zoomAxes("value i of stream t", "value i of stream t+1") },
}

func drawStreams(l Look, sp rng.Spec, s Sample) Looked {
	c, v := l.newCanvas(sp.Gen), s.Values
	streams, count := l.shape()
	for m := 0; m < count && c.points < l.Points; m++ {
		for t := 0; t+1 < streams && c.points < l.Points; t++ {
			c.plot(v[t*count+m], v[(t+1)*count+m])
		}
	}
	return c.looked(sp, s)
}
