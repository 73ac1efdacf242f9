package app

import (
	"testing"

	"speckle/internal/stats"
)

// The window's evolution steps a generation per frame to its last, scores
// the paper's configuration alongside, and puts the best into a pane, which
// then renders it.
func TestEvolutionStepsAndSendsToAPane(t *testing.T) {
	a := newTestApp(t, testSettings())
	c := &a.evolution.cfg
	c.Population, c.Generations, c.StreamsPerGenome, c.PerStream = 4, 3, 2, 512
	c.Tests = []stats.Test{stats.Monobit, stats.Bytes}
	onGL(t, func() error { a.startEvolution(); return nil })
	if a.evolution.err != "" || !a.evolution.running {
		t.Fatalf("the search did not start: %s", a.evolution.err)
	}
	frames(t, a, 5)
	e := a.evolution
	if e.err != "" || e.running || e.last.Number != 3 || len(e.best) != 3 {
		t.Fatalf("after 5 frames: error %q, running %v, generation %d, %d points", e.err, e.running, e.last.Number, len(e.best))
	}
	for i := 1; i < len(e.best); i++ {
		if e.best[i] < e.best[i-1] {
			t.Errorf("best fitness fell from %g to %g: the elite was lost", e.best[i-1], e.best[i])
		}
	}
	if e.paper.Fitness < 0.9 {
		t.Errorf("the paper's configuration scores %g", e.paper.Fitness)
	}
	best, _ := e.last.Best()
	a.sendToPane(1, best)
	p := a.Model.S.Panes[1]
	if p.Generator != "ca" || p.Options["ca-k"] != best.Options()["ca-k"] || p.Options["ca-rule"] != best.Options()["ca-rule"] {
		t.Fatalf("pane 2 holds %+v, want %s", p, best)
	}
	frames(t, a, 3)
	if err := a.panes[1].err; err != nil {
		t.Errorf("pane 2 failed to render %s: %v", best, err)
	}
	if a.panes[1].Photons() == 0 {
		t.Errorf("pane 2 traced no photons of %s", best)
	}
}
