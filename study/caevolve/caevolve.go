package caevolve

import (
	"encoding/csv"
	"fmt"
	"image"
	"io"
	"slices"
	"strconv"

	"speckle/gpu"
	"speckle/imageio"
	"speckle/internal/stats"
	"speckle/internal/units"
	"speckle/lab"
	"speckle/render"
	"speckle/rng"
	"speckle/study"
)

// CAEvolve is `speckle ca evolve`: the GA over CA genomes with the
// objective w0 e + w1 rho (e the normalised SymbolBits-bit entropy of a
// candidate's numbers, rho the battery's Rho over Tests), as Pang, Wong
// and Heng searched it; then the best candidate of the Snapshots
// generations rendered at Photons and PhotonsHigh. Everything goes into
// Set. GA.Seed seeds the search, Setup.Seed the candidates' streams and
// the renders; the Setup's options (--ca-steps, --ca-warmup) apply to both.
// Progress counts steps (a generation, a render) of 1,000 units.
type CAEvolve struct {
	study.Setup
	GA
	StreamsPerGenome int
	PerStream        int64 // values per stream: a candidate draws StreamsPerGenome·PerStream
	SymbolBits       int
	// CAOptions are the CA's options the search leaves alone (ca-steps,
	// ca-warmup); it chooses the connectivity and rule itself.
	CAOptions            map[string]string
	Tests                []stats.Test
	W0, W1               float64
	Photons, PhotonsHigh int64
	Snapshots            []int // generations rendered, 1..Generations (the last always is)
	Set                  *imageio.Batch
	Progress             study.Progress
	Log                  io.Writer // a line per generation and the standings
	// Warn, if set, hears the degenerate streams of each candidate
	// rendered (render.Degenerate; one whose every stream is constant is
	// rendered all the same: the search found it).
	Warn func(string)
}

// CAReferences are the configurations scored beside the search: the
// paper's and the linear preset.
var CAReferences = []string{"paper", "linear"}

// CAStanding is where a reference configuration stands in the last
// generation: Rank 1 is above all its candidates.
type CAStanding struct {
	Name   string
	Genome rng.CAGenome
	Score  CAScore
	Rank   int
}

// CAEvolved is what a run found.
type CAEvolved struct {
	Last      Generation
	Standings []CAStanding
	Images    int
}

func (o CAEvolve) evaluation() lab.CAEvaluation {
	return lab.CAEvaluation{StreamsPerGenome: o.StreamsPerGenome, PerStream: o.PerStream, SymbolBits: o.SymbolBits,
		Tests: o.Tests, Config: rng.Config{Seed: o.Setup.Seed, Options: o.CAOptions}}
}

// Check refuses bad options before any GPU work.
func (o CAEvolve) Check() error {
	if err := o.GA.Check(); err != nil {
		return err
	}
	if o.W0 < 0 || o.W1 < 0 || o.W0+o.W1 == 0 {
		return study.Inputf("--w0 and --w1 must be at least 0, not both 0 (got %v, %v)", o.W0, o.W1)
	}
	if len(o.Tests) == 0 && o.W1 > 0 {
		return study.Inputf("--tests names none: rho needs at least one")
	}
	if err := o.evaluation().Check(o.Population + len(CAReferences)); err != nil {
		return study.Inputf("%v", err)
	}
	one, err := rng.NewCAPopulation([]rng.CAGenome{{}}, 1, rng.Config{Options: o.CAOptions})
	if err != nil {
		return study.Inputf("%v", err)
	}
	// The battery holds every candidate's streams (and the references') at once: said here,
	// naming the flags, rather than by the GPU run. The limit of the whole battery, whichever
	// tests rho takes (a narrower --tests would allow more; not tried on a GPU at that size).
	if most, n := lab.MaxBatteryStreams(one), (o.Population+len(CAReferences))*o.StreamsPerGenome; n > most {
		return study.Inputf("--population %d (and the %d references) x --streams %d is %d streams of ca: the battery holds at most %d at once, so --population at most %d with --streams %d",
			o.Population, len(CAReferences), o.StreamsPerGenome, n, most, most/o.StreamsPerGenome-len(CAReferences), o.StreamsPerGenome)
	}
	for _, g := range o.Snapshots {
		if g < 1 || g > o.Generations {
			return study.Inputf("--snapshots must be generations 1..%d, the --generations run (got %d)", o.Generations, g)
		}
	}
	for _, n := range []int64{o.Photons, o.PhotonsHigh} {
		if n < 1 {
			return study.Inputf("photon counts must be at least 1 (got %d)", n)
		}
	}
	_, err = o.Config(rng.CAPresetGenome("paper").Spec())
	return err
}

// snapshots are the generations rendered: Snapshots up to the last, and the last.
func (o CAEvolve) snapshots() []int {
	s := append(slices.Clone(o.Snapshots), o.Generations) // Check keeps them in 1..Generations
	slices.Sort(s)
	return slices.Compact(s)
}

// Run evolves, renders and writes the set: generations.csv, standings.csv,
// fitness.png and .svg, best-gNN-PHOTONS.png per snapshot and count, and
// montage.png; then commits it.
func (o CAEvolve) Run(c *gpu.Context) (CAEvolved, error) {
	var out CAEvolved
	if err := o.Check(); err != nil {
		return out, err
	}
	refs := make([]rng.CAGenome, len(CAReferences))
	for i, name := range CAReferences {
		refs[i] = rng.CAPresetGenome(name)
	}
	var refScores []CAScore
	shots := o.snapshots()
	steps := o.Generations + 2*(len(shots)+1) // the generations, then the renders
	generation := 0
	evaluate := func(pop []rng.CAGenome) ([]CAScore, error) {
		generation++
		all := pop
		if refScores == nil { // the references ride along with the first generation
			all = slices.Concat(pop, refs)
		}
		scores, err := o.Score(c, all, o.step(generation-1, steps))
		if err != nil {
			return nil, err
		}
		if refScores == nil {
			refScores = scores[len(pop):]
		}
		return scores[:len(pop)], nil
	}
	var rows []caRow
	err := o.GA.Run(evaluate, func(g Generation) error {
		best, s := g.Best()
		rows = append(rows, caRow{g.Number, best, s, meanFitness(g.Scores), g.Scores[len(g.Scores)-1].Fitness})
		o.logf("generation %d/%d: best %.4f (e %.4f, rho %.4f) mean %.4f worst %.4f  %s\n", g.Number, o.Generations,
			s.Fitness, s.E, s.Rho, rows[len(rows)-1].mean, rows[len(rows)-1].worst, best)
		out.Last = g
		return nil
	})
	if err != nil {
		return out, err
	}
	for i, name := range CAReferences {
		st := CAStanding{Name: name, Genome: refs[i], Score: refScores[i], Rank: 1}
		for _, s := range out.Last.Scores {
			if s.Fitness > st.Score.Fitness {
				st.Rank++
			}
		}
		out.Standings = append(out.Standings, st)
		o.logf("%s %s: fitness %.4f (e %.4f, rho %.4f), rank %d among generation %d's %d\n", name, st.Genome, st.Score.Fitness,
			st.Score.E, st.Score.Rho, st.Rank, out.Last.Number, o.Population)
	}
	if err := o.writeTables(rows, out.Standings); err != nil {
		return out, err
	}
	if err := o.writePlot(rows, out.Standings); err != nil {
		return out, err
	}
	var shown []caRow
	for _, r := range rows {
		if slices.Contains(shots, r.number) {
			shown = append(shown, r)
		}
	}
	if out.Images, err = o.renderMontage(c, shown, out.Standings[0], o.Generations, steps); err != nil {
		return out, err
	}
	return out, o.Set.Commit()
}

// Score measures genomes on the GPU, all in one program, and scores them
// w0 e + w1 rho.
func (o CAEvolve) Score(c *gpu.Context, genomes []rng.CAGenome, progress study.Progress) ([]CAScore, error) {
	m, err := lab.EvaluateCA(c, genomes, o.evaluation(), progress)
	if err != nil {
		return nil, err
	}
	scores := make([]CAScore, len(genomes))
	for i := range genomes {
		e, rho := lab.Entropy(m.Symbols[i]), lab.Rho(m.P[i])
		scores[i] = CAScore{E: e, Rho: rho, Fitness: o.W0*e + o.W1*rho}
	}
	return scores, nil
}

// caRow is one generation in the table: its best candidate, the mean and
// the worst fitness.
type caRow struct {
	number      int
	best        rng.CAGenome
	score       CAScore
	mean, worst float64
}

// step is Progress for step i of a run of `steps` (a generation's
// evaluation, a render), each worth 1,000 units.
func (o CAEvolve) step(i, steps int) study.Progress {
	return func(done, total int64) {
		o.Progress.Report(int64(i)*1000+done*1000/max(total, 1), int64(steps)*1000)
	}
}

func (o CAEvolve) logf(format string, a ...any) {
	if o.Log != nil {
		fmt.Fprintf(o.Log, format, a...)
	}
}

func meanFitness(s []CAScore) float64 {
	var sum float64
	for _, v := range s {
		sum += v.Fitness
	}
	return sum / float64(len(s))
}

func f6(v float64) string { return strconv.FormatFloat(v, 'f', 6, 64) }

// writeTables writes generations.csv (generation, best, mean, worst
// fitness, the best's e, rho and genome) and standings.csv (the
// references' scores and rank in the last generation), through
// encoding/csv: a genome "K0,K1,K2,K3:0xRULE" holds commas and is quoted.
func (o CAEvolve) writeTables(rows []caRow, standings []CAStanding) error {
	gens := [][]string{{"generation", "best", "mean", "worst", "e", "rho", "genome"}}
	for _, r := range rows {
		gens = append(gens, []string{strconv.Itoa(r.number), f6(r.score.Fitness), f6(r.mean), f6(r.worst), f6(r.score.E), f6(r.score.Rho), r.best.String()})
	}
	if err := o.writeCSV("generations.csv", gens); err != nil {
		return err
	}
	stand := [][]string{{"configuration", "genome", "fitness", "e", "rho", "rank", "population"}}
	for _, s := range standings {
		stand = append(stand, []string{s.Name, s.Genome.String(), f6(s.Score.Fitness), f6(s.Score.E), f6(s.Score.Rho), strconv.Itoa(s.Rank), strconv.Itoa(o.Population)})
	}
	return o.writeCSV("standings.csv", stand)
}

func (o CAEvolve) writeCSV(name string, records [][]string) error {
	path, err := o.Set.Path(name)
	if err != nil {
		return err
	}
	return imageio.WriteFileAtomic(path, func(w io.Writer) error {
		cw := csv.NewWriter(w)
		cw.WriteAll(records) // flushes
		return cw.Error()
	})
}

// writePlot draws best, mean and worst fitness by generation, the
// references' as levels, as fitness.png and fitness.svg.
func (o CAEvolve) writePlot(rows []caRow, standings []CAStanding) error {
	series := []imageio.Series{{Name: "best"}, {Name: "mean"}, {Name: "worst"}}
	for _, r := range rows {
		series[0].Y = append(series[0].Y, r.score.Fitness)
		series[1].Y = append(series[1].Y, r.mean)
		series[2].Y = append(series[2].Y, r.worst)
	}
	for _, s := range standings {
		series = append(series, imageio.Series{Name: s.Name + " " + s.Genome.String(), Y: []float64{s.Score.Fitness}})
	}
	var paths []string
	for _, name := range []string{"fitness.png", "fitness.svg"} {
		p, err := o.Set.Path(name)
		if err != nil {
			return err
		}
		paths = append(paths, p)
	}
	title := fmt.Sprintf("CA evolution: fitness = %g e + %g rho, population %d", o.W0, o.W1, o.Population)
	return imageio.WriteGenerationPlot(title, "fitness", series, paths...)
}

// renderMontage renders each shown generation's best, and the paper's
// configuration as the control, at both photon counts, writes each image
// and the montage: a column per candidate, its e, rho, K and rule under it.
func (o CAEvolve) renderMontage(c *gpu.Context, shown []caRow, paper CAStanding, step, steps int) (int, error) {
	type column struct {
		title  string
		genome rng.CAGenome
		score  CAScore
		file   string
	}
	var cols []column
	for _, r := range shown {
		cols = append(cols, column{fmt.Sprintf("Generation %d", r.number), r.best, r.score, fmt.Sprintf("best-g%02d", r.number)})
	}
	cols = append(cols, column{"Paper (control)", paper.Genome, paper.Score, "paper"})
	counts := []int64{o.Photons, o.PhotonsHigh}
	cellW := caCellWidth(len(cols))
	var cells []*image.NRGBA
	var colLabels []string
	images := 0
	for _, col := range cols {
		o.warnDegenerate(c.Info, col.title, col.genome.Spec())
		var shots []*image.NRGBA
		for _, n := range counts {
			img, s, err := o.RenderTo(c, col.genome.Spec(), n, o.step(step, steps))
			if err != nil {
				return images, err
			}
			s.Close()
			step++
			shot := img.ToneMap(o.ToneExposure())
			path, err := o.Set.Path(fmt.Sprintf("%s-%s.png", col.file, units.FormatCount(n)))
			if err != nil {
				return images, err
			}
			if err := imageio.WritePNG(path, shot); err != nil {
				return images, err
			}
			images++
			shots = append(shots, imageio.Shrink(shot, cellW))
		}
		k := col.genome.K
		cells = append(cells, imageio.Captioned(shots, []string{
			fmt.Sprintf("e %.4f", col.score.E),
			fmt.Sprintf("rho %.4f", col.score.Rho),
			fmt.Sprintf("K %d,%d,%d,%d", k[0], k[1], k[2], k[3]),
			fmt.Sprintf("rule 0x%04X", col.genome.Rule), // as generations.csv writes it
		}))
		colLabels = append(colLabels, col.title)
	}
	title := fmt.Sprintf("CA evolution on %s, %s photons above, %s below (fitness %g e + %g rho, %d-bit entropy)",
		o.Scene.Name, units.FormatCount(o.Photons), units.FormatCount(o.PhotonsHigh), o.W0, o.W1, o.SymbolBits)
	path, err := o.Set.Path("montage.png")
	if err != nil {
		return images, err
	}
	return images, imageio.WritePNG(path, caMontage(cells, colLabels, title))
}

// caCellWidth is the width a render takes in a montage of n columns so
// that the montage fits a slide's width (1920), at most MontageCellWidth.
func caCellWidth(n int) int {
	const margin, gap = 16, 8 // the montage's (imageio)
	return max(64, min(imageio.MontageCellWidth, (imageio.SlideWidth-2*margin-(n-1)*gap)/max(n, 1)))
}

// caMontage is the columns side by side under the title, at most a
// slide's width (the cells give way where their captions would widen it).
func caMontage(cells []*image.NRGBA, colLabels []string, title string) *image.NRGBA {
	return imageio.Grid{Cells: [][]*image.NRGBA{cells}, ColLabels: colLabels, Title: title}.FitWidth(imageio.SlideWidth).Draw()
}

// warnDegenerate tells Warn the degenerate streams a render of spec runs
// into, at the larger count's photons an iteration.
func (o CAEvolve) warnDegenerate(info gpu.Info, title string, spec rng.Spec) {
	if o.Warn == nil {
		return
	}
	photons := int(min(int64(o.Iteration(info)), max(o.Photons, o.PhotonsHigh)))
	lines, err := render.Degenerate(spec, o.Setup.Seed, o.Width, o.Height, photons)
	if err != nil {
		lines = []string{err.Error()}
	}
	for _, l := range lines {
		o.Warn(title + ": " + l)
	}
}
