package caevolve

import (
	"math/bits"
	"reflect"
	"strings"
	"testing"

	"speckle/rng"
	"speckle/study"
)

// matchEvaluator scores a genome by how many of its 40 bits match the
// paper's genome: a landscape whose top the GA should climb towards.
func matchEvaluator(calls *int) func([]rng.CAGenome) ([]CAScore, error) {
	target := rng.CAPresetGenome("paper").Bits()
	return func(pop []rng.CAGenome) ([]CAScore, error) {
		*calls++
		s := make([]CAScore, len(pop))
		for i, g := range pop {
			f := float64(rng.CAGenomeBits-bits.OnesCount64(g.Bits()^target)) / rng.CAGenomeBits
			s[i] = CAScore{E: f, Fitness: f}
		}
		return s, nil
	}
}

func runGA(t *testing.T, ga GA) []Generation {
	t.Helper()
	var gens []Generation
	calls := 0
	if err := ga.Run(matchEvaluator(&calls), func(g Generation) error { gens = append(gens, g); return nil }); err != nil {
		t.Fatal(err)
	}
	if calls != ga.Generations || len(gens) != ga.Generations {
		t.Fatalf("%d evaluations and %d generations, want %d", calls, len(gens), ga.Generations)
	}
	return gens
}

// The GA is deterministic for a seed, differs for another, keeps its elite
// (the best fitness never falls), sorts each generation best first and
// climbs: on the bit-matching landscape its best ends far above the first
// generation's.
func TestGADeterministicAndClimbs(t *testing.T) {
	ga := GA{Population: 16, Generations: 30, Elite: 2, Mutation: 0.03, Seed: 11}
	a, b := runGA(t, ga), runGA(t, ga)
	if !reflect.DeepEqual(a, b) {
		t.Fatal("two runs with one seed differ")
	}
	ga.Seed = 12
	if c := runGA(t, ga); reflect.DeepEqual(a[0].Genomes, c[0].Genomes) {
		t.Error("another seed bred the same first generation")
	}
	for i, g := range a {
		for j := 1; j < len(g.Scores); j++ {
			if g.Scores[j].Fitness > g.Scores[j-1].Fitness {
				t.Fatalf("generation %d is not sorted best first", g.Number)
			}
		}
		if i > 0 && g.Scores[0].Fitness < a[i-1].Scores[0].Fitness {
			t.Errorf("generation %d's best %.3f fell below %.3f: the elite was lost", g.Number, g.Scores[0].Fitness, a[i-1].Scores[0].Fitness)
		}
	}
	first, last := a[0].Scores[0].Fitness, a[len(a)-1].Scores[0].Fitness
	if last < 0.9 || last <= first {
		t.Errorf("best fitness %.3f in generation 1, %.3f in %d: the GA did not climb", first, last, ga.Generations)
	}
	// Without mutation and elitism, a population of one genome stays that genome.
	same := GA{Population: 4, Generations: 3, Mutation: 0, Seed: 1}
	calls := 0
	var last3 Generation
	pop := func(p []rng.CAGenome) ([]CAScore, error) {
		if calls == 0 {
			for i := range p {
				p[i] = rng.CAPresetGenome("linear")
			}
		}
		return matchEvaluator(&calls)(p)
	}
	if err := same.Run(pop, func(g Generation) error { last3 = g; return nil }); err != nil {
		t.Fatal(err)
	}
	for _, g := range last3.Genomes {
		if g != rng.CAPresetGenome("linear") {
			t.Errorf("crossover of identical parents without mutation bred %s", g)
		}
	}
}

// Bad GA and objective settings are input errors, before any GPU work.
func TestCAEvolveCheck(t *testing.T) {
	ok := CAEvolve{Setup: study.Setup{Scene: builtin(t, "plane"), Width: 16, Height: 12, Alpha: 0.7}, GA: GA{Population: 4, Generations: 2, Elite: 1, Mutation: 0.1},
		StreamsPerGenome: 2, PerStream: 1024, SymbolBits: 8, Tests: nil, W0: 1, W1: 0, Photons: 100, PhotonsHigh: 200}
	if err := ok.Check(); err != nil {
		t.Fatalf("good options refused: %v", err)
	}
	for name, bad := range map[string]func(*CAEvolve){
		"population": func(o *CAEvolve) { o.Population = 1 },
		"elite":      func(o *CAEvolve) { o.Elite = 4 },
		"mutation":   func(o *CAEvolve) { o.Mutation = 2 },
		"weights":    func(o *CAEvolve) { o.W0 = 0 },
		"tests":      func(o *CAEvolve) { o.W1 = 1 },
		"bits":       func(o *CAEvolve) { o.SymbolBits = 3 },
		"short":      func(o *CAEvolve) { o.PerStream = 50 }, // no test runs: the battery's blocks are 64 values a stream
		"photons":    func(o *CAEvolve) { o.Photons = 0 },
		"ca-rule":    func(o *CAEvolve) { o.CAOptions = map[string]string{"ca-rule": "0x1"} },
	} {
		o := ok
		bad(&o)
		if err := o.Check(); err == nil || !study.IsInputError(err) {
			t.Errorf("%s: %v, want an input error", name, err)
		}
	}
}

// Stepping an Evolution by hand breeds what Run breeds, and it refuses a
// step past its last generation.
func TestEvolutionStepsAsRun(t *testing.T) {
	ga := GA{Population: 8, Generations: 4, Elite: 1, Mutation: 0.05, Seed: 3}
	want := runGA(t, ga)
	e, err := ga.Start()
	if err != nil {
		t.Fatal(err)
	}
	calls := 0
	for i := range want {
		g, done, err := e.Step(matchEvaluator(&calls))
		if err != nil || done != (i == len(want)-1) || !reflect.DeepEqual(g, want[i]) {
			t.Fatalf("step %d: done %v, %v; differs from Run's generation: %v", i+1, done, err, !reflect.DeepEqual(g, want[i]))
		}
	}
	if _, _, err := e.Step(matchEvaluator(&calls)); err == nil {
		t.Error("a step past the last generation was taken")
	}
}

// A population whose streams the battery cannot hold at once is refused by Check, naming
// --population and --streams and the largest that fits (issue 34 item 12): before,
// --population 8191 passed the check (the help says 2..1048576) and the run failed with
// "at most 32768 streams of ca", exit 1, naming no flag.
func TestCAEvolvePopulationPastTheBatteryRefused(t *testing.T) {
	o := CAEvolve{Setup: study.Setup{Scene: builtin(t, "plane"), Width: 16, Height: 12, Alpha: 0.7}, GA: GA{Population: 8191, Generations: 2, Elite: 1, Mutation: 0.1},
		StreamsPerGenome: 4, PerStream: 1024, SymbolBits: 8, W0: 1, Photons: 100, PhotonsHigh: 200}
	err := o.Check()
	if err == nil || !study.IsInputError(err) || !strings.Contains(err.Error(), "--population 8191 (and the 2 references) x --streams 4 is 32772 streams of ca: the battery holds at most 32768 at once, so --population at most 8190 with --streams 4") {
		t.Errorf("population 8191: %v", err)
	}
	o.Population = 8190
	if err := o.Check(); err != nil {
		t.Errorf("population 8190: %v", err)
	}
	o.Population, o.StreamsPerGenome = 2, 1<<16
	if err := o.Check(); err == nil || !strings.Contains(err.Error(), "--streams 65536") {
		t.Errorf("streams 65536: %v", err)
	}
}
