package cli

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"speckle/gpu"
	"speckle/imageio"
	"speckle/internal/stats"
	"speckle/rng"
	"speckle/study/pareto"
)

// paretoOptions are rng pareto's flags.
type paretoOptions struct {
	run            pareto.Pareto
	out, csv, json string // out: the PNG; the SVG beside it
	asJSON, paper  bool
	gl             glFlags
	common         *genOptionFlags
}

func newRngParetoCmd() *cobra.Command {
	var o paretoOptions
	c := &cobra.Command{
		Use:   "pareto [--gens SPEC,...] [--time D] [--paper] [flags]",
		Short: "draw quality against GPU speed for every generator, the Pareto frontier marked",
		Long: `Measure every generator on this GPU in about --time and draw the plane of
Jarzynski & Olano's "Hash Functions for GPU Rendering" (JCGT 9(3) 2020):
speed across, on a log axis (floats drawn and summed in registers per
second: rng bench's consumed rate), quality up (the share of the battery's
verdicts that are not FAIL: rng test's tests in the stream and the consumed
order, graded as rng test grades them). The Pareto frontier (the points no
other is both at least as fast and at least as good as, better in one) is
a dashed step line and its points ringed.

The battery runs at 2^22 numbers an order first; then, while the time left
allows at the last pass's rate, once more at the largest power-of-two size
that fits, and the last pass's verdicts are the points' (one size for every
generator: the figure says which). On a CPU rasteriser (llvmpipe) the run
stays near the smallest size and takes longer than --time: it says so.

--paper adds the paper's points, hollow, each joined to the same hash's
point here by a thin line: its quality is BigCrush tests passed (of 160),
its speed 1/(GPU time) on the authors' GPU. Both speeds are then relative:
each divided by the geometric mean over the hashes both hold. Without
--gens, --paper keys every hash of their table as their harness fed it to
BigCrush (hash-key=paper, TEA keyless: tea-key=zero), so both qualities
are of the same numbers' kind; name --gens to choose the keying yourself.

Writes --out (a 1920x1080 PNG with the run's provenance) and the same plot
as SVG beside it, --csv and --json-file if given, and the table (--json:
the report) on stdout; progress on stderr.`,
		Example: `  speckle rng pareto
  speckle rng pareto --paper --out pareto.png --csv pareto.csv --json-file pareto.json
  speckle rng pareto --gens pcg,pcg3d,xxhash32,wang,lcg,philox --time 20s --paper`,
		Args: noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			var err error
			if o.run.Specs, err = o.common.fold(c, "gens", o.run.Specs); err != nil {
				return err
			}
			return o.runCmd(c)
		},
	}
	fs := c.Flags()
	specsFlag(c, &o.run.Specs, "gens", mustSpecs("all"), "generators to measure (all: every one)")
	seedFlag(fs, &o.run.Seed)
	fs.DurationVar(&o.run.Time, "time", pareto.DefaultTime, "about how long the run takes: the battery's size is chosen to fit")
	countRangeFlag(fs, &o.run.Numbers, "numbers", 0, pareto.MaxNumbers, "the battery's numbers per order, fixed (0: sized to --time)")
	o.run.Tests = slices.Clone(stats.Tests)
	testsFlag(fs, &o.run.Tests, "the battery's tests", stats.All, true)
	fs.BoolVar(&o.paper, "paper", false, "overlay Jarzynski & Olano 2020's points (BigCrush passes and their GPU time), speeds relative")
	fs.StringVar(&o.out, "out", "pareto.png", "the figure, a PNG (the same plot is written as SVG beside it)")
	fs.StringVar(&o.csv, "csv", "", "also write the points as CSV to FILE")
	fs.StringVar(&o.json, "json-file", "", "also write the report as JSON to FILE")
	jsonFlag(fs, &o.asJSON)
	o.gl.addTo(fs)
	o.common = addGenOptions(fs)
	return c
}

// svgPath is the SVG written beside the PNG out.
func svgPath(out string) string { return strings.TrimSuffix(out, filepath.Ext(out)) + ".svg" }

func (o *paretoOptions) runCmd(c *cobra.Command) error {
	if !strings.EqualFold(filepath.Ext(o.out), ".png") {
		return usagef("--out must name a .png file (got %s); the SVG is written beside it", imageio.Printable(o.out))
	}
	if err := inputOrRun(o.run.Check()); err != nil {
		return err
	}
	if o.paper && !slices.ContainsFunc(o.run.Specs, func(sp rng.Spec) bool { return pareto.PaperHash(sp) != "" }) {
		return usagef("--paper: none of --gens is a hash of the paper's table (lcg, wang, pcg3d, xxhash32, tea, ...)")
	}
	if o.paper && !c.Flags().Changed("gens") {
		o.run.Specs = pareto.KeyedAsThePaper(o.run.Specs) // measure what BigCrush measured
	}
	svg := svgPath(o.out)
	if err := checkPaths(output("--out", o.out), output("--out (its SVG)", svg), output("--csv", o.csv), output("--json-file", o.json)); err != nil {
		return err
	}
	for _, path := range []string{o.out, svg, o.csv, o.json} {
		if path != "" {
			if err := prepareFile(path, false); err != nil {
				return err
			}
		}
	}
	stderr := c.ErrOrStderr()
	o.run.Log = func(s string) { fmt.Fprintln(stderr, s) }
	progress := &bar{c: c, label: "pareto", unit: "generators", scale: 1}
	o.run.Progress = progress.report
	var rep pareto.Report
	start := time.Now()
	err := o.gl.run(progress.track(func(ctx *gpu.Context) (err error) { rep, err = o.run.Run(ctx); return err }))
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "pareto: measured in %.0f s\n", time.Since(start).Seconds())
	if err := pareto.WriteFigure(rep, pareto.FigureText{Title: rep.Title(o.paper), Paper: o.paper}, o.out, svg); err != nil {
		return err
	}
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
	if o.asJSON {
		return rep.WriteJSON(c.OutOrStdout())
	}
	if err := rep.WriteTable(c.OutOrStdout()); err != nil {
		return err
	}
	fmt.Fprintf(c.OutOrStdout(), "figure: %s, %s\n", imageio.Printable(o.out), imageio.Printable(svg))
	return nil
}
