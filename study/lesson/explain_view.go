package lesson

import (
	"fmt"
	"image"

	"speckle/imageio"
	"speckle/rng"
	"speckle/study"
	"speckle/study/look"
)

// structureKind is which structure a page's view (b) shows.
type structureKind int

const (
	// lagPairs: draws d and d+lag of one slot (photon 0's path after
	// path), as the renderer draws them.
	lagPairs structureKind = iota
	// neighbourPairs: draw `draw` of slot t against slot t+1: what
	// neighbouring photons draw for one decision.
	neighbourPairs
	// pixelJitter: the eye pass's jitter (x, y) of pixel 0, iteration
	// after iteration.
	pixelJitter
	// bitplanes: the lab's bitplanes view, slots down, draws across.
	bitplanes
)

// labKinds are the kinds a page draws with one of the lab's views (found
// in look.Views, as rng look draws them in the renderer order); the
// others draw their own pairs.
var labKinds = map[structureKind]string{lagPairs: look.ViewPairs, bitplanes: look.ViewBitplanes}

// structureView is a page's view (b).
type structureView struct {
	kind      structureKind
	lag, draw int
	bit       int
}

// explainViewSize is a view's side in pixels; explainPoints its points.
const (
	explainViewSize = 320
	explainPoints   = 1 << 16
)

// describe says what the view shows, for its column and stdout.
func (v structureView) describe(r ExplainRun) string {
	photons := study.PowerText(r.PhotonsPerIteration)
	switch v.kind {
	case lagPairs:
		return fmt.Sprintf("pairs: draws n and n+%d of photon slot 0 at %s photons an iteration", v.lag, photons)
	case neighbourPairs:
		return fmt.Sprintf("streams: draw %d of slot t against slot t+1 at %s photons an iteration", v.draw, photons)
	case pixelJitter:
		w, h := r.size()
		return fmt.Sprintf("pixel 0's jitter (x, y), %d iterations of a %dx%d eye pass", explainPoints/16, w, h)
	default:
		return fmt.Sprintf("bitplanes: bit %d, draws across, slots down", v.bit)
	}
}

// short is the view's column label.
func (v structureView) short() string {
	switch v.kind {
	case lagPairs:
		return fmt.Sprintf("pairs: draws n, n+%d of one photon", v.lag)
	case neighbourPairs:
		return fmt.Sprintf("streams: draw %d, slot t vs t+1", v.draw)
	case pixelJitter:
		return "one pixel's jitter, all iterations"
	default:
		return fmt.Sprintf("bitplanes: bit %d", v.bit)
	}
}

// views draws view (b) of the first and the last generator.
func (r ExplainRun) views() ([]*image.NRGBA, string, error) {
	e := explainers[r.Name]
	specs, err := r.Generators()
	if err != nil {
		return nil, "", err
	}
	var out []*image.NRGBA
	for _, sp := range []rng.Spec{specs[0], specs[len(specs)-1]} {
		img, err := r.view(e, sp)
		if err != nil {
			return nil, "", fmt.Errorf("%s: %v", sp.Label(), err)
		}
		out = append(out, img)
	}
	return out, e.view.describe(r), nil
}

// view draws sp's picture in the pass's layout, with the lab's Look.
func (r ExplainRun) view(e explainer, sp rng.Spec) (*image.NRGBA, error) {
	v := e.view
	w, h := r.size()
	order := &study.RendererOrder{Scene: r.Scene, Pass: e.pass, Width: w, Height: h, Photons: r.PhotonsPerIteration, PerPhoton: e.pass.DrawsPerPath()}
	if name, ok := labKinds[v.kind]; ok { // the lab's views in the renderer order, as rng look draws them
		l, err := labLook(name, order)
		if err != nil {
			return nil, err
		}
		l.Lag = v.lag
		if v.kind == bitplanes {
			l.Size, l.Points, l.Bit = explainViewSize/2, 1, v.bit
		}
		s, err := l.Sample(nil, sp)
		if err != nil {
			return nil, err
		}
		img := l.Draw(sp, s).Image
		if v.kind == bitplanes {
			img = imageio.Magnify(img, img.Rect, 2)
		}
		return img, nil
	}
	lay := order.PassLayout(1, sp.Options)
	if sp.HasSeed {
		lay.Cfg.Seed = sp.Seed
	}
	inst, err := sp.Gen.New(lay.Cfg)
	if err != nil {
		return nil, err
	}
	pairs := make([]float32, 0, 2*explainPoints)
	slot := func(s, perPath int) func() float32 {
		return rng.RendererStream(inst, lay.Cfg.Streams, s, perPath, lay.SlotSequences)
	}
	switch v.kind {
	case neighbourPairs:
		n := min(explainPoints, lay.Cfg.Streams-1)
		draw := func(t int) float32 {
			next := slot(t, e.pass.DrawsPerPath())
			for k := 0; k < v.draw; k++ {
				next()
			}
			return next()
		}
		prev := draw(0)
		for t := 1; t <= n; t++ {
			cur := draw(t)
			pairs = append(pairs, prev, cur)
			prev = cur
		}
	case pixelJitter:
		next := slot(0, 2)
		for i := 0; i < explainPoints/16; i++ {
			pairs = append(pairs, next(), next())
		}
	}
	return pairPicture(sp, pairs), nil
}

// labLook is the lab's view name (look.Views) as a page draws it: from
// the Go reference in the pass's layout order, explainPoints points in a
// square explainViewSize wide; a name not in look.Views is an error.
func labLook(name string, order *study.RendererOrder) (look.Look, error) {
	v, ok := look.FindView(name)
	if !ok {
		return look.Look{}, fmt.Errorf("no lab view %q: want one of %v", name, look.ViewNames())
	}
	return look.Look{View: v.Name, Seed: 1, Size: explainViewSize, Points: explainPoints, Zoom: [3]float64{0, 0, 1}, Renderer: order}, nil
}

// pairPicture plots pairs (x, y) of renderer floats with the lab's pairs
// view in the renderer order: its deep zoom's drawing plots a list of
// pairs as they come, here the floats' words (rng.RendererWord).
func pairPicture(sp rng.Spec, pairs []float32) *image.NRGBA {
	l := look.Look{View: look.ViewPairs, Size: explainViewSize, Points: len(pairs) / 2, Zoom: [3]float64{0, 0, 1}, Scan: 1, Renderer: &study.RendererOrder{}}
	v := make([]uint32, len(pairs))
	for i, f := range pairs {
		v[i] = rng.RendererWord(f)
	}
	return l.Draw(sp, look.Sample{Values: v}).Image
}
