package look

import (
	"fmt"
	"math"
	"slices"
	"sync"

	"gonum.org/v1/plot"

	"speckle/gpu"
	"speckle/imageio"
	"speckle/rng"
	"speckle/study/pareto"
)

// ViewPareto: rng pareto's plane (quality against GPU speed) at a small
// size, the pane's generator ringed.
const ViewPareto = "pareto"

// paretoReference are the generators every pareto picture shows besides
// its own: the default comparison and hashes from the plane's corners
// (fast and poor, fast and good, slow and good), so that one pane's plane
// has something to be measured against, at a bounded cost.
var paretoReference = []string{"rand48", "lehmer", "ca", "philox", "pcg", "lcg", "wang", "xxhash32"}

// ParetoView draws the plane: its Sample measures every generator of the
// plane not yet measured on this device and seed (pareto.MeasureQuick:
// the consumed bench for 20 ms, the battery at 2^20 numbers an order),
// once; a change of view, size or pane draws from the kept points.
var ParetoView = &View{
	Name:   ViewPareto,
	Doc:    "quality against GPU speed as rng pareto draws it, at a small size (2^20 numbers an order), this generator ringed among the default comparison and a few hashes",
	Points: 1,
	Shape:  func(Look) (int, int) { return 1, 1 },
	Sample: paretoSample,
	Draw:   paretoDraw,
	Title: func(l Look, _ string) string {
		return fmt.Sprintf("quality (not FAIL, %% of the battery's verdicts, 2^20 numbers an order) against GPU speed, seed %d: the frontier dashed, this generator ringed", l.Seed)
	},
	RendererTitle: func(l Look, _, _ string) string {
		return fmt.Sprintf("quality against GPU speed, seed %d: measured in the stream and the consumed order whatever --order says (rng pareto)", l.Seed)
	},
	Caption: func(_ Look, lk Looked) string { return fmt.Sprintf("(%d generators)", lk.Points) },
	Panel: func(_ Look, lk Looked, title string) *plot.Plot { // the picture has its own axes
		p := imageio.ImagePanel(lk.Image, 0, 1, 0, 1, title, "", "")
		p.HideAxes()
		return p
	},
}

// paretoPoints keeps the measured points by device, seed and spec.
var paretoPoints = struct {
	sync.Mutex
	m map[string]pareto.Point
}{m: map[string]pareto.Point{}}

// paretoSpecs are the plane's generators: the reference's, then l's.
func paretoSpecs(l Look) []rng.Spec {
	var out []rng.Spec
	seen := map[string]bool{}
	add := func(sp rng.Spec) {
		if k := sp.String(); !seen[k] {
			seen[k] = true
			out = append(out, sp)
		}
	}
	for _, name := range paretoReference {
		if sp, err := rng.ParseSpec(name); err == nil {
			add(sp)
		}
	}
	for _, sp := range l.Specs {
		add(sp)
	}
	return out
}

// paretoWords is how many words a point takes in a Sample.
const paretoWords = 6

func paretoSample(l Look, c *gpu.Context, _ rng.Spec) (Sample, error) {
	if c == nil {
		return Sample{}, fmt.Errorf("the pareto view measures on the GPU (not --device cpu)")
	}
	paretoPoints.Lock()
	defer paretoPoints.Unlock()
	var s Sample
	for _, sp := range paretoSpecs(l) {
		key := fmt.Sprintf("%s|%d|%s", c.Info.String(), l.Seed, sp.String())
		p, ok := paretoPoints.m[key]
		if !ok {
			var err error
			if p, err = pareto.MeasureQuick(c, sp, l.Seed); err != nil {
				return Sample{}, fmt.Errorf("%s: %v", sp.Label(), err)
			}
			paretoPoints.m[key] = p
		}
		b := math.Float64bits(p.ConsumedPerS)
		s.Values = append(s.Values, uint32(b>>32), uint32(b), uint32(p.Verdicts), uint32(p.Pass), uint32(p.Suspect), uint32(p.Fail))
	}
	return s, nil
}

func paretoDraw(l Look, sp rng.Spec, s Sample) Looked {
	specs := paretoSpecs(l)
	var r pareto.Report
	for i, q := range specs {
		if len(s.Values) < paretoWords*(i+1) {
			break
		}
		v := s.Values[paretoWords*i:]
		p := pareto.Point{Generator: q.Label(), Spec: q.String(), ConsumedPerS: math.Float64frombits(uint64(v[0])<<32 | uint64(v[1])),
			Verdicts: int(v[2]), Pass: int(v[3]), Suspect: int(v[4]), Fail: int(v[5]), Quality: math.NaN()}
		if p.Verdicts > 0 {
			p.Quality = float64(p.Verdicts-p.Fail) / float64(p.Verdicts)
		}
		r.Points = append(r.Points, p)
	}
	pareto.MarkFrontier(r.Points)
	mark := map[string]bool{sp.Label(): true}
	img := pareto.Picture(r, pareto.FigureText{Mark: mark, LabelSize: 9}, l.Size)
	n := len(r.Points)
	if !slices.ContainsFunc(r.Points, func(p pareto.Point) bool { return p.Generator == sp.Label() }) {
		n = 0
	}
	return Looked{Spec: sp, Image: img, Shown: n, Points: len(r.Points)}
}
