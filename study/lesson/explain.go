package lesson

import (
	"fmt"
	"image"
	"time"

	"speckle/gpu"
	"speckle/imageio"
	"speckle/internal/stats"
	"speckle/render"
	"speckle/rng"
	"speckle/study"
	"speckle/study/battery"
)

// ExplainRun is a lesson's page from its artifact to its cause, in one
// figure: (a) the lesson's render at a small size, (b) the lab's view of
// the structure in the renderer's layout, (c) the battery in the renderer's
// order, with p-values and lags, and (d) the fact behind it, computed.
// Every row is one of the lesson's generators: the one with the artifact,
// then the control.
type ExplainRun struct {
	Lesson
	Width, Height int           // the render's size; 0: the lesson's
	RenderPhotons int           // the render's photons per iteration; 0: PhotonsPerIteration
	Budget        time.Duration // the render's wall-clock time (at least one iteration)
	Numbers       int64         // the battery's numbers per generator
	Out           string        // the figure (PNG); "": none
}

// Explained is what the page shows.
type Explained struct {
	Render   LessonResult
	Views    []*image.NRGBA        // (b), one per generator
	ViewText string                // what the views show
	Report   battery.RNGTestReport // (c), the renderer order
	// Consumed is the battery in the stream and consumed orders, where the
	// fault lies across streams (pcg32), or nil.
	Consumed *battery.RNGTestReport
	Facts    []string // (d)
}

// explainer is how a lesson's page is made.
type explainer struct {
	pass     render.Pass
	view     structureView
	consumed bool // also test the consumed order: the fault is across streams
	facts    func(ExplainRun) []string
}

// explainers are the lessons' pages, by lesson name.
var explainers = map[string]explainer{
	"rand48-swirls":       {render.PhotonPass, structureView{kind: lagPairs, lag: 2}, false, rand48Facts},
	"lehmer-rings":        {render.PhotonPass, structureView{kind: neighbourPairs}, true, lehmerFacts},
	"ca-bands":            {render.PhotonPass, structureView{kind: lagPairs, lag: 1}, false, caBandsFacts},
	"ca-linear":           {render.PhotonPass, structureView{kind: lagPairs, lag: 64}, false, caLinearFacts},
	"sobol-frozen-jitter": {render.EyePass, structureView{kind: pixelJitter}, false, sobolFacts},
	"pcg32-streams":       {render.PhotonPass, structureView{kind: neighbourPairs, draw: 1}, true, pcg32Facts},
	"lcg-linear-key":      {render.PhotonPass, structureView{kind: lagPairs, lag: 1}, false, lcgLinearFacts},
	"wang-sequential":     {render.PhotonPass, structureView{kind: neighbourPairs}, true, wangSequentialFacts},
	"trig-sin":            {render.PhotonPass, structureView{kind: bitplanes, bit: 12}, false, trigFacts},
	"philox-control":      {render.PhotonPass, structureView{kind: lagPairs, lag: 2}, false, philoxFacts},
}

// gpuFacts are facts a page measures on the GPU it runs on, after the
// computed ones, by lesson name.
var gpuFacts = map[string]func(*gpu.Context, ExplainRun) ([]string, error){
	"trig-sin": trigGPUFacts,
}

// DefaultExplainNumbers is the battery's size on a page: seconds a
// generator on llvmpipe, and rand48 fails by hundreds of deviations.
const DefaultExplainNumbers = 1 << 20

// explainSlots and explainSamples are the battery's slots and samples.
const (
	explainSlots   = 16
	explainSamples = 16
)

// size is the render's size.
func (r ExplainRun) size() (w, h int) {
	return LessonRun{Lesson: r.Lesson, Width: r.Width, Height: r.Height}.size()
}

// Facts is the lesson's computed cause, without any GPU work.
func (r ExplainRun) Facts() []string {
	return explainers[r.Name].facts(r)
}

// battery is the test in the renderer's order, both generators.
func (r ExplainRun) battery() battery.RNGTest {
	e := explainers[r.Name]
	specs, _ := r.Generators()
	specs = []rng.Spec{specs[0], specs[len(specs)-1]}
	w, h := r.size()
	var tests []stats.Test // the default battery's tests that a sample this size can hold
	for _, t := range stats.Tests {
		if t.MinSampleLen() <= r.Numbers/explainSamples {
			tests = append(tests, t)
		}
	}
	return battery.RNGTest{Specs: specs, Seed: 1, Numbers: r.Numbers, Streams: explainSlots, Samples: explainSamples, Tests: tests,
		Renderer: &study.RendererOrder{Scene: r.Scene, Pass: e.pass, Width: w, Height: h, Photons: r.PhotonsPerIteration,
			PerPhoton: e.pass.DrawsPerPath(), Lags: 4}}
}

// consumedBattery is the battery in the stream and consumed orders, with
// 128 streams (as rng test's default): where neighbouring streams are
// related (Lehmer's consecutive seeds, pcg32's increments) the consumed
// order fails while a slot alone passes.
func (r ExplainRun) consumedBattery() battery.RNGTest {
	t := r.battery()
	t.Renderer, t.Streams = nil, battery.DefaultTestStreams
	return t
}

// Check refuses a page that cannot be made, before any GPU work.
func (r ExplainRun) Check() error {
	if _, ok := explainers[r.Name]; !ok {
		return study.Inputf("lesson %s has no explanation", r.Name)
	}
	if r.Numbers < explainSlots*explainSamples || r.Numbers%(explainSlots*explainSamples) != 0 {
		return study.Inputf("--numbers must be a positive multiple of %d (got %d)", explainSlots*explainSamples, r.Numbers)
	}
	if r.RenderPhotons < 0 || r.RenderPhotons > render.MaxPhotonsPerIteration {
		return study.Inputf("--render-photons must be 1..%d (got %d)", render.MaxPhotonsPerIteration, r.RenderPhotons)
	}
	if err := r.lessonRun().Check(); err != nil {
		return err
	}
	if err := r.battery().Check(); err != nil {
		return err
	}
	if explainers[r.Name].consumed {
		return r.consumedBattery().Check()
	}
	return nil
}

// lessonRun is the small render (a).
func (r ExplainRun) lessonRun() LessonRun {
	l := r.Lesson
	if r.RenderPhotons > 0 {
		l.PhotonsPerIteration = r.RenderPhotons
	}
	return LessonRun{Lesson: l, Width: r.Width, Height: r.Height, Budget: r.Budget}
}

// Run renders, draws the views, tests, and writes the figure.
func (r ExplainRun) Run(c *gpu.Context) (Explained, error) {
	if err := r.Check(); err != nil {
		return Explained{}, err
	}
	var ex Explained
	var err error
	if ex.Render, err = r.lessonRun().Run(c); err != nil {
		return ex, fmt.Errorf("the render: %v", err)
	}
	if ex.Views, ex.ViewText, err = r.views(); err != nil {
		return ex, err
	}
	if ex.Report, err = r.battery().Run(c); err != nil {
		return ex, fmt.Errorf("the battery: %v", err)
	}
	if explainers[r.Name].consumed {
		rep, err := r.consumedBattery().Run(c)
		if err != nil {
			return ex, fmt.Errorf("the battery, consumed order: %v", err)
		}
		ex.Consumed = &rep
	}
	ex.Facts = r.Facts()
	if f := gpuFacts[r.Name]; f != nil {
		measured, err := f(c, r)
		if err != nil {
			return ex, fmt.Errorf("the facts measured: %v", err)
		}
		ex.Facts = append(ex.Facts, measured...)
	}
	if r.Out == "" {
		return ex, nil
	}
	return ex, imageio.WritePNG(r.Out, r.figure(ex))
}
