package look

import (
	"fmt"
	"math"

	"speckle/rng"
	"speckle/study"
)

// ViewPhotons: the 2-D samples the photon pass takes for one decision
// (Decision: the light position, draws 0 and 1, or the emission
// direction, draws 2 and 3) in its first iteration of Points photons:
// photon i draws from pool slot i (Sobol: point i), floats as the
// renderer makes them, from the Go reference (the renderer's draws equal
// it, TestRendererDrawsContinue).
const ViewPhotons = "photons"

// The photon pass's decisions that the photon views show, by their first draw.
var PhotonDecisions = map[string]int{"light": 0, "direction": 2, "bounce": 5}

// PhotonDecisionNames lists PhotonDecisions in the photon pass's order.
var PhotonDecisionNames = []string{"light", "direction", "bounce"}

// Photons plots the photon pass's samples for one decision, a point a photon.
var Photons = &View{
	Name:    ViewPhotons,
	Doc:     "the 2-D samples the photon pass takes for one --decision, a point a photon of its first iteration",
	Options: []Option{OptPoints, OptZoom, OptDecision},
	Photons: true,
	Shape:   photonShape,
	Draw: func(l Look, sp rng.Spec, s Sample) Looked {
		c, v := l.newCanvas(sp.Gen), s.Values
		for i := 0; i < l.Points; i++ {
			c.plotXY(float64(math.Float32frombits(v[2*i])), float64(math.Float32frombits(v[2*i+1])))
		}
		return c.looked(sp, s)
	},
	Title: func(l Look, zoom string) string {
		return fmt.Sprintf("the photon pass's %s, first iteration of %d photons, seed %d%s", l.photonWords(), l.Points, l.Seed, zoom)
	},
	Axes: func(l Look) (Axes, bool) { return l.zoomAxes("first draw of the decision", "second draw") },
}

// photonShape is the photon views' Sample: two floats a photon.
func photonShape(l Look) (streams, count int) { return l.Points, 2 }

// photonWords name the photon views' decision, and the renderer order's
// layout they are drawn in.
func (l Look) photonWords() string {
	what := "light position (draws 0, 1)"
	switch l.Decision {
	case PhotonDecisions["direction"]:
		what = "emission direction (draws 2, 3)"
	case PhotonDecisions["bounce"]:
		what = "first bounce's scattering direction (draws 5, 6)"
	}
	if r := l.Renderer; r != nil {
		what += fmt.Sprintf(" in the renderer order at %s photons an iteration (%s)", study.PowerText(r.Photons), r.Scene)
	}
	return what
}
