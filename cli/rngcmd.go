package cli

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"
	"time"

	"speckle/gpu"
	"speckle/imageio"
	"speckle/render"
	"speckle/rng"
)

// genOptions registers every generator option as a flag and collects the ones set.
type genOptions struct {
	values map[string]*string
	fs     *flag.FlagSet
}

func registerGenOptions(fs *flag.FlagSet) *genOptions {
	o := &genOptions{values: map[string]*string{}, fs: fs}
	for _, name := range rng.OptionNames() {
		var help []string
		for _, g := range rng.All {
			for _, opt := range g.Options {
				if opt.Name == name {
					help = append(help, fmt.Sprintf("%s: %s (%s, default %s)", g.Name, opt.Help, opt.Values(), opt.Default))
				}
			}
		}
		o.values[name] = fs.String(name, "", strings.Join(help, "; "))
	}
	return o
}

// set returns the options given on the command line.
func (o *genOptions) set() map[string]string {
	m := map[string]string{}
	o.fs.Visit(func(f *flag.Flag) {
		if v, ok := o.values[f.Name]; ok {
			m[f.Name] = *v
		}
	})
	return m
}

// forGenerator keeps the options that g has.
func forGenerator(g *rng.Generator, opts map[string]string) map[string]string {
	m := map[string]string{}
	for _, o := range g.Options {
		if v, ok := opts[o.Name]; ok {
			m[o.Name] = v
		}
	}
	return m
}

func parseSeed(s string) (uint32, error) {
	v, err := rng.ParseSeed(s)
	if err != nil {
		return 0, usagef("--seed: %v", err)
	}
	return v, nil
}

func rngList(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("rng list", "rng list [--json]", stdout)
	asJSON := fs.Bool("json", false, "JSON instead of a table")
	if err := parse(fs, args); err != nil {
		return err
	}
	if *asJSON {
		type entry struct {
			Name    string       `json:"name"`
			Doc     string       `json:"doc"`
			Options []rng.Option `json:"options"`
		}
		var list []entry
		for _, g := range rng.All {
			list = append(list, entry{g.Name, g.Doc, g.Options})
		}
		e := json.NewEncoder(stdout)
		e.SetIndent("", "  ")
		return e.Encode(list)
	}
	for _, g := range rng.All {
		fmt.Fprintf(stdout, "%-8s %s\n", g.Name, g.Doc)
		for _, o := range g.Options {
			fmt.Fprintf(stdout, "         --%s %s (default %s): %s\n", o.Name, o.Values(), o.Default, o.Help)
		}
	}
	return nil
}

// Dump limits: one stream must fit in memory, and the whole in reason.
const (
	maxDumpCount   = 1 << 24
	maxDumpStreams = 1 << 26
	maxDumpValues  = 1 << 36
)

func rngDump(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("rng dump", "rng dump --gen NAME [--seed S] [--streams T] [--count M] [--format u32|f32] [--device gpu|cpu] [--out FILE] [generator options]", stdout)
	gen := fs.String("gen", "", "generator: "+strings.Join(rng.Names(), ", "))
	seedText := fs.String("seed", "0", "seed, 0..4294967295")
	streams := fs.Int("streams", 64, "streams T (Sobol: dimensions)")
	count := fs.Int("count", 4096, "values per stream M")
	format := fs.String("format", "u32", "u32 (native integer) or f32 (float)")
	device := fs.String("device", "gpu", "gpu (GLSL port) or cpu (Go reference)")
	out := fs.String("out", "-", "output file; - for stdout")
	var glf glFlags
	glf.register(fs)
	opts := registerGenOptions(fs)
	if err := parse(fs, args); err != nil {
		return err
	}
	if *gen == "" {
		return usagef("--gen is required (one of %s)", strings.Join(rng.Names(), ", "))
	}
	g, err := rng.Lookup(*gen)
	if err != nil {
		return usageError{err.Error()}
	}
	seed, err := parseSeed(*seedText)
	if err != nil {
		return err
	}
	if *format != "u32" && *format != "f32" {
		return usagef("--format must be u32 or f32 (got %q)", *format)
	}
	if *device != "gpu" && *device != "cpu" {
		return usagef("--device must be gpu or cpu (got %q)", *device)
	}
	switch {
	case *streams < 1 || *count < 1:
		return usagef("--streams and --count must be at least 1")
	case *count > maxDumpCount:
		return usagef("--count %d is too large (at most %d values per stream)", *count, maxDumpCount)
	case *streams > maxDumpStreams:
		return usagef("--streams %d is too large (at most %d)", *streams, maxDumpStreams)
	case int64(*streams)*int64(*count) > maxDumpValues:
		return usagef("--streams x --count = %d values is too large (at most %d)", int64(*streams)*int64(*count), int64(maxDumpValues))
	}
	if err := g.CheckDump(*streams, *count); err != nil {
		return usageError{err.Error()}
	}
	cfg := rng.Config{Seed: seed, Streams: *streams, Options: opts.set()}
	inst, err := g.New(cfg) // validates options before anything is opened or written
	if err != nil {
		return usageError{err.Error()}
	}
	f32 := *format == "f32"
	return writeAtomically(*out, stdout, func(w io.Writer) error {
		bar := newProgress(os.Stderr, "dump "+g.Name, *streams, "streams")
		defer bar.done()
		if *device == "cpu" {
			return rng.Dump(inst, *streams, *count, f32, w, bar.set)
		}
		c, err := glf.open()
		if err != nil {
			return err
		}
		defer c.Close()
		r, err := render.NewRNG(c, g, cfg)
		if err != nil {
			return err
		}
		defer r.Close()
		return r.Dump(*count, f32, w, bar.set)
	})
}

// writeAtomically writes through imageio.WriteFileAtomic (a temporary file
// renamed into place, so no half-written file is left); "-" is stdout, which
// must not be a terminal for binary output.
func writeAtomically(path string, stdout io.Writer, write func(io.Writer) error) error {
	if path == "-" || path == "" {
		if isTerminal(stdout) {
			return usagef("refusing to write binary data to a terminal: use --out FILE or a pipe")
		}
		return write(stdout)
	}
	if err := prepareFile(path, false); err != nil {
		return err
	}
	return imageio.WriteFileAtomic(path, write)
}

func unwrapPathError(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	if le, ok := err.(*os.LinkError); ok {
		return le.Err
	}
	return err
}

// Bench limits: a dispatch's invocations and each one's draws.
const (
	maxBenchInvocations = 1 << 28
	maxBenchDraws       = 1 << 24
)

func rngBench(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("rng bench", "rng bench [--gen A,B,...] [--json] [generator options]", stdout)
	gens := fs.String("gen", "all", "generators to measure, comma-separated, or all")
	asJSON := fs.Bool("json", false, "JSON instead of a table")
	seedText := fs.String("seed", "1", "seed")
	invocations := fs.Int("invocations", 0, "invocations per dispatch, each with its own stream (default: fill the GPU)")
	storeDraws := fs.Int("store-draws", 0, "values each invocation stores per dispatch, a multiple of 4 (default: about 1 GiB per dispatch)")
	sumDraws := fs.Int("sum-draws", 0, fmt.Sprintf("values each invocation sums per dispatch (default %d)", render.DefaultSumDraws))
	minTime := fs.Duration("min-time", 0, "GPU time to measure per generator and mode (default 0.5s)")
	var glf glFlags
	glf.register(fs)
	opts := registerGenOptions(fs)
	if err := parse(fs, args); err != nil {
		return err
	}
	seed, err := parseSeed(*seedText)
	if err != nil {
		return err
	}
	var list []*rng.Generator
	if *gens == "all" {
		list = rng.All
	} else {
		for _, name := range strings.Split(*gens, ",") {
			g, err := rng.Lookup(strings.TrimSpace(name))
			if err != nil {
				return usageError{err.Error()}
			}
			list = append(list, g)
		}
	}
	given := opts.set()
	if err := checkOptions(opts, list); err != nil {
		return err
	}
	for _, g := range list { // bad option values fail before the GPU is opened
		if _, err := g.New(rng.Config{Seed: seed, Streams: 1, Options: forGenerator(g, given)}); err != nil {
			return usageError{err.Error()}
		}
	}
	// 0 is the default; every count must reach the GPU as a uint32 and its
	// products fit in memory and in 64-bit arithmetic.
	switch {
	case *invocations < 0 || *invocations > maxBenchInvocations:
		return usagef("--invocations must be 1..%d (got %d)", maxBenchInvocations, *invocations)
	case *storeDraws < 0 || *storeDraws > maxBenchDraws || *storeDraws%4 != 0:
		return usagef("--store-draws must be a multiple of 4 in 4..%d (got %d)", maxBenchDraws, *storeDraws)
	case *sumDraws < 0 || *sumDraws > maxBenchDraws:
		return usagef("--sum-draws must be 1..%d (got %d)", maxBenchDraws, *sumDraws)
	case *minTime < 0 || *minTime > time.Hour:
		return usagef("--min-time must be positive and at most 1h (got %v)", *minTime)
	}
	sizeFor := func(info gpu.Info, stateWords int) render.BenchSize {
		s := render.DefaultBenchSize(info, stateWords)
		if *invocations > 0 {
			s.Invocations = *invocations
		}
		if *storeDraws > 0 {
			s.StoreDraws = *storeDraws
		}
		if *sumDraws > 0 {
			s.SumDraws = *sumDraws
		}
		if *minTime > 0 {
			s.MinTime = *minTime
		}
		return s
	}
	c, err := glf.open()
	if err != nil {
		return err
	}
	defer c.Close()
	var results []render.BenchResult
	ceiling, err := render.WriteCeiling(c, sizeFor(c.Info, 1))
	if err != nil {
		return err
	}
	if !*asJSON {
		fmt.Fprintf(stdout, "device: %s\nwrite ceiling (same store pattern, no generator): %.1f G floats/s\n", c.Info, ceiling/1e9)
	}
	bar := newProgress(os.Stderr, "bench", len(list), "generators")
	for i, g := range list {
		o := forGenerator(g, given)
		probe, err := g.New(rng.Config{Seed: seed, Streams: 1, Options: o})
		if err != nil {
			bar.done()
			return usageError{err.Error()}
		}
		size := sizeFor(c.Info, probe.StateWords())
		r, err := render.NewRNG(c, g, rng.Config{Seed: seed, Streams: size.Invocations, Options: o})
		if err != nil {
			bar.done()
			return fmt.Errorf("%s: %v", g.Name, err)
		}
		res, err := render.Bench(r, size)
		r.Close()
		if err != nil {
			bar.done()
			return fmt.Errorf("%s: %v", g.Name, err)
		}
		res.Options = describeOptions(o)
		results = append(results, res)
		bar.set(i + 1)
	}
	bar.done()
	if *asJSON {
		e := json.NewEncoder(stdout)
		e.SetIndent("", "  ")
		return e.Encode(map[string]any{"device": c.Info.String(), "write_ceiling_per_s": ceiling, "results": results})
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "generator\toptions\tstate words\tstored G/s\tconsumed G/s\t")
	for _, r := range results {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%.1f\t%.1f\t\n", r.Generator, r.Options, r.StateWords, r.StoredPerS/1e9, r.SumPerS/1e9)
	}
	return tw.Flush()
}

func describeOptions(o map[string]string) string {
	var parts []string
	for _, name := range rng.OptionNames() {
		if v, ok := o[name]; ok {
			parts = append(parts, "--"+name+"="+v)
		}
	}
	if len(parts) == 0 {
		return "-"
	}
	return strings.Join(parts, " ")
}
