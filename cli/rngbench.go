package cli

import (
	"github.com/spf13/cobra"

	"speckle/gpu"
	"speckle/lab"
	"speckle/study/bench"
)

func newRngBenchCmd() *cobra.Command {
	var (
		b      bench.RNGBench
		asJSON bool
		gl     glFlags
		common *genOptionFlags
	)
	c := &cobra.Command{
		Use:   "bench [--gens SPEC,...] [flags]",
		Short: "measure numbers per second on the GPU",
		Long: `Measure each generator on the GPU: floats stored per second (every value
written to a buffer) and floats consumed per second (drawn and summed in
registers), beside the device's write ceiling (the same store pattern with
no generator). The kernels are the renderer's generator code.`,
		Example: `  speckle rng bench
  speckle rng bench --gens lehmer,philox --json --min-time 50ms
  speckle rng bench --gens ranlux:lux=0,ranlux:lux=4 --sum-draws 1024`,
		Args: noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			if c.Flags().Changed("gen") && c.Flags().Changed("gens") {
				return usagef("--gen and --gens cannot be used together (--gen is the old name of --gens)")
			}
			var err error
			if b.Specs, err = common.fold(c, "gens", b.Specs); err != nil {
				return err
			}
			if err := inputOrRun(b.Check()); err != nil {
				return err
			}
			var rep bench.RNGBenchReport
			progress := &bar{c: c, label: "bench", unit: "generators", scale: 1}
			b.Progress = progress.report
			err = gl.run(progress.track(func(ctx *gpu.Context) (err error) {
				rep, err = b.Run(ctx)
				return err
			}))
			if err != nil {
				return err
			}
			if asJSON {
				return rep.WriteJSON(c.OutOrStdout())
			}
			return rep.WriteTable(c.OutOrStdout())
		},
	}
	fs := c.Flags()
	specsFlag(c, &b.Specs, "gens", mustSpecs("all"), "generators to measure")
	fs.Var(specsValue{&b.Specs}, "gen", "")
	deprecate(c, "gen", "use --gens")
	jsonFlag(fs, &asJSON)
	seedFlag(fs, &b.Seed)
	wholeFlag(fs, &b.Invocations, "invocations", 0, 1, bench.MaxBenchInvocations, "invocations per stored dispatch, each with its own stream (default: 2^18 on a GPU)")
	wholeFlag(fs, &b.SumInvocations, "sum-invocations", 0, 1, bench.MaxBenchInvocations, "invocations per summing dispatch (default: 2^21 on a GPU)")
	wholeFlag(fs, &b.StoreDraws, "store-draws", 0, 4, bench.MaxBenchDraws, "values each invocation stores per dispatch, a multiple of 4 (default: 256 MiB per dispatch on a GPU)")
	wholeFlag(fs, &b.SumDraws, "sum-draws", lab.DefaultSumDraws, 4, bench.MaxBenchDraws, "values each invocation sums per dispatch, into four running sums (a multiple of 4)")
	fs.DurationVar(&b.MinTime, "min-time", 0, "GPU time to measure per generator and mode (default: 0.5s, 0.2s on a CPU rasteriser)")
	gl.addTo(fs)
	common = addGenOptions(fs)
	return c
}
