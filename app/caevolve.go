package app

import (
	"fmt"

	"github.com/inkyblackness/imgui-go/v4"

	"speckle/internal/stats"
	"speckle/rng"
	"speckle/study/caevolve"
)

// evolution is the photon mode's "CA evolution" section, `speckle ca
// evolve` live: the search steps a generation per frame on the window's
// GPU (the first compiles the battery: seconds on llvmpipe), its fitness
// curve is drawn as it goes, and buttons put the current best or the
// paper's configuration into a pane, to watch them render side by side.
type evolution struct {
	// cfg holds the search's settings, edited by the controls and taken
	// at Start: the population, the GA, n, w0, w1 and the numbers.
	cfg        caevolve.CAEvolve
	evo        *caevolve.Evolution
	running    bool
	best, mean []float32
	last       caevolve.Generation
	paper      caevolve.CAScore
	err        string
	open       bool // opens the section at the next frame (tests, screenshots)
}

// newEvolution has settings small enough to step a generation in about a
// second on llvmpipe.
func newEvolution() evolution {
	return evolution{cfg: caevolve.CAEvolve{GA: caevolve.GA{Population: 16, Generations: 12, Elite: 2, Mutation: 0.03},
		StreamsPerGenome: 4, PerStream: 2048, SymbolBits: 8, Tests: stats.Tests, W0: 0.5, W1: 0.5}}
}

// start begins a fresh search with the settings in force (the seed is the window's).
func (a *App) startEvolution() {
	e := &a.evolution
	e.cfg.Setup.Seed = a.Model.S.Seed
	e.cfg.GA.Seed = uint64(a.Model.S.Seed)
	e.best, e.mean, e.last, e.err = nil, nil, caevolve.Generation{}, ""
	var err error
	if e.evo, err = e.cfg.GA.Start(); err != nil {
		e.err, e.running = err.Error(), false
		return
	}
	paper, err := e.cfg.Score(a.ctx, []rng.CAGenome{rng.CAPresetGenome("paper")}, nil)
	if err != nil {
		e.err, e.running = err.Error(), false
		return
	}
	e.paper, e.running = paper[0], true
}

// stepEvolution evaluates one generation of a running search.
func (a *App) stepEvolution() {
	e := &a.evolution
	if !e.running || e.evo == nil {
		return
	}
	g, done, err := e.evo.Step(func(pop []rng.CAGenome) ([]caevolve.CAScore, error) { return e.cfg.Score(a.ctx, pop, nil) })
	if err != nil {
		e.err, e.running = err.Error(), false
		return
	}
	e.last, e.running = g, !done
	var sum float64
	for _, s := range g.Scores {
		sum += s.Fitness
	}
	e.best = append(e.best, float32(g.Scores[0].Fitness))
	e.mean = append(e.mean, float32(sum/float64(len(g.Scores))))
}

// sendToPane shows genome in pane i, keeping the pane's view.
func (a *App) sendToPane(i int, genome rng.CAGenome) {
	p := PaneOf(genome.Spec())
	p.View, p.Seed = a.Model.S.Panes[i].View, a.Model.S.Panes[i].Seed
	a.Model.S.Panes[i] = p
}

func (a *App) evolutionControls() {
	e := &a.evolution
	if e.open {
		imgui.SetNextItemOpen(true, imgui.ConditionAlways)
		e.open = false
	}
	if !imgui.CollapsingHeader("CA evolution") {
		return
	}
	c := &e.cfg
	ints := []struct {
		label  string
		v      *int
		lo, hi int32
	}{{"population", &c.Population, 2, 4096}, {"generations", &c.Generations, 1, 1000},
		{"elite", &c.Elite, 0, 64}, {"streams/candidate", &c.StreamsPerGenome, 1, 64}}
	for _, f := range ints {
		v := int32(*f.v)
		imgui.InputIntV(f.label, &v, 1, 10, 0)
		*f.v = int(min(max(v, f.lo), f.hi))
	}
	perStream := int32(c.PerStream)
	imgui.InputIntV("numbers/stream", &perStream, 512, 4096, 0)
	c.PerStream = int64(min(max(perStream, 512), 1<<24))
	bits := []int{1, 2, 4, 8, 16}
	if imgui.BeginCombo("entropy bits", fmt.Sprint(c.SymbolBits)) {
		for _, b := range bits {
			if imgui.SelectableV(fmt.Sprint(b), b == c.SymbolBits, 0, imgui.Vec2{}) {
				c.SymbolBits = b
			}
		}
		imgui.EndCombo()
	}
	for _, f := range []struct {
		label string
		v     *float64
		hi    float32
	}{{"w0 (entropy)", &c.W0, 1}, {"w1 (rho)", &c.W1, 1}, {"mutation", &c.Mutation, 0.5}} {
		v := float32(*f.v)
		imgui.SliderFloatV(f.label, &v, 0, f.hi, "%.3f", imgui.SliderFlagsAlwaysClamp)
		*f.v = float64(v)
	}
	label := "Start"
	if e.running {
		label = "Restart"
	}
	if imgui.Button(label) {
		a.startEvolution()
	}
	if e.evo != nil && (e.running || e.evo.Number < c.Generations) {
		imgui.SameLine()
		if e.running && imgui.Button("Stop") {
			e.running = false
		} else if !e.running && imgui.Button("Resume") {
			e.running = true
		}
	}
	wrappedError(e.err)
	if len(e.last.Genomes) == 0 {
		return
	}
	best, s := e.last.Best()
	imgui.Textf("generation %d/%d: best %.4f", e.last.Number, c.Generations, s.Fitness)
	imgui.Textf("  %s  e %.4f  rho %.4f", best, s.E, s.Rho)
	paper := rng.CAPresetGenome("paper")
	imgui.Textf("paper %s: %.4f (e %.4f, rho %.4f)", paper, e.paper.Fitness, e.paper.E, e.paper.Rho)
	imgui.PlotLinesV("best##evolution", e.best, 0, "", 0, 1, vec(0, 60))
	imgui.PlotLinesV("mean##evolution", e.mean, 0, "", 0, 1, vec(0, 40))
	for i := 0; i < a.Model.Visible(); i++ {
		if imgui.Button(fmt.Sprintf("best to pane %d", i+1)) {
			a.sendToPane(i, best)
		}
		imgui.SameLine()
		if imgui.Button(fmt.Sprintf("paper to pane %d", i+1)) {
			a.sendToPane(i, paper)
		}
	}
}
