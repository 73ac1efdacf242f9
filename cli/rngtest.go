package cli

import (
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"speckle/gpu"
	"speckle/imageio"
	"speckle/internal/stats"
	"speckle/internal/suggest"
	"speckle/render"
	"speckle/rng"
	"speckle/study/battery"
)

// testOptions are rng test's flags.
type testOptions struct {
	test            battery.RNGTest
	csv, json, grid string // json: --json-file
	asJSON          bool
	order           string
	in, format      string // --in FILE|- and its words' format
	renderer        rendererFlags
	gl              glFlags
	split           splitFlags
	common          *genOptionFlags
}

func newRngTestCmd() *cobra.Command {
	var o testOptions
	c := &cobra.Command{
		Use:   "test [--gens SPEC,...] [--numbers N] [--streams T] [--samples S] [flags]",
		Short: "run a statistical test battery on the GPU, in the stream and the consumed order",
		Long:  rngTestLong(),
		Example: `  speckle rng test
  speckle rng test --gens all --out screenshots/rng-test.png --csv rng-test.csv
  speckle rng test --gens ranlux:lux=4,ca:ca-preset=linear,randu --tests triples,rank
  speckle rng test --gens philox --numbers 2^30 --streams 4096 --samples 256 --json-file test.json
  speckle rng test --order renderer --scene cornell --gens rand48,philox --photons-per-iteration 2^20 --lags 8
  speckle rng dump --gen philox --streams 128 --count 32768 | speckle rng test --in -
  python3 -c 'import os, sys; sys.stdout.buffer.write(os.urandom(1 << 24))' | speckle rng test --in -`,
		Args: func(c *cobra.Command, args []string) error {
			if len(args) == 1 && o.asJSON {
				// rng test --json FILE was a file before --json meant one thing everywhere.
				return usagef("--json prints the results on stdout; --json-file %s writes them to a file", args[0])
			}
			return noArgs(c, args)
		},
		RunE: func(c *cobra.Command, _ []string) error {
			var err error
			if o.test.Specs, err = o.common.fold(c, "gens", o.test.Specs); err != nil {
				return err
			}
			return o.run(c)
		},
	}
	fs := c.Flags()
	specsFlag(c, &o.test.Specs, "gens", rng.DefaultComparison(), "generators to test (all: every one)")
	seedFlag(fs, &o.test.Seed)
	countRangeFlag(fs, &o.test.Numbers, "numbers", battery.DefaultTestNumbers, battery.MaxTestNumbers, "numbers per order and generator, e.g. 1e8 or 2^30; a multiple of --streams and --samples")
	wholeFlag(fs, &o.test.Streams, "streams", battery.DefaultTestStreams, 1, 1<<20, "streams drawn at once (GPU invocations; the battery holds them all: at most 32,768 for rand48, fewer for generators with larger states); renderer order: the pass's slots read")
	wholeFlag(fs, &o.test.Samples, "samples", battery.DefaultTestSamples, 5, battery.MaxTestSamples, "samples per order for the second-level KS test")
	o.test.Tests = slices.Clone(stats.Tests)
	testsFlag(fs, &o.test.Tests, "tests to run", stats.All, true)
	fs.StringVar(&o.csv, "csv", "", "also write the results as CSV to FILE")
	fs.StringVar(&o.json, "json-file", "", "also write the results as JSON to FILE")
	jsonFlag(fs, &o.asJSON)
	fs.StringVar(&o.grid, "out", "", "also write the verdicts as a coloured grid to FILE.png")
	fs.StringVar(&o.order, "order", "both", "both (the stream and the consumed order) or renderer (the draws of a render's pass)")
	o.renderer.addTo(fs, true)
	o.gl.addTo(fs)
	o.split.addTo(fs)
	o.addInput(fs)
	o.common = addGenOptions(fs)
	return c
}

// rngTestLong is rng test's help: every test of stats.All with its
// description (the default's first), and the verdicts' rule.
func rngTestLong() string {
	var names []string
	for i, t := range stats.All {
		if i == len(stats.Tests) {
			names = append(names, "Not run unless named (or --tests all):")
		}
		names = append(names, fmt.Sprintf("  %-12s %s", t, t.Describe()))
	}
	return `Run a battery of statistical tests over each generator's numbers on the GPU,
in two orders: the stream order (stream 0's values, then stream 1's, as
rng dump --order stream writes them) and the consumed order (value i of
every stream, then value i+1, as a dispatch reads them: rng dump --order
interleaved). Each order's --numbers values are cut into --samples samples
(in the stream order a sample is a run of one stream's values, or whole
streams where a sample is longer than a stream); tuples, gaps and runs start
afresh at each sample's start (in the stream order also at each stream's). Each test gives a p-value over all numbers
and a second-level Kolmogorov-Smirnov p-value over its samples' p-values
(rank on words of 24 bits or fewer: a chi-square of the samples' counts of
matrices below full rank against their binomial law). A sample shorter than
a test's second level needs is refused, naming the least --numbers.
Generators with fewer than 32 output bits (rand48, randu 31, ranlux 24) are
tested on those bits only (on top: the bits below are not looked at).

--in FILE (- for stdin) tests any program's numbers instead: raw
little-endian 32-bit words (--format u32, or f32: floats in [0, 1), their 24
fraction bits), the first --numbers of them read block by block as one
stream, in the stream order only (the consumed order needs a generator's
streams); the label is the file's name, or stdin.

--order renderer reads the numbers exactly as a pass of the renderer draws
them: the generator laid out as a render of --scene at --size with
--photons-per-iteration lays it out (rand48 leapfrogged over every photon of
an iteration, Sobol's point k*photons+i), and each of --streams slots'
draws through the render, photon after photon, as the renderer's floats
(their 24 fraction bits are tested). --lags adds a table of serial pair
tests at lags 1..N along a slot's draws (lag L joins draws d and d+L of one
photon's path), computed with the Go reference.

Tests (the default runs the first ` + fmt.Sprint(len(stats.Tests)) + `):
` + strings.Join(names, "\n") + `

Verdicts: ` + battery.Thresholds() + `.
The table, --json and --csv give each result's q; every CSV row also carries
the layout (streams, samples, seed; the renderer order's scene, pass, size and
photons per iteration).
The default size takes under a minute on llvmpipe (2 cores); on a large GPU
use e.g. --numbers 2^33 --streams 32768 --samples 128 (an H200 tests 2^33
numbers in both orders in under 4 s). Counts that do not add up to the
items their numbers hold are refused, not tested. The footer gives numbers per second (drawn once, tested
in both orders).`
}

func (o *testOptions) run(c *cobra.Command) error {
	if o.in != "" {
		closeIn, err := o.openInput(c)
		if err != nil {
			return err
		}
		defer closeIn()
	} else if c.Flags().Changed("format") {
		return usagef("--format is the format of --in's words: give --in FILE or - (generators' numbers need none)")
	} else if err := o.setOrder(c); err != nil {
		return err
	}
	if err := o.test.Check(); err != nil {
		return inputOrRun(err)
	}
	if err := o.split.check(&o.gl); err != nil {
		return err
	}
	var notes []string // an input has none
	var err error
	if o.in == "" {
		if notes, err = degenerate(c, o.test.Specs, o.test.Streams, o.test.Seed); err != nil {
			return err
		}
		if o.test.Renderer == nil {
			if err := pastPeriod(c, o.test.Specs, o.test.Streams, o.test.Seed, o.test.Numbers, notes); err != nil {
				return err
			}
		}
	}
	if o.split.unit >= 0 {
		return o.runUnit(c)
	}
	var scene string // the renderer order's scene file: an input
	if o.test.Renderer != nil {
		scene = sceneFile(o.renderer.order.Scene)
	}
	if err := checkPaths(input("--scene", scene), input("--in", o.in), output("--csv", o.csv), output("--json-file", o.json), output("--out", o.grid)); err != nil {
		return err
	}
	for _, path := range []string{o.csv, o.json, o.grid} {
		if path != "" {
			if err := prepareFile(path, false); err != nil {
				return err
			}
		}
	}
	var rep battery.RNGTestReport
	if o.split.devices != nil {
		rep, err = o.runSplit(c)
	} else {
		progress := &bar{c: c, label: "test", unit: "M numbers", scale: 1e6}
		o.test.Progress = progress.report
		err = o.gl.run(progress.track(func(ctx *gpu.Context) (err error) { rep, err = o.testOn(ctx); return err }))
	}
	if err != nil {
		return err
	}
	rep.Note(notes)
	if o.csv != "" {
		if err := writeAtomically(o.csv, c.OutOrStdout(), rep.WriteCSV); err != nil {
			return err
		}
	}
	if o.json != "" {
		if err := writeAtomically(o.json, c.OutOrStdout(), rep.WriteJSON); err != nil {
			return err
		}
	}
	if o.grid != "" {
		if err := imageio.WritePNG(o.grid, rep.Grid()); err != nil {
			return err
		}
	}
	if o.asJSON {
		return rep.WriteJSON(c.OutOrStdout())
	}
	return rep.WriteTable(c.OutOrStdout())
}

// testOn runs the battery on ctx, the renderer order's pass sized for it.
func (o *testOptions) testOn(ctx *gpu.Context) (battery.RNGTestReport, error) {
	if r := o.test.Renderer; r != nil && r.Photons == 0 {
		r.Photons = render.AutoPhotonsPerIteration(ctx.Info, render.ForThroughput)
		if err := o.test.Check(); err != nil {
			return battery.RNGTestReport{}, err
		}
	}
	return o.test.Run(ctx)
}

// runUnit is a split's worker: one generator's battery, as gob on stdout.
func (o *testOptions) runUnit(c *cobra.Command) error {
	if o.split.unit >= len(o.test.Specs) {
		return usagef("--unit %d: rng test has %d generators", o.split.unit, len(o.test.Specs))
	}
	o.test.Only = []int{o.split.unit}
	var rep battery.RNGTestReport
	err := o.gl.run((&bar{c: c}).track(func(ctx *gpu.Context) (err error) { rep, err = o.testOn(ctx); return err }))
	if err != nil {
		return err
	}
	return writeUnit(c.OutOrStdout(), rep)
}

// runSplit tests each generator in a worker on --devices and merges the
// reports in the generators' order.
func (o *testOptions) runSplit(c *cobra.Command) (battery.RNGTestReport, error) {
	parts := make([]battery.RNGTestReport, len(o.test.Specs))
	err := runSplit(c, o.split.devices, len(parts), nil, func(u int, out []byte) error { return readUnit(out, &parts[u]) })
	return battery.MergeRNGTests(parts), err
}

// setOrder reads --order and, for the renderer order, its flags.
func (o *testOptions) setOrder(c *cobra.Command) error {
	switch o.order {
	case "both":
		return o.renderer.refuseUnused(c)
	case "renderer":
		r, err := o.renderer.resolve()
		o.test.Renderer = r
		return err
	}
	return usagef("--order must be both or renderer %s", suggest.Got(o.order, []string{"both", "renderer"}))
}
