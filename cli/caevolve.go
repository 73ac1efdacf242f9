package cli

import (
	"fmt"
	"slices"

	"github.com/spf13/cobra"

	"speckle/gpu"
	"speckle/imageio"
	"speckle/internal/numcheck"
	"speckle/internal/stats"
	"speckle/rng"
	"speckle/study/caevolve"
)

// caEvolveOptions are ca evolve's flags.
type caEvolveOptions struct {
	sppm                 sppmFlags
	ga                   caevolve.GA
	streams, symbolBits  int
	numbers              int64
	w0, w1               float64
	tests                []stats.Test
	photons, photonsHigh int64
	snapshots            []int
	out                  string
}

func newCAEvolveCmd() *cobra.Command {
	var o caEvolveOptions
	c := &cobra.Command{
		Use:   "evolve [--population N] [--generations N] [--out DIR] [flags]",
		Short: "search CA configurations with the paper's genetic algorithm; the generations' images",
		Long: `Evolve the ca generator's connectivity K and rule as Pang, Wong and Heng did:
a genetic algorithm (binary tournaments, one-point crossover of the 40-bit
genome, per-bit mutation, the --elite best kept) maximises
w0 e + w1 rho, where e is the normalised entropy of a candidate's
--entropy-bits-bit symbols and rho grades the battery's p-values (1 for each
test in dieharder's PASS band, 0 at its FAIL threshold, log-linear between;
the mean over --tests). A whole population runs on the GPU in one program:
each candidate draws --streams streams (seeded as the ca generator seeds
streams 0, 1, ...), --numbers values in all, tested as one sample.
Into --out go generations.csv (generation, best, mean, worst fitness, the
best's e, rho and genome K0,K1,K2,K3:0xRULE), standings.csv (the paper's
configuration and the linear preset scored alike, and their rank in the last
generation), fitness.png and fitness.svg, the best of each --snapshots
generation (and the last) and the paper's configuration rendered at --photons
and --photons-high, and montage.png of them with e, rho, K and the rule under
each. The set replaces the folder's earlier one whole, once complete.
The tests see only --numbers values per candidate: a configuration that
passes them may fail at a larger size, so check a winner with
speckle rng test --gens ca:ca-k=K0,K1,K2,K3:ca-rule=0xRULE (or evolve with
more --numbers on a large GPU).`,
		Example: `  speckle ca evolve --out screenshots/ca-evolve
  speckle ca evolve --population 1000 --streams 32 --numbers 2^20 --generations 40 --photons-high 1e7 --size 1280x720`,
		Args: noArgs,
		RunE: func(c *cobra.Command, _ []string) error { return o.run(c) },
	}
	fs := c.Flags()
	wholeFlag(fs, &o.ga.Population, "population", 24, 2, 1<<20, "candidates per generation; with the 2 references, x --streams at most 32768 streams in all (8190 at --streams 4)")
	wholeFlag(fs, &o.ga.Generations, "generations", 12, 1, 1<<16, "generations")
	wholeFlag(fs, &o.ga.Elite, "elite", 2, 0, 1<<20, "best candidates kept unchanged each generation")
	numberFlag(fs, &o.ga.Mutation, "mutation", 0.03, numcheck.Closed(0, 1), "probability of flipping each of a genome's 40 bits")
	wholeFlag(fs, &o.streams, "streams", 4, 1, 1<<16, "streams per candidate")
	countFlag(fs, &o.numbers, "numbers", 1<<17, "values each candidate draws per evaluation (all its streams), e.g. 1e6 or 2^20")
	wholeFlag(fs, &o.symbolBits, "entropy-bits", 8, 1, 16, "n of the n-bit entropy e: 1, 2, 4, 8 or 16")
	numberFlag(fs, &o.w0, "w0", 0.5, numcheck.Closed(0, 1e6), "weight of the entropy e")
	numberFlag(fs, &o.w1, "w1", 0.5, numcheck.Closed(0, 1e6), "weight of the battery's rho")
	o.tests = stats.Tests
	testsFlag(fs, &o.tests, "battery tests rho grades", stats.Tests, false)
	// 1e4 and 5e4 photons gave uniform noise in every column; at 1e5 and 1e6
	// the generations' tints and blotches show (about 4 minutes with the
	// search on llvmpipe, 2 cores).
	countFlag(fs, &o.photons, "photons", 100000, "photons of each generation's image")
	countFlag(fs, &o.photonsHigh, "photons-high", 1000000, "photons of its second image")
	fs.IntSliceVar(&o.snapshots, "snapshots", []int{1, 2, 4, 8, 11}, "generations whose best is rendered (the last always is)")
	fs.StringVar(&o.out, "out", "screenshots/ca-evolve", "output directory")
	o.sppm.addTo(c, "320x240")
	fs.Lookup("seed").Usage = "seed of the search (the GA) and of the candidates' streams and the renders"
	// The search has no spec to carry the CA's options: --ca-steps and
	// --ca-warmup are its own flags here, not deprecated aliases.
	for _, name := range []string{"ca-steps", "ca-warmup"} {
		opt, f := rng.CA.Option(name), fs.Lookup(name)
		f.Hidden, f.Usage = false, fmt.Sprintf("%s (%s, default %s)", opt.Help, opt.Values(), opt.Default)
	}
	return c
}

func (o *caEvolveOptions) run(c *cobra.Command) error {
	for _, k := range []string{"ca-k", "ca-rule", "ca-preset"} {
		if c.Flags().Changed(k) {
			return usagef("--%s does not apply to ca evolve: the search chooses the connectivity and rule", k)
		}
	}
	setup, ca, err := o.sppm.setup(c, "", []rng.Spec{{Gen: rng.CA}})
	if err != nil {
		return err
	}
	if o.numbers%int64(o.streams) != 0 {
		return usagef("--numbers %d does not split into %d streams", o.numbers, o.streams)
	}
	if !c.Flags().Changed("snapshots") { // the defaults past a short run's last are left out
		o.snapshots = slices.DeleteFunc(o.snapshots, func(g int) bool { return g > o.ga.Generations })
	}
	o.ga.Seed = uint64(setup.Seed)
	evolve := caevolve.CAEvolve{Setup: setup, GA: o.ga, StreamsPerGenome: o.streams, PerStream: o.numbers / int64(o.streams),
		SymbolBits: o.symbolBits, CAOptions: ca[0].Options, Tests: o.tests, W0: o.w0, W1: o.w1, Photons: o.photons, PhotonsHigh: o.photonsHigh,
		Snapshots: o.snapshots, Log: c.OutOrStdout(),
		Warn: func(s string) { fmt.Fprintf(c.ErrOrStderr(), "%s: warning: %s\n", c.CommandPath(), s) }}
	if err := evolve.Check(); err != nil {
		return inputOrRun(err)
	}
	if err := checkSet(!c.Flags().Changed("out"), o.out, input("--scene", sceneFile(o.sppm.scene))); err != nil {
		return err
	}
	if evolve.Set, err = prepareBatch(o.out, "ca evolve"); err != nil {
		return err
	}
	defer evolve.Set.Discard()
	b := &bar{c: c, label: "ca evolve", unit: "steps", scale: 1000}
	evolve.Progress = b.report
	var res caevolve.CAEvolved
	if err := o.sppm.gl.run(b.track(func(ctx *gpu.Context) (err error) { res, err = evolve.Run(ctx); return err })); err != nil {
		return err
	}
	fmt.Fprintf(c.OutOrStdout(), "%s: generations.csv, standings.csv, fitness.png, fitness.svg, %d images, montage.png\n", imageio.Printable(o.out), res.Images)
	return nil
}
