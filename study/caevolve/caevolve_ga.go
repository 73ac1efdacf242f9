package caevolve

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"

	"speckle/rng"
	"speckle/study"
)

// GA is the search of `speckle ca evolve`, the slides' genetic algorithm:
// a random first population; then, each generation, the Elite best kept
// unchanged and the rest bred from parents chosen by binary tournament,
// one-point crossover of their 40-bit strings (rng.CAGenome.Bits) and
// mutation of each bit with probability Mutation. Deterministic for a
// seed and a deterministic evaluation.
type GA struct {
	Population, Generations, Elite int
	Mutation                       float64
	Seed                           uint64
}

// CAScore is one candidate's objective: Fitness = w0 e + w1 rho.
type CAScore struct {
	E, Rho, Fitness float64
}

// Generation is one evaluated population, best first (ties in the order bred).
type Generation struct {
	Number  int // from 1
	Genomes []rng.CAGenome
	Scores  []CAScore
}

// Best is the generation's best candidate and its score.
func (g Generation) Best() (rng.CAGenome, CAScore) { return g.Genomes[0], g.Scores[0] }

// Check refuses a GA that cannot run.
func (ga GA) Check() error {
	switch {
	case ga.Population < 2:
		return study.Inputf("--population must be at least 2 (got %d)", ga.Population)
	case ga.Generations < 1:
		return study.Inputf("--generations must be at least 1 (got %d)", ga.Generations)
	case ga.Elite < 0 || ga.Elite >= ga.Population:
		return study.Inputf("--elite must be 0..%d, fewer than the population (got %d)", ga.Population-1, ga.Elite)
	case !(ga.Mutation >= 0 && ga.Mutation <= 1):
		return study.Inputf("--mutation must be a probability 0..1 (got %v)", ga.Mutation)
	}
	return nil
}

// Run evolves: evaluate scores a population (in its order), each sees
// every generation once evaluated and sorted.
func (ga GA) Run(evaluate func([]rng.CAGenome) ([]CAScore, error), each func(Generation) error) error {
	e, err := ga.Start()
	if err != nil {
		return err
	}
	for {
		g, done, err := e.Step(evaluate)
		if err != nil {
			return err
		}
		if err := each(g); err != nil || done {
			return err
		}
	}
}

// Evolution is a GA run a generation at a time (Run's loop; a window can
// step it between frames).
type Evolution struct {
	ga  GA
	r   *rand.Rand
	pop []rng.CAGenome
	// Number is the generations evaluated so far.
	Number int
}

// Start draws the first population.
func (ga GA) Start() (*Evolution, error) {
	if err := ga.Check(); err != nil {
		return nil, err
	}
	e := &Evolution{ga: ga, r: rand.New(rand.NewPCG(ga.Seed, 0xCA5EED)), pop: make([]rng.CAGenome, ga.Population)}
	for i := range e.pop {
		e.pop[i] = rng.CAGenomeOfBits(e.r.Uint64() & genomeMask)
	}
	return e, nil
}

const genomeMask = 1<<rng.CAGenomeBits - 1

// Step evaluates the population and, unless that was the last
// generation (done), breeds the next from it.
func (e *Evolution) Step(evaluate func([]rng.CAGenome) ([]CAScore, error)) (g Generation, done bool, err error) {
	if e.Number >= e.ga.Generations {
		return g, true, fmt.Errorf("the evolution has run its %d generations", e.ga.Generations)
	}
	scores, err := evaluate(e.pop)
	if err != nil {
		return g, false, err
	}
	if len(scores) != len(e.pop) {
		return g, false, fmt.Errorf("evaluation scored %d of %d candidates", len(scores), len(e.pop))
	}
	e.Number++
	g = sorted(e.Number, e.pop, scores)
	if e.Number == e.ga.Generations {
		return g, true, nil
	}
	pick := func() uint64 { // binary tournament
		a, b := e.r.IntN(len(e.pop)), e.r.IntN(len(e.pop))
		return g.Genomes[min(a, b)].Bits() // sorted best first
	}
	next := slices.Clone(g.Genomes[:e.ga.Elite])
	for len(next) < e.ga.Population {
		a, b := pick(), pick()
		cut := 1 + e.r.IntN(rng.CAGenomeBits-1)
		child := a&(1<<cut-1) | b&^(1<<cut-1)&genomeMask
		for bit := 0; bit < rng.CAGenomeBits; bit++ {
			if e.r.Float64() < e.ga.Mutation {
				child ^= 1 << bit
			}
		}
		next = append(next, rng.CAGenomeOfBits(child))
	}
	e.pop = next
	return g, false, nil
}

// sorted is a generation best first; a stable sort keeps ties in order.
func sorted(number int, pop []rng.CAGenome, scores []CAScore) Generation {
	idx := make([]int, len(pop))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(scores[b].Fitness, scores[a].Fitness) })
	g := Generation{Number: number, Genomes: make([]rng.CAGenome, len(pop)), Scores: make([]CAScore, len(pop))}
	for i, j := range idx {
		g.Genomes[i], g.Scores[i] = pop[j], scores[j]
	}
	return g
}
