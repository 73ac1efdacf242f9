package bench

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"text/tabwriter"
	"time"

	"speckle/gpu"
	"speckle/lab"
	"speckle/render"
	"speckle/rng"
	"speckle/study"
)

// Limits of the generator bench: a dispatch's invocations and each one's
// draws reach the GPU as uint32, and their products must fit in memory.
const (
	MaxBenchInvocations = 1 << 28
	MaxBenchDraws       = 1 << 24
)

// RNGBench measures generators on the GPU: values stored per second and
// values drawn and summed in registers per second (lab.Bench), beside
// the device's write ceiling (the same store pattern without a generator).
type RNGBench struct {
	Specs []rng.Spec
	Seed  uint32 // of each generator without a seed of its own
	// Invocations, StoreDraws, SumInvocations, SumDraws and MinTime
	// override lab.DefaultBenchSize where more than 0.
	Invocations, StoreDraws, SumInvocations, SumDraws int
	MinTime                                           time.Duration
	Progress                                          study.Progress // generators measured
}

// RNGBenchReport is a bench's outcome.
type RNGBenchReport struct {
	Device string `json:"device"`
	// WriteCeiling is the best store pattern's rate; BenchPattern is the
	// generators' own pattern without a generator; Patterns all measured.
	WriteCeiling float64            `json:"write_ceiling_per_s"`
	BenchPattern lab.StorePattern   `json:"bench_pattern"`
	Patterns     []lab.StorePattern `json:"store_patterns"`
	Results      []lab.BenchResult  `json:"results"`
	// Arithmetic is the rate of the operations the compute-bound
	// generators (RANLUX, the CA) are made of, with no memory traffic.
	Arithmetic []lab.ArithmeticRate `json:"arithmetic_ceilings"`
}

// Check refuses bad options before any GPU work.
func (b RNGBench) Check() error {
	switch {
	case len(b.Specs) == 0:
		return study.Inputf("no generator to measure")
	case b.Invocations < 0 || b.Invocations > MaxBenchInvocations:
		return study.Inputf("--invocations must be 1..%d (got %d)", MaxBenchInvocations, b.Invocations)
	case b.SumInvocations < 0 || b.SumInvocations > MaxBenchInvocations:
		return study.Inputf("--sum-invocations must be 1..%d (got %d)", MaxBenchInvocations, b.SumInvocations)
	case b.StoreDraws < 0 || b.StoreDraws > MaxBenchDraws || b.StoreDraws%4 != 0:
		return study.Inputf("--store-draws must be a multiple of 4 in 4..%d (got %d)", MaxBenchDraws, b.StoreDraws)
	case b.SumDraws < 0 || b.SumDraws > MaxBenchDraws || b.SumDraws%4 != 0:
		return study.Inputf("--sum-draws must be a multiple of 4 in 4..%d (got %d)", MaxBenchDraws, b.SumDraws)
	case b.MinTime < 0 || b.MinTime > time.Hour:
		return study.Inputf("--min-time must be positive and at most 1h (got %v)", b.MinTime)
	}
	return nil
}

// size is the work of one timed dispatch on this device.
func (b RNGBench) size(info gpu.Info, stateWords int) lab.BenchSize {
	s := lab.DefaultBenchSize(info, stateWords)
	if b.Invocations > 0 {
		s.Invocations = b.Invocations
	}
	if b.StoreDraws > 0 {
		s.StoreDraws = b.StoreDraws
	}
	if b.SumInvocations > 0 {
		s.SumInvocations = b.SumInvocations
	}
	if b.SumDraws > 0 {
		s.SumDraws = b.SumDraws
	}
	if b.MinTime > 0 {
		s.MinTime = b.MinTime
	}
	return s
}

// Run measures the write ceiling, then each generator in turn.
func (b RNGBench) Run(c *gpu.Context) (RNGBenchReport, error) {
	rep := RNGBenchReport{Device: c.Info.String()}
	var err error
	if rep.BenchPattern, rep.Patterns, err = lab.WriteCeilings(c, b.size(c.Info, 1)); err != nil {
		return rep, err
	}
	rep.WriteCeiling = lab.Best(rep.Patterns).PerS
	passes := 64 // 32,768 operations an invocation: long enough to time
	if c.Info.Software() {
		passes = 2
	}
	if rep.Arithmetic, err = lab.ArithmeticCeilings(c, b.size(c.Info, 1), passes); err != nil {
		return rep, err
	}
	for i, sp := range b.Specs {
		res, err := b.one(c, sp)
		if err != nil {
			return rep, fmt.Errorf("%s: %v", sp.Label(), err)
		}
		rep.Results = append(rep.Results, res)
		b.Progress.Report(int64(i+1), int64(len(b.Specs)))
	}
	return rep, nil
}

// one measures one generator, its pool sized for the dispatch.
func (b RNGBench) one(c *gpu.Context, sp rng.Spec) (lab.BenchResult, error) {
	probe, err := sp.New(1, b.Seed)
	if err != nil {
		return lab.BenchResult{}, err
	}
	size := b.size(c.Info, probe.StateWords())
	res, err := lab.Bench(func(streams int) (*render.RNG, error) {
		return render.NewRNG(c, sp.Gen, sp.Config(streams, b.Seed))
	}, size)
	res.Options = study.OptionsText(sp)
	if sp.HasSeed && res.Options == "-" {
		res.Options = fmt.Sprintf("seed=%d", sp.Seed)
	} else if sp.HasSeed {
		res.Options += fmt.Sprintf(" seed=%d", sp.Seed)
	}
	return res, err
}

// WriteTable writes the report for people: the device, the write ceiling
// and a row per generator.
func (r RNGBenchReport) WriteTable(w io.Writer) error {
	fmt.Fprintf(w, "device: %s\n", r.Device)
	best := lab.Best(r.Patterns)
	fmt.Fprintf(w, "write ceiling (no generator): %s G floats/s, best of %d store patterns: %v\n", giga(r.WriteCeiling), len(r.Patterns), best)
	if len(r.Patterns) > 1 {
		for _, p := range r.Patterns {
			fmt.Fprintf(w, "  %7s G/s  %v\n", giga(p.PerS), p)
		}
	}
	for _, a := range r.Arithmetic {
		fmt.Fprintf(w, "arithmetic, no memory: %s G ops/s  %s\n", giga(a.OpsPerS), a.Op)
	}
	fmt.Fprintf(w, "generators store with the first pattern (%s G floats/s without a generator)\n", giga(r.BenchPattern.PerS))
	if len(r.Results) > 0 {
		res := r.Results[0]
		fmt.Fprintf(w, "and sum %d values in each of %d invocations a dispatch\n", res.SumDraws, res.SumInvocations)
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "generator\toptions\tstate words\tstored G/s\tconsumed G/s\tdump order G/s\t")
	for _, res := range r.Results {
		dump := "-" // only strided dumps (Sobol's dimension-major order) differ from the stored pattern
		if res.DumpStoredPerS > 0 {
			dump = giga(res.DumpStoredPerS)
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t%s\t%s\t\n", res.Generator, res.Options, res.StateWords, giga(res.StoredPerS), giga(res.SumPerS), dump)
	}
	return tw.Flush()
}

// giga writes a rate per second in billions with at least three
// significant digits and one decimal: 777.0, 12.3, 0.0123. A CPU
// rasteriser's real rate of 12 M/s is 0.0120, never "0.0": the table's
// unit stays one (G/s), the digits follow the number.
func giga(perS float64) string {
	g := perS / 1e9
	if g <= 0 || math.IsNaN(g) || math.IsInf(g, 0) {
		return strconv.FormatFloat(g, 'f', 1, 64)
	}
	decimals := max(1, 2-int(math.Floor(math.Log10(g))))
	return strconv.FormatFloat(g, 'f', decimals, 64)
}

// WriteJSON writes the report as indented JSON.
func (r RNGBenchReport) WriteJSON(w io.Writer) error {
	e := json.NewEncoder(w)
	e.SetIndent("", "  ")
	return e.Encode(r)
}
